// The form studio's routes (issue 30): the items, one item's versions, and a draft in the
// draft editor (its own chunk, loaded when a draft is opened). Everything is behind the staff gate.
import { lazy, Suspense, type ReactNode } from 'react';
import { BrowserRouter, Link, Route, Routes, useParams } from 'react-router-dom';
import { ItemPage } from './ItemPage.tsx';
import { ItemsPage } from './ItemsPage.tsx';
import { Layout } from './Layout.tsx';
import { studioTexts as t } from './messages.fi.ts';
import { PageHeading } from './PageHeading.tsx';
import { studioPaths } from './paths.ts';
import { StaffGate, useStaff } from './staff.tsx';

const DraftEditor = lazy(() => import('./draft/DraftEditor.tsx').then((module) => ({ default: module.DraftEditor })));

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
  return (
    <Suspense fallback={<p role="status">{t.draft.loadingEditor}</p>}>
      <DraftEditor key={`${item}/${version}`} item={item} number={version} me={me} />
    </Suspense>
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
