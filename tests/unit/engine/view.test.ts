// runtime.view: what a page shows that the rules decide, once per data object. A view
// made from the previous one (a keystroke later) evaluates only the rules that read a
// changed field; these tests pin that its answers are those of a view made afresh and
// of the reference runtime, over sequences of edits (replaced objects and objects and
// rows edited in place), and the behaviour the browser relies on: a rule that reads a
// field of another step, pruning of hidden answers, fields appearing and disappearing
// as a key is typed, and required fields following them.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { logicOperations } from '../../../custom-validators/logic-operations.ts';
import { compileSchema } from '../../../engine/core/compile.ts';
import { readFormDocument } from '../../../engine/core/node.ts';
import { createFormRuntime, type FormRuntime } from '../../../engine/core/runtime.ts';
import type { FormView } from '../../../engine/core/view.ts';
import type { FormData, FormDocument, SchemaValidateFunction } from '../../../engine/core/types.ts';
import { validApplication, validApplicationWithCoApplicant } from '../../fixtures/consumer-valid.ts';
import { validMortgage, validMortgageWithCoApplicant } from '../../fixtures/mortgage-valid.ts';
import { personalIdOfAge } from '../../fixtures/personal-id.ts';
import { createReferenceRuntime, type ReferenceRuntime } from './reference-runtime.ts';

const doc = readFormDocument('consumer');
const validator = compileSchema(doc);
const stepNumbers = doc.steps.map((step) => step.number);

/** Everything a view answers, as plain data (sets sorted, steps by number). */
function answers(view: FormView): unknown {
  return {
    prepared: Object.entries(view.prepared),
    visible: [...view.visible].sort(),
    required: [...view.required].sort(),
    activeSteps: view.activeSteps.map((step) => step.number),
    computed: view.computed,
    titles: view.titles,
    warnings: view.warnings,
    buttons: stepNumbers.map((n) => view.buttonLabel(n)),
    summary: [0, ...stepNumbers, 99].map((n) => view.summarySections(n)),
  };
}

/** The read-only calls of the runtime, as the reference runtime answers them. */
function readOnly(runtime: ReferenceRuntime, data: FormData): unknown {
  return {
    prepare: Object.entries(runtime.prepare(data)),
    visibleFields: runtime.visibleFields(data),
    activeSteps: runtime.activeSteps(data).map((step) => step.number),
    computed: runtime.computed(data),
    summary: runtime.summarySections(data, 7),
    next: stepNumbers.map((n) => runtime.nextStep(n, data)),
    buttons: stepNumbers.map((n) => runtime.buttonLabel(n, data)),
  };
}

const fresh = () => createFormRuntime(doc, validator);

