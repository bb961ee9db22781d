// The README's QA scenarios (many offers, downsell only, none) hold with the real
// lender catalogue, the real form document and any application id (the id seeds the
// lenders' small rate variation).
import { describe, expect, it } from 'vitest';
import { loadFormRuntime } from '../../../engine/core/node.ts';
import { profileOf } from '../../../src/server/marketplace/applicant-profile.ts';
import { loadCatalogue } from '../../../src/server/marketplace/catalogue.ts';
import { decide } from '../../../src/server/marketplace/decide.ts';
import { OFFER_SCENARIOS, scenarioApplication, type OfferScenario } from '../../fixtures/offer-scenarios.ts';

const runtime = loadFormRuntime('consumer');
const { lenders, caps } = loadCatalogue();
const SEEDS = Array.from({ length: 40 }, (_, index) => String(index + 1));

function offersFor(scenario: OfferScenario, seed: string) {
  const data = runtime.prepare(scenarioApplication(scenario));
  return lenders.map((lender) => decide(profileOf(data), lender, caps, seed)).filter((offer) => offer !== null);
}

describe('offer scenarios for QA', () => {
  it.each(Object.keys(OFFER_SCENARIOS) as OfferScenario[])('%s is a complete, valid application', (scenario) => {
    expect(runtime.validate(scenarioApplication(scenario)).errors).toEqual([]);
  });

  it('many: most lenders offer the full amount, whatever the application id', () => {
    for (const seed of SEEDS) {
      const offers = offersFor('many', seed);
      expect(offers.filter((offer) => !offer.downsell).length).toBeGreaterThanOrEqual(lenders.length - 2);
    }
  });

  it('downsellOnly: offers come, every one for less than asked', () => {
    for (const seed of SEEDS) {
      const offers = offersFor('downsellOnly', seed);
      expect(offers.length).toBeGreaterThan(0);
      expect(offers.every((offer) => offer.downsell && offer.amount < OFFER_SCENARIOS.downsellOnly.inputAppliedAmount)).toBe(true);
    }
  });

  it('none: no lender offers', () => {
    for (const seed of SEEDS) expect(offersFor('none', seed)).toEqual([]);
  });
});
