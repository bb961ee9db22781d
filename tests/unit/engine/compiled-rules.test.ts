// The rule compiler (engine/core/rule-compiler.ts) answers exactly as json-logic-js
// did through the former `evaluate()` (a merged copy of data, $const, $texts and
// extras per rule; reference-runtime.ts keeps it): for every rule of every variant
// set of forms/consumer.json on generated data, for random rules over the whole
// JSON-Logic vocabulary, and in what it says a rule reads.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readFormDocument } from '../../../engine/core/node.ts';
import { resolveVariants, variantSets } from '../../../engine/core/document.ts';
import { variablesIn, type RuleContext } from '../../../engine/core/logic.ts';
import { compileRule } from '../../../engine/core/rule-compiler.ts';
import { logicOperations } from '../../../custom-validators/logic-operations.ts';
import type { FormDocument, Logic } from '../../../engine/core/types.ts';
import { personalId, personalIdOfAge } from '../../fixtures/personal-id.ts';
import { validApplication, validApplicationWithCoApplicant } from '../../fixtures/consumer-valid.ts';
import { evaluate } from './reference-runtime.ts';

type Data = Record<string, unknown>;
type Extra = Record<string, unknown> | undefined;

/** Both answers, or both errors (same class and message): the compiled rule must not tell them apart. */
function outcome(run: () => unknown): { value: unknown } | { error: string } {
  try {
    return { value: run() };
  } catch (error) {
    return { error: `${(error as Error).constructor.name}: ${(error as Error).message}` };
  }
}

function expectSameAnswer(rule: Logic, context: RuleContext, data: Data, extra: Extra, label = ''): void {
  const expected = outcome(() => evaluate(rule, data, context, extra));
  const actual = outcome(() => compileRule(rule, context)(data, extra));
  expect(actual, `${label} ${JSON.stringify(rule)} on ${JSON.stringify(data)} with ${JSON.stringify(extra)}`).toStrictEqual(expected);
}

interface NamedRule {
  where: string;
  rule: Logic;
  /** For `list.*.prop` checks: the list the rows come from. */
  rows?: string;
}

/** Every rule of a resolved document, where it sits. */
function rulesOf(doc: FormDocument): NamedRule[] {
  const rules = doc.rules ?? {};
  const out: NamedRule[] = [];
  for (const [field, rule] of Object.entries(rules.visible ?? {})) out.push({ where: `visible.${field}`, rule });
  for (const [field, rule] of Object.entries(rules.required ?? {})) if (rule !== true) out.push({ where: `required.${field}`, rule });
  for (const [field, rule] of Object.entries(rules.derived ?? {})) out.push({ where: `derived.${field}`, rule });
  for (const [name, rule] of Object.entries(rules.computed ?? {})) out.push({ where: `computed.${name}`, rule });
  for (const check of rules.checks ?? [])
    out.push({ where: `checks.${check.id}`, rule: check.rule, rows: check.field.includes('*') ? check.field.split('.')[0] : undefined });
  for (const step of doc.steps) {
    if (step.when !== undefined) out.push({ where: `steps.${step.id}.when`, rule: step.when });
    if (typeof step.button !== 'string') out.push({ where: `steps.${step.id}.button`, rule: step.button });
  }
  for (const section of doc.summary ?? []) if (section.when !== undefined) out.push({ where: `summary.${section.id}.when`, rule: section.when });
  return out;
}

/** The primitive literals of a rule: values that make its comparisons go both ways. */
function literalsIn(rule: unknown, found: Set<unknown> = new Set()): Set<unknown> {
  if (Array.isArray(rule)) for (const item of rule) literalsIn(item, found);
  else if (rule && typeof rule === 'object') for (const value of Object.values(rule)) literalsIn(value, found);
  else found.add(rule);
  return found;
}

const base = readFormDocument('consumer');
const documents = variantSets(base).map((set) => ({ name: set.join('+') || 'base', doc: resolveVariants(base, set) }));

