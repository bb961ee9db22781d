// Issue 25, item 10: every claim about the number of lenders comes from the marketplace's
// data. The pages' figure is built from the same JSON the marketplace runs on, and the
// claims an editor writes (forms/content/site.json, issue 28 item 6) state no figure of their own.
import { describe, expect, it } from 'vitest';
import { lenderCount } from '../../../src/app/lender-count.ts';
import { site } from '../../../src/app/legal/legal-pages.ts';
import { promo } from '../../../src/app/messages/index.ts';
import { PRODUCTS } from '../../../src/app/products.ts';
import { lenderCounts } from '../../../src/build/lender-counts.ts';
import { loadMarkets } from '../../../src/server/marketplace/markets.ts';
import { loadMortgageBanks } from '../../../src/server/marketplace/mortgage-analysis.ts';

describe('lender counts the pages claim', () => {
  it('are the markets’ own lenders, counted from their data', () => {
    const markets = loadMarkets();
    expect(lenderCounts()).toEqual({
      consumer: markets.market('consumer').lenders.length,
      business: markets.market('business').lenders.length,
      mortgage: loadMortgageBanks().banks.length,
    });
  });

  it('reach the pages (the build-time constant) per product flow', () => {
    const counts = lenderCounts();
    expect(PRODUCTS.map((product) => [product, lenderCount(product)])).toEqual([
      ['kulutusluotto', counts.consumer],
      ['yhdistelylaina', counts.consumer],
      ['asuntolaina', counts.mortgage],
      ['yritysluotto', counts.business],
    ]);
  });

  it('are never written into the claims', () => {
    expect(JSON.stringify(site.claims.lenders)).not.toMatch(/\d/);
    const lenderPoint = promo.points.find((point) => point.includes('lainanantaja'));
    expect(lenderPoint).toContain('{count}');
    expect(lenderPoint!.replace('{count}', '')).not.toMatch(/\d/);
  });
});
