// The mortgage document (forms/mortgage.json, issue 15): built from the shared
// sections with its own overrides, renames and warnings, and every rule of spec
// §5 that the document decides. Limits and messages are read from the document
// where an editor could change them; the spec's fixed texts are asserted as the spec
// writes them.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { messageFor } from '../../../engine/core/messages.ts';
import { FORMS_DIR, loadFormRuntime, readFormSource } from '../../../engine/core/node.ts';
import { validMortgage, validMortgageWithCoApplicant } from '../../fixtures/mortgage-valid.ts';
import { errorMap } from './helpers.ts';

const runtime = loadFormRuntime('mortgage');
const doc = runtime.document;
const withCo = validMortgageWithCoApplicant;
const errorsOf = (data: Record<string, unknown>) => errorMap(runtime.validate(data));

describe('the mortgage document', () => {
  it('passes forms:check and defines no applicant, housing, work or loans field of its own', () => {
    expect(readFormSource('mortgage').findings).toEqual([]);
    const written = JSON.parse(readFileSync(join(FORMS_DIR, 'mortgage.json'), 'utf8')) as { fields: object; include: object };
    expect(Object.keys(written.include)).toEqual(['identity', 'housing', 'work', 'credit-cards', 'loans', 'consents']);
    // Only the application's own fields (spec §3 "shared fields"); every per-applicant one comes from a section.
    expect(Object.keys(written.fields).filter((id) => /^(primary|co)Applicant/.test(id))).toEqual([]);
  });

  it("spells the loan fields as the mortgage contract does, and has the contract's per-applicant fields only", () => {
    for (const party of ['primaryApplicant', 'coApplicant']) {
      expect(runtime.fieldIds).toEqual(expect.arrayContaining([`${party}HasCarboatLoan`, `${party}CarBoatInput`, `${party}HasNoLoans`, `${party}MortgageInput`]));
      for (const gone of ['HasCarboat', 'CarboatInput', 'MaritalStatusId', 'SpouseGrossMonthlyIncome', 'BusinessIdentityCode', 'SameAddressAsPrimary', 'PermissionLoanInfo'])
        expect(runtime.fieldIds).not.toContain(`${party}${gone}`);
    }
    expect(runtime.fieldIds).toContain('primaryApplicantMilitaryStatusId');
    expect(runtime.fieldIds).not.toContain('coApplicantMilitaryStatusId');
    expect(runtime.fieldIds).toEqual(expect.arrayContaining(['coApplicantAcceptTerms', 'coApplicantNotPep']));
    expect(runtime.fieldIds).not.toContain('primaryApplicantAcceptTerms');
  });

  it('accepts a complete application with and without a co-applicant, and derives the term in months', () => {
    for (const data of [validMortgage(), withCo()]) {
      const result = runtime.validate(data);
      expect(result.errors).toEqual([]);
      expect(result.data.appliedTenor).toBe((data.inputAppliedTenor as number) * 12);
      expect(result.data.appliedAmount).toBe(data.inputAppliedAmount);
    }
    expect(runtime.activeSteps(validMortgage()).map((step) => step.number)).toEqual([1, 2, 3, 4]);
    expect(runtime.activeSteps(withCo()).map((step) => step.number)).toEqual([1, 2, 3, 4, 5]);
  });

  it('has the spec §9 amount and term: 10000–700000 default 150000, 1–30 years default 20', () => {
    expect(doc.schema.properties.inputAppliedAmount).toMatchObject({ minimum: 10000, maximum: 700000, default: 150000 });
    expect(doc.schema.properties.inputAppliedTenor).toMatchObject({ minimum: 1, maximum: 30, default: 20 });
    expect(errorsOf({ ...validMortgage(), inputAppliedAmount: 9999 }).inputAppliedAmount).toBe('Vähintään 10000');
    expect(errorsOf({ ...validMortgage(), inputAppliedAmount: 700001 }).inputAppliedAmount).toBe('Enintään 700000');
    expect(errorsOf({ ...validMortgage(), inputAppliedTenor: 0 }).inputAppliedTenor).toBe('Vähintään 1 vuosi');
    expect(errorsOf({ ...validMortgage(), inputAppliedTenor: 31 }).inputAppliedTenor).toBe('Enintään 30 vuotta');
    // The notices the sliders show when they clamp a typed value (spec §5).
    expect(messageFor(doc, 'inputAppliedAmount', ['clampNotice', 'maximum'], { limit: 700000 })).toBe('Huom. enintään 700000 €');
    expect(messageFor(doc, 'inputAppliedTenor', ['clampNotice', 'maximum'], { limit: 30 })).toBe('Huom. Enintään 30 vuotta');
  });

  it('asks about the flat only when it is known, with a price and a size of at least 1', () => {
    const unknown = { ...validMortgage(), hasInfoOnHousing: false };
    expect(runtime.validate(unknown).valid).toBe(true);
    expect(runtime.validate(unknown).data).not.toHaveProperty('apartmentPriceEstimate');
    const { apartmentPriceEstimate: _price, ...noPrice } = validMortgage();
    expect(errorsOf(noPrice).apartmentPriceEstimate).toBe('Pakollinen tieto');
    expect(errorsOf({ ...validMortgage(), apartmentSize: 0 }).apartmentSize).toBe('Vähintään 1');
    expect(errorsOf({ ...validMortgage(), apartmentZip: '123' }).apartmentZip).toBe('Tarkista postinumero');
  });

  it("hides living expenses for one's own detached house and names them by accommodation", () => {
    const housing = (accommodation: number, apartmentType: number) => ({ ...validMortgage(), primaryApplicantAccommodationId: accommodation, primaryApplicantApartmentTypeId: apartmentType });
    expect(runtime.isVisible('primaryApplicantLivingExpenses', housing(1, 4))).toBe(false);
    expect(runtime.validate(housing(1, 4)).data).not.toHaveProperty('primaryApplicantLivingExpenses');
    expect(runtime.isVisible('primaryApplicantLivingExpenses', housing(1, 1))).toBe(true);
    expect(runtime.isVisible('primaryApplicantLivingExpenses', housing(3, 4))).toBe(true);
    expect(runtime.view(housing(1, 1)).titles.primaryApplicantLivingExpenses).toBe('Yhtiövastike');
    expect(runtime.view(housing(3, 1)).titles.primaryApplicantLivingExpenses).toBe('Vuokra');
    expect(runtime.view(housing(4, 1)).titles.primaryApplicantLivingExpenses).toBe('Asumiskulut kuukaudessa');
    expect(runtime.view({ ...withCo(), coApplicantAccommodationId: 1 }).titles.coApplicantLivingExpenses).toBe('Yhtiövastike');
  });

  it('warns about a high income or other expenses without stopping the application', () => {
    const data = { ...withCo(), primaryApplicantGrossMonthlyIncome: 25000, primaryApplicantNetMonthlyIncome: 20001, coApplicantOtherRegularExpenses: 10001 };
    expect(runtime.validate(data).errors).toEqual([]);
    expect(runtime.validateStep(data, 3).valid).toBe(true);
    expect(runtime.view(data).warnings).toEqual({
      primaryApplicantGrossMonthlyIncome: '* Tarkista, että bruttotulojen arvo on oikein',
      primaryApplicantNetMonthlyIncome: '* Tarkista, että nettotulojen arvo on oikein',
      coApplicantOtherRegularExpenses: 'Tarkasta syöttämäsi summa',
    });
    // At the thresholds, and for a hidden party, nothing.
    const edge = { ...validMortgage(), primaryApplicantGrossMonthlyIncome: 20000, primaryApplicantNetMonthlyIncome: 15000, primaryApplicantOtherRegularExpenses: 10000, coApplicantGrossMonthlyIncome: 30000 };
    expect(runtime.view(edge).warnings).toEqual({});
  });

  it('takes incomes from 0 to 50000', () => {
    expect(errorsOf({ ...validMortgage(), primaryApplicantGrossMonthlyIncome: 0, primaryApplicantNetMonthlyIncome: 0 })).toEqual({});
    expect(errorsOf({ ...validMortgage(), primaryApplicantGrossMonthlyIncome: 50001 }).primaryApplicantGrossMonthlyIncome).toBe('Enintään 50000');
    expect(errorsOf({ ...validMortgage(), primaryApplicantNetMonthlyIncome: 6000 }).primaryApplicantNetMonthlyIncome).toBe('Nettotulot eivät voi olla bruttotuloja suuremmat');
  });

  it('takes loan rows from 0, with the payment not above the loan, and at least one loan choice', () => {
    expect(errorsOf({ ...validMortgage(), primaryApplicantCarBoatInput: [{ loan: 0, monthlyPayment: 0 }] })).toEqual({});
    expect(errorsOf({ ...validMortgage(), primaryApplicantCarBoatInput: [{ loan: 100, monthlyPayment: 101 }] })['primaryApplicantCarBoatInput.0.monthlyPayment']).toBe('Lyhennys ei voi olla lainaa suurempi');
    expect(errorsOf({ ...validMortgage(), primaryApplicantCarBoatInput: [{ loan: -1, monthlyPayment: 0 }] })['primaryApplicantCarBoatInput.0.loan']).toBeDefined();
    expect(errorsOf({ ...validMortgage(), primaryApplicantHasCarboatLoan: false, primaryApplicantCarBoatInput: undefined }).primaryApplicantHasNoLoans).toBe('* Valitse vähintään yksi.');
  });

  it('keeps the applicants apart and asks the co-applicant to accept the terms, not to declare PEP', () => {
    expect(errorsOf({ ...withCo(), coApplicantMobilephone: '0401234567', coApplicantMobilephone2: '0401234567' }).coApplicantMobilephone).toBe('Hakijoiden puhelinnumerot eivät voi olla samat');
    expect(errorsOf({ ...withCo(), coApplicantAcceptTerms: undefined }).coApplicantAcceptTerms).toBe('Pakollinen tieto');
    expect(errorsOf({ ...withCo(), coApplicantNotPep: undefined })).toEqual({});
    expect(errorsOf({ ...validMortgage(), primaryApplicantMoveCurrentAddressYear: new Date().getFullYear() + 1 }).primaryApplicantMoveCurrentAddressMonth).toBe('Aika ei voi olla tulevaisuudessa');
  });

  it("labels the last step's button 'Tunnistaudu': step 4 alone, step 5 with a co-applicant", () => {
    expect(runtime.buttonLabel(4, validMortgage())).toBe('Tunnistaudu');
    expect(runtime.buttonLabel(4, withCo())).toBe('Jatka hakemusta');
    expect(runtime.buttonLabel(5, withCo())).toBe('Tunnistaudu');
    expect(doc.steps.find((step) => step.number === 5)?.title).toBe('Yhteishakijan tiedot');
  });
});
