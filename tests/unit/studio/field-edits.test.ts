// The studio's edits of a field's rules, new fields and removals, and a shared section's
// label for one product: refused in Finnish where the document would break, and after them
// the document still passes forms:check (read as the publish gate reads it).
import { describe, expect, it } from 'vitest';
import { checkSource } from '../../../engine/core/check.ts';
import { conditionFields } from '../../../engine/core/conditions/fields.ts';
import { ruleInWords } from '../../../engine/core/conditions/words.ts';
import { resolveWritten } from '../../../engine/core/format/resolve.ts';
import { addField, applyEdit, includeLabelOf, removeField, sectionNameOf, setFieldRule, setIncludeLabel } from '../../../engine/core/studio/edits.ts';
import { NEW_FIELD_KINDS } from '../../../engine/core/studio/new-field.ts';
import { findingsOf, loadSection, readSource } from './helpers.ts';

type Json = Record<string, any>;
const context = { loadSection };
const WORK = 3;

/** consumer.json with a text field `employerPhone` at the end of the employment step. */
function withNewField(): Json {
  const result = addField(readSource('consumer'), { stepIndex: WORK, sectionIndex: 0, id: 'employerPhone', kind: 'text', label: 'Työnantajan puhelinnumero' }, context);
  if (!result.ok) throw new Error(result.reason);
  return result.source;
}

const onlyType4 = { '==': [{ var: 'primaryApplicantEmploymentTypeId' }, 4] };

describe('setFieldRule', () => {
  it('sets a visible rule that names an earlier or same-step field, and the document still checks', () => {
    const source = withNewField();
    const result = setFieldRule(source, 'employerPhone', 'visible', onlyType4, context);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.source.fields).toHaveProperty('employerPhone.visible', onlyType4);
    expect(source.fields.employerPhone.visible).toBeUndefined();
    expect(findingsOf(result.source)).toEqual([]);
  });

  it('refuses a rule that names a field the document does not have, in Finnish', () => {
    const result = setFieldRule(withNewField(), 'employerPhone', 'visible', { '==': [{ var: 'eiOle' }, 1] }, context);
    expect(result).toEqual({ ok: false, reason: 'Kenttää "eiOle" ei ole lomakkeessa' });
  });

  it('refuses a rule that names a field of a later step', () => {
    const result = setFieldRule(readSource('consumer'), 'loanPurposeId', 'visible', onlyType4, context);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.reason).toMatch(/tulee vasta myöhemmin/);
  });

  it('refuses a raw rule with an unknown field too', () => {
    const result = setFieldRule(withNewField(), 'employerPhone', 'required', { if: [{ var: 'eiOle' }, true, false] }, context);
    expect(result.ok).toBe(false);
  });

  it('required: always, never and a rule', () => {
    const source = withNewField();
    const always = applyEdit(source, { type: 'rule', field: 'employerPhone', kind: 'required', rule: true }, context);
    expect(always.ok && always.source.fields).toHaveProperty('employerPhone.required', true);
    const never = applyEdit(always.ok ? always.source : source, { type: 'rule', field: 'employerPhone', kind: 'required', rule: undefined }, context);
    expect(never.ok && (never.source.fields as Json).employerPhone).not.toHaveProperty('required');
    const when = applyEdit(source, { type: 'rule', field: 'employerPhone', kind: 'required', rule: onlyType4 }, context);
    expect(when.ok && when.source.fields).toHaveProperty('employerPhone.required', onlyType4);
    expect(when.ok && findingsOf(when.source)).toEqual([]);
  });

  it('without the sections the rule cannot be checked, and is refused', () => {
    const result = setFieldRule(withNewField(), 'employerPhone', 'visible', onlyType4);
    expect(result).toEqual({ ok: false, reason: 'Jaettuja osioita ei ole vielä ladattu; yritä hetken kuluttua uudelleen' });
  });

  it('the rule in words names the field and the choice as the applicant sees them', () => {
    const result = setFieldRule(withNewField(), 'employerPhone', 'visible', onlyType4, context);
    if (!result.ok) throw new Error(result.reason);
    const fields = conditionFields(resolveWritten(result.source, loadSection).document);
    const words = ruleInWords((result.source.fields as Json).employerPhone.visible, 'visible', { fields });
    expect(words).toMatch(/^Näytetään, kun /i);
    expect(words.toLowerCase()).toContain('työsuhteen tyyppi');
    expect(words.toLowerCase()).toContain('määräaikainen');
  });
});

