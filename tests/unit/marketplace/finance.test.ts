import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { annualPercentageRate, annuityPayment, capViolations, feesWithinCaps, maxNominalRate, maxOtherCostsPerYear, repayment, type CapRules } from '../../../src/server/marketplace/finance.ts';

const rules: CapRules = { referenceRate: 2, marginAboveReference: 15, absoluteMaxRate: 20, otherCostsPerDayShare: 0.0001, otherCostsPerYear: 150 };

describe('payments and APR against published examples', () => {
  it('10 000 € over 5 years at 12.6 % with a 90 € fee financed and 5 €/month: ~232.5 €/month, APR ~14.9 %', () => {
    const result = repayment({ amount: 10000, tenor: 60, nominalRate: 12.6, arrangementFee: 90, monthlyFee: 5 });
    expect(result.monthlyPayment).toBeGreaterThan(232);
    expect(result.monthlyPayment).toBeLessThan(233);
    expect(result.apr).toBeGreaterThan(14.8);
    expect(result.apr).toBeLessThan(15.0);
  });

  it('10 000 € over 5 years at 7 % without fees: 198.01 €/month, APR 7.23 %', () => {
    const result = repayment({ amount: 10000, tenor: 60, nominalRate: 7 });
    expect(result.monthlyPayment).toBe(198.01);
    expect(result.apr).toBe(7.23);
    expect(result.totalAmount).toBe(11880.6);
  });

  it('APR equals the effective rate of a fee-free loan: (1 + r/12)^12 − 1', () => {
    fc.assert(
      fc.property(fc.integer({ min: 500, max: 70000 }), fc.integer({ min: 12, max: 240 }), fc.double({ min: 0.5, max: 20, noNaN: true }), (amount, tenor, rate) => {
        const apr = annualPercentageRate(amount, annuityPayment(amount, rate, tenor), tenor);
        expect(apr).toBeCloseTo(((1 + rate / 1200) ** 12 - 1) * 100, 6);
      }),
      { numRuns: 200 },
    );
  });

  it('a zero rate pays back the principal in equal parts', () => {
    expect(annuityPayment(1200, 0, 12)).toBe(100);
  });
});

describe('Finnish caps', () => {
  it('nominal rate: reference + 15 pp, never above 20 %', () => {
    expect(maxNominalRate(rules)).toBe(17);
    expect(maxNominalRate({ ...rules, referenceRate: 6 })).toBe(20);
  });

  it('other costs: 0.01 % of the credit a day, at most 150 € a year', () => {
    expect(maxOtherCostsPerYear(10000, rules)).toBe(150);
    expect(maxOtherCostsPerYear(1000, rules)).toBeCloseTo(36.5);
  });

  it('finds violations', () => {
    expect(capViolations({ amount: 10000, tenor: 60, nominalRate: 17.5 }, rules).map((v) => v.rule)).toEqual(['nominalRate']);
    expect(capViolations({ amount: 10000, tenor: 60, nominalRate: 10, arrangementFee: 100, monthlyFee: 5 }, rules).map((v) => v.rule)).toEqual(['otherCosts']);
    expect(capViolations({ amount: 10000, tenor: 60, nominalRate: 12.6, arrangementFee: 90, monthlyFee: 5 }, rules)).toEqual([]);
  });

  it('trims fees into the cap', () => {
    fc.assert(
      fc.property(fc.integer({ min: 500, max: 70000 }), fc.integer({ min: 12, max: 240 }), fc.integer({ min: 0, max: 500 }), fc.integer({ min: 0, max: 30 }), (amount, tenor, arrangementFee, monthlyFee) => {
        const fees = feesWithinCaps(amount, tenor, { arrangementFee, monthlyFee }, rules);
        expect(capViolations({ amount, tenor, nominalRate: 10, ...fees }, rules)).toEqual([]);
      }),
      { numRuns: 300 },
    );
  });
});
