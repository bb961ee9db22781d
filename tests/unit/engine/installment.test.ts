import { describe, expect, it } from 'vitest';
import { readFormDocument, runtimeForDocument } from '../../../engine/core/node.ts';
import { consumer } from './helpers.ts';

const runtime = consumer();
const estimate = (amount: unknown, years: unknown) => runtime.computed({ inputAppliedAmount: amount, inputAppliedTenor: years }).monthlyInstallmentEstimate;
const documentRate = runtime.document.constants?.installmentAnnualRatePercent as number;

// Independent annuity: P·r / (1 − (1 + r)^−n), r = yearly rate / 12; the document's rate unless given.
const annuity = (p: number, months: number, ratePercent = documentRate) => {
  const r = ratePercent / 100 / 12;
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

  it("the spec's example: 15 000 € over 8 years at 7.9 % is 211 € a month", () => {
    const copy = readFormDocument('consumer');
    copy.constants!.installmentAnnualRatePercent = 7.9;
    expect(runtimeForDocument(copy).computed({ inputAppliedAmount: 15000, inputAppliedTenor: 8 }).monthlyInstallmentEstimate).toBe(211);
  }, 60_000);

  it('is absent when the result is not finite', () => {
    expect(estimate(15000, 0)).toBeNull();
    expect(estimate(undefined, 8)).toBeNull();
  });

  it('takes its rate from the document constants', () => {
    expect(typeof documentRate).toBe('number');
    const copy = readFormDocument('consumer');
    copy.constants!.installmentAnnualRatePercent = documentRate + 4.6;
    const edited = runtimeForDocument(copy).computed({ inputAppliedAmount: 15000, inputAppliedTenor: 8 }).monthlyInstallmentEstimate;
    expect(edited).toBe(annuity(15000, 96, documentRate + 4.6));
    expect(edited).not.toBe(estimate(15000, 8));
  }, 60_000);
});
