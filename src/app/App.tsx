// Routes (spec §2). Every product of the catalogue lives under /hakemus/<path>/; the
// site root leads to the catalogue's default product.
import type { ReactNode } from 'react';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router-dom';
import type { Brand } from './brands.ts';
import type { FormLoader } from './form-source.ts';
import { defaultProduct } from './catalogue.ts';
import { CustomerSessionProvider, RequireLogin } from './customer/session.tsx';
import { LoadingPage } from './pages/LoadingPages.tsx';
import { ApplicationsPage, LoginPage, LogoutPage, MarketingBanPage } from './pages/lazy-pages.tsx';
import { NotFoundPage } from './pages/PlaceholderPages.tsx';
import { ProductRoute } from './pages/ProductRoute.tsx';
import { paths } from './routes.ts';

export function App({ brand, load }: { brand: Brand; load: FormLoader }): ReactNode {
  return (
    <BrowserRouter>
      <CustomerSessionProvider>
      <Routes>
        <Route path="/" element={<Navigate to={paths.start(defaultProduct)} replace />} />
        <Route path="/login/1" element={<LoginPage brand={brand} load={load} step={1} />} />
        <Route path="/login/2" element={<LoginPage brand={brand} load={load} step={2} />} />
        <Route path="/logout" element={<LogoutPage brand={brand} />} />
        <Route
          path="/lainahakemukset"
          element={
            <RequireLogin checking={<LoadingPage brand={brand} />}>
              <ApplicationsPage brand={brand} />
            </RequireLogin>
          }
        />
        <Route path="/hakemus/:product/*" element={<ProductRoute brand={brand} load={load} />} />
        <Route path="/u/:id/:token" element={<MarketingBanPage brand={brand} />} />
        <Route path="*" element={<NotFoundPage brand={brand} />} />
      </Routes>
      </CustomerSessionProvider>
    </BrowserRouter>
  );
}
