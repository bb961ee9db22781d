// The form studio's routes (issue 30): the items, one item's versions, and a draft in the
// draft editor (its own chunk, loaded when a draft is opened): a form's (a document, a section)
// in the form editor beside its preview, any other content's (the banners, a legal page, the
// shared messages, the catalogue) as its JSON source. Everything is behind the staff gate.
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { BrowserRouter, Link, Route, Routes, useParams, useSearchParams } from 'react-router-dom';
import { ItemPage } from './ItemPage.tsx';
import { ItemsPage } from './ItemsPage.tsx';
import { Layout } from './Layout.tsx';
import { studioTexts as t } from './messages.fi.ts';
import { isFormItem } from './format.ts';
import { PageHeading } from './PageHeading.tsx';
import { FIELD_PARAM, studioPaths } from './paths.ts';
import { StaffGate, useStaff } from './staff.tsx';

const DraftEditor = lazy(() => import('./draft/DraftEditor.tsx').then((module) => ({ default: module.DraftEditor })));
const ContentDraftEditor = lazy(() => import('./content/ContentDraftEditor.tsx').then((module) => ({ default: module.ContentDraftEditor })));
const DraftPreview = lazy(() => import('./preview/DraftPreview.tsx').then((module) => ({ default: module.DraftPreview })));

export function App(): ReactNode {
  return (
    <BrowserRouter>
      <StaffGate>
        <Routes>
          <Route element={<Layout />}>
            <Route path="/studio" element={<ItemsPage />} />
            <Route path="/studio/kohde/:item" element={<ItemRoute />} />
            <Route path="/studio/kohde/:item/luonnos/:number" element={<DraftRoute />} />
            <Route path="*" element={<NotFound />} />
          </Route>
        </Routes>
      </StaffGate>
    </BrowserRouter>
  );
}

function ItemRoute(): ReactNode {
  const { item = '' } = useParams();
  // Keyed: another item starts with a fresh page (no stale versions or forms).
  return <ItemPage key={item} item={item} />;
}

function DraftRoute(): ReactNode {
  const { item = '', number = '' } = useParams();
  const me = useStaff();
  const version = Number(number);
  if (!Number.isSafeInteger(version) || version < 1) return <NotFound />;
  if (!isFormItem(item)) return <ContentDraftWorkspace key={`${item}/${version}`} item={item} number={version} me={me} />;
  return <FormDraftRoute item={item} number={version} me={me} />;
}

/** The query parameter that opens a form's draft as its JSON source: what the editor cannot express (a price table, an override of a shared field). */
const SOURCE_PARAM = 'lahde';

/** A form's draft in the form editor, or as its JSON source; both save the same draft under the same lease. */
function FormDraftRoute({ item, number, me }: { item: string; number: number; me: ReturnType<typeof useStaff> }): ReactNode {
  const [query] = useSearchParams();
  const asSource = query.get(SOURCE_PARAM) === 'json';
  return (
    <>
      <p>
        <Link to={{ search: asSource ? '' : `?${SOURCE_PARAM}=json` }}>{asSource ? t.draft.toFormEditor : t.draft.toSource}</Link>
      </p>
      {asSource ? (
        <ContentDraftWorkspace key={`${item}/${number}/json`} item={item} number={number} me={me} />
      ) : (
        <DraftWorkspace key={`${item}/${number}`} item={item} number={number} me={me} />
      )}
    </>
  );
}

/** A draft of content that is not a form: its JSON source, no preview (the pages show it once published). */
function ContentDraftWorkspace({ item, number, me }: { item: string; number: number; me: ReturnType<typeof useStaff> }): ReactNode {
  return (
    <div className="studio-draft-workspace">
      <p>
        <Link to={studioPaths.item(item)}>{t.draft.backToItem}</Link>
      </p>
      <Suspense fallback={<p role="status">{t.draft.loadingEditor}</p>}>
        <ContentDraftEditor item={item} number={number} me={me} />
      </Suspense>
    </div>
  );
}

/** The draft editor beside the preview of what it has saved: each saved revision is previewed anew. */
function DraftWorkspace({ item, number, me }: { item: string; number: number; me: ReturnType<typeof useStaff> }): ReactNode {
  const [revision, setRevision] = useState<number>();
  // A finding's link names the field it concerns (finding-field.ts): the editor selects it.
  const [query] = useSearchParams();
  const field = query.get(FIELD_PARAM) ?? undefined;
  return (
    <div className="studio-draft-workspace">
      {/* Back to the history, where the draft is sent for approval with its diff beside it. */}
      <p>
        <Link to={studioPaths.item(item)}>{t.draft.backToItem}</Link>
      </p>
      <Suspense fallback={<p role="status">{t.draft.loadingEditor}</p>}>
        <DraftEditor item={item} number={number} me={me} onRevision={setRevision} field={field} />
      </Suspense>
      {revision !== undefined && (
        <Suspense fallback={<p role="status">{t.draft.loadingPreview}</p>}>
          <DraftPreview item={item} number={number} revision={revision} />
        </Suspense>
      )}
    </div>
  );
}

function NotFound(): ReactNode {
  return (
    <>
      <PageHeading>{t.notFoundTitle}</PageHeading>
      <p>
        <Link to={studioPaths.items}>{t.backToItems}</Link>
      </p>
    </>
  );
}
