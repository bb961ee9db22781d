// A draft's or a version in review's changes against the live version (the diff route's
// readable lines) and its QA verdict. The verdict is made in the background after a submit,
// so while a version in review has none the panel asks again every few seconds.
import { useEffect, type ReactNode } from 'react';
import { StudioApiError, studioApi, type VersionSummary } from './api.ts';
import { FindingList, findingOf } from './FindingList.tsx';
import { LoadFailed } from './LoadFailed.tsx';
import { hasVerdict } from './format.ts';
import { fill, studioTexts as t } from './messages.fi.ts';
import { useLoad } from './useLoad.ts';
import { VerdictView } from './VerdictView.tsx';

/** How often a pending verdict is asked for; a verdict takes minutes, so a few seconds is prompt enough. */
export const VERDICT_POLL_MS = 5_000;

export function ReviewPanel({ item, version, live }: { item: string; version: VersionSummary; live: number | null }): ReactNode {
  const id = `studio-review-${version.number}`;
  return (
    <section aria-labelledby={id} className="studio-panel" data-review={version.number}>
      <h2 id={id}>{fill(t.review.title, { number: version.number })}</h2>
      <Diff item={item} number={version.number} live={live} />
      {hasVerdict(item) ? (
        <Verdict item={item} version={version} />
      ) : (
        <>
          <h3>{t.review.verdictTitle}</h3>
          <p>{t.review.noVerdict}</p>
        </>
      )}
    </section>
  );
}

function Diff({ item, number, live }: { item: string; number: number; live: number | null }): ReactNode {
  const { loaded, reload } = useLoad((signal) => (live === null ? Promise.resolve(null) : studioApi.diff(item, live, number, signal)), `diff:${item}:${live}:${number}`);
  return (
    <>
      <h3>{live === null ? t.review.diffTitle.replace(' {from}', '') : fill(t.review.diffTitle, { from: live })}</h3>
      {live === null && <p>{t.review.noLive}</p>}
      {loaded.state === 'loading' && <p role="status">{t.loading}</p>}
      {loaded.state === 'failed' &&
        (loaded.error instanceof StudioApiError && loaded.error.findings.length ? (
          // A version that does not resolve to a form: what stands in the way, each to its field.
          <div role="alert" className="studio-alert">
            <p>{loaded.error.message}</p>
            <FindingList findings={loaded.error.findings.map(findingOf)} version={{ item, number }} />
          </div>
        ) : (
          <LoadFailed error={loaded.error} retry={reload} />
        ))}
      {loaded.state === 'ok' && loaded.data && (loaded.data.lines.length ? (
        <ul className="studio-diff">
          {loaded.data.lines.map((line, index) => (
            <li key={index}>{line}</li>
          ))}
        </ul>
      ) : (
        <p>{t.review.diffNone}</p>
      ))}
    </>
  );
}

function Verdict({ item, version }: { item: string; version: VersionSummary }): ReactNode {
  const { loaded, reload } = useLoad((signal) => studioApi.version(item, version.number, signal), `verdict:${item}:${version.number}`);
  const pending = version.state === 'review' && loaded.state === 'ok' && loaded.data.verdict == null;
  useEffect(() => {
    if (!pending) return;
    // A timer Playwright's page.clock drives. The answer is a new `loaded`, which sets the next
    // one while the verdict is still missing; the old answer stays shown meanwhile.
    const timer = window.setTimeout(() => void reload(), VERDICT_POLL_MS);
    return () => window.clearTimeout(timer);
  }, [pending, loaded, reload]);
  return (
    <>
      <h3>{t.review.verdictTitle}</h3>
      {loaded.state === 'loading' && <p role="status">{t.loading}</p>}
      {loaded.state === 'failed' && <LoadFailed error={loaded.error} retry={reload} />}
      {loaded.state === 'ok' &&
        (loaded.data.verdict != null ? (
          <VerdictView verdict={loaded.data.verdict} />
        ) : (
          <p role="status">{version.state === 'review' ? t.review.verdictPending : t.review.verdictNotStarted}</p>
        ))}
    </>
  );
}
