// The mortgage flow in the browser (marketplace spec §2, §4): the last step submits it, only
// the primary applicant identifies, a pre-analysis forwards it to the partner banks or denies
// it; a reopened link goes where the application is before any form.
import type { ComponentType } from 'react';
import type { AppFlow } from '../app-flow.ts';
import { mortgagePages } from '../../app/messages/step.fi.ts';
import { MortgageIdentificationStage, MortgageStageCheck } from '../../app/mortgage/StageCheck.tsx';
import { lazyPage } from '../../app/pages/lazy-pages.tsx';

type Pages = typeof import('../../app/mortgage/MortgagePages.tsx');

/** One of the mortgage's pages, from their shared chunk (step 1 does not show them, issue 13). */
const mortgagePage = <K extends 'MortgageStatusPage' | 'MortgageOffersPage' | 'MortgageDeniedPage' | 'MortgageErrorPage'>(name: K) =>
  lazyPage(() => import('../../app/mortgage/MortgagePages.tsx').then((m) => m[name] as ComponentType<Parameters<Pages[K]>[0]>));

export const appFlow: AppFlow = {
  // Marketplace spec §2: `auth` and `offers`, and the result pages `denied` and `error`.
  segments: { authentication: 'auth', offers: 'offers', results: ['denied', 'error'] },
  firstCall: 'save',
  lastStep: 'submit',
  stepEvent: 'mortgage_application',
  // showWholeForm (marketplace spec §4).
  resume: { wholeForm: true, invalidCode: mortgagePages.invalidCode },
  identification: {
    primaryOnly: true,
    texts: mortgagePages.authentication,
    showsReason: true,
    // Submitted before identification: there is no form to go back to.
    backToForm: false,
    Gate: MortgageIdentificationStage,
  },
  pages: {
    status: mortgagePage('MortgageStatusPage'),
    offers: mortgagePage('MortgageOffersPage'),
    denied: mortgagePage('MortgageDeniedPage'),
    error: mortgagePage('MortgageErrorPage'),
  },
  FormGate: MortgageStageCheck,
};
