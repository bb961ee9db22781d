// Each conditional field of spec §4, shown and hidden; hidden fields are pruned and
// their errors ignored. Ages, amounts and messages are read from the document.
import { describe, expect, it } from 'vitest';
import { personalIdOfAge } from '../../fixtures/personal-id.ts';
import { validApplication, validApplicationWithCoApplicant } from '../../fixtures/consumer-valid.ts';
import { consumer, errorMap, messageOf } from './helpers.ts';

const runtime = consumer();
const constants = runtime.document.constants as { militaryQuestionAge: { min: number; max: number }; coApplicantPromptAbove: number };
const { min: youngest, max: oldest } = constants.militaryQuestionAge;
const promptAbove = constants.coApplicantPromptAbove;
const visible = (data: Record<string, unknown>, field: string) => runtime.isVisible(field, data);

type Case = [field: string, shownWith: Record<string, unknown>, hiddenWith: Record<string, unknown>, base?: () => Record<string, unknown>];

const cases: Case[] = [
  ['coApplicantPersonalIdentificationNumber', { hasCoApplicant: true }, { hasCoApplicant: false }],
  ['primaryApplicantMilitaryStatusId', { primaryApplicantPersonalIdentificationNumber: personalIdOfAge(youngest + 1, 123) }, { primaryApplicantPersonalIdentificationNumber: personalIdOfAge(youngest + 1, 124) }],
  ['primaryApplicantMilitaryStatusId', { primaryApplicantPersonalIdentificationNumber: personalIdOfAge(youngest, 123) }, { primaryApplicantPersonalIdentificationNumber: personalIdOfAge(youngest - 1, 123) }],
  ['primaryApplicantMilitaryStatusId', { primaryApplicantPersonalIdentificationNumber: personalIdOfAge(oldest, 123) }, { primaryApplicantPersonalIdentificationNumber: personalIdOfAge(oldest + 1, 123) }],
  ['primaryApplicantSpouseGrossMonthlyIncome', { primaryApplicantMaritalStatusId: 1 }, { primaryApplicantMaritalStatusId: 3 }],
  ['primaryApplicantSpouseGrossMonthlyIncome', { primaryApplicantMaritalStatusId: 2, hasCoApplicant: false }, { primaryApplicantMaritalStatusId: 2, hasCoApplicant: true }],
  ['primaryApplicantTemporaryTillMonth', { primaryApplicantEmploymentTypeId: 4 }, { primaryApplicantEmploymentTypeId: 6 }],
  ['primaryApplicantTemporaryTillYear', { primaryApplicantEmploymentTypeId: 4 }, { primaryApplicantEmploymentTypeId: 5 }],
  ['primaryApplicantEmployer', { primaryApplicantEmploymentTypeId: 5 }, { primaryApplicantEmploymentTypeId: 8 }],
  ['primaryApplicantEmployer', { primaryApplicantEmploymentTypeId: 7 }, { primaryApplicantEmploymentTypeId: 2 }],
  ['primaryApplicantOccupation', { primaryApplicantEmploymentTypeId: 4 }, { primaryApplicantEmploymentTypeId: 7 }],
  ['primaryApplicantOccupationCodeId', { primaryApplicantEmploymentTypeId: 6 }, { primaryApplicantEmploymentTypeId: 1 }],
  ['primaryApplicantBusinessIdentityCode', { primaryApplicantEmploymentTypeId: 7 }, { primaryApplicantEmploymentTypeId: 6 }],
  ['primaryApplicantWorkStartYear', { primaryApplicantEmploymentTypeId: 7 }, { primaryApplicantEmploymentTypeId: 8 }],
  ['primaryApplicantMortgageInput', { primaryApplicantHasMortgage: true }, { primaryApplicantHasMortgage: false }],
  ['primaryApplicantCarboatInput', { primaryApplicantHasCarboat: true }, { primaryApplicantHasCarboat: false }],
  ['primaryApplicantStudentLoanInput', { primaryApplicantHasStudentLoan: true }, { primaryApplicantHasStudentLoan: false }],
  ['primaryApplicantOtherLoanInput', { primaryApplicantHasOtherLoan: true }, { primaryApplicantHasOtherLoan: false }],
  ['useLoanForCarboat', { loanPurposeId: 19, primaryApplicantHasCarboat: true }, { loanPurposeId: 16, primaryApplicantHasCarboat: true }],
  ['useLoanForOtherLoan', { loanPurposeId: 19, primaryApplicantHasOtherLoan: true }, { loanPurposeId: 19, primaryApplicantHasOtherLoan: false }],
  ['primaryApplicantIbanNumber', { primaryapplicantNoIban: false }, { primaryapplicantNoIban: true }],
  ['coApplicantAddress', { coApplicantSameAddressAsPrimary: false }, { coApplicantSameAddressAsPrimary: true }, validApplicationWithCoApplicant],
  ['coApplicantMilitaryStatusId', { coApplicantPersonalIdentificationNumber: personalIdOfAge(youngest + 1, 321) }, { coApplicantPersonalIdentificationNumber: personalIdOfAge(youngest + 1, 320) }, validApplicationWithCoApplicant],
  ['coApplicantAcceptTerms', { hasCoApplicant: true }, { hasCoApplicant: false }, validApplicationWithCoApplicant],
];

