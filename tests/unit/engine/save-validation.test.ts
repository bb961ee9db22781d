// validateSave: a save at step N checks steps 1..N as before, and every answer of a later
// step it carries by that field's schema (issue 24: a step-1 save stored a 5 000-character
// employer name nobody checked). Later steps' required rules and cross-field checks wait
// for their step. Limits and messages are read from the documents.
import { describe, expect, it } from 'vitest';
import { loadFormRuntime } from '../../../engine/core/node.ts';
import { primaryHousing, primaryWork, step1, validApplication } from '../../fixtures/consumer-valid.ts';
import { mortgageStep1, mortgageLoans, validMortgage } from '../../fixtures/mortgage-valid.ts';
import { checkMessage, consumer, errorMap, limitMessage, limitOf, messageOf } from './helpers.ts';

const runtime = consumer();
const doc = runtime.document;

describe('validateSave', () => {
  it("refuses a later step's answer its schema refuses: length, type, limits, choices, the Finnish keywords", () => {
    const data = {
      ...step1,
      ...primaryHousing,
      ...primaryWork,
      primaryApplicantEmployer: 'x'.repeat(5000),
      primaryApplicantGrossMonthlyIncome: 'paljon',
      primaryApplicantNetMonthlyIncome: limitOf(doc, 'primaryApplicantNetMonthlyIncome', 'maximum') + 1,
      primaryApplicantEducationId: 999,
      primaryApplicantZip: 'x',
      primaryApplicantIbanNumber: 'FI00',
    };
    const result = runtime.validateSave(data, { uptoStep: 1 });
    expect(result.valid).toBe(false);
    expect(errorMap(result)).toEqual({
      primaryApplicantZip: messageOf(doc, 'primaryApplicantZip', 'fiPostalCode.invalid'),
      primaryApplicantGrossMonthlyIncome: messageOf(doc, 'primaryApplicantGrossMonthlyIncome', 'type.number'),
      primaryApplicantNetMonthlyIncome: limitMessage(doc, 'primaryApplicantNetMonthlyIncome', 'maximum'),
      primaryApplicantEmployer: limitMessage(doc, 'primaryApplicantEmployer', 'maxLength'),
      primaryApplicantEducationId: messageOf(doc, 'primaryApplicantEducationId', 'oneOf'),
      primaryApplicantIbanNumber: runtime.validateStep({ ...validApplication(), primaryApplicantIbanNumber: 'FI00' }, 7).errors[0].message,
    });
    // In form order, as every other validation.
    expect(result.errors.map((error) => error.field)).toEqual(Object.keys(errorMap(result)));
    // The former save left such answers out and said nothing.
    expect(runtime.validateSubmission(data, { uptoStep: 1 }).valid).toBe(true);
  });

  it('reports the current steps and the later answers together', () => {
    const data = { ...step1, inputAppliedAmount: limitOf(doc, 'inputAppliedAmount', 'minimum') - 1, ...primaryWork, primaryApplicantEmployer: 'x'.repeat(101) };
    expect(errorMap(runtime.validateSave(data, { uptoStep: 1 }))).toEqual({
      inputAppliedAmount: limitMessage(doc, 'inputAppliedAmount', 'minimum'),
      primaryApplicantEmployer: limitMessage(doc, 'primaryApplicantEmployer', 'maxLength'),
    });
  });

  it("refuses a wrong row of a later step's list by its row field", () => {
    const data = { ...mortgageStep1, ...mortgageLoans, primaryApplicantCarBoatInput: [{ loan: 'x', monthlyPayment: 250 }] };
    const mortgage = loadFormRuntime('mortgage');
    const result = mortgage.validateSave(data, { uptoStep: 1 });
    expect(errorMap(result)).toEqual({ 'primaryApplicantCarBoatInput.0.loan': messageOf(mortgage.document, 'primaryApplicantCarBoatInput.0.loan', 'type.number') });
  });

  it("needs no later answer: a later step's required rules wait for its save", () => {
    const result = runtime.validateSave({ ...step1 }, { uptoStep: 1 });
    expect(result).toMatchObject({ valid: true, errors: [] });
    // A later step started but not finished: what it has is checked, what it lacks is not asked.
    const { primaryApplicantEmployer: _employer, ...partWork } = primaryWork;
    expect(runtime.validateSave({ ...step1, ...partWork }, { uptoStep: 1 }).valid).toBe(true);
    expect(errorMap(runtime.validateSave({ ...validApplication(), primaryApplicantEmployer: undefined }, { uptoStep: 4 }))).toEqual({
      primaryApplicantEmployer: messageOf(doc, 'primaryApplicantEmployer', 'required'),
    });
  });

  it('keeps the valid later answers it carries', () => {
    const result = runtime.validateSave({ ...step1, ...primaryWork }, { uptoStep: 1 });
    expect(result.valid).toBe(true);
    expect(result.data).toMatchObject({ primaryApplicantEmployer: 'Esimerkki Oy', primaryApplicantNetMonthlyIncome: 2900 });
  });

  it("leaves a later step's cross-field check to its step, and what fails it out of the data", () => {
    const data = { ...step1, ...primaryWork, primaryApplicantGrossMonthlyIncome: 2000, primaryApplicantNetMonthlyIncome: 2500 };
    const early = runtime.validateSave(data, { uptoStep: 1 });
    expect(early.valid).toBe(true);
    expect(early.data.primaryApplicantGrossMonthlyIncome).toBe(2000);
    expect(early.data).not.toHaveProperty('primaryApplicantNetMonthlyIncome');
    const check = doc.rules!.checks!.find((c) => c.field === 'primaryApplicantNetMonthlyIncome')!;
    const complete = { ...validApplication(), primaryApplicantGrossMonthlyIncome: 2000, primaryApplicantNetMonthlyIncome: 2500 };
    expect(runtime.validateSave(complete, { uptoStep: 3 }).valid).toBe(true);
    expect(errorMap(runtime.validateSave(complete, { uptoStep: 4 }))).toEqual({ primaryApplicantNetMonthlyIncome: checkMessage(doc, check.id) });
  });

  it('checks no hidden answer: a field whose rule hides it is pruned, as every validation prunes it', () => {
    // The employer shows only for some employment types; without one it is hidden and not stored.
    const result = runtime.validateSave({ ...step1, primaryApplicantEmployer: 'x'.repeat(5000) }, { uptoStep: 1 });
    expect(result.valid).toBe(true);
    expect(result.data).not.toHaveProperty('primaryApplicantEmployer');
  });

  it('at the last step is the whole validation, as validateSubmission', () => {
    for (const data of [validApplication(), { ...validApplication(), primaryApplicantEmployer: 'x'.repeat(101) }]) {
      expect(runtime.validateSave(data, { uptoStep: 7 })).toEqual(runtime.validateSubmission(data, { uptoStep: 7 }));
      expect(runtime.validateSave(data, { uptoStep: 7 }).errors).toEqual(runtime.validate(data).errors);
    }
    const mortgage = loadFormRuntime('mortgage');
    expect(mortgage.validateSave(validMortgage(), { uptoStep: 1 })).toMatchObject({ valid: true, errors: [] });
  });
});
