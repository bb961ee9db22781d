// The data layer's events (issue 28 item 5; both specs §4 and §9): deduplicated by name and
// action, the flows' own step events, the offers page's `return_from_outside`, the purchase's
// value, and nothing personal in any of them.
import { beforeEach, describe, expect, it, vi } from 'vitest';

type Analytics = typeof import('../../src/app/analytics.ts');
let analytics: Analytics;
let layer: Array<Record<string, unknown>>;

beforeEach(async () => {
  vi.resetModules();
  layer = [];
  vi.stubGlobal('window', { dataLayer: layer });
  analytics = await import('../../src/app/analytics.ts');
});

describe('the data layer', () => {
  it('pushes each name and action once per page load', () => {
    analytics.trackStep('consumer_application', 1, { brand: 'lainavertailu', product: 'kulutusluotto' });
    analytics.trackStep('consumer_application', 1, { brand: 'lainavertailu', product: 'kulutusluotto' });
    analytics.trackStep('consumer_application', 2, { brand: 'lainavertailu', product: 'kulutusluotto', application: '12' });
    analytics.trackStep('consumer_application', 2, { brand: 'lainavertailu', product: 'kulutusluotto', application: '12' });
    // Another application's step 2 is another action.
    analytics.trackStep('consumer_application', 2, { brand: 'lainavertailu', product: 'kulutusluotto', application: '13' });
    expect(layer.map((entry) => entry.event)).toEqual(['consumer_application_1', 'consumer_application_2', 'consumer_application_2']);
  });

  it('names a step event as the flow says (app-flow-registry.test.ts checks each flow’s name)', () => {
    analytics.trackStep('mortgage_application', 3, { brand: 'kattokorko', product: 'asuntolaina', application: '7' });
    expect(layer).toEqual([{ event: 'mortgage_application_3', brand: 'kattokorko', product: 'asuntolaina', step: 3 }]);
  });

  it('says whether the offers page was reached from outside, once per application', () => {
    analytics.trackOffersPage({ brand: 'lainavertailu', product: 'kulutusluotto', application: '12', returnFromOutside: true });
    analytics.trackOffersPage({ brand: 'lainavertailu', product: 'kulutusluotto', application: '12', returnFromOutside: false });
    expect(layer).toEqual([{ event: 'loan_application_offers_page', brand: 'lainavertailu', product: 'kulutusluotto', return_from_outside: true }]);
  });

  it('reports the purchase in euros once per application', () => {
    analytics.trackPurchase({ transactionId: '12', value: 85 });
    analytics.trackPurchase({ transactionId: '12', value: 85 });
    expect(layer).toEqual([{ event: 'purchase', ecommerce: { transaction_id: '12', value: 85, currency: 'EUR' } }]);
  });
});
