import { describe, expect, it } from 'vitest';
import { resolveVariants } from '../../../engine/core/document.ts';
import { readFormDocument } from '../../../engine/core/node.ts';
import { plainStepForm } from '../../../tools/bench-phone/plain-page.ts';

const doc = resolveVariants(readFormDocument('consumer'), []);
const step1 = doc.steps[0].sections.flatMap((section) => section.fields);

describe('plainStepForm (the plain RJSF page of bench:phone)', () => {
  const form = plainStepForm(doc, 1);

  it("holds the step's fields only, with their schemas, in the step's order", () => {
    const properties = form.schema.properties as Record<string, unknown>;
    expect(Object.keys(properties)).toEqual(step1);
    expect(properties.inputAppliedAmount).toEqual(doc.schema.properties.inputAppliedAmount);
    expect(form.uiSchema['ui:order']).toEqual(step1);
  });

  it('requires the fields the document always requires, and no others', () => {
    const always = step1.filter((field) => doc.rules?.required?.[field] === true);
    expect(always.length).toBeGreaterThan(0);
    expect(form.schema.required).toEqual(always);
  });

  it("keeps RJSF's own widgets and texts and puts RJSF's controls in place of ours", () => {
    const ui = form.uiSchema as Record<string, Record<string, unknown> | undefined>;
    // The purpose cards are a choice: radio buttons.
    expect(ui.loanPurposeId?.['ui:widget']).toBe('radio');
    // The sliders: RJSF's default control for a number, which takes typing.
    expect(ui.inputAppliedAmount?.['ui:widget']).toBeUndefined();
    expect(ui.inputAppliedAmount?.['ui:options']).toBeUndefined();
    expect(ui.hasCoApplicant).toEqual({ 'ui:widget': 'checkbox', 'ui:help': doc.ui?.hasCoApplicant?.['ui:help'] });
  });

  it('refuses a step the document does not have', () => {
    expect(() => plainStepForm(doc, 99)).toThrow(/no step 99/);
  });
});
