// Routes (spec §2). The consumer application is the only product in the browser so
// far; the site root leads to it.
import type { ReactNode } from 'react';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router-dom';
import type { Brand } from './brands.ts';
import type { FormLoader } from './form-source.ts';
import { MarketingBanPage } from './pages/MarketingBanPage.tsx';
import { NotFoundPage } from './pages/PlaceholderPages.tsx';
import { ProductRoute } from './pages/ProductRoute.tsx';
import { paths } from './routes.ts';

export function App({ brand, load }: { brand: Brand; load: FormLoader }): ReactNode {
  return (
    <BrowserRouter>
      <Routes>
        <Route path="/" element={<Navigate to={paths.start('kulutusluotto')} replace />} />
        <Route path="/hakemus/:product/*" element={<ProductRoute brand={brand} load={load} />} />
        <Route path="/u/:id/:token" element={<MarketingBanPage brand={brand} />} />
        <Route path="*" element={<NotFoundPage brand={brand} />} />
      </Routes>
    </BrowserRouter>
  );
}
