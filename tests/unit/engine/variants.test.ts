// The consolidation flow and the second brand are patches of one document.
import { describe, expect, it } from 'vitest';
import { readFormDocument } from '../../../engine/core/node.ts';
import { validApplication, validConsolidationApplication } from '../../fixtures/consumer-valid.ts';
import { consumer, errorMap } from './helpers.ts';

describe('variants', () => {
  it('kattokorko: minimum 2000 with its message', () => {
    const runtime = consumer(['kattokorko']);
    expect(errorMap(runtime.validateStep({ ...validApplication(), inputAppliedAmount: 1999 }, 1)).inputAppliedAmount).toBe('Vähintään 2000');
    expect(runtime.validateStep({ ...validApplication(), inputAppliedAmount: 2000 }, 1).valid).toBe(true);
    expect(consumer().validateStep({ ...validApplication(), inputAppliedAmount: 1999 }, 1).valid).toBe(true);
  });

  it('yhdistelylaina: purpose 19 only, its own minimum', () => {
    const runtime = consumer(['yhdistelylaina']);
    const purpose = runtime.document.schema.properties.loanPurposeId as { oneOf: Array<{ const: number }>; default: number };
    expect(purpose.oneOf.map((o) => o.const)).toEqual([19]);
    expect(purpose.default).toBe(19);
    expect(errorMap(runtime.validate({ ...validConsolidationApplication(), loanPurposeId: 16 })).loanPurposeId).toBe('Valitse jokin vaihtoehdoista');
    expect(errorMap(runtime.validate({ ...validConsolidationApplication(), inputAppliedAmount: 2500 })).inputAppliedAmount).toBe('Vähintään 3000');
    expect(runtime.validate(validConsolidationApplication()).errors).toEqual([]);
  });

  it('yhdistelylaina: a loan to pay off must be chosen and marked', () => {
    const runtime = consumer(['yhdistelylaina']);
    const onlyMortgage = { ...validConsolidationApplication(), primaryApplicantHasOtherLoan: false, primaryApplicantHasMortgage: true, primaryApplicantMortgageInput: [{ loan: 90000, monthlyPayment: 600 }] };
    expect(errorMap(runtime.validate(onlyMortgage)).primaryApplicantHasNoLoans).toBe('* Valitse vähintään yksi laina takaisinmaksettavaksi.');
    const unmarked = { ...validConsolidationApplication(), useLoanForOtherLoan: false };
    expect(errorMap(runtime.validate(unmarked)).primaryApplicantHasNoLoans).toBe('* Merkitse lainat, jotka haluat maksaa pois nyt haettavalla lainalla.');
    expect(runtime.validate(validConsolidationApplication()).data.useLoanForOtherLoans).toBe(true);
  });

  it('both variants together take the larger minimum, in document order', () => {
    const runtime = consumer(['yhdistelylaina', 'kattokorko']);
    expect(errorMap(runtime.validateStep({ ...validConsolidationApplication(), inputAppliedAmount: 2500 }, 1)).inputAppliedAmount).toBe('Vähintään 3000');
  });

  it('refuses an unknown variant', () => {
    expect(() => consumer(['nonexistent'])).toThrow(/muunnelmaa nonexistent/);
  });

  it('variants are small patches, not copies', () => {
    const doc = readFormDocument('consumer');
    for (const patches of Object.values(doc.variants ?? {})) expect(patches.length).toBeLessThan(10);
  });
});
