// The consumer flow in the browser (consumer-loan-flow spec): saved step by step, every
// applicant identifies after the last step, and the lenders' offers follow.
import type { AppFlow } from '../app-flow.ts';
import { lazyPage, StatusPage } from '../../app/pages/lazy-pages.tsx';

export const appFlow: AppFlow = {
  // Spec §2: `authentication`, and step `0` for the offers.
  segments: { authentication: 'authentication', offers: '0', results: [] },
  firstCall: 'save',
  lastStep: 'identify',
  stepEvent: 'consumer_application',
  resume: { wholeForm: false },
  identification: { primaryOnly: false, showsReason: false, backToForm: true },
  pages: {
    status: StatusPage,
    // A chunk of its own: step 1 does not show it (issue 13).
    offers: lazyPage(() => import('../../app/offers/OffersPage.tsx').then((m) => m.OffersPage)),
  },
};