describe('a view made from the previous one answers as one made afresh', () => {
  const fields = Object.keys(doc.schema.properties);
  // Plain objects, as JSON and the browser make them (fast-check's records have no prototype).
  const row = fc.record({ loan: fc.constantFrom(0, 5000, 12000), monthlyPayment: fc.constantFrom(0, 150, 300) }).map((r) => ({ ...r }));
  const value = fc.oneof(
    fc.constantFrom<unknown>(undefined, true, false, 0, 1, 4, 6, 7, 16, 19, 500, 25000, 30000, '', 'abc', ' x ', null),
    fc.constantFrom(personalIdOfAge(20, 123), personalIdOfAge(20, 124), personalIdOfAge(40, 321), '010180-90'),
    fc.array(row, { maxLength: 3 }),
  );
  /** An edit: a field set (a new object), deleted, or a row changed inside the same objects. */
  const edit = fc.oneof(
    fc.tuple(fc.constant('set' as const), fc.constantFrom(...fields), value),
    fc.tuple(fc.constant('inPlace' as const), fc.constantFrom(...fields), value),
    fc.tuple(fc.constant('row' as const), fc.constantFrom('primaryApplicantOtherLoanInput', 'coApplicantMortgageInput'), fc.constantFrom(0, 151, 999)),
  );

  it('over sequences of edits of forms/consumer.json, and the runtime answers as the reference does', () => {
    const reference = createReferenceRuntime(doc, validator);
    fc.assert(
      fc.property(fc.constantFrom(validApplication, validApplicationWithCoApplicant, () => ({})), fc.array(edit, { minLength: 1, maxLength: 8 }), (start, edits) => {
        const runtime = fresh();
        let data: FormData = start();
        let view = runtime.view(data);
        for (const [kind, field, next] of edits) {
          if (kind === 'set') data = next === undefined ? Object.fromEntries(Object.entries(data).filter(([key]) => key !== field)) : { ...data, [field]: next };
          else if (kind === 'inPlace') {
            if (next === undefined) delete data[field];
            else data[field] = next;
          } else {
            const rows = data[field];
            if (Array.isArray(rows) && rows.length > 0) (rows[0] as FormData).monthlyPayment = next;
            else data = { ...data, [field]: [{ loan: 1000, monthlyPayment: next }] };
          }
          view = runtime.view(data, view);
          expect(answers(view)).toStrictEqual(answers(fresh().view(structuredClone(data))));
          expect(readOnly(runtime, data)).toStrictEqual(readOnly(reference, data));
        }
      }),
      { numRuns: 60, seed: 20261125 },
    );
  }, 300_000);

  it('over edits of forms/mortgage.json: its warnings and rule-made titles follow the data', () => {
    const mortgage = readFormDocument('mortgage');
    const mortgageValidator = compileSchema(mortgage);
    const answersOf = (view: FormView) => ({ warnings: view.warnings, titles: view.titles, visible: [...view.visible].sort(), prepared: Object.entries(view.prepared) });
    const mortgageEdit = fc.tuple(
      fc.constantFrom('primaryApplicantGrossMonthlyIncome', 'primaryApplicantNetMonthlyIncome', 'coApplicantOtherRegularExpenses', 'primaryApplicantAccommodationId', 'primaryApplicantApartmentTypeId', 'hasCoApplicant'),
      fc.constantFrom<unknown>(undefined, '', 0, 1, 3, 4, 10000, 10001, 20000, 20001, 60000, true, false, 'abc'),
    );
    fc.assert(
      fc.property(fc.constantFrom(validMortgage, validMortgageWithCoApplicant), fc.array(mortgageEdit, { minLength: 1, maxLength: 8 }), (start, edits) => {
        const runtime = createFormRuntime(mortgage, mortgageValidator);
        let data: FormData = start();
        let view = runtime.view(data);
        for (const [field, next] of edits) {
          data = { ...data, [field]: next };
          view = runtime.view(data, view);
          expect(answersOf(view)).toStrictEqual(answersOf(createFormRuntime(mortgage, mortgageValidator).view(structuredClone(data))));
        }
      }),
      { numRuns: 60, seed: 20261124 },
    );
  }, 120_000);

  it('is one object per data object, and another for a copy edited in place', () => {
    const runtime = fresh();
    const data = validApplication();
    const view = runtime.view(data);
    expect(runtime.view(data)).toBe(view);
    expect(runtime.view(data, view)).toBe(view);
    data.hasCoApplicant = true;
    const after = runtime.view(data, view);
    expect(after).not.toBe(view);
    expect(after.activeSteps.map((step) => step.number)).toContain(6);
  });
});

describe('work per edit', () => {
  // Every rule of this document calls `isEmpty` once, so counting its calls counts rule evaluations.
  const notEmpty = (field: string) => ({ '!': { isEmpty: [{ var: field }] } });
  const small = {
    id: 'small',
    version: 1,
    title: 'Pieni',
    schema: { type: 'object', properties: { a: {}, b: {}, c: {}, d: {}, e: {} } },
    steps: [{ id: 's1', number: 1, title: 'Vaihe', button: 'Jatka', progress: 100, sections: [{ fields: ['a', 'b', 'c', 'd', 'e'] }] }],
    rules: {
      visible: { b: notEmpty('a'), c: notEmpty('d') },
      required: { e: notEmpty('d') },
      computed: { fromA: notEmpty('a'), fromD: notEmpty('d') },
    },
    labels: {},
    messages: { default: 'Tarkista', required: 'Pakollinen' },
  } as unknown as FormDocument;
  const accepting = Object.assign(() => true, { errors: null }) as unknown as SchemaValidateFunction;

  it('an edit evaluates the rules that read the edited field, not every rule', () => {
    const original = logicOperations.isEmpty;
    let calls = 0;
    logicOperations.isEmpty = (...args: unknown[]) => {
      calls++;
      return (original as (...a: unknown[]) => unknown)(...args);
    };
    let runtime: FormRuntime;
    try {
      runtime = createFormRuntime(small, accepting);
    } finally {
      logicOperations.isEmpty = original;
    }
    let view = runtime.view({ a: 'x', b: 'y', c: 'z', d: 'w', e: 'v' });
    expect(calls).toBe(5);
    calls = 0;
    view = runtime.view({ ...view.data, d: 'w2' }, view);
    expect(calls).toBe(3); // c's visibility, e's requiredness, fromD
    calls = 0;
    view = runtime.view({ ...view.data, b: 'y2', e: 'v2' }, view);
    expect(calls).toBe(0); // no rule reads b or e
    calls = 0;
    view = runtime.view({ ...view.data, a: '' }, view);
    expect(calls).toBe(2); // b's visibility, fromA
    expect(view.visible.has('b')).toBe(false);
    expect(view.computed).toEqual({ fromA: false, fromD: true });
  });
});

