// The builder's model reads every condition the documents write and writes it back
// as it was; the few it cannot show are raw (edited as JSON).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { asRootGroup, canonicalRule, COMPARISONS, type Condition, type ConditionNode, formatRule, type Group, parseRule, referencesIn, ruleFromRootGroup } from '../../../engine/core/conditions/model.ts';
import { rulesInForms } from './rules-in-forms.ts';

const rules = rulesInForms();

describe('condition model on the documents in forms/', () => {
  it('finds the rules of every document and section', () => {
    // A sanity floor: the walk must not silently find nothing.
    expect(rules.length).toBeGreaterThan(60);
    expect(new Set(rules.map((rule) => rule.file.split('/')[0])).size).toBeGreaterThan(2);
    expect(rules.some((rule) => rule.file.startsWith('sections/'))).toBe(true);
    expect(new Set(rules.map((rule) => rule.kind))).toEqual(new Set(['visible', 'check', 'warning', 'when']));
  });

  it.each(rules.map((rule) => [`${rule.file}${rule.path}`, rule] as const))('%s round-trips or is raw', (_, { rule }) => {
    const parsed = parseRule(rule);
    if (parsed.kind === 'raw') return;
    expect(formatRule(parsed.root)).toEqual(canonicalRule(rule));
  });

  it('leaves only the insurance premium check raw', () => {
    const raw = rules.filter((rule) => parseRule(rule.rule).kind === 'raw').map((rule) => `${rule.file}${rule.path}`);
    console.info(`conditions: ${rules.length} rules, ${raw.length} raw: ${raw.join(', ')}`);
    expect(raw).toEqual(['insurance.json/checks/0/rule']);
  });
});

describe('condition model', () => {
  it('reads groups, negation and the operators the documents use', () => {
    const rule = {
      and: [
        { '!': { '==': [{ var: 'hasCoApplicant' }, true] } },
        { in: [{ var: '{party}MaritalStatusId' }, [1, 2]] },
        { or: [{ '!': { var: 'a' } }, { '!!': { var: 'b' } }, { isEmpty: [{ var: 'c' }] }, { var: 'd' }] },
        { '>=': [{ personalIdAge: [{ var: 'pin' }] }, { var: '$const.age.min' }] },
        { '<=': [1, { var: ['n', 0] }, 5] },
        { monthYearNotInFuture: [{ var: 'm' }, { var: 'y' }] },
        { '!=': [{ var: 'email' }, { var: 'otherEmail' }] },
      ],
    };
    const parsed = parseRule(rule);
    expect(parsed.kind).toBe('model');
    if (parsed.kind !== 'model') return;
    expect(parsed.root).toMatchObject({
      kind: 'group',
      combinator: 'and',
      children: [
        { kind: 'condition', subject: { field: 'hasCoApplicant' }, operator: '==', value: { kind: 'literal', value: true }, negated: true },
        { kind: 'condition', operator: 'in', value: { kind: 'list', values: [1, 2] } },
        { kind: 'group', combinator: 'or', children: [{ operator: 'falsy' }, { operator: 'hasValue' }, { operator: 'isEmpty' }, { operator: 'truthy' }] },
        { subject: { field: 'pin', fn: 'personalIdAge' }, operator: '>=', value: { kind: 'const', path: 'age.min' } },
        { subject: { field: 'n', default: 0 }, operator: 'between', value: { kind: 'literal', value: 1 }, upper: { kind: 'literal', value: 5 } },
        { subject: { field: 'm' }, operator: 'monthYearNotInFuture', value: { kind: 'field', field: 'y' } },
        { operator: '!=', value: { kind: 'field', field: 'otherEmail' } },
      ],
    });
    expect(formatRule(parsed.root)).toEqual(rule);
    expect(referencesIn(parsed.root)).toEqual(['hasCoApplicant', '{party}MaritalStatusId', 'a', 'b', 'c', 'd', 'pin', 'n', 'm', 'y', 'email', 'otherEmail']);
  });

  it('reports what it cannot express as raw, with a reason', () => {
    for (const rule of [
      { if: [{ var: 'a' }, 1, 2] },
      { '!=': [{ insurancePremium: [{ var: 'a' }] }, null] },
      { '==': [1, { var: 'a' }] },
      { and: [] },
      { '!': { '!': { '==': [{ var: 'a' }, 1] } } },
      { in: ['x', { var: 'text' }] },
      { '==': [{ var: 'a' }, { var: 'b' }], extra: 1 },
      'text',
    ]) {
      const parsed = parseRule(rule);
      expect(parsed.kind, JSON.stringify(rule)).toBe('raw');
      if (parsed.kind === 'raw') expect(parsed.reason).not.toBe('');
    }
  });

  it('writes `{"!": [x]}` as `{"!": x}`, which json-logic-js reads the same', () => {
    const parsed = parseRule({ '!': [{ '==': [{ var: 'a' }, 1] }] });
    expect(parsed.kind === 'model' && formatRule(parsed.root)).toEqual({ '!': { '==': [{ var: 'a' }, 1] } });
  });

  it('writes a negated truthy or falsy condition as the other one', () => {
    const subject = { field: 'a' };
    expect(formatRule({ kind: 'condition', subject, operator: 'truthy', negated: true })).toEqual({ '!': { var: 'a' } });
    expect(formatRule({ kind: 'condition', subject, operator: 'falsy', negated: true })).toEqual({ var: 'a' });
    expect(parseRule(formatRule({ kind: 'condition', subject, operator: 'falsy', negated: true }))).toEqual({ kind: 'model', root: { kind: 'condition', subject, operator: 'truthy' } });
  });

  it('edits a lone condition as a group of one and writes it back alone', () => {
    const rule = { '==': [{ var: 'a' }, 1] };
    const parsed = parseRule(rule);
    if (parsed.kind !== 'model') throw new Error('raw');
    const group = asRootGroup(parsed.root);
    expect(group.children).toHaveLength(1);
    expect(ruleFromRootGroup(group)).toEqual(rule);
    expect(ruleFromRootGroup({ ...group, children: [] })).toBeUndefined();
    expect(ruleFromRootGroup({ ...group, negated: true })).toEqual({ '!': { and: [rule] } });
  });
});