describe('compiled rules of forms/consumer.json', () => {
  const fixtures = [validApplication(), validApplicationWithCoApplicant()];
  const fixtureValues = fixtures.flatMap((data) => Object.values(data));
  const today = new Date();
  const { year, month } = { year: today.getFullYear(), month: today.getMonth() + 1 };

  for (const { name, doc } of documents) {
    const context: RuleContext = { constants: doc.constants, texts: doc.texts };
    const rules = rulesOf(doc);
    const fields = [...new Set(rules.flatMap(({ rule }) => [...variablesIn(rule)]).filter((field) => !field.startsWith('$')))];
    // The rules' own literals, and the same as text: form inputs hold '19' before 19.
    const literals = [...new Set(rules.flatMap(({ rule }) => [...literalsIn(rule)]).flatMap((literal) => [literal, String(literal)]))];

    // Values a form field can hold while someone types, plus malformed input that makes
    // json-logic-js's coercions throw (the TypeError-as-null path).
    const scalar = fc.oneof(
      fc.constantFrom<unknown>(undefined, null, true, false, '', ' ', '0', '1', '12', 'abc', 0, 1, -1, 12, 19, 1e21, Number.NaN),
      fc.constantFrom(...literals),
      fc.constantFrom(...fixtureValues.filter((value) => typeof value !== 'object')),
      fc.constantFrom(
        personalIdOfAge(17, 234),
        personalIdOfAge(18, 235),
        personalIdOfAge(25, 301),
        personalIdOfAge(30, 302),
        personalIdOfAge(40, 123),
        personalId(13, 10, 1952, 308),
        '131052-308U',
      ),
      fc.integer({ min: month - 2, max: month + 2 }),
      fc.integer({ min: year - 2, max: year + 2 }),
      fc.integer({ min: -100, max: 100_000 }),
      fc.double({ noNaN: false }),
      fc.string({ maxLength: 6 }),
    );
    const row = fc.dictionary(fc.constantFrom('loan', 'monthlyPayment', 'other'), scalar, { maxKeys: 3 });
    const malformed = fc.constantFrom<unknown>({ toString: 1 }, { valueOf: 1, toString: 1 }, [{ toString: 1 }], Object.create(null));
    const value = fc.oneof({ weight: 6, arbitrary: scalar }, { weight: 2, arbitrary: fc.array(row, { maxLength: 3 }) }, { weight: 1, arbitrary: malformed });
    const data = fc.oneof(
      fc.dictionary(fc.constantFrom(...fields), value),
      // A complete application with some fields changed: the paths a real form takes.
      fc.tuple(fc.constantFrom(...fixtures), fc.dictionary(fc.constantFrom(...fields), value, { maxKeys: 4 })).map(([fixture, patch]) => ({ ...structuredClone(fixture), ...patch })),
    );

    it(`${name}: every rule answers as json-logic-js over the merged scope`, () => {
      fc.assert(
        fc.property(data, fc.nat(), fc.integer({ min: -1, max: 3 }), (sample, pick, index) => {
          for (const { where, rule, rows } of rules) {
            let extra: Extra;
            if (rows !== undefined) {
              const list = Array.isArray(sample[rows]) ? (sample[rows] as unknown[]) : [];
              extra = { $row: list.length ? list[pick % list.length] : undefined, $index: index };
            }
            expectSameAnswer(rule, context, sample, extra, `${name} ${where}`);
          }
        }),
        { numRuns: 250, seed: 13 },
      );
    });
  }

  it('has the operations the documents use compiled, not handed to json-logic-js', () => {
    // The fallback would answer the same (the tests above), but slowly; this keeps the
    // hot path honest: a rule of the document reads no whole scope.
    for (const { doc } of documents) for (const { where, rule } of rulesOf(doc)) expect(compileRule(rule).reads, where).not.toBeNull();
  });
});

