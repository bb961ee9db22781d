// The studio's start: every content item with its kind, live version, the drafts and versions
// in review with their authors, and who is editing it now (the lease).
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { studioApi, type ItemOverview } from './api.ts';
import { authorName, kindLabel, stateLabel } from './format.ts';
import { LoadFailed } from './LoadFailed.tsx';
import { fill, studioTexts as t } from './messages.fi.ts';
import { PageHeading } from './PageHeading.tsx';
import { studioPaths } from './paths.ts';
import { useLoad } from './useLoad.ts';

export function ItemsPage(): ReactNode {
  const { loaded, reload } = useLoad((signal) => studioApi.items(signal), 'items');
  return (
    <>
      <PageHeading>{t.items.title}</PageHeading>
      <p>{t.items.lead}</p>
      {loaded.state === 'loading' && <p role="status">{t.loading}</p>}
      {loaded.state === 'failed' && <LoadFailed error={loaded.error} retry={reload} />}
      {loaded.state === 'ok' &&
        (loaded.data.items.length === 0 ? (
          <p>{t.items.empty}</p>
        ) : (
          <table className="studio-table">
            <caption>{t.items.tableCaption}</caption>
            <thead>
              <tr>
                <th scope="col">{t.items.item}</th>
                <th scope="col">{t.items.kind}</th>
                <th scope="col">{t.items.live}</th>
                <th scope="col">{t.items.work}</th>
              </tr>
            </thead>
            <tbody>
              {loaded.data.items.map((entry) => (
                <ItemRow key={entry.item} entry={entry} names={loaded.data.staffNames} />
              ))}
            </tbody>
          </table>
        ))}
    </>
  );
}

function ItemRow({ entry, names }: { entry: ItemOverview; names: Record<string, string> }): ReactNode {
  return (
    <tr data-item={entry.item}>
      <th scope="row">
        <Link to={studioPaths.item(entry.item)}>{entry.item}</Link>
      </th>
      <td>{kindLabel(entry.item)}</td>
      <td>{entry.live ?? t.items.noLive}</td>
      <td>
        {entry.drafts.length === 0 ? (
          t.items.noWork
        ) : (
          <ul className="studio-plain-list">
            {entry.drafts.map((draft) => (
              <li key={draft.number}>{fill(t.items.draftBy, { number: draft.number, state: stateLabel(draft.state), author: authorName(draft.author, names) })}</li>
            ))}
          </ul>
        )}
        {entry.lease && <p className="studio-lease">{fill(t.items.lease, { name: entry.lease.holder.name })}</p>}
      </td>
    </tr>
  );
}
