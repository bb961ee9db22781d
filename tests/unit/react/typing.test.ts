// What a keystroke re-renders (issue 13): each field is its own RJSF form, fed state
// objects that keep their identity while nothing of the field changed, and the
// wizard's store tells a field only about its own visibility, requiredness and
// errors. These pin that the work stays with the edited field while a field a
// keystroke shows appears, one it hides goes, and required marks follow; and, rendered
// on the server, that the page shows the fields the view says are visible.
import { readFileSync } from 'node:fs';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { FormData, FormView } from '../../../engine/core/index.ts';
import { loadFormRuntime } from '../../../engine/core/node.ts';
import { sectionSpecs, sectionStates, withField, type SectionState } from '../../../engine/react/field-forms.ts';
import { FormWizard } from '../../../engine/react/index.ts';
import { fieldDomId } from '../../../engine/react/ids.ts';
import { inputWidth } from '../../../engine/react/widgets/TextWidget.tsx';
import { createWizardStore, type WizardState } from '../../../engine/react/store.ts';
import { renderer } from '../../../src/app/messages/index.ts';
import { validApplication, validApplicationWithCoApplicant } from '../../fixtures/consumer-valid.ts';
import { personalIdOfAge } from '../../fixtures/personal-id.ts';

const runtime = loadFormRuntime('consumer');
const doc = runtime.document;
const specs = sectionSpecs(doc);
const allSteps = doc.steps.map((step) => step.number);
const militaryAge = (doc.constants!.militaryQuestionAge as { min: number }).min + 1;

/** A page's section states for data, made from the previous view as the wizard does. */
function pageOf() {
  const states = sectionStates(doc);
  let view: FormView | undefined;
  return (data: FormData, errors: Record<string, string> = {}) => {
    view = runtime.view(data, view);
    return { view, states: states(allSteps, specs, data, view, errors) };
  };
}

const stateOfField = (states: Map<number, readonly SectionState[]>, field: string) => {
  for (const sections of states.values())
    for (const section of sections) {
      const i = section.fields.findIndex((spec) => spec.field === field);
      if (i !== -1) return section.states[i];
    }
  return undefined;
};

describe('section states: a keystroke changes the edited field only', () => {
  it('keeps every other step, section and field object', () => {
    const page = pageOf();
    const before = page(validApplicationWithCoApplicant());
    const after = page(withField(before.view.data, 'coApplicantEmployer', { coApplicantEmployer: 'Rakennus Oyj' }));
    for (const step of allSteps.filter((n) => n !== 6)) expect(after.states.get(step)).toBe(before.states.get(step));
    const changed = after.states.get(6)!.filter((section, i) => section !== before.states.get(6)![i]);
    expect(changed).toHaveLength(1);
    const section = changed[0];
    section.fields.forEach((spec, i) => {
      const same = section.states[i] === stateOfField(before.states, spec.field);
      expect(same, spec.field).toBe(spec.field !== 'coApplicantEmployer');
    });
    expect(stateOfField(after.states, 'coApplicantEmployer')!.formData).toEqual({ coApplicantEmployer: 'Rakennus Oyj' });
  });

  it('a field a keystroke shows gets a form, one it hides loses it; its section follows', () => {
    const page = pageOf();
    const code = personalIdOfAge(militaryAge, 123);
    let current = page({ ...validApplication(), primaryApplicantPersonalIdentificationNumber: code.slice(0, -1) });
    expect(stateOfField(current.states, 'primaryApplicantMilitaryStatusId')).toBeUndefined();
    current = page(withField(current.view.data, 'primaryApplicantPersonalIdentificationNumber', { primaryApplicantPersonalIdentificationNumber: code }));
    expect(stateOfField(current.states, 'primaryApplicantMilitaryStatusId')).toBeDefined();
    expect(current.view.required.has('primaryApplicantMilitaryStatusId')).toBe(true);
    current = page(withField(current.view.data, 'primaryApplicantPersonalIdentificationNumber', { primaryApplicantPersonalIdentificationNumber: code.slice(0, -1) }));
    expect(stateOfField(current.states, 'primaryApplicantMilitaryStatusId')).toBeUndefined();
    expect(current.view.required.has('primaryApplicantMilitaryStatusId')).toBe(false);
  });

  it('a step-1 answer hides the co-applicant sections of step 6 and shows them again', () => {
    const page = pageOf();
    const shown = page(validApplicationWithCoApplicant());
    expect(shown.states.get(6)!.some((section) => section.fields.length > 0)).toBe(true);
    const hidden = page(withField(shown.view.data, 'hasCoApplicant', { hasCoApplicant: false }));
    expect(hidden.states.get(6)!.every((section) => section.fields.length === 0)).toBe(true);
    const again = page(withField(hidden.view.data, 'hasCoApplicant', { hasCoApplicant: true }));
    expect(again.states.get(6)!.map((section) => section.fields.map((spec) => spec.field))).toEqual(shown.states.get(6)!.map((section) => section.fields.map((spec) => spec.field)));
  });

  it("an error and a rule-made title change that field's state only", () => {
    const page = pageOf();
    const data = validApplicationWithCoApplicant();
    const before = page(data);
    const withError = page(data, { 'primaryApplicantOtherLoanInput.0.loan': 'Virhe' });
    expect(stateOfField(withError.states, 'primaryApplicantOtherLoanInput')!.extraErrors).toEqual({ primaryApplicantOtherLoanInput: { 0: { loan: { __errors: ['Virhe'] } } } });
    expect(stateOfField(withError.states, 'coApplicantEmployer')).toBe(stateOfField(before.states, 'coApplicantEmployer'));
    // The employer's label is a rule over the employment type.
    const entrepreneur = page({ ...data, coApplicantEmploymentTypeId: 7 });
    expect(stateOfField(entrepreneur.states, 'coApplicantEmployer')!.uiSchema.coApplicantEmployer['ui:title']).toBe(entrepreneur.view.titles.coApplicantEmployer);
    expect(entrepreneur.view.titles.coApplicantEmployer).not.toBe(before.view.titles.coApplicantEmployer);
  });

  it('a cleared field leaves the data; its form reports no key', () => {
    const data = withField(validApplication(), 'primaryApplicantEmployer', {});
    expect(data).not.toHaveProperty('primaryApplicantEmployer');
    expect(withField(validApplication(), 'primaryApplicantEmployer', { primaryApplicantEmployer: undefined })).toHaveProperty('primaryApplicantEmployer', undefined);
  });
});

