// The pages nobody sees before the application form's first step (offers, resuming
// with a code, identification and its outcome, the marketing ban) are chunks of their
// own, fetched the first time one is shown: the step-1 route ships only what step 1
// needs (issue 13).
//
// Loaded the way ProductRoute loads the form (state set when the import settles, the
// loading page until then) rather than with React.lazy and <Suspense>: React holds back
// content revealed after a Suspense fallback until 300 ms after that fallback appeared,
// on a timer, so a page whose clock is paused (the offers tests drive polling that way)
// would never leave the fallback, and a real visitor would wait for nothing.
import { useEffect, useState, type ComponentType, type ReactNode } from 'react';
import type { Brand } from '../brands.ts';
import type { Product } from '../products.ts';
import { LoadFailedPage, LoadingPage } from './LoadingPages.tsx';

interface PageProps {
  brand: Brand;
  product?: Product;
}

/** A page whose code is fetched when first rendered; a chunk that cannot be fetched shows LoadFailedPage. */
export function lazyPage<P extends PageProps>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  const fetchPage = () =>
    (loading ??= load().then(
      (page) => (loaded = page),
      // A new deployment removed the old chunk, or the network dropped: say so, as a failed form load does.
      (): ComponentType<P> => LoadFailedPage,
    ));
  return function LazyPage(props: P): ReactNode {
    const [Page, setPage] = useState(() => loaded);
    useEffect(() => {
      if (Page) return;
      let current = true;
      void fetchPage().then((page) => current && setPage(() => page));
      return () => {
        current = false;
      };
    }, [Page]);
    return Page ? <Page {...props} /> : <LoadingPage brand={props.brand} product={props.product} />;
  };
}

export const AuthenticationPage = lazyPage(() => import('./AuthenticationPage.tsx').then((m) => m.AuthenticationPage));
/** The finishing page after identification; a flow with no status page of its own shows it (src/flows/). */
export const StatusPage = lazyPage(() => import('./StatusPage.tsx').then((m) => m.StatusPage));
export const PrefillPage = lazyPage(() => import('../resume/PrefillPage.tsx').then((m) => m.PrefillPage));
export const ResumeGate = lazyPage(() => import('../resume/ResumeGate.tsx').then((m) => m.ResumeGate));
export const MarketingBanPage = lazyPage(() => import('./MarketingBanPage.tsx').then((m) => m.MarketingBanPage));

// Each flow's own pages (offers, results) are in its module, src/flows/<flow>/app.tsx.

// The customer's own pages (issue 17).
export const LoginPage = lazyPage(() => import('../customer/LoginPages.tsx').then((m) => m.LoginPage));
export const LogoutPage = lazyPage(() => import('../customer/LoginPages.tsx').then((m) => m.LogoutPage));
export const ApplicationsPage = lazyPage(() => import('../customer/ApplicationsPage.tsx').then((m) => m.ApplicationsPage));
export const ApplyPage = lazyPage(() => import('../customer/ApplyPage.tsx').then((m) => m.ApplyPage));
export const UserDetailsPage = lazyPage(() => import('../customer/UserDetailsPage.tsx').then((m) => m.UserDetailsPage));

// The content pages (terms, privacy): nobody needs them before they open one.
export const LegalPage = lazyPage(() => import('../legal/LegalPage.tsx').then((m) => m.LegalPage));
