// The business flow in the browser (marketplace spec §4 "Business flow"): one form created in
// one call goes straight to the business financiers; nobody identifies; 'Olet valmis!', then
// the financiers' offers at step 3's path.
import type { AppFlow } from '../app-flow.ts';
import { businessModalTexts } from '../../app/modals/AppModals.tsx';
import { lazyPage, StatusPage } from '../../app/pages/lazy-pages.tsx';

export const appFlow: AppFlow = {
  segments: { offers: '3', results: ['error'] },
  firstCall: 'create',
  lastStep: 'sent',
  stepEvent: 'business_application',
  resume: { wholeForm: false },
  saveTexts: businessModalTexts,
  pages: {
    status: StatusPage,
    offers: lazyPage(() => import('../../app/offers/BusinessOffersPage.tsx').then((m) => m.BusinessOffersPage)),
    // Spec §2 names one error page for the mortgage and the business loan.
    error: lazyPage(() => import('../../app/mortgage/MortgagePages.tsx').then((m) => m.MortgageErrorPage)),
  },
};
