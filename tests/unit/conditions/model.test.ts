// The builder's model reads every condition the documents write and writes it back
// as it was; the few it cannot show are raw (edited as JSON).
import { describe, expect, it } from 'vitest';
import { asRootGroup, canonicalRule, formatRule, parseRule, referencesIn, ruleFromRootGroup } from '../../../engine/core/conditions/model.ts';
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
