// PLACEHOLDER for the draft editor (issue 30): the draft-editor work replaces this file with the
// real editor at merge, keeping this export and its props. Until then it shows the draft's
// source read-only, so the studio's route to a draft works end to end.
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { studioApi, type StaffMe } from '../api.ts';
import { stateLabel } from '../format.ts';
import { LoadFailed } from '../LoadFailed.tsx';
import { fill, studioTexts as t } from '../messages.fi.ts';
import { PageHeading } from '../PageHeading.tsx';
import { studioPaths } from '../paths.ts';
import { useLoad } from '../useLoad.ts';

export interface DraftEditorProps {
  item: string;
  number: number;
  me: StaffMe;
}

export function DraftEditor({ item, number }: DraftEditorProps): ReactNode {
  const { loaded, reload } = useLoad((signal) => studioApi.version(item, number, signal), `draft:${item}:${number}`);
  return (
    <>
      <PageHeading>{fill(t.draft.title, { number, item })}</PageHeading>
      <p>
        <Link to={studioPaths.item(item)}>{fill(t.backToItem, { item })}</Link>
      </p>
      <p className="studio-hint">{t.draft.placeholder}</p>
      {loaded.state === 'loading' && <p role="status">{t.loading}</p>}
      {loaded.state === 'failed' && <LoadFailed error={loaded.error} retry={reload} />}
      {loaded.state === 'ok' && (
        <>
          {loaded.data.state !== 'draft' && <p>{fill(t.draft.notDraft, { number, state: stateLabel(loaded.data.state) })}</p>}
          <h2 id="studio-draft-source">{t.draft.source}</h2>
          <pre className="studio-source" tabIndex={0} aria-labelledby="studio-draft-source">
            {JSON.stringify(loaded.data.source, null, 2)}
          </pre>
        </>
      )}
    </>
  );
}
