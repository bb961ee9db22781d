// The payment-protection insurance's page (/maksuturva, marketplace spec §2 "Insurance page"),
// a customer service of the catalogue: fetched when first opened; its panel on /lainahakemukset.
import { lazy } from 'react';
import type { AppService } from '../app-flow.ts';
import { lazyPage } from '../../app/pages/lazy-pages.tsx';

export const appService: AppService = {
  Page: lazyPage(() => import('./InsurancePage.tsx').then((m) => m.InsurancePage)),
  // A chunk that cannot be had leaves the panel out: the area is about the loans.
  AreaPanel: lazy(() =>
    import('./AreaPanel.tsx').then(
      (m) => ({ default: m.InsuranceAreaPanel }),
      () => ({ default: () => null }),
    ),
  ),
};