describe('compiled rules, the whole JSON-Logic vocabulary', () => {
  const context: RuleContext = { constants: { limit: 5, nested: { deep: 7 }, list: [1, 2] }, texts: { hello: 'Hei' } };
  const keys = ['a', 'b', 'c', 'n', 'list', 'rows', '$row', '$index', '$const', '$texts', 'toString', 'constructor', ''];
  const paths = [...keys, 'a.b', 'rows.0', 'rows.1.loan', '$const.limit', '$const.nested.deep', '$texts.hello', '$row.loan', 'current', 'accumulator', 'loan', 'a..b', '0'];
  const primitive = fc.oneof(
    fc.constantFrom<unknown>(null, true, false, 0, 1, -1, 2.5, '', '0', '1', 'a', 'x', ' 3 ', 'loan'),
    fc.integer({ min: -10, max: 10 }),
    fc.string({ maxLength: 3 }),
  );
  const OPERATIONS = [
    '==', '===', '!=', '!==', '>', '>=', '<', '<=', '!!', '!', '%', 'in', 'cat', 'substr', '+', '*', '-', '/', 'min', 'max', 'merge',
    'missing', 'missing_some', 'if', '?:', 'and', 'or', 'filter', 'map', 'reduce', 'all', 'none', 'some',
    'sumBy', 'countTrue', 'isEmpty', 'round', 'annuity', 'personalIdAge', 'personalIdSex', 'monthYearNotInFuture', 'monthYearNotInPast',
    'unknownOperation', 'var.length', 'toString',
  ];
  const { rule } = fc.letrec<{ rule: unknown; variable: unknown; operation: unknown }>((tie) => ({
    rule: fc.oneof({ depthSize: 'small', withCrossShrink: true }, primitive, tie('variable'), tie('operation'), fc.array(tie('rule'), { maxLength: 2 }), fc.constant({ a: 1, b: 2 })),
    variable: fc.oneof(
      fc.constantFrom(...paths).map((path) => ({ var: path })),
      fc.tuple(fc.constantFrom(...paths), tie('rule')).map((args) => ({ var: args })),
      fc.constantFrom<unknown>({ var: [] }, { var: null }, { var: '' }, { var: [''] }, { var: 1 }),
      tie('rule').map((path) => ({ var: [path] })),
    ),
    operation: fc.oneof(
      fc.tuple(fc.constantFrom(...OPERATIONS), fc.array(tie('rule'), { maxLength: 4 })).map(([op, args]) => ({ [op]: args })),
      fc.tuple(fc.constantFrom(...OPERATIONS), tie('rule')).map(([op, arg]) => ({ [op]: arg })),
      fc.tuple(fc.constantFrom('in', '=='), tie('rule'), fc.array(primitive, { maxLength: 4 })).map(([op, a, list]) => ({ [op]: [a, list] })),
    ),
  }));
  const value = fc.oneof(
    primitive,
    fc.array(primitive, { maxLength: 3 }),
    fc.array(fc.dictionary(fc.constantFrom('loan', 'monthlyPayment'), primitive, { maxKeys: 2 }), { maxLength: 3 }),
    fc.dictionary(fc.constantFrom('a', 'b', 'loan'), primitive, { maxKeys: 2 }),
    fc.constantFrom<unknown>({ toString: 1 }, undefined),
  );
  const data = fc.dictionary(fc.constantFrom(...keys), value, { maxKeys: 6 });
  const extra = fc.option(fc.dictionary(fc.constantFrom('$row', '$index', 'a', '$const'), value, { maxKeys: 3 }), { nil: undefined });

  it('random rules answer (or fail) exactly as json-logic-js over the merged scope', () => {
    fc.assert(
      fc.property(rule, data, extra, (logic, sample, bindings) => expectSameAnswer(logic, context, sample, bindings)),
      { numRuns: 4000, seed: 7 },
    );
  });

  it('a rule answers the same when only keys it does not read change', () => {
    fc.assert(
      fc.property(rule, data, data, extra, (logic, sample, other, bindings) => {
        const compiled = compileRule(logic, context);
        fc.pre(compiled.reads !== null);
        const changed: Data = { ...other };
        for (const key of compiled.reads!) {
          if (Object.hasOwn(sample, key)) changed[key] = sample[key];
          else delete changed[key];
        }
        expect(outcome(() => compiled(changed, bindings))).toStrictEqual(outcome(() => compiled(sample, bindings)));
      }),
      { numRuns: 2000, seed: 11 },
    );
  });

  it('every operator on every pair of values JavaScript coerces differently, as literals and as variables', () => {
    const values: unknown[] = [0, -0, 1, -1, 19, 2.5, Number.NaN, '', '0', '1', '19', ' 1 ', 'a', 'A', true, false, null, undefined, [], [1], [1, 2], ['a'], { a: 1, b: 2 }, { toString: 1 }];
    const binary = ['==', '===', '!=', '!==', '>', '>=', '<', '<=', '%', '+', '-', '*', '/', 'in', 'cat', 'min', 'max', 'merge', 'and', 'or', 'if', '?:', 'substr', 'sumBy', 'countTrue', 'round'];
    const unary = ['!', '!!', '-', '+', '*', 'isEmpty', 'personalIdAge', 'personalIdSex', 'var', 'missing'];
    for (const a of values) {
      for (const op of unary) {
        expectSameAnswer({ [op]: [{ var: 'a' }] }, context, { a }, undefined, 'unary');
        if (a === undefined || (typeof a === 'object' && a !== null && !Array.isArray(a))) continue; // not a JSON literal
        expectSameAnswer({ [op]: a }, context, {}, undefined, 'unary literal');
      }
      for (const b of values) {
        for (const op of binary) {
          expectSameAnswer({ [op]: [{ var: 'a' }, { var: 'b' }] }, context, { a, b }, undefined, 'binary');
          expectSameAnswer({ [op]: [{ var: 'a' }, { var: 'b' }, { var: 'a' }] }, context, { a, b }, undefined, 'ternary');
        }
      }
    }
  });

  it('turns a TypeError from malformed data into null, and lets other errors through', () => {
    const sum = compileRule({ '+': [{ var: 'a' }, 1] });
    expect(evaluate({ '+': [{ var: 'a' }, 1] }, { a: { toString: 1 } })).toBeNull();
    expect(sum({ a: { toString: 1 } })).toBeNull();
    expect(sum({ a: '2' })).toBe(3);
    expect(compileRule({ '<': [{ var: 'a' }, 1] })({ a: { valueOf: 1, toString: 1 } })).toBeNull();
    expect(() => compileRule({ nope: [1] })({})).toThrow('Unrecognized operation nope');
    // Only when reached, as json-logic-js: the untaken branch is never evaluated.
    expect(compileRule({ if: [true, 1, { nope: [] }] })({})).toBe(1);
  });

  it('reads variables without copying: $const, $texts and bindings as the merged object had them', () => {
    const rule = compileRule({ cat: [{ var: '$const.limit' }, { var: '$texts.hello' }, { var: '$row.loan' }, { var: 'a' }, { var: 'missing' }, { var: ['missing', 'default'] }] }, context);
    expect(rule({ a: 'A', $const: 'shadowed' }, { $row: { loan: 9 } })).toBe('5Hei9Adefault');
    // A binding shadows the data, as `{...data, ...extra}` did.
    expect(compileRule({ var: 'a' })({ a: 1 }, { a: 2 })).toBe(2);
    // The whole scope is the merged object.
    expect(compileRule({ var: '' }, context)({ a: 1 }, { $row: 2 })).toStrictEqual({ a: 1, $const: context.constants, $texts: context.texts, $row: 2 });
    // Without constants (or texts) the merged object held one `{}` for each, the same object every time it was read.
    expect(compileRule({ '==': [{ var: '$const' }, { var: '$const' }] })({})).toBe(true);
    expect(compileRule({ '==': [{ var: '$texts' }, { var: '$texts' }] })({})).toBe(true);
    expect(compileRule({ var: '$const' })({})).toStrictEqual({});
    // An object from elsewhere (no Object.prototype) is read as its spread copy.
    const bare = Object.assign(Object.create(null), { a: 4 });
    expect(compileRule({ '+': [{ var: 'a' }, 1] })(bare)).toBe(5);
  });

  it('says which top-level keys a rule reads, or null when it cannot tell', () => {
    const reads = (logic: unknown) => {
      const found = compileRule(logic).reads;
      return found === null ? null : [...found].sort();
    };
    expect(reads({ and: [{ '==': [{ var: 'hasCoApplicant' }, true] }, { in: [{ var: 'x.y' }, [1, 2]] }] })).toEqual(['hasCoApplicant', 'x']);
    expect(reads({ '<=': [{ var: '$row.monthlyPayment' }, { var: '$const.limit' }] })).toEqual(['$row']);
    expect(reads({ some: [{ var: 'rows' }, { '==': [{ var: 'loan' }, 0] }] })).toEqual(['rows']);
    expect(reads({ var: [{ cat: ['a', 'b'] }] })).toBeNull();
    expect(reads({ var: '' })).toBeNull();
    expect(reads({ missing: ['a'] })).toBeNull();
    expect(reads(42)).toEqual([]);
  });

  it('makes a repeated form operation call once per evaluation, with the answers json-logic-js gave', () => {
    const rule = { and: [{ '>=': [{ personalIdAge: [{ var: 'id' }] }, 18] }, { '<=': [{ personalIdAge: [{ var: 'id' }] }, 65] }] };
    const original = logicOperations.personalIdAge;
    let calls = 0;
    logicOperations.personalIdAge = (...args: unknown[]) => {
      calls++;
      return original(...args);
    };
    try {
      const compiled = compileRule(rule);
      for (const id of [personalIdOfAge(17, 301), personalIdOfAge(40, 302), personalIdOfAge(70, 303), 'x', undefined]) {
        calls = 0;
        expect(compiled({ id }), String(id)).toStrictEqual(evaluate(rule, { id }));
        expect(calls, String(id)).toBeLessThanOrEqual(1);
      }
      // Each evaluation computes it afresh.
      calls = 0;
      compiled({ id: personalIdOfAge(40, 302) });
      compiled({ id: personalIdOfAge(40, 302) });
      expect(calls).toBe(2);
    } finally {
      logicOperations.personalIdAge = original;
    }
    // An operation answering with an object is called each time: two calls gave two objects.
    const sumBy = logicOperations.sumBy;
    logicOperations.sumBy = (...args: unknown[]) => [sumBy(...args)];
    try {
      const twice = compileRule({ '==': [{ sumBy: [{ var: 'rows' }, 'loan'] }, { sumBy: [{ var: 'rows' }, 'loan'] }] });
      expect(twice({ rows: [{ loan: 1 }] })).toBe(false);
    } finally {
      logicOperations.sumBy = sumBy;
    }
  });

  it('has no eval or new Function (the browser runs under a strict CSP)', () => {
    const source = readFileSync(resolve(import.meta.dirname, '../../../engine/core/rule-compiler.ts'), 'utf8').replace(/\/\/.*$/gm, '');
    expect(source).not.toMatch(/\beval\s*\(|new\s+Function|Function\s*\(/);
  });
});
