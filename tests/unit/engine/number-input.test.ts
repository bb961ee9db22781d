// Numbers typed as text, through the runtime the browser and the server share (spec §5,
// issue 11 item 4): commas are decimal separators, whole-number fields say 'Vain
// numeroita' for a fraction, and '1e309' is not a number in any money field.
import { describe, expect, it } from 'vitest';
import { validApplication, validApplicationWithCoApplicant } from '../../fixtures/consumer-valid.ts';
import { consumer, errorMap } from './helpers.ts';

const runtime = consumer();
const doc = runtime.document;
const moneyFields = Object.entries(doc.normalize ?? {})
  .filter(([, names]) => (Array.isArray(names) ? names : [names]).includes('money'))
  .map(([field]) => field);

describe('money fields', () => {
  it('are every number field an applicant types a euro amount into', () => {
    expect(moneyFields).toEqual(
      expect.arrayContaining(['inputAppliedAmount', 'primaryApplicantLivingExpenses', 'primaryApplicantGrossMonthlyIncome', 'coApplicantLivingExpenses', 'coApplicantNetMonthlyIncome']),
    );
  });

  it.each(moneyFields)("%s: '1e309' is refused with 'Vain numeroita', never stored as 1309", (field) => {
    const data = { ...validApplicationWithCoApplicant(), primaryApplicantMaritalStatusId: 1, hasCoApplicant: field.startsWith('coApplicant') };
    const result = runtime.validate({ ...data, [field]: '1e309' });
    expect(errorMap(result)[field]).toBe('Vain numeroita');
    expect(result.data[field]).toBe('1e309');
  });

  it("read '12,5' as twelve and a half and keep the cents", () => {
    expect(errorMap(runtime.validateStep({ ...validApplication(), inputAppliedAmount: '12,5' }, 1))).toEqual({ inputAppliedAmount: 'Vähintään 500' });
    const result = runtime.validate({ ...validApplication(), inputAppliedAmount: '2 500,5', primaryApplicantLivingExpenses: '850,50' });
    expect(errorMap(result)).toEqual({});
    expect(result.data).toMatchObject({ inputAppliedAmount: 2500.5, appliedAmount: 2500.5, primaryApplicantLivingExpenses: 850.5 });
  });

  it('refuse loan rows that are not numbers', () => {
    const result = runtime.validate({ ...validApplication(), primaryApplicantOtherLoanInput: [{ loan: '1e309', monthlyPayment: 150 }] });
    expect(errorMap(result)).toEqual({ 'primaryApplicantOtherLoanInput.0.loan': 'Vain numeroita' });
  });
});

describe('the loan time in whole years', () => {
  it.each([1.5, 2.5, '1,5', '2.5'])('%j is not a number of years: Vain numeroita', (tenor) => {
    expect(errorMap(runtime.validateStep({ ...validApplication(), inputAppliedTenor: tenor }, 1))).toEqual({ inputAppliedTenor: 'Vain numeroita' });
  });
});
