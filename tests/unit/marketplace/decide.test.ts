import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { profileOf, type ApplicantProfile } from '../../../src/server/marketplace/applicant-profile.ts';
import { loadCatalogue } from '../../../src/server/marketplace/catalogue.ts';
import { decide } from '../../../src/server/marketplace/decide.ts';
import { capViolations } from '../../../src/server/marketplace/finance.ts';
import { validApplication, validConsolidationApplication } from '../../fixtures/consumer-valid.ts';
import { loadFormRuntime } from '../../../engine/core/node.ts';

const { lenders, caps } = loadCatalogue();
const prepared = (data: Record<string, unknown>) => loadFormRuntime('consumer').prepare(data);

const baseProfile: ApplicantProfile = { age: 40, netIncome: 3000, grossIncome: 4000, expenses: 1000, existingPayments: 150, children: 0, employment: 'permanent', amount: 15000, tenor: 96, hasCoApplicant: false };

describe('lender decisions', () => {
  it('has a catalogue of at least 15 lenders with unique codes', () => {
    expect(lenders.length).toBeGreaterThanOrEqual(15);
    expect(new Set(lenders.map((l) => l.code)).size).toBe(lenders.length);
  });

  it('reads the profile from a stored application, consolidated loans excluded', () => {
    const plain = profileOf(prepared(validApplication()));
    expect(plain).toMatchObject({ netIncome: 2900, grossIncome: 3800, expenses: 1000, existingPayments: 150, employment: 'permanent', amount: 15000, tenor: 96 });
    expect(plain.age).toBeGreaterThan(70);
    expect(profileOf(prepared(validConsolidationApplication())).existingPayments).toBe(0);
  });

  it('a solid applicant gets offers from most lenders, deterministically', () => {
    const offers = lenders.map((l) => decide(baseProfile, l, caps, 'app-1')).filter(Boolean);
    expect(offers.length).toBeGreaterThan(lenders.length / 2);
    expect(lenders.map((l) => decide(baseProfile, l, caps, 'app-1'))).toEqual(lenders.map((l) => decide(baseProfile, l, caps, 'app-1')));
  });

  it('refuses outside the age range', () => {
    for (const lender of lenders) expect(decide({ ...baseProfile, age: lender.maxAge + 1 }, lender, caps, 's')).toBeNull();
  });

  it('offers a smaller loan when the asked one is not affordable', () => {
    const stretched = { ...baseProfile, amount: 70000, tenor: 60, netIncome: 2600, grossIncome: 3400 };
    const offers = lenders.map((l) => decide(stretched, l, caps, 's')).filter((o) => o !== null);
    expect(offers.some((o) => o.downsell && o.amount < 70000)).toBe(true);
    for (const offer of offers) expect(offer.downsell).toBe(offer.amount < 70000);
  });

  it('no one lends to an applicant with nothing left after costs', () => {
    const broke = { ...baseProfile, netIncome: 1200, grossIncome: 1500, expenses: 1100 };
    expect(lenders.map((l) => decide(broke, l, caps, 's')).filter(Boolean)).toEqual([]);
  });

  it('no offer any lender makes breaks the Finnish caps (property)', () => {
    const profile = fc.record({
      age: fc.option(fc.integer({ min: 18, max: 90 }), { nil: null }),
      netIncome: fc.integer({ min: 0, max: 20000 }),
      grossIncome: fc.integer({ min: 0, max: 30000 }),
      expenses: fc.integer({ min: 0, max: 5000 }),
      existingPayments: fc.integer({ min: 0, max: 5000 }),
      children: fc.integer({ min: 0, max: 10 }),
      employment: fc.constantFrom('permanent', 'work', 'pension', 'student', 'unemployed'),
      amount: fc.integer({ min: 500, max: 70000 }),
      tenor: fc.integer({ min: 12, max: 240 }),
      hasCoApplicant: fc.boolean(),
    }) as fc.Arbitrary<ApplicantProfile>;
    let made = 0;
    fc.assert(
      fc.property(profile, fc.string(), (p, seed) => {
        for (const lender of lenders) {
          const offer = decide(p, lender, caps, seed);
          if (!offer) continue;
          made++;
          expect(capViolations({ amount: offer.amount, tenor: offer.tenor, nominalRate: offer.interest, arrangementFee: offer.arrangementFee, monthlyFee: offer.monthlyFee }, caps)).toEqual([]);
          expect(offer.interest).toBeLessThanOrEqual(20);
          expect(offer.amount).toBeGreaterThanOrEqual(lender.minAmount);
          expect(offer.amount).toBeLessThanOrEqual(lender.maxAmount);
        }
      }),
      { numRuns: 300 },
    );
    expect(made).toBeGreaterThan(100);
  });
});
