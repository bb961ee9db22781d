// The runtime with compiled rules, shared and incremental visibility passes, one
// validation per save and a cache for the read-only calls gives exactly what the
// runtime gave before (reference-runtime.ts): every public call, deep-equal and with
// the stored data's keys in the same order, on generated applications of every
// variant set of forms/consumer.json, on the QA generator's cases, and on random
// small documents built to stress the fixed-point pruning.
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { compileSchema } from '../../../engine/core/compile.ts';
import { resolveVariants, variantSets } from '../../../engine/core/document.ts';
import { readFormDocument, runtimeForDocument } from '../../../engine/core/node.ts';
import { createFormRuntime } from '../../../engine/core/runtime.ts';
import type { AjvLikeError, FormData, FormDocument, JsonSchema, SchemaValidateFunction } from '../../../engine/core/types.ts';
import type { FormView } from '../../../engine/core/view.ts';
import type { TestCase } from '../../../engine/qa/cases.ts';
import { generateCases } from '../../../engine/qa/generate.ts';
import { validApplication, validApplicationWithCoApplicant } from '../../fixtures/consumer-valid.ts';
import { personalIdOfAge } from '../../fixtures/personal-id.ts';
import { createReferenceRuntime, type ReferenceRuntime } from './reference-runtime.ts';

type Call = (runtime: ReferenceRuntime) => unknown;

function outcome(call: Call, runtime: ReferenceRuntime): { value: unknown } | { error: string } {
  try {
    return { value: call(runtime) };
  } catch (error) {
    return { error: String((error as Error).message) };
  }
}

/** Deep-equal results, and every returned data object with its keys in the same order. */
function expectSame(actual: unknown, expected: unknown, label: string): void {
  expect(actual, label).toStrictEqual(expected);
  const keyOrder = (value: unknown): unknown =>
    value && typeof value === 'object' ? (Array.isArray(value) ? value.map(keyOrder) : Object.entries(value).map(([k, v]) => [k, keyOrder(v)])) : value;
  expect(keyOrder(actual), `${label} (key order)`).toStrictEqual(keyOrder(expected));
}

/** The public calls, with the arguments a sample picks. */
function calls(runtime: ReferenceRuntime, step: number, field: string): Record<string, Call> {
  const stepNumbers = runtime.document.steps.map((s) => s.number);
  return {
    validate: (r) => r.validate(sampleData),
    validateStep: (r) => r.validateStep(sampleData, step),
    validateUpto: (r) => r.validate(sampleData, { uptoStep: step }),
    validateFields: (r) => r.validate(sampleData, { fields: [field] }),
    validateField: (r) => r.validateField(sampleData, field),
    validateRowField: (r) => r.validateField(sampleData, `${field}.0.monthlyPayment`),
    validateSubmission: (r) => r.validateSubmission(sampleData, { uptoStep: step }),
    prepare: (r) => r.prepare(sampleData),
    normalize: (r) => r.normalize(sampleData),
    unknownFields: (r) => r.unknownFields(sampleData),
    visibleFields: (r) => r.visibleFields(sampleData),
    isVisible: (r) => r.isVisible(field, sampleData),
    activeSteps: (r) => r.activeSteps(sampleData).map((s) => s.number),
    nextStep: (r) => r.nextStep(step, sampleData),
    previousStep: (r) => r.previousStep(step, sampleData),
    buttonLabel: (r) => (stepNumbers.includes(step) ? r.buttonLabel(step, sampleData) : null),
    computed: (r) => r.computed(sampleData),
    summarySections: (r) => r.summarySections(sampleData, step),
    // Read-only calls again on the same object: the cache answers these.
    computedAgain: (r) => r.computed(sampleData),
    visibleFieldsAgain: (r) => r.visibleFields(sampleData),
  };
}
let sampleData: FormData = {};

