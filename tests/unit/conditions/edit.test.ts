// The builder's edits (pure, engine/core/conditions/edit.ts): what the component does on
// 'Lisää ehto', 'Lisää ryhmä', 'Poista', a new field, operator or value, and whether the
// result may be passed on (onChange) or is refused.
import { describe, expect, it } from 'vitest';
import { addCondition, addGroup, commitGroup, commitJson, literalFrom, operatorsFor, removeAt, updateAt, withField, withOperator } from '../../../engine/core/conditions/edit.ts';
import { conditionFields } from '../../../engine/core/conditions/fields.ts';
import { asRootGroup, type Condition, type Group, parseRule } from '../../../engine/core/conditions/model.ts';
import { readFormDocument } from '../../../engine/core/node.ts';

const consumer = readFormDocument('consumer');
const fields = conditionFields(consumer);
const byId = (id: string) => fields.find((field) => field.id === id)!;
const empty = asRootGroup(undefined);
const at = (group: Group, ...path: number[]) => path.reduce<unknown>((node, index) => (node as Group).children[index], group) as Condition;

describe('condition builder edits', () => {
  it('adds a condition with the field\'s first choice, and a group of one condition', () => {
    let group = addCondition(empty, [], byId('primaryApplicantEmploymentTypeId'));
    expect(at(group, 0)).toEqual({ kind: 'condition', subject: { field: 'primaryApplicantEmploymentTypeId' }, operator: '==', value: { kind: 'literal', value: 6 } });
    group = addGroup(group, [], byId('hasCoApplicant'));
    expect(group.children[1]).toMatchObject({ kind: 'group', combinator: 'or', children: [{ subject: { field: 'hasCoApplicant' }, value: { kind: 'literal', value: true } }] });
    group = addCondition(group, [1], byId('loanPurposeId'));
    expect((group.children[1] as Group).children).toHaveLength(2);
    expect(commitGroup(group, { fields, field: 'primaryApplicantEmployer' })).toEqual({
      ok: true,
      rule: { and: [{ '==': [{ var: 'primaryApplicantEmploymentTypeId' }, 6] }, { or: [{ '==': [{ var: 'hasCoApplicant' }, true] }, { '==': [{ var: 'loanPurposeId' }, 19] }] }] },
    });
    group = removeAt(group, [1, 0]);
    group = removeAt(group, [0]);
    expect(commitGroup(group, { fields })).toEqual({ ok: true, rule: { or: [{ '==': [{ var: 'loanPurposeId' }, 19] }] } });
    expect(commitGroup(removeAt(group, []), { fields })).toEqual({ ok: true, rule: undefined });
  });

  it('refuses, and so passes nothing on, a later field, an unknown one, a missing value and an empty group', () => {
    const later = addCondition(empty, [], byId('primaryApplicantEmploymentTypeId'));
    expect(commitGroup(later, { fields, field: 'inputAppliedTenor' })).toEqual({ ok: false, refusals: [{ at: [0], message: 'Kenttä "Työsuhteen tyyppi" tulee vasta myöhemmin' }] });
    const unknown = updateAt(later, [0], (node) => withField(node as Condition, undefined, 'eiOle'));
    expect(commitGroup(unknown, { fields })).toMatchObject({ ok: false, refusals: [{ message: 'Kenttää "eiOle" ei ole lomakkeessa' }] });
    const noValue = addCondition(empty, [], byId('inputAppliedAmount'));
    expect(commitGroup(noValue, { fields })).toMatchObject({ ok: false, refusals: [{ message: 'Ehdosta puuttuu arvo kentälle "Lainasumma"' }] });
    const emptyGroup: Group = { ...empty, children: [{ kind: 'group', combinator: 'or', children: [] }] };
    expect(commitGroup(emptyGroup, { fields })).toMatchObject({ ok: false, refusals: [{ at: [0], message: 'Ryhmässä ei ole ehtoja' }] });
  });

  it('offers operators by the field\'s kind and keeps a value that still fits', () => {
    expect(operatorsFor('boolean')).toEqual(['==', '!=', 'truthy', 'falsy']);
    expect(operatorsFor('choice')).toContain('in');
    expect(operatorsFor('personalId', 'personalIdAge')).toContain('between');
    const choice = byId('primaryApplicantMaritalStatusId');
    const start = addCondition(empty, [], choice);
    const unequal = withOperator(at(start, 0), choice, '!=');
    expect(unequal.value).toEqual({ kind: 'literal', value: 1 });
    expect(withOperator(unequal, choice, 'in').value).toEqual({ kind: 'list', values: [1] });
    expect(withOperator(unequal, choice, 'isEmpty')).toEqual({ kind: 'condition', subject: { field: 'primaryApplicantMaritalStatusId' }, operator: 'isEmpty' });
    expect(withOperator(unequal, byId('inputAppliedAmount'), 'between')).toMatchObject({ operator: 'between', upper: { kind: 'literal', value: '' } });
    // A new field starts over when the operator does not fit it; a negation stays.
    expect(withField({ ...at(start, 0), operator: 'in', negated: true }, byId('hasCoApplicant'), 'hasCoApplicant')).toEqual({
      kind: 'condition',
      subject: { field: 'hasCoApplicant' },
      operator: '==',
      value: { kind: 'literal', value: true },
      negated: true,
    });
  });

  it('reads a typed number as a number for a number field or an age', () => {
    expect(literalFrom('1,5', byId('inputAppliedAmount'))).toBe(1.5);
    expect(literalFrom('19', byId('primaryApplicantPersonalIdentificationNumber'), 'personalIdAge')).toBe(19);
    expect(literalFrom('19', byId('primaryApplicantFirstnames'))).toBe('19');
    expect(literalFrom('', byId('inputAppliedAmount'))).toBe('');
  });

  it('takes raw JSON, in Finnish when it is not a rule', () => {
    expect(commitJson('{"==": [{"var": "loanPurposeId"}, 19]', { fields })).toEqual({ ok: false, message: 'JSON ei ole kelvollista (kohta 38)' });
    expect(commitJson('[1', { fields })).toMatchObject({ ok: false, message: expect.stringMatching(/^JSON ei ole kelvollista/) });
    expect(commitJson('"teksti"', { fields })).toMatchObject({ ok: false, message: expect.stringContaining('Ehto ei ole JSON-Logic-sääntö') });
    expect(commitJson('{"foo": [1]}', { fields })).toEqual({ ok: false, message: 'Tuntematon operaatio "foo"' });
    expect(commitJson('{"if": [{"var": "nope"}, 1, 2]}', { fields })).toMatchObject({ ok: false, refusals: [{ message: 'Kenttää "nope" ei ole lomakkeessa' }] });
    // A raw rule the builder cannot show is passed on as it is.
    expect(commitJson('{"if": [{"var": "hasCoApplicant"}, true, false]}', { fields })).toEqual({ ok: true, rule: { if: [{ var: 'hasCoApplicant' }, true, false] } });
    const good = commitJson('{"in": [{"var": "loanPurposeId"}, [19, 16]]}', { fields, field: 'inputAppliedTenor' });
    expect(good).toMatchObject({ ok: true, rule: { in: [{ var: 'loanPurposeId' }, [19, 16]] }, model: { kind: 'group', children: [{ operator: 'in' }] } });
    expect(commitJson('{"in": [{"var": "loanPurposeId"}, [19, 99]]}', { fields })).toMatchObject({ ok: false, refusals: [{ message: 'Arvo "99" ei ole kentän "Lainan käyttötarkoitus" vaihtoehto' }] });
    expect(commitJson('  ', { fields })).toEqual({ ok: true, rule: undefined });
    expect(commitJson('true', { fields })).toEqual({ ok: true, rule: true });
  });

  it('edits a real rule and writes the rest of it back as it was', () => {
    const rule = consumer.rules!.visible!.coApplicantEmployer;
    const parsed = parseRule(rule);
    if (parsed.kind !== 'model') throw new Error('raw');
    const root = asRootGroup(parsed.root);
    const edited = updateAt(root, [1], (node) => ({ ...(node as Condition), value: { kind: 'list', values: [6, 4] } }));
    expect(commitGroup(edited, { fields, field: 'coApplicantEmployer' })).toEqual({
      ok: true,
      rule: { and: [{ '==': [{ var: 'hasCoApplicant' }, true] }, { in: [{ var: 'coApplicantEmploymentTypeId' }, [6, 4]] }] },
    });
  });
});
