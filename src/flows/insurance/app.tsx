// The payment-protection insurance's page (/maksuturva, marketplace spec §2 "Insurance page"),
// a customer service of the catalogue: fetched when first opened.
import type { AppService } from '../app-flow.ts';
import { lazyPage } from '../../app/pages/lazy-pages.tsx';

export const appService: AppService = {
  Page: lazyPage(() => import('./InsurancePage.tsx').then((m) => m.InsurancePage)),
};
