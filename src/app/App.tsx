// Routes (spec §2). Every product of the catalogue lives under /hakemus/<path>/; the
// site root leads to the catalogue's default product.
import type { ReactNode } from 'react';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router-dom';
import type { Brand } from './brands.ts';
import type { FormLoader } from './form-source.ts';
import { defaultProduct } from './catalogue.ts';
import { MarketingBanPage } from './pages/lazy-pages.tsx';
import { NotFoundPage } from './pages/PlaceholderPages.tsx';
import { ProductRoute } from './pages/ProductRoute.tsx';
import { paths } from './routes.ts';

export function App({ brand, load }: { brand: Brand; load: FormLoader }): ReactNode {
  return (
    <BrowserRouter>
      <Routes>
        <Route path="/" element={<Navigate to={paths.start(defaultProduct)} replace />} />
        <Route path="/hakemus/:product/*" element={<ProductRoute brand={brand} load={load} />} />
        <Route path="/u/:id/:token" element={<MarketingBanPage brand={brand} />} />
        <Route path="*" element={<NotFoundPage brand={brand} />} />
      </Routes>
    </BrowserRouter>
  );
}