describe('what the browser relies on', () => {
  it('a rule reading a field of another step answers for the edit (step 1 → steps 5 and 6, the estimate)', () => {
    const runtime = fresh();
    const start = { ...validApplicationWithCoApplicant(), primaryApplicantHasOtherLoan: true, useLoanForOtherLoan: true };
    let view = runtime.view(start);
    expect(view.visible.has('useLoanForOtherLoan')).toBe(false);
    const estimate = view.computed.monthlyInstallmentEstimate;

    view = runtime.view({ ...view.data, loanPurposeId: 19 }, view);
    expect(view.visible.has('useLoanForOtherLoan')).toBe(true);
    expect(view.prepared.useLoanForOtherLoan).toBe(true);

    view = runtime.view({ ...view.data, inputAppliedAmount: 40000 }, view);
    expect(view.computed.monthlyInstallmentEstimate).not.toBe(estimate);
    expect(view.computed.monthlyInstallmentEstimate).toBe(fresh().computed(view.data).monthlyInstallmentEstimate);

    view = runtime.view({ ...view.data, hasCoApplicant: false }, view);
    expect(view.activeSteps.map((step) => step.number)).not.toContain(6);
    expect([...view.visible].filter((field) => field.startsWith('coApplicant'))).toEqual([]);
    expect([...view.required].filter((field) => field.startsWith('coApplicant'))).toEqual([]);
    expect(view.computed.showCoApplicantPrompt).toBe(true);
  });

  it("a hidden field's stale answer is still pruned, and comes back with its field", () => {
    const runtime = fresh();
    let view = runtime.view(validApplication());
    expect(view.prepared.primaryApplicantOtherLoanInput).toEqual([{ loan: 5000, monthlyPayment: 150 }]);
    view = runtime.view({ ...view.data, primaryApplicantHasOtherLoan: false }, view);
    expect(view.data.primaryApplicantOtherLoanInput).toBeDefined();
    expect(view.prepared).not.toHaveProperty('primaryApplicantOtherLoanInput');
    // The sum over the list no longer counts its hidden rows.
    expect(view.prepared.primaryApplicantMonthlyPaymentOtherLoan).toBe(0);
    expect(runtime.prepare(view.data)).not.toHaveProperty('primaryApplicantOtherLoanInput');
    expect(runtime.validate(view.data).data).not.toHaveProperty('primaryApplicantOtherLoanInput');
    view = runtime.view({ ...view.data, primaryApplicantHasOtherLoan: true }, view);
    expect(view.prepared.primaryApplicantOtherLoanInput).toEqual([{ loan: 5000, monthlyPayment: 150 }]);
  });

  it('typing an identity code key by key shows the military question and hides it again; required follows', () => {
    const runtime = fresh();
    const { min } = doc.constants!.militaryQuestionAge as { min: number };
    const code = personalIdOfAge(min + 1, 123);
    let view = runtime.view({ ...validApplication(), primaryApplicantPersonalIdentificationNumber: '' });
    const shownAt: boolean[] = [];
    for (let typed = 1; typed <= code.length; typed++) {
      view = runtime.view({ ...view.data, primaryApplicantPersonalIdentificationNumber: code.slice(0, typed) }, view);
      shownAt.push(view.visible.has('primaryApplicantMilitaryStatusId'));
    }
    // Only the whole, valid code of a man of that age shows it.
    expect(shownAt).toEqual([...Array(code.length - 1).fill(false), true]);
    expect(view.required.has('primaryApplicantMilitaryStatusId')).toBe(true);
    const required = doc.messages.required;
    expect(runtime.validateField(view.data, 'primaryApplicantMilitaryStatusId')).toEqual([{ field: 'primaryApplicantMilitaryStatusId', message: expect.any(String) }]);
    expect(runtime.validateField(view.data, 'primaryApplicantMilitaryStatusId')[0].message).toBe(
      doc.fieldMessages?.primaryApplicantMilitaryStatusId?.required ?? required,
    );

    // Backspace: the question goes, with its requiredness and its message.
    view = runtime.view({ ...view.data, primaryApplicantPersonalIdentificationNumber: code.slice(0, -1), primaryApplicantMilitaryStatusId: 2 }, view);
    expect(view.visible.has('primaryApplicantMilitaryStatusId')).toBe(false);
    expect(view.required.has('primaryApplicantMilitaryStatusId')).toBe(false);
    expect(view.prepared).not.toHaveProperty('primaryApplicantMilitaryStatusId');
    expect(runtime.validateField(view.data, 'primaryApplicantMilitaryStatusId')).toEqual([]);
  });

  it('keeps the objects that did not change, so a renderer can skip them', () => {
    const runtime = fresh();
    const before = runtime.view(validApplicationWithCoApplicant());
    const after = runtime.view({ ...before.data, coApplicantEmployer: 'Rakennus Oyj' }, before);
    expect(after.visible).toBe(before.visible);
    expect(after.required).toBe(before.required);
    expect(after.activeSteps).toBe(before.activeSteps);
    const sections = (view: FormView) => view.summarySections(7);
    expect(sections(after).map((section, i) => section === sections(before)[i])).toEqual(sections(before).map(() => true));
  });
});
