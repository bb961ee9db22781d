import { describe, expect, it } from 'vitest';
import { consumer } from './helpers.ts';

const runtime = consumer();
const estimate = (amount: unknown, years: unknown) => runtime.computed({ inputAppliedAmount: amount, inputAppliedTenor: years }).monthlyInstallmentEstimate;

// Independent annuity at 7.9 %: P·r / (1 − (1 + r)^−n), r = 0.079 / 12.
const annuity = (p: number, months: number) => {
  const r = 0.079 / 12;
  return Math.round((p * r) / (1 - (1 + r) ** -months));
};

describe('monthly installment estimate (spec §9)', () => {
  it.each([
    [15000, 8],
    [500, 1],
    [70000, 20],
    [25000, 5],
  ])('%d € over %d years', (amount, years) => {
    expect(estimate(amount, years)).toBe(annuity(amount, years * 12));
  });

  it('15 000 € over 8 years is 211 € a month', () => {
    expect(estimate(15000, 8)).toBe(211);
  });

  it('is absent when the result is not finite', () => {
    expect(estimate(15000, 0)).toBeNull();
    expect(estimate(undefined, 8)).toBeNull();
  });

  it('takes its rate from the document constants', () => {
    expect(runtime.document.constants?.installmentAnnualRatePercent).toBe(7.9);
  });
});
