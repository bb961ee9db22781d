// What a keystroke re-renders (issues 13 and 31): each field is its own RJSF form that
// subscribes to its own answer in the answers' store and to its own visibility,
// requiredness, title and errors in the wizard's store; each store tells a subscriber
// only of its own key. These pin that a keystroke tells the edited field and not the
// others, while a field a keystroke shows appears, one it hides goes, and required marks
// and titles follow; and, rendered on the server, that the page shows the fields the
// view says are visible. (tests/e2e/typing.spec.ts counts what the browser renders.)
import { readFileSync } from 'node:fs';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { FormData } from '../../../engine/core/index.ts';
import { loadFormRuntime } from '../../../engine/core/node.ts';
import { createAnswersStore } from '../../../engine/react/answers.ts';
import { fieldErrorsOf, formDataOf, sameFormData, withField } from '../../../engine/react/field-forms.ts';
import { FormWizard } from '../../../engine/react/index.ts';
import { fieldDomId } from '../../../engine/react/ids.ts';
import { inputWidth } from '../../../engine/react/widgets/TextWidget.tsx';
import { createWizardStore, type WizardState } from '../../../engine/react/store.ts';
import { renderer } from '../../../src/app/messages/index.ts';
import { validApplication, validApplicationWithCoApplicant } from '../../fixtures/consumer-valid.ts';
import { personalIdOfAge } from '../../fixtures/personal-id.ts';

const runtime = loadFormRuntime('consumer');
const doc = runtime.document;
const militaryAge = (doc.constants!.militaryQuestionAge as { min: number }).min + 1;

describe('the answers store tells a subscriber of its own key only', () => {
  it('a keystroke tells the edited field and those listening to every change, no other field', () => {
    const answers = createAnswersStore(runtime, validApplicationWithCoApplicant());
    const heard: string[] = [];
    for (const field of ['coApplicantEmployer', 'coApplicantAddress', 'primaryApplicantEmployer', 'hasCoApplicant']) answers.subscribe(() => heard.push(field), field);
    let every = 0;
    answers.subscribe(() => every++);
    answers.set(withField(answers.get(), 'coApplicantEmployer', { coApplicantEmployer: 'Rakennus Oyj' }));
    expect(heard).toEqual(['coApplicantEmployer']);
    expect(every).toBe(1);
    // The same object is no change; a cleared field is one.
    answers.set(answers.get());
    expect(every).toBe(1);
    answers.set(withField(answers.get(), 'coApplicantEmployer', {}));
    expect(heard).toEqual(['coApplicantEmployer', 'coApplicantEmployer']);
    answers.set(withField(answers.get(), 'coApplicantAddress', { coApplicantAddress: 'Katu 1' }));
    expect(heard).toEqual(['coApplicantEmployer', 'coApplicantEmployer', 'coApplicantAddress']);
  });

  it("the view is the answers' own, made from the previous one", () => {
    const answers = createAnswersStore(runtime, validApplicationWithCoApplicant());
    const before = answers.view();
    expect(answers.view()).toBe(before);
    answers.set(withField(answers.get(), 'coApplicantEmployer', { coApplicantEmployer: 'Rakennus Oyj' }));
    const after = answers.view();
    expect(after.data).toBe(answers.get());
    // Nothing the employer decides changed: the visible fields and the steps are the same objects.
    expect(after.visible).toBe(before.visible);
    expect(after.activeSteps).toBe(before.activeSteps);
    answers.set(withField(answers.get(), 'hasCoApplicant', { hasCoApplicant: false }));
    expect(answers.view().visible.has('coApplicantEmployer')).toBe(false);
  });

  it("a field's form data keeps its object while its answer is the same", () => {
    const select = formDataOf('coApplicantEmployer');
    const data = validApplicationWithCoApplicant();
    expect(sameFormData(select(data), select({ ...data, coApplicantAddress: 'Toinen katu 2' }))).toBe(true);
    expect(sameFormData(select(data), select({ ...data, coApplicantEmployer: 'Rakennus Oyj' }))).toBe(false);
    expect(select(withField(data, 'coApplicantEmployer', {}))).toEqual({});
    expect(sameFormData(select(withField(data, 'coApplicantEmployer', {})), select({ ...data, coApplicantEmployer: undefined }))).toBe(false);
  });

  it("a field's errors are its own and its rows'", () => {
    const errors = { 'primaryApplicantOtherLoanInput.0.loan': 'Virhe', primaryApplicantOtherLoanInputX: 'Toinen', coApplicantEmployer: 'Kolmas' };
    const state: WizardState = { view: runtime.view(validApplication()), errors, summary: null };
    expect(fieldErrorsOf('primaryApplicantOtherLoanInput')(state)).toEqual([['primaryApplicantOtherLoanInput.0.loan', 'Virhe']]);
    expect(fieldErrorsOf('coApplicantEmployer')(state)).toEqual([['coApplicantEmployer', 'Kolmas']]);
    expect(fieldErrorsOf('primaryApplicantEmployer')(state)).toBe(fieldErrorsOf('primaryApplicantEmployer')({ ...state, errors: {} }));
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

  it('a rule-made title reaches its field only', () => {
    const data = validApplicationWithCoApplicant();
    const store = createWizardStore(state(data));
    const heard: string[] = [];
    for (const key of ['coApplicantEmployer', 'coApplicantAddress']) store.subscribe(() => heard.push(key), key);
    // The employer's label is a rule over the employment type.
    store.set(state({ ...data, coApplicantEmploymentTypeId: 7 }));
    expect(store.get().view.titles.coApplicantEmployer).not.toBe(runtime.view(data).titles.coApplicantEmployer);
    expect(heard).toEqual(['coApplicantEmployer']);
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