describe('conditional fields (spec §4)', () => {
  it.each(cases)('%s shown with %o, hidden with %o', (field, shownWith, hiddenWith, base = validApplication) => {
    expect(visible({ ...base(), ...shownWith }, field)).toBe(true);
    expect(visible({ ...base(), ...hiddenWith }, field)).toBe(false);
  });

  it('requires a shown field and ignores it when hidden', () => {
    const shown = runtime.validate({ ...validApplication(), primaryApplicantEmploymentTypeId: 4 });
    expect(errorMap(shown).primaryApplicantTemporaryTillMonth).toBe(messageOf(runtime.document, 'primaryApplicantTemporaryTillMonth', 'required'));
    const hidden = runtime.validate({ ...validApplication(), primaryApplicantTemporaryTillMonth: 99, primaryApplicantTemporaryTillYear: 1 });
    expect(hidden.errors).toEqual([]);
    expect(hidden.data).not.toHaveProperty('primaryApplicantTemporaryTillMonth');
  });

  it('prunes the whole co-applicant when the box is unticked', () => {
    const result = runtime.validate({ ...validApplicationWithCoApplicant(), hasCoApplicant: false, coApplicantEmail: 'not an e-mail' });
    expect(result.errors).toEqual([]);
    expect(Object.keys(result.data).filter((key) => key.startsWith('coApplicant'))).toEqual([]);
  });

  it('sums the loan lists into the totals, and a hidden list into nothing', () => {
    const data = { ...validApplication(), primaryApplicantHasMortgage: true, primaryApplicantMortgageInput: [{ loan: 120000, monthlyPayment: 700 }, { loan: 30000, monthlyPayment: 300.5 }] };
    const result = runtime.validate(data);
    expect(result.errors).toEqual([]);
    expect(result.data).toMatchObject({ primaryApplicantMortgage: 150000, primaryApplicantMonthlyPaymentMortgage: 1000.5, primaryApplicantOtherLoan: 5000, primaryApplicantMonthlyPaymentOtherLoan: 150 });
    const unticked = runtime.validate({ ...data, primaryApplicantHasMortgage: false });
    expect(unticked.data).not.toHaveProperty('primaryApplicantMortgageInput');
    expect(unticked.data.primaryApplicantMortgage).toBe(0);
  });

  it('derives the stored loan fields from the inputs', () => {
    const result = runtime.validate(validApplication());
    expect(result.data).toMatchObject({ appliedAmount: 15000, appliedTenor: 96, useLoanForOtherLoans: false });
  });

  it('shows the co-applicant prompt above its amount only', () => {
    expect(runtime.computed({ ...validApplication(), inputAppliedAmount: promptAbove }).showCoApplicantPrompt).toBe(false);
    expect(runtime.computed({ ...validApplication(), inputAppliedAmount: promptAbove + 500 }).showCoApplicantPrompt).toBe(true);
    expect(runtime.computed({ ...validApplication(), inputAppliedAmount: promptAbove + 500, hasCoApplicant: true }).showCoApplicantPrompt).toBe(false);
  });
});