describe('the wizard store tells a field about its own changes only', () => {
  const state = (data: FormData, errors: Record<string, string> = {}): WizardState => ({ view: runtime.view(data), errors, summary: null });

  it('visibility, requiredness and errors reach the fields they are about', () => {
    const base = validApplication();
    const store = createWizardStore(state(base));
    const heard: string[] = [];
    for (const key of ['primaryApplicantMilitaryStatusId', 'primaryApplicantEmployer', 'primaryApplicantOtherLoanInput', 'primaryApplicantOtherLoanInput.0.loan']) store.subscribe(() => heard.push(key), key);
    let every = 0;
    store.subscribe(() => every++);

    store.set(state({ ...base, primaryApplicantEmployer: 'Toinen Oy' }));
    expect(heard).toEqual([]);
    store.set(state({ ...base, primaryApplicantPersonalIdentificationNumber: personalIdOfAge(militaryAge, 123) }));
    expect(heard).toEqual(['primaryApplicantMilitaryStatusId']);
    heard.length = 0;
    store.set({ ...store.get(), errors: { 'primaryApplicantOtherLoanInput.0.loan': 'Virhe' } });
    expect(heard.sort()).toEqual(['primaryApplicantOtherLoanInput', 'primaryApplicantOtherLoanInput.0.loan']);
    expect(every).toBe(3);
  });
});

describe('the rendered page', () => {
  const html = (data: FormData, currentStep: number) =>
    renderToStaticMarkup(createElement(FormWizard, { runtime, data, onChange() {}, currentStep, onContinue: async () => ({ ok: true }), messages: renderer }));

  it('renders the fields the view shows, each in a form of its own, and marks the required ones', () => {
    const code = personalIdOfAge(militaryAge, 123);
    const shown = html({ ...validApplication(), primaryApplicantPersonalIdentificationNumber: code }, 2);
    const military = new RegExp(`<select[^>]*id="${fieldDomId('primaryApplicantMilitaryStatusId')}"[^>]*>`);
    expect(shown).toMatch(military);
    expect(military.exec(shown)![0]).toContain('aria-required="true"');
    const hidden = html({ ...validApplication(), primaryApplicantPersonalIdentificationNumber: personalIdOfAge(militaryAge, 124) }, 2);
    expect(hidden).not.toContain(fieldDomId('primaryApplicantMilitaryStatusId'));
    // One form per visible field, and the continue button's own.
    const view = runtime.view({ ...validApplication(), primaryApplicantPersonalIdentificationNumber: code });
    const fieldsShown = view.activeSteps.filter((step) => step.number <= 2).flatMap((step) => step.sections.flatMap((section) => section.fields)).filter((field) => view.visible.has(field));
    expect(shown.match(/<form class="lv-field-form"/g)).toHaveLength(fieldsShown.length);
    expect(shown.match(/<form class="lv-step__actions"/g)).toHaveLength(1);
  });
});

// A keystroke in a text field changes nothing of the field's box, so theme.css makes the
// box a layout boundary (`contain: strict`) and the browser lays out the field alone, not
// every box up to the page. Size containment ignores the content, so the height it spells
// out must stay the box's own: one line plus the padding and border of `.lv-input`.
describe('the text field as a layout boundary', () => {
  const css = readFileSync(new URL('../../../engine/react/theme.css', import.meta.url), 'utf8');
  const block = (selector: RegExp) => {
    const found = new RegExp(`${selector.source}\\s*\\{([^}]*)\\}`).exec(css);
    expect(found, String(selector)).not.toBeNull();
    return found![1];
  };
  const rem = (value: string) => (value.endsWith('rem') ? parseFloat(value) : NaN);

  it('contains every width a text widget gives, and nothing else', () => {
    const contained = block(/\.lv-input--short,\s*\.lv-input--medium,\s*\.lv-input--long/);
    expect(contained).toContain('contain: strict');
    expect(new Set([undefined, 12, 40, 200].map(inputWidth))).toEqual(new Set(['short', 'medium', 'long']));
  });

  it("spells out the height the box has from one line, .lv-input's padding and border", () => {
    const input = block(/\.lv-input,\s*\.lv-select/);
    const padding = /padding:\s*([^;]+);/.exec(input)![1].trim().split(/\s+/);
    const [top, bottom] = [padding[0], padding[padding.length >= 3 ? 2 : 0]];
    const border = parseFloat(/border:\s*(\d+(?:\.\d+)?)px/.exec(input)![1]);
    const height = /height:\s*calc\(1lh \+ ([\d.]+)rem \+ (\d+)px\)/.exec(block(/\.lv-input--short,\s*\.lv-input--medium,\s*\.lv-input--long/));
    expect(height).not.toBeNull();
    expect(parseFloat(height![1])).toBeCloseTo(rem(top) + rem(bottom));
    expect(Number(height![2])).toBe(2 * border);
  });
});
