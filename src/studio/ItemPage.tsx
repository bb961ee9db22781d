// One item: its version history, what the member may do with each version, a new draft from
// the live version, and for each draft or version in review its diff and QA verdict.
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { VersionAction } from '../../engine/core/version-states.ts';
import { ActionForm } from './ActionForm.tsx';
import { studioApi, type VersionSummary, type VersionsAnswer } from './api.ts';
import { authorName, formatTime, kindLabel, stateLabel } from './format.ts';
import { LoadFailed } from './LoadFailed.tsx';
import { fill, studioTexts as t } from './messages.fi.ts';
import { NewDraftForm } from './NewDraftForm.tsx';
import { OutcomeMessage, refusalOf, type Outcome } from './OutcomeMessage.tsx';
import { PageHeading } from './PageHeading.tsx';
import { studioPaths } from './paths.ts';
import { ReviewPanel } from './ReviewPanel.tsx';
import { actionsFor, mayCreateDraft } from './roles.ts';
import { useStaff } from './staff.tsx';
import { useLoad } from './useLoad.ts';

export function ItemPage({ item }: { item: string }): ReactNode {
  const me = useStaff();
  const { loaded, reload } = useLoad((signal) => studioApi.versions(item, signal), `versions:${item}`);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [asked, setAsked] = useState<{ version: VersionSummary; action: VersionAction } | null>(null);

  const changed = async (text: string) => {
    setAsked(null);
    setOutcome({ ok: true, text });
    await reload();
  };

  return (
    <>
      <PageHeading>{fill(t.item.title, { kind: capitalise(kindLabel(item)), item })}</PageHeading>
      <p>
        <Link to={studioPaths.items}>{t.backToItems}</Link>
      </p>
      {item === 'catalogue' && <p className="studio-notice">{t.item.catalogueAtRestart}</p>}
      <OutcomeMessage outcome={outcome} />
      {loaded.state === 'loading' && <p role="status">{t.loading}</p>}
      {loaded.state === 'failed' && <LoadFailed error={loaded.error} retry={reload} />}
      {loaded.state === 'ok' && (
        <>
          <Overview answer={loaded.data} />
          {mayCreateDraft(me) && <NewDraftForm item={item} live={liveOf(loaded.data.versions)} onCreated={(number) => changed(fill(t.actions.done.created, { number }))} onRefused={(error) => setOutcome(refusalOf(error))} />}
          <History
            answer={loaded.data}
            onAsk={(version, action) => {
              setOutcome(null);
              setAsked({ version, action });
            }}
          />
          {asked && (
            <ActionForm
              key={`${asked.version.number}/${asked.action}`}
              item={item}
              version={asked.version}
              action={asked.action}
              onDone={(text) => changed(text)}
              onRefused={(error) => {
                setAsked(null);
                setOutcome(refusalOf(error, { item, number: asked.version.number }));
              }}
              onCancel={() => setAsked(null)}
            />
          )}
          {loaded.data.versions
            .filter((version) => version.state === 'draft' || version.state === 'review')
            .map((version) => (
              <ReviewPanel key={`${version.number}/${version.state}`} item={item} version={version} live={liveOf(loaded.data.versions)?.number ?? null} />
            ))}
        </>
      )}
    </>
  );
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const liveOf = (versions: VersionSummary[]) => versions.find((version) => version.state === 'live');

function Overview({ answer }: { answer: VersionsAnswer }): ReactNode {
  const live = liveOf(answer.versions);
  return <p>{live ? fill(t.item.liveVersion, { number: live.number }) : t.item.noLive}</p>;
}

function History({ answer, onAsk }: { answer: VersionsAnswer; onAsk: (version: VersionSummary, action: VersionAction) => void }): ReactNode {
  const me = useStaff();
  const names = answer.staffNames;
  return (
    <section aria-labelledby="studio-history">
      <h2 id="studio-history">{t.item.history}</h2>
      {answer.versions.length === 0 ? (
        <p>{t.item.noVersions}</p>
      ) : (
        <table className="studio-table">
          <caption>{fill(t.item.historyCaption, { item: answer.item })}</caption>
          <thead>
            <tr>
              <th scope="col">{t.item.number}</th>
              <th scope="col">{t.item.state}</th>
              <th scope="col">{t.item.author}</th>
              <th scope="col">{t.item.time}</th>
              <th scope="col">{t.item.note}</th>
              <th scope="col">{t.item.comment}</th>
              <th scope="col">{t.item.actions}</th>
            </tr>
          </thead>
          <tbody>
            {answer.versions.map((version) => (
              <tr key={version.number} data-version={version.number}>
                <th scope="row">{version.number}</th>
                <td data-column="state">{stateLabel(version.state)}</td>
                <td>{authorName(version.author, names)}</td>
                <td>{formatTime(version.createdAt)}</td>
                <td>{version.note}</td>
                <td data-column="comment">{version.comment ?? ''}</td>
                <td>
                  <div className="studio-actions">
                    {version.state === 'draft' && (
                      <Link className="studio-button studio-button--quiet" to={studioPaths.draft(answer.item, version.number)}>
                        {fill(t.actions.open, { number: version.number })}
                      </Link>
                    )}
                    {actionsFor(me, version).map((action) => (
                      <button key={action} type="button" className="studio-button studio-button--quiet" onClick={() => onAsk(version, action)}>
                        {t.actions[action]}
                        <span className="studio-visually-hidden"> ({fill(t.actions.versionLabel, { number: version.number })})</span>
                      </button>
                    ))}
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
