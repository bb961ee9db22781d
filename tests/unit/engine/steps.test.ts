import { describe, expect, it } from 'vitest';
import { validApplication, validApplicationWithCoApplicant } from '../../fixtures/consumer-valid.ts';
import { consumer, errorMap } from './helpers.ts';

const runtime = consumer();

describe('step order and step validation', () => {
  it('goes 5 → 7 without a co-applicant and 5 → 6 → 7 with one', () => {
    const walk = (data: Record<string, unknown>) => {
      const seen = [1];
      let step: number | null = 1;
      while ((step = runtime.nextStep(step, data)) !== null) seen.push(step);
      return seen;
    };
    expect(walk(validApplication())).toEqual([1, 2, 3, 4, 5, 7]);
    expect(walk(validApplicationWithCoApplicant())).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(runtime.previousStep(7, validApplication())).toBe(5);
    expect(runtime.previousStep(7, validApplicationWithCoApplicant())).toBe(6);
  });

  it('has the spec button labels and progress values', () => {
    const plain = validApplication();
    const withCo = validApplicationWithCoApplicant();
    expect([1, 2, 3, 4].map((n) => runtime.buttonLabel(n, plain))).toEqual(Array(4).fill('Jatka hakemusta'));
    expect(runtime.buttonLabel(5, plain)).toBe('Viimeistele hakemus');
    expect(runtime.buttonLabel(5, withCo)).toBe('Jatka hakemusta');
    expect(runtime.buttonLabel(6, withCo)).toBe('Viimeistele hakemus');
    expect(runtime.buttonLabel(7, plain)).toBe('Tunnistaudu tästä lähettääksesi hakemus');
    expect(runtime.document.steps.map((s) => s.progress)).toEqual([8, 30, 50, 60, 80, 90, 100]);
  });

  it('validates only the fields of the asked step', () => {
    const data = { ...validApplication(), inputAppliedAmount: 100, primaryApplicantZip: 'x' };
    expect(errorMap(runtime.validateStep(data, 1))).toEqual({ inputAppliedAmount: 'Vähintään 500' });
    expect(errorMap(runtime.validateStep(data, 3))).toEqual({ primaryApplicantZip: 'Tarkista postinumero' });
    expect(runtime.validateStep(data, 2).valid).toBe(true);
  });

  it('validates one field for blur', () => {
    const data = { ...validApplication(), primaryApplicantEmail2: 'other@example.fi', primaryApplicantZip: 'x' };
    expect(runtime.validateField(data, 'primaryApplicantEmail2')).toEqual([{ field: 'primaryApplicantEmail2', message: 'Sähköpostiosoitteet eivät täsmää' }]);
    expect(runtime.validateField(data, 'primaryApplicantEmail')).toEqual([]);
  });

  it('a save validates steps 1..step and keeps only valid later answers', () => {
    const data = { ...validApplication(), primaryApplicantZip: 'x', primaryApplicantIbanNumber: 'FI00' };
    const early = runtime.validateSubmission(data, { uptoStep: 2 });
    expect(early.valid).toBe(true);
    expect(early.data).not.toHaveProperty('primaryApplicantZip');
    expect(early.data).not.toHaveProperty('primaryApplicantIbanNumber');
    expect(early.data.primaryApplicantCity).toBe('Helsinki');
    const late = runtime.validateSubmission(data, { uptoStep: 3 });
    expect(errorMap(late)).toEqual({ primaryApplicantZip: 'Tarkista postinumero' });
  });

  it('shows summary sections once past their step, co-applicant ones only with a co-applicant past step 5', () => {
    const ids = (data: Record<string, unknown>, step: number) => runtime.summarySections(data, step).map((s) => s.id);
    expect(ids(validApplication(), 1)).toEqual([]);
    expect(ids(validApplication(), 3)).toEqual(['loan', 'basics']);
    // Tilinumero joins on step 7 once the account number is given or promised for later.
    expect(ids(validApplication(), 7)).toEqual(['loan', 'basics', 'housing', 'work', 'loans', 'iban']);
    const { primaryApplicantIbanNumber: _iban, ...withoutIban } = validApplication();
    expect(ids(withoutIban, 7)).toEqual(['loan', 'basics', 'housing', 'work', 'loans']);
    expect(ids({ ...withoutIban, primaryapplicantNoIban: true }, 7)).toContain('iban');
    expect(ids(validApplication(), 6)).not.toContain('iban');
    expect(ids(validApplicationWithCoApplicant(), 5)).toEqual(['loan', 'basics', 'housing', 'work']);
    expect(ids(validApplicationWithCoApplicant(), 6)).toEqual(['loan', 'basics', 'housing', 'work', 'loans', 'coApplicantBasics']);
    expect(ids(validApplicationWithCoApplicant(), 7)).toContain('coApplicantDetails');
  });
});
