// The consolidation flow and the second brand are patches of one document. The
// limits and messages expected are read from the document's variants.
import { describe, expect, it } from 'vitest';
import { resolveVariants } from '../../../engine/core/document.ts';
import { readFormDocument } from '../../../engine/core/node.ts';
import { validApplication, validConsolidationApplication } from '../../fixtures/consumer-valid.ts';
import { checkMessage, consumer, errorMap, limitMessage, limitOf, messageOf } from './helpers.ts';

const doc = readFormDocument('consumer');
const variant = (...names: string[]) => resolveVariants(doc, names);
const minimum = (...names: string[]) => limitOf(variant(...names), 'inputAppliedAmount', 'minimum');

describe('variants', () => {
  it('kattokorko: its own minimum with its message', () => {
    const runtime = consumer(['kattokorko']);
    const min = minimum('kattokorko');
    expect(min).toBeGreaterThan(minimum());
    expect(errorMap(runtime.validateStep({ ...validApplication(), inputAppliedAmount: min - 1 }, 1)).inputAppliedAmount).toBe(limitMessage(variant('kattokorko'), 'inputAppliedAmount', 'minimum'));
    expect(runtime.validateStep({ ...validApplication(), inputAppliedAmount: min }, 1).valid).toBe(true);
    expect(consumer().validateStep({ ...validApplication(), inputAppliedAmount: min - 1 }, 1).valid).toBe(true);
  });

  it('yhdistelylaina: its purposes only, its own minimum', () => {
    const runtime = consumer(['yhdistelylaina']);
    const patched = variant('yhdistelylaina');
    const purpose = runtime.document.schema.properties.loanPurposeId as { oneOf: Array<{ const: number }>; default: number };
    const allowed = purpose.oneOf.map((o) => o.const);
    expect(allowed.length).toBeLessThan((doc.schema.properties.loanPurposeId as { oneOf: unknown[] }).oneOf.length);
    expect(allowed).toContain(purpose.default);
    const other = (doc.schema.properties.loanPurposeId as { oneOf: Array<{ const: number }> }).oneOf.map((o) => o.const).find((c) => !allowed.includes(c));
    expect(errorMap(runtime.validate({ ...validConsolidationApplication(), loanPurposeId: other })).loanPurposeId).toBe(messageOf(patched, 'loanPurposeId', 'oneOf'));
    expect(errorMap(runtime.validate({ ...validConsolidationApplication(), inputAppliedAmount: minimum('yhdistelylaina') - 1 })).inputAppliedAmount).toBe(limitMessage(patched, 'inputAppliedAmount', 'minimum'));
    expect(runtime.validate(validConsolidationApplication()).errors).toEqual([]);
  });

  it('yhdistelylaina: a loan to pay off must be chosen and marked', () => {
    const runtime = consumer(['yhdistelylaina']);
    const onlyMortgage = { ...validConsolidationApplication(), primaryApplicantHasOtherLoan: false, primaryApplicantHasMortgage: true, primaryApplicantMortgageInput: [{ loan: 90000, monthlyPayment: 600 }] };
    expect(errorMap(runtime.validate(onlyMortgage)).primaryApplicantHasNoLoans).toBe(checkMessage(doc, 'consolidationHasPayableLoan'));
    const unmarked = { ...validConsolidationApplication(), useLoanForOtherLoan: false };
    expect(errorMap(runtime.validate(unmarked)).primaryApplicantHasNoLoans).toBe(checkMessage(doc, 'consolidationPayoffMarked'));
    expect(runtime.validate(validConsolidationApplication()).data.useLoanForOtherLoans).toBe(true);
  });

  it('both variants together: patches apply in document order, the later one wins', () => {
    const both = minimum('kattokorko', 'yhdistelylaina');
    const last = Object.keys(doc.variants ?? {}).at(-1)!;
    expect(both).toBe(minimum(last));
    const runtime = consumer(['yhdistelylaina', 'kattokorko']);
    expect(errorMap(runtime.validateStep({ ...validConsolidationApplication(), inputAppliedAmount: both - 1 }, 1)).inputAppliedAmount).toBe(limitMessage(variant('kattokorko', 'yhdistelylaina'), 'inputAppliedAmount', 'minimum'));
  });

  it('refuses an unknown variant', () => {
    expect(() => consumer(['nonexistent'])).toThrow(/muunnelmaa nonexistent/);
  });

  it('variants are small patches, not copies', () => {
    for (const patches of Object.values(doc.variants ?? {})) expect(patches.length).toBeLessThan(10);
  });
});
