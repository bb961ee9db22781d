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

  // Checked here from the law's figures (korkolaki 12 §, KSL 7:17 a), not through finance.ts.
  const MARGIN = 15;
  const ABSOLUTE_MAX = 20;
  const PER_DAY_SHARE = 0.0001;
  const PER_YEAR = 150;
  const withReference = (referenceRate: number) => ({ ...caps, referenceRate });
  const rateCap = (referenceRate: number) => Math.min(referenceRate + MARGIN, ABSOLUTE_MAX);
  /** Float slack only: 3.37 + 15 is 18.369999… in binary. */
  const EPSILON = 1e-9;

  it('no offer any lender makes breaks the Finnish caps, whatever the reference rate (property)', () => {
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
    // Young, insecurely employed and on a small income, yet able to pay a small loan: the
    // applicants high-appetite lenders price near the cap, rare in the profiles above.
    const risky = fc
      .record({
        age: fc.integer({ min: 18, max: 30 }),
        netIncome: fc.integer({ min: 900, max: 2200 }),
        extraGross: fc.integer({ min: 0, max: 800 }),
        expenses: fc.integer({ min: 0, max: 500 }),
        existingPayments: fc.integer({ min: 0, max: 600 }),
        employment: fc.constantFrom('work', 'student', 'unemployed'),
        amount: fc.integer({ min: 500, max: 6000 }),
        tenor: fc.integer({ min: 12, max: 72 }),
      })
      .map(({ extraGross, ...rest }): ApplicantProfile => ({ ...rest, grossIncome: rest.netIncome + extraGross, children: 0, hasCoApplicant: false }) as ApplicantProfile);
    // 0.00–8.00 % in hundredths, so most are not half points (3.37, 0.08 …).
    const referenceRate = fc.integer({ min: 0, max: 800 }).map((hundredths) => hundredths / 100);
    let made = 0;
    let capped = 0;
    fc.assert(
      fc.property(fc.oneof(profile, risky), referenceRate, fc.string(), (p, reference, seed) => {
        const rules = withReference(reference);
        const cap = rateCap(reference);
        for (const lender of lenders) {
          const offer = decide(p, lender, rules, seed);
          if (!offer) continue;
          made++;
          expect(offer.interest).toBeLessThanOrEqual(cap + EPSILON);
          // Quoted in hundredths of a point, as the list shows it.
          expect(Math.abs(offer.interest * 100 - Math.round(offer.interest * 100))).toBeLessThan(1e-6);
          if (Math.abs(offer.interest - cap) < 0.005) capped++;
          const otherCostsCap = Math.min(offer.amount * PER_DAY_SHARE * 365, PER_YEAR);
          for (let year = 0; year * 12 < offer.tenor; year++) {
            const months = Math.min(12, offer.tenor - year * 12);
            const costs = (year === 0 ? offer.arrangementFee : 0) + months * offer.monthlyFee;
            expect(costs).toBeLessThanOrEqual(otherCostsCap + EPSILON);
          }
          expect(capViolations({ amount: offer.amount, tenor: offer.tenor, nominalRate: offer.interest, arrangementFee: offer.arrangementFee, monthlyFee: offer.monthlyFee }, rules)).toEqual([]);
          expect(offer.amount).toBeGreaterThanOrEqual(lender.minAmount);
          expect(offer.amount).toBeLessThanOrEqual(lender.maxAmount);
        }
      }),
      { numRuns: 400 },
    );
    expect(made).toBeGreaterThan(100);
    // The cap must bind for some offers, or the checks above prove nothing about it.
    expect(capped).toBeGreaterThan(5);
  });

  it('gives a high-risk applicant who can afford the loan exactly the capped rate at a high-appetite lender', () => {
    const lender = lenders.find((l) => l.code === 'tunturi-raha')!;
    expect(lender.riskAppetite).toBe('high');
    // Young, unemployed, low income, some existing payments: risk 0.855, priced 16.2 ± 0.4 %.
    const risky: ApplicantProfile = { age: 22, netIncome: 1400, grossIncome: 1800, expenses: 300, existingPayments: 300, children: 0, employment: 'unemployed', amount: 2000, tenor: 36, hasCoApplicant: false };
    for (const seed of ['a', 'b', 'c', 'd']) {
      const offer = decide(risky, lender, withReference(0.37), seed);
      expect(offer).not.toBeNull();
      expect(offer!.interest).toBe(15.37);
      expect(offer!.amount).toBe(2000);
    }
    // Far below the cap, the same applicant pays the lender's own price.
    const uncapped = decide(risky, lender, withReference(4), 'a')!;
    expect(uncapped.interest).toBeGreaterThan(15.37);
    expect(uncapped.interest).toBeLessThan(19);
  });

  it('never quotes above a reference-rate cap that is not a whole hundredth', () => {
    const lender = lenders.find((l) => l.code === 'tunturi-raha')!;
    const risky: ApplicantProfile = { age: 22, netIncome: 1400, grossIncome: 1800, expenses: 300, existingPayments: 300, children: 0, employment: 'unemployed', amount: 2000, tenor: 36, hasCoApplicant: false };
    // A cap of 15.374: rounding after capping would quote 15.37 here but 15.38 at 15.375.
    for (const reference of [0.374, 0.375, 0.379]) {
      const offer = decide(risky, lender, withReference(reference), 'a')!;
      expect(offer.interest).toBeLessThanOrEqual(rateCap(reference));
      expect(offer.interest).toBe(Math.floor(rateCap(reference) * 100) / 100);
    }
  });
});
