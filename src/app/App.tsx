// Routes (spec §2). Every product of the catalogue lives under /hakemus/<path>/; the
// site root logs a logged-in customer out and leads to the catalogue's default product.
import type { ReactNode } from 'react';
import { BrowserRouter, Route, Routes, useLocation } from 'react-router-dom';
import type { Brand } from './brands.ts';
import type { FormLoader } from './form-source.ts';
import { defaultProduct, services } from './catalogue.ts';
import { CustomerSessionProvider, LogoutOnTheWay, RequireLogin } from './customer/session.tsx';
import { LoadingPage } from './pages/LoadingPages.tsx';
import { ApplicationsPage, ApplyPage, LegalPage, LoginPage, LogoutPage, MarketingBanPage, UserDetailsPage } from './pages/lazy-pages.tsx';
import { contentPageNames, contentPagePath } from './legal/legal-pages.ts';
import { NotFoundPage } from './pages/PlaceholderPages.tsx';
import { PageErrorBoundary } from './pages/PageErrorBoundary.tsx';
import { ProductRoute } from './pages/ProductRoute.tsx';
import { ServiceRoute } from './pages/ServiceRoute.tsx';
import { paths } from './routes.ts';

export function App({ brand, load }: { brand: Brand; load: FormLoader }): ReactNode {
  return (
    <BrowserRouter>
      <AppRoutes brand={brand} load={load} />
    </BrowserRouter>
  );
}

/** The pages inside a router: the browser's, or the server's static one for the first paint (src/app/ssr/render-step.tsx). */
export function AppRoutes({ brand, load }: { brand: Brand; load: FormLoader }): ReactNode {
  // Spec §2: the private pages send a visitor to the login, remembering where they were going.
  const privatePage = (page: ReactNode) => <RequireLogin checking={<LoadingPage brand={brand} />}>{page}</RequireLogin>;
  const { pathname } = useLocation();
  return (
      <CustomerSessionProvider>
      <PageErrorBoundary brand={brand} path={pathname}>
      <Routes>
        {/* Spec §2: '/' logs out; then, as for a visitor, the default product's start. */}
        <Route path="/" element={<LogoutOnTheWay to={paths.start(defaultProduct)} checking={<LoadingPage brand={brand} />} />} />
        {/* Keyed: each step starts afresh (the failure a step opens with comes with the navigation). */}
        <Route path="/login/1" element={<LoginPage key="login-1" brand={brand} load={load} step={1} />} />
        <Route path="/login/2" element={<LoginPage key="login-2" brand={brand} load={load} step={2} />} />
        <Route path="/logout" element={<LogoutPage brand={brand} />} />
        <Route path="/lainahakemukset" element={privatePage(<ApplicationsPage brand={brand} />)} />
        <Route path="/haelainaa" element={privatePage(<ApplyPage brand={brand} />)} />
        <Route path="/omattiedot" element={privatePage(<UserDetailsPage brand={brand} load={load} />)} />
        {/* The customer services of the catalogue (the insurance at /maksuturva), each by its flow module. */}
        {services.map((service) => (
          <Route key={service.id} path={`/${service.path}`} element={privatePage(<ServiceRoute brand={brand} service={service} load={load} />)} />
        ))}
        <Route path="/hakemus/:product/*" element={<ProductRoute brand={brand} load={load} />} />
        <Route path="/u/:id/:token" element={<MarketingBanPage brand={brand} />} />
        {/* The content pages of forms/content/legal/ (terms, privacy), each at /<file name>. */}
        {contentPageNames.map((name) => (
          <Route key={name} path={contentPagePath(name)} element={<LegalPage key={name} brand={brand} page={name} />} />
        ))}
        <Route path="*" element={<NotFoundPage brand={brand} />} />
      </Routes>
      </PageErrorBoundary>
      </CustomerSessionProvider>
  );
}