function compareAll(current: ReferenceRuntime, reference: ReferenceRuntime, data: FormData, step: number, field: string, label: string): void {
  sampleData = data;
  for (const [name, call] of Object.entries(calls(current, step, field))) {
    expectSame(outcome(call, current), outcome(call, reference), `${label} ${name}(step ${step}, ${field}) on ${JSON.stringify(data)}`);
  }
}

/** Values a field's schema makes interesting: its options, its limits and one past them, its type's edge cases. */
function candidatesOf(schema: JsonSchema, defs: Record<string, JsonSchema>, out: unknown[] = [], depth = 0): unknown[] {
  if (depth > 4 || !schema || typeof schema !== 'object') return out;
  if (typeof schema.$ref === 'string') candidatesOf(defs[schema.$ref.split('/').pop()!], defs, out, depth + 1);
  if ('const' in schema) out.push(schema.const);
  if (Array.isArray(schema.enum)) out.push(...schema.enum);
  for (const keyword of ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum'])
    if (typeof schema[keyword] === 'number') out.push(schema[keyword], (schema[keyword] as number) - 1, (schema[keyword] as number) + 1);
  for (const keyword of ['minLength', 'maxLength'])
    if (typeof schema[keyword] === 'number') out.push('x'.repeat(Math.min(schema[keyword] as number, 300)), 'x'.repeat(Math.min((schema[keyword] as number) + 1, 301)));
  for (const keyword of ['oneOf', 'anyOf', 'allOf']) if (Array.isArray(schema[keyword])) for (const part of schema[keyword] as JsonSchema[]) candidatesOf(part, defs, out, depth + 1);
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  if (types.includes('string')) out.push('', ' x ', 'abc', '12');
  if (types.includes('boolean')) out.push(true, false);
  if (types.includes('integer') || types.includes('number')) out.push(0, 1, 2.5, '15 000');
  if (types.includes('array')) out.push([], [{ loan: 5000, monthlyPayment: 150 }], [{ loan: 0, monthlyPayment: 0 }, { loan: 100, monthlyPayment: 200 }], [{ loan: 100 }]);
  return out;
}

const base = readFormDocument('consumer');
const variantDocuments = variantSets(base).map((set) => ({ name: set.join('+') || 'base', set, doc: resolveVariants(base, set) }));

describe('the runtime gives what it gave before, forms/consumer.json', () => {
  const fixtures = [validApplication(), validApplicationWithCoApplicant(), {}];

  for (const { name, doc } of variantDocuments) {
    it(`${name}: every public call on generated applications`, () => {
      const validator = compileSchema(doc);
      const current = createFormRuntime(doc, validator);
      const reference = createReferenceRuntime(doc, validator);
      const defs = (doc.schema.$defs ?? {}) as Record<string, JsonSchema>;
      const fields = [...current.fieldIds, 'unknownField', 'constructor', '7'];
      const valuesOf = (field: string) =>
        fc.constantFrom<unknown>(
          ...candidatesOf(doc.schema.properties[field] ?? {}, defs),
          ...fixtures.map((f) => (f as FormData)[field]).filter((v) => v !== undefined),
          null,
          '',
          'paljon',
          -1,
          true,
          { toString: 1 },
        );
      const patch = fc.array(
        fc.constantFrom(...fields).chain((field) => fc.tuple(fc.constant(field), fc.oneof({ weight: 1, arbitrary: fc.constant(undefined) }, { weight: 4, arbitrary: valuesOf(field) }))),
        { maxLength: 10 },
      );
      const data = fc.tuple(fc.constantFrom(...fixtures), patch, fc.boolean()).map(([fixture, changes, coApplicant]) => {
        const out: FormData = structuredClone(fixture);
        if (coApplicant && Object.keys(out).length) out.hasCoApplicant = !out.hasCoApplicant;
        for (const [field, value] of changes) {
          if (value === undefined) delete out[field];
          else out[field] = value;
        }
        return out;
      });
      const stepNumbers = doc.steps.map((s) => s.number);
      fc.assert(
        fc.property(data, fc.constantFrom(...stepNumbers, 0, 99), fc.constantFrom(...fields), (sample, step, field) => {
          compareAll(current, reference, sample, step, field, name);
        }),
        { numRuns: 40, seed: 20261124 },
      );
    }, 300_000);
  }

  describe('on the QA generator cases (engine/qa)', () => {
    let cases: TestCase[] = [];
    beforeAll(() => {
      cases = generateCases(base, [], { runtimeFor: runtimeForDocument }).cases;
    }, 300_000);

    it('validation as the QA suite runs it, the save, and pruning give the same results', () => {
      const doc = variantDocuments[0].doc;
      const validator = compileSchema(doc);
      const current = createFormRuntime(doc, validator);
      const reference = createReferenceRuntime(doc, validator);
      expect(cases.length).toBeGreaterThan(500);
      for (const testCase of cases) {
        const step = testCase.step ?? 7;
        const run: Record<string, Call> = {
          validate: (r) => (testCase.step === null ? r.validate(testCase.data) : r.validateStep(testCase.data, testCase.step)),
          validateSubmission: (r) => r.validateSubmission(testCase.data, { uptoStep: step }),
          visibleFields: (r) => r.visibleFields(testCase.data),
        };
        for (const [call, fn] of Object.entries(run)) expectSame(outcome(fn, current), outcome(fn, reference), `${testCase.id} ${call}`);
      }
    }, 300_000);
  });

  it('a save validates the schema once (it validated twice before)', () => {
    const doc = variantDocuments[0].doc;
    const validator = compileSchema(doc);
    let calls = 0;
    const counting: SchemaValidateFunction = Object.assign(
      (data: unknown) => {
        calls++;
        const valid = validator(data);
        counting.errors = validator.errors;
        return valid;
      },
      { errors: null as AjvLikeError[] | null },
    );
    const current = createFormRuntime(doc, counting);
    const reference = createReferenceRuntime(doc, counting);
    const data = { ...validApplication(), primaryApplicantZip: 'x', primaryApplicantIbanNumber: 'FI00' };
    calls = 0;
    const expected = reference.validateSubmission(data, { uptoStep: 2 });
    expect(calls).toBe(2);
    calls = 0;
    expect(current.validateSubmission(data, { uptoStep: 2 })).toStrictEqual(expected);
    expect(calls).toBe(1);
    expect(expected.data).not.toHaveProperty('primaryApplicantZip');
  });

  it('the read-only calls see a data object edited in place since the last call, and their results stay theirs', () => {
    const runtime = createFormRuntime(variantDocuments[0].doc, compileSchema(variantDocuments[0].doc));
    const data = validApplication();
    expect(runtime.nextStep(5, data)).toBe(7);
    expect(runtime.computed(data).showCoApplicantPrompt).toBe(false);
    data.hasCoApplicant = true;
    expect(runtime.nextStep(5, data)).toBe(6);
    data.inputAppliedAmount = 25000;
    data.hasCoApplicant = false;
    expect(runtime.computed(data).showCoApplicantPrompt).toBe(true);
    // A row edited in place (nested) is seen too.
    (data.primaryApplicantOtherLoanInput as FormData[])[0].monthlyPayment = 151;
    expect(runtime.prepare(data).primaryApplicantMonthlyPaymentOtherLoan).toBe(151);
    // What prepare gives is the caller's: editing it changes no later answer.
    const prepared = runtime.prepare(data);
    prepared.primaryApplicantMonthlyPaymentOtherLoan = 1;
    delete prepared.hasCoApplicant;
    expect(runtime.prepare(data).primaryApplicantMonthlyPaymentOtherLoan).toBe(151);
    expect(runtime.visibleFields(data)).toContain('primaryApplicantOtherLoanInput');
    expect(runtime.summarySections(data, 7).map((s) => s.id)).toContain('loans');
  });

  it('odd keys: __proto__ from JSON, array-index keys, prototype names', () => {
    const doc = variantDocuments[0].doc;
    const validator = compileSchema(doc);
    const current = createFormRuntime(doc, validator);
    const reference = createReferenceRuntime(doc, validator);
    const odd = JSON.parse(JSON.stringify({ ...validApplication(), 12: 'x', 3: 4, constructor: 1, toString: 'x' }).replace('{', '{"__proto__":{"a":1},'));
    expect(Object.keys(odd)).toContain('__proto__');
    for (const step of [1, 5, 7]) compareAll(current, reference, odd, step, 'hasCoApplicant', 'odd keys');
    compareAll(current, reference, { ...validApplicationWithCoApplicant(), coApplicantPersonalIdentificationNumber: personalIdOfAge(30, 77) }, 6, 'coApplicantMilitaryStatusId', 'military');
  });
});

describe('the runtime gives what it gave before, random small documents', () => {
  // Fields a..f on two or three steps, derived x and y (sometimes named "7", an array
  // index, which the in-place pruning must not assume away), visibility rules that
  // chain (a field hidden by a hidden field, derived fields hidden by their own rule,
  // chains longer than the five passes), requiredness and checks.
  const FIELDS = ['a', 'b', 'c', 'd', 'e', 'f'];
  const value = fc.constantFrom<unknown>(true, false, 0, 1, 2, '', 'x', 'bad', null, [1, 2], [{ loan: 1 }]);
  const doc = fc
    .record({ derivedNames: fc.constantFrom(['x', 'y'], ['7', 'y'], ['x', 'a']), stepCount: fc.integer({ min: 2, max: 3 }), readsDerived: fc.boolean() })
    .chain(({ derivedNames, stepCount, readsDerived }) => {
      const names = [...new Set([...FIELDS, ...derivedNames])];
      // Rules that read no derived field take the runtime's shortcuts; the others must not.
      const variable = fc.constantFrom(...(readsDerived ? names : FIELDS)).map((name) => ({ var: name }));
      const { rule } = fc.letrec<{ rule: unknown }>((tie) => ({
        rule: fc.oneof(
          { depthSize: 'small' },
          variable,
          fc.constantFrom<unknown>(true, false, 1),
          fc.tuple(variable, value).map(([v, c]) => ({ '==': [v, c] })),
          tie('rule').map((r) => ({ '!': r })),
          fc.array(tie('rule'), { minLength: 1, maxLength: 3 }).map((rs) => ({ and: rs })),
          fc.array(tie('rule'), { minLength: 1, maxLength: 3 }).map((rs) => ({ or: rs })),
          fc.tuple(tie('rule'), tie('rule'), tie('rule')).map((rs) => ({ if: rs })),
          fc.tuple(variable, variable).map(([a, b]) => ({ '+': [a, b] })),
          variable.map((v) => ({ sumBy: [v, 'loan'] })),
        ),
      }));
      // A chain: each field visible only when the previous one is truthy (7 long with the derived ones).
      const chain = Object.fromEntries(names.slice(1).map((name, i) => [name, { '!!': [{ var: names[i] }] }]));
      return fc.record({
        names: fc.constant(names),
        derivedNames: fc.constant(derivedNames),
        visible: fc.oneof(fc.constant(chain), fc.dictionary(fc.constantFrom(...names), rule, { maxKeys: 6 })),
        derived: fc.tuple(rule, rule),
        required: fc.dictionary(fc.constantFrom(...FIELDS), fc.oneof(fc.constant(true as unknown), rule), { maxKeys: 4 }),
        checks: fc.array(fc.tuple(fc.constantFrom(...FIELDS), rule, fc.boolean()), { maxLength: 3 }),
        when: fc.array(fc.option(rule, { nil: undefined }), { minLength: stepCount, maxLength: stepCount }),
        stepOf: fc.array(fc.integer({ min: 0, max: stepCount - 1 }), { minLength: FIELDS.length, maxLength: FIELDS.length }),
      });
    });

  /** A stand-in schema validator: every value 'bad' is a type error, keys outside the schema are additional. */
  function validatorFor(names: string[]): SchemaValidateFunction {
    const validate = ((data: FormData) => {
      const errors: AjvLikeError[] = [];
      for (const [key, v] of Object.entries(data)) {
        if (!names.includes(key)) errors.push({ keyword: 'additionalProperties', instancePath: '', schemaPath: '#/additionalProperties', params: { additionalProperty: key } });
        else if (v === 'bad') errors.push({ keyword: 'type', instancePath: `/${key}`, schemaPath: `#/properties/${key}/type`, params: { type: 'number' } });
      }
      validate.errors = errors.length ? errors : null;
      return errors.length === 0;
    }) as SchemaValidateFunction;
    return validate;
  }

  /** A small document: fields on one step, `visible` and `derived` rules as given. */
  function small(visible: Record<string, unknown>, derived: Record<string, unknown>, fields = ['a', 'b', 'c', 'd', 'e', 'f', 'g']): FormDocument {
    const names = [...fields, ...Object.keys(derived)];
    return {
      id: 'small',
      version: 1,
      title: 'Pieni',
      schema: { type: 'object', properties: Object.fromEntries(names.map((name) => [name, {}])) },
      steps: [{ id: 's1', number: 1, title: 'Vaihe', button: 'Jatka', progress: 100, sections: [{ fields }] }],
      rules: { visible, derived, required: { a: true } },
      labels: {},
      messages: { default: 'Tarkista', required: 'Pakollinen', additionalProperties: 'Tuntematon', type: 'Tyyppi' },
    } as unknown as FormDocument;
  }

  it.each([
    ['a derived value reads a field hidden in the first pass', small({ a: { var: 'b' } }, { x: { '+': [{ var: 'a' }, 1] } })],
    ['a derived value reads a field hidden by a hidden field', small({ a: { var: 'b' }, b: { var: 'c' } }, { x: { '+': [{ var: 'a' }, { var: 'b' }] } })],
    ['a derived field hidden by its own rule', small({ x: { '!': { var: 'c' } } }, { x: { var: 'a' } })],
    ['a visibility rule reads a derived field', small({ b: { '==': [{ var: 'x' }, 2] } }, { x: { '+': [{ var: 'a' }, 1] } })],
    ['a chain longer than the five passes', small(Object.fromEntries(['b', 'c', 'd', 'e', 'f', 'g'].map((f, i) => [f, { '!!': { var: 'abcdefg'[i] } }])), {})],
    ['a derived value reads a derived value', small({ a: { var: 'b' } }, { x: { var: 'a' }, y: { '+': [{ var: 'x' }, 1] } })],
  ])('fixed-point case: %s', (_name, document) => {
    const validator = validatorFor(Object.keys(document.schema.properties));
    const current = createFormRuntime(document, validator);
    const reference = createReferenceRuntime(document, validator);
    const samples: FormData[] = [
      { a: 1, b: false, c: true },
      { a: 1, b: true, c: false, x: 5 },
      { a: 1, b: 1, c: 1, d: 1, e: 1, f: 1, g: 1 },
      { a: 0, b: 1, c: 0, d: 1, e: 1, f: 1, g: 1, x: 9, y: 1, z: 1 },
      { a: 2 },
      {},
    ];
    for (const data of samples) for (const step of [1, 2]) compareAll(current, reference, data, step, 'a', 'small document');
  });

  type DocumentSpec = typeof doc extends fc.Arbitrary<infer T> ? T : never;

  /** The random document of a spec. */
  function documentOf(spec: DocumentSpec): FormDocument {
    const steps = spec.when.map((when, i) => ({
      id: `s${i + 1}`,
      number: i + 1,
      title: `Vaihe ${i + 1}`,
      button: i === 0 ? { if: [{ var: 'a' }, 'Jatka', 'Seuraava'] } : 'Jatka',
      progress: 10 * (i + 1),
      ...(when === undefined ? {} : { when }),
      sections: [{ fields: FIELDS.filter((_, f) => spec.stepOf[f] === i) }],
    }));
    const properties = Object.fromEntries(spec.names.map((name) => [name, {}]));
    return {
      id: 'random',
      version: 1,
      title: 'Satunnainen',
      constants: { limit: 1 },
      schema: { type: 'object', properties },
      steps,
      summary: [{ id: 'all', title: 'Kaikki', step: 1, showAfterStep: 0, when: spec.derived[0], fields: spec.names }],
      rules: {
        visible: spec.visible,
        required: spec.required,
        derived: Object.fromEntries(spec.derivedNames.map((name, i) => [name, spec.derived[i % 2]])),
        computed: { sum: spec.derived[1] },
        checks: spec.checks.map(([checkField, rule, whenEmpty], i) => ({ id: `c${i}`, field: checkField, rule, whenEmpty })),
      },
      labels: {},
      messages: { default: 'Tarkista', required: 'Pakollinen', additionalProperties: 'Tuntematon', type: 'Tyyppi' },
    } as unknown as FormDocument;
  }

  const randomData = fc.dictionary(fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f', 'x', 'y', '7', 'z', '12'), value, { maxKeys: 9 });

  it('every public call agrees on random documents and data', () => {
    fc.assert(
      fc.property(doc, randomData, fc.integer({ min: 0, max: 4 }), fc.constantFrom('a', 'c', 'x', '7'), (spec, data, step, field) => {
        const document = documentOf(spec);
        const validator = validatorFor(spec.names);
        compareAll(createFormRuntime(document, validator), createReferenceRuntime(document, validator), data, step, field, 'random document');
      }),
      { numRuns: 600, seed: 424242 },
    );
  }, 300_000);

  /** What a view answers, as plain data. */
  const viewAnswers = (view: FormView, steps: number[]) => ({
    prepared: Object.entries(view.prepared),
    visible: [...view.visible].sort(),
    required: [...view.required].sort(),
    activeSteps: view.activeSteps.map((s) => s.number),
    computed: view.computed,
    titles: view.titles,
    buttons: steps.map((n) => view.buttonLabel(n)),
    summary: [0, ...steps, 9].map((n) => view.summarySections(n)),
  });

  // A runtime prunes a new data object from the last one, and a view is made from the
  // previous view (only the rules that read a changed key are evaluated again): a
  // sequence of edits on one runtime must answer as the reference does for each
  // object, and each view as one made afresh.
  it('every public call and the view agree on a sequence of edits of random documents, each made from the one before', () => {
    const edit = fc.tuple(fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f', 'x', 'y', '7', 'z'), fc.option(value, { nil: undefined }));
    fc.assert(
      fc.property(doc, randomData, fc.array(edit, { minLength: 1, maxLength: 6 }), fc.integer({ min: 0, max: 4 }), (spec, start, edits, step) => {
        const document = documentOf(spec);
        const validator = validatorFor(spec.names);
        const current = createFormRuntime(document, validator);
        const reference = createReferenceRuntime(document, validator);
        const steps = document.steps.map((s) => s.number);
        let data: FormData = { ...start };
        // A rule may throw on odd data (a literal object read as an operation); then both throw.
        const attempt = (make: () => FormView) => {
          try {
            const made = make();
            return { view: made, answers: viewAnswers(made, steps) };
          } catch (error) {
            return { error: String((error as Error).message) };
          }
        };
        let view = attempt(() => current.view(data)).view;
        compareAll(current, reference, data, step, 'a', 'edit sequence');
        for (const [key, next] of edits) {
          data = { ...data };
          if (next === undefined) delete data[key];
          else data[key] = next;
          const made = attempt(() => current.view(data, view));
          const afresh = attempt(() => createFormRuntime(document, validator).view(structuredClone(data)));
          expect('answers' in made ? made.answers : made).toStrictEqual('answers' in afresh ? afresh.answers : afresh);
          view = made.view ?? view;
          compareAll(current, reference, data, step, key, 'edit sequence');
        }
      }),
      { numRuns: 300, seed: 20261125 },
    );
  }, 300_000);
});