describe('addField', () => {
  it.each(NEW_FIELD_KINDS)('a %s field on the employment step keeps consumer.json valid', (kind) => {
    const result = addField(readSource('consumer'), { stepIndex: WORK, sectionIndex: 0, id: 'uusiKentta', kind, label: 'Uusi kysymys' }, context);
    if (!result.ok) throw new Error(result.reason);
    expect(findingsOf(result.source)).toEqual([]);
    const flat = checkSource(result.source, loadSection).document;
    const ids = kind === 'month-year' ? ['uusiKenttaMonth', 'uusiKenttaYear'] : ['uusiKentta'];
    for (const id of ids) expect(flat.schema.properties).toHaveProperty(id);
    expect(flat.steps[WORK].sections[0].fields.slice(-ids.length)).toEqual(ids);
  });

  it('goes after the selected field', () => {
    const result = addField(readSource('consumer'), { stepIndex: 0, sectionIndex: 0, id: 'loanNote', kind: 'text', label: 'Lisätieto', after: 'inputAppliedAmount' }, context);
    expect(result.ok && (result.source.steps as Json[])[0].sections[0].fields).toEqual(['loanPurposeId', 'inputAppliedAmount', 'loanNote', 'inputAppliedTenor', 'hasCoApplicant']);
  });

  it('refuses an id that is taken (an own field or a section field), or not an identifier', () => {
    const add = (id: string) => addField(readSource('consumer'), { stepIndex: 0, sectionIndex: 0, id, kind: 'text', label: 'X' }, context);
    expect(add('loanPurposeId')).toEqual({ ok: false, reason: 'Tunnus loanPurposeId on jo käytössä tässä lomakkeessa' });
    expect(add('primaryApplicantEmploymentTypeId').ok).toBe(false);
    expect(add('2abc').ok).toBe(false);
    expect(add('with-dash').ok).toBe(false);
    expect(add('').ok).toBe(false);
  });

  it('refuses an empty question and a missing section', () => {
    expect(addField(readSource('consumer'), { stepIndex: 0, sectionIndex: 0, id: 'x', kind: 'text', label: ' ' }, context).ok).toBe(false);
    expect(addField(readSource('consumer'), { stepIndex: 0, sectionIndex: 5, id: 'x', kind: 'text', label: 'X' }, context).ok).toBe(false);
  });
});

describe('removeField', () => {
  const live = { live: readSource('consumer') };

  it('removes an added field from the fields and its step', () => {
    const result = removeField(withNewField(), 'employerPhone', live);
    if (!result.ok) throw new Error(result.reason);
    expect(result.source).toEqual(readSource('consumer'));
  });

  it('refuses a field the live form has, though nothing reads it (a contract field), and any without the live form', () => {
    expect(removeField(readSource('consumer'), 'appliedAmount', live)).toEqual({
      ok: false,
      reason: 'Kenttä appliedAmount on julkaistussa lomakkeessa; vain tässä luonnoksessa lisätyn kentän voi poistaa',
    });
    expect(removeField(withNewField(), 'employerPhone').ok).toBe(false);
    expect(removeField(withNewField(), 'employerPhone', { live: null }).ok).toBe(true);
  });

  it('refuses while a rule reads the field', () => {
    const added = addField(withNewField(), { stepIndex: WORK, sectionIndex: 0, id: 'employerName', kind: 'text', label: 'Työnantaja' }, context);
    if (!added.ok) throw new Error(added.reason);
    const ruled = setFieldRule(added.source, 'employerName', 'visible', { '!!': { var: 'employerPhone' } }, context);
    if (!ruled.ok) throw new Error(ruled.reason);
    expect(removeField(ruled.source, 'employerPhone', { live: null })).toEqual({
      ok: false,
      reason: 'Kenttää employerPhone käytetään lomakkeen säännöissä, yhteenvedossa tai muunnelmissa; poista ne ensin',
    });
    expect(removeField(readSource('consumer'), 'primaryapplicantNoIban', { live: null })).toEqual({
      ok: false,
      reason: 'Kenttää primaryapplicantNoIban käytetään lomakkeen säännöissä, yhteenvedossa tai muunnelmissa; poista ne ensin',
    });
  });
});

describe('setIncludeLabel', () => {
  it('gives a section field another short name in this document only', () => {
    const result = setIncludeLabel(readSource('consumer'), 'work', 'EmploymentTypeId', 'Työsuhde', context);
    if (!result.ok) throw new Error(result.reason);
    expect(includeLabelOf(result.source, 'work', 'EmploymentTypeId')).toBe('Työsuhde');
    expect(findingsOf(result.source)).toEqual([]);
    const flat = checkSource(result.source, loadSection).document;
    expect(flat.labels.primaryApplicantEmploymentTypeId).toBe('Työsuhde');
    const back = setIncludeLabel(result.source, 'work', 'EmploymentTypeId', undefined, context);
    expect(back.ok && back.source).toEqual(readSource('consumer'));
  });

  it('a field this document renames is overridden under the section\'s own name, next to the overrides it has', () => {
    const mortgage = readSource('mortgage');
    const name = sectionNameOf(mortgage, 'loans', 'HasCarboatLoan');
    expect(name).toBe('HasCarboat');
    const result = setIncludeLabel(mortgage, 'loans', name, 'Auto- tai venelaina', context);
    if (!result.ok) throw new Error(result.reason);
    expect(findingsOf(result.source)).toEqual([]);
    expect(checkSource(result.source, loadSection).document.labels.primaryApplicantHasCarboatLoan).toBe('Auto- tai venelaina');
    // A field the document already overrides keeps what it overrides (mortgage's LivingExpenses: visible, ui).
    const housing = setIncludeLabel(mortgage, 'housing', 'LivingExpenses', 'Asumismenot', context);
    if (!housing.ok) throw new Error(housing.reason);
    const before = (mortgage.include as Json).housing.override.fields.LivingExpenses;
    expect((housing.source.include as Json).housing.override.fields.LivingExpenses).toEqual({ ...before, label: 'Asumismenot' });
    expect(findingsOf(housing.source)).toEqual([]);
  });

  it('refuses a field the section does not have', () => {
    expect(setIncludeLabel(readSource('consumer'), 'work', 'EiOle', 'X', context).ok).toBe(false);
  });
});