describe('condition model, any model the builder can make', () => {
  // Models as the builder writes them: a negation on a comparison or a group (truthy and
  // falsy are each other's negation, so they carry none), groups never empty.
  const field = fc.constantFrom('a', 'b', '{party}C', '$row.loan');
  const scalar = fc.oneof(fc.integer({ min: -5, max: 99 }), fc.constantFrom('x', 'male', '', true, false, null));
  const value = fc.oneof(
    scalar.map((item) => ({ kind: 'literal' as const, value: item })),
    field.map((item) => ({ kind: 'field' as const, field: item })),
    fc.constantFrom('limit', 'ages.min').map((path) => ({ kind: 'const' as const, path })),
  );
  const subject = fc.oneof(
    field.map((item) => ({ field: item })),
    fc.tuple(fc.constantFrom('a', 'b'), fc.constantFrom('personalIdAge' as const, 'personalIdSex' as const)).map(([item, fn]) => ({ field: item, fn })),
    fc.tuple(fc.constantFrom('a', 'b'), fc.integer({ min: 0, max: 9 })).map(([item, fallback]) => ({ field: item, default: fallback })),
  );
  const negated = fc.boolean().map((on) => (on ? { negated: true } : {}));
  const condition = fc.oneof(
    fc.record({ subject, operator: fc.constantFrom(...COMPARISONS), value, negated }),
    fc.record({ subject, operator: fc.constant('in' as const), value: fc.array(scalar, { maxLength: 4 }).map((values) => ({ kind: 'list' as const, values })), negated }),
    fc.record({ subject, operator: fc.constant('between' as const), value, upper: value, negated }),
    fc.record({ subject, operator: fc.constantFrom('truthy' as const, 'falsy' as const), negated: fc.constant({}) }),
    fc.record({ subject, operator: fc.constantFrom('hasValue' as const, 'isEmpty' as const), negated }),
    fc.record({ subject: fc.constantFrom({ field: 'm' }), operator: fc.constantFrom('monthYearNotInFuture' as const, 'monthYearNotInPast' as const), value: fc.constant({ kind: 'field' as const, field: 'y' }), negated }),
  ).map(({ negated: flag, ...rest }) => ({ kind: 'condition' as const, ...rest, ...flag }) as Condition);
  const { node } = fc.letrec<{ node: ConditionNode }>((tie) => ({
    node: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      condition,
      fc.record({ combinator: fc.constantFrom('and' as const, 'or' as const), children: fc.array(tie('node'), { minLength: 1, maxLength: 3 }), negated }).map(({ negated: flag, ...rest }) => ({ kind: 'group' as const, ...rest, ...flag }) as Group),
    ),
  }));

  it('parse(format(model)) is the model', () => {
    fc.assert(
      fc.property(node, (model) => {
        const parsed = parseRule(formatRule(model));
        expect(parsed).toEqual({ kind: 'model', root: model });
      }),
      { numRuns: 300 },
    );
  });
});
