// "A new product is a new document": tests/fixtures/forms/tiny-loan.json is a
// second, small product that includes the same section files as the consumer
// (forms/sections/identity, housing, work) for a primary applicant and a second
// applicant with its own label template, and overrides a label and two limits for
// itself. No engine code knows it; the consumer is not changed by it.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FORMS_DIR, readFormDocument, readFormSource, runtimeForDocument } from '../../../engine/core/node.ts';
import { messageFor } from '../../../engine/core/messages.ts';

const FIXTURE = join(import.meta.dirname, '../../fixtures/forms/tiny-loan.json');
const SECTIONS = join(FORMS_DIR, 'sections');
const source = readFormSource(FIXTURE, undefined, { sectionsDir: SECTIONS });
const doc = source.document;
const consumer = readFormDocument('consumer');
const runtime = runtimeForDocument(doc, [], FIXTURE);

describe('a second product on the same sections', () => {
  it('passes forms:check and reads the same section files as the consumer', () => {
    expect(source.findings).toEqual([]);
    expect(source.sectionFiles).toEqual(['identity', 'housing', 'work'].map((id) => join(SECTIONS, `${id}.json`)));
    expect(readFormSource('consumer').sectionFiles).toEqual(expect.arrayContaining(source.sectionFiles));
  });

  it("has the consumer's section fields for both applicants, and its own", () => {
    const sectionFields = Object.keys(doc.schema.properties).filter((id) => id !== 'amount' && id !== 'hasCoApplicant');
    expect(sectionFields.length).toBeGreaterThan(60);
    for (const id of sectionFields) expect(Object.keys(consumer.schema.properties), id).toContain(id);
    expect(doc.steps[2].sections[0].fields[0]).toBe('coApplicantPersonalIdentificationNumber');
  });

  it('names the second applicant with its own label template', () => {
    expect(doc.labels.coApplicantFirstnames).toBe(`Toisen hakijan ${doc.labels.primaryApplicantFirstnames.toLocaleLowerCase('fi')}`);
    expect(doc.labels.coApplicantHasNoLoans).toBeUndefined();
  });

  it('overrides a label and limits for both applicants, the consumer keeps its own', () => {
    expect(doc.labels.primaryApplicantLivingExpenses).toBe('Yhtiövastike tai vuokra');
    expect(doc.labels.coApplicantLivingExpenses).toBe('Toisen hakijan yhtiövastike tai vuokra');
    for (const party of ['primaryApplicant', 'coApplicant']) {
      expect(doc.schema.properties[`${party}LivingExpenses`].maximum).toBe(5000);
      expect(doc.schema.properties[`${party}GrossMonthlyIncome`].minimum).toBe(0);
      expect(consumer.schema.properties[`${party}GrossMonthlyIncome`].minimum).not.toBe(0);
      expect(consumer.labels[`${party}LivingExpenses`]).not.toMatch(/Yhtiövastike/i);
    }
  });

  it('validates with its own messages: the second applicant only when asked for', () => {
    const base = { amount: 5000, hasCoApplicant: false };
    expect(runtime.validateStep(base, 1).valid).toBe(true);
    expect(runtime.activeSteps(base).map((s) => s.number)).toEqual([1, 2]);
    const required = messageFor(doc, 'coApplicantFirstnames', ['required']);
    const withCo = runtime.validateStep({ ...base, hasCoApplicant: true }, 3);
    expect(withCo.errors).toContainEqual({ field: 'coApplicantFirstnames', message: required });
    const above = messageFor(doc, 'primaryApplicantLivingExpenses', ['maximum'], { limit: 5000 });
    expect(runtime.validateField({ primaryApplicantLivingExpenses: 5001 }, 'primaryApplicantLivingExpenses')).toEqual([{ field: 'primaryApplicantLivingExpenses', message: above }]);
    expect(runtime.validateField({ primaryApplicantGrossMonthlyIncome: 0 }, 'primaryApplicantGrossMonthlyIncome')).toEqual([]);
  });
});
