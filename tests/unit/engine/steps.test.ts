import { describe, expect, it } from 'vitest';
import { validApplication, validApplicationWithCoApplicant } from '../../fixtures/consumer-valid.ts';
import { checkMessage, consumer, errorMap, limitMessage, limitOf, messageOf } from './helpers.ts';

// The consumer's flow; labels, limits and messages are read from the document.
const runtime = consumer();
const doc = runtime.document;

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

  it("labels the buttons from the document: step 5's depends on the co-applicant, progress grows to 100", () => {
    const plain = validApplication();
    const withCo = validApplicationWithCoApplicant();
    const button = (n: number) => doc.steps.find((s) => s.number === n)!.button;
    for (const n of [1, 2, 3, 4, 6, 7]) expect(runtime.buttonLabel(n, withCo)).toBe(button(n));
    // Step 5's label is a rule on hasCoApplicant: one label with a co-applicant step to come, another without.
    const [, withCoLabel, plainLabel] = (button(5) as { if: [unknown, string, string] }).if;
    expect(withCoLabel).not.toBe(plainLabel);
    expect(runtime.buttonLabel(5, withCo)).toBe(withCoLabel);
    expect(runtime.buttonLabel(5, plain)).toBe(plainLabel);
    const progress = doc.steps.map((s) => s.progress as number);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(progress.at(-1)).toBe(100);
  });

  it('validates only the fields of the asked step', () => {
    const data = { ...validApplication(), inputAppliedAmount: limitOf(doc, 'inputAppliedAmount', 'minimum') - 1, primaryApplicantZip: 'x' };
    expect(errorMap(runtime.validateStep(data, 1))).toEqual({ inputAppliedAmount: limitMessage(doc, 'inputAppliedAmount', 'minimum') });
    expect(errorMap(runtime.validateStep(data, 3))).toEqual({ primaryApplicantZip: messageOf(doc, 'primaryApplicantZip', 'fiPostalCode.invalid') });
    expect(runtime.validateStep(data, 2).valid).toBe(true);
  });

  it('validates one field for blur', () => {
    const data = { ...validApplication(), primaryApplicantEmail2: 'other@example.fi', primaryApplicantZip: 'x' };
    expect(runtime.validateField(data, 'primaryApplicantEmail2')).toEqual([{ field: 'primaryApplicantEmail2', message: checkMessage(doc, 'primaryApplicantEmailRepeat') }]);
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
    expect(errorMap(late)).toEqual({ primaryApplicantZip: messageOf(doc, 'primaryApplicantZip', 'fiPostalCode.invalid') });
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
