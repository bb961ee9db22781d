// A shared section's own draft: its fields' visible and required rules are edited as the
// section writes them (`{party}Name`), checked in a live document that includes it, and the
// documents that include it still pass forms:check with the changed section in place.
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { FieldRules } from '../../../src/studio/draft/FieldRules.tsx';
import { checkSource } from '../../../engine/core/check.ts';
import { addCheck, applyEdit, checkItems, removeCheck, sectionRuleFields, setCheckMessage, setCheckRule, setFieldRule } from '../../../engine/core/studio/edits.ts';
import { loadSection, readSource } from './helpers.ts';

type Json = Record<string, any>;
const identity = () => loadSection('identity') as Json;
const context = { loadSection, documents: [readSource('consumer'), readSource('mortgage')] };
const emailGiven = { '!!': { var: '{party}Email' } };

const findingsWith = (document: string, section: Json) =>
  checkSource(readSource(document), (id) => (id === 'identity' ? structuredClone(section) : loadSection(id))).findings;

describe('setFieldRule in a section draft', () => {
  it('sets a visible rule naming a field of the section, and consumer and mortgage still check', () => {
    const source = identity();
    const result = applyEdit(source, { type: 'rule', field: 'Email2', kind: 'visible', rule: emailGiven }, context);
    if (!result.ok) throw new Error(result.reason);
    expect((result.source.fields as Json).Email2.visible).toEqual(emailGiven);
    expect(source.fields.Email2.visible).toBeUndefined();
    for (const document of ['consumer', 'mortgage']) {
      expect(findingsWith(document, result.source)).toEqual([]);
      const flat = checkSource(readSource(document), (id) => (id === 'identity' ? structuredClone(result.source) : loadSection(id))).document;
      expect(flat.schema.properties).toHaveProperty('coApplicantEmail2');
      expect(JSON.stringify(flat)).toContain('"var":"coApplicantEmail"');
    }
  });

  it('sets a required rule the same way', () => {
    const result = setFieldRule(identity(), 'Mobilephone2', 'required', emailGiven, context);
    if (!result.ok) throw new Error(result.reason);
    expect((result.source.fields as Json).Mobilephone2.required).toEqual(emailGiven);
    expect(findingsWith('consumer', result.source)).toEqual([]);
  });

  it('refuses a field the section and the document do not have, in Finnish', () => {
    expect(setFieldRule(identity(), 'Email2', 'visible', { '!!': { var: '{party}EiOle' } }, context)).toEqual({ ok: false, reason: 'Kenttää "{party}EiOle" ei ole lomakkeessa' });
  });

  it('refuses a field of a later step of the including document', () => {
    const result = setFieldRule(identity(), 'Email2', 'visible', { '==': [{ var: 'primaryApplicantEmploymentTypeId' }, 4] }, context);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.reason).toMatch(/tulee vasta myöhemmin/);
  });

  it('is checked in every document that includes the section: mortgage leaves out marital status', () => {
    const married = { '==': [{ var: '{party}MaritalStatusId' }, 2] };
    expect(setFieldRule(identity(), 'MilitaryStatusId', 'visible', married, { loadSection, documents: [readSource('consumer')] }).ok).toBe(true);
    expect(setFieldRule(identity(), 'MilitaryStatusId', 'visible', married, context)).toEqual({
      ok: false,
      reason: 'Lomakkeessa mortgage: Kenttää "{party}MaritalStatusId" ei ole lomakkeessa',
    });
  });

  it('without a live document including the section the rule cannot be checked', () => {
    expect(setFieldRule(identity(), 'Email2', 'visible', emailGiven, { loadSection }).ok).toBe(false);
    // Removing a rule needs no check.
    expect(setFieldRule(identity(), 'MilitaryStatusId', 'visible', undefined, { loadSection }).ok).toBe(true);
  });

  it('the builder gets the section\'s names for its own fields and flat ids for the document\'s', () => {
    const known = sectionRuleFields(identity(), context);
    if ('reason' in known) throw new Error(known.reason);
    const ids = known.fields.map((field) => field.id);
    expect(ids).toContain('{party}MaritalStatusId');
    expect(ids).toContain('loanPurposeId');
    expect(ids).not.toContain('primaryApplicantEmail');
  });
});

describe('a section draft\'s checks and warnings (kept by name)', () => {
  const emailsMatch = { '==': [{ var: '{party}Email2' }, { var: '{party}Email' }] };

  it('lists them by name in the order they run; the edits name them by that place', () => {
    expect(checkItems(identity(), 'checks').map(({ name, index }) => [name, index])).toEqual([
      ['PhoneRepeat', 0],
      ['EmailRepeat', 1],
    ]);
  });

  it('changes a check\'s rule and message, and consumer and mortgage still check', () => {
    const rule = { or: [emailsMatch, { '!': { var: '{party}Email' } }] };
    const ruled = setCheckRule(identity(), 'checks', 1, rule, context);
    if (!ruled.ok) throw new Error(ruled.reason);
    const worded = setCheckMessage(ruled.source, 'checks', 1, 'Osoitteet eroavat');
    if (!worded.ok) throw new Error(worded.reason);
    expect((worded.source.checks as Json).EmailRepeat).toEqual({ field: 'Email2', rule, message: 'Osoitteet eroavat' });
    for (const document of ['consumer', 'mortgage']) expect(findingsWith(document, worded.source)).toEqual([]);
  });

  it('refuses a check rule naming a missing field', () => {
    expect(setCheckRule(identity(), 'checks', 1, { '!!': { var: '{party}EiOle' } }, context)).toEqual({ ok: false, reason: 'Kenttää "{party}EiOle" ei ole lomakkeessa' });
  });

  it('adds a warning about a section field and removes it again', () => {
    const added = addCheck(identity(), 'warnings', 'Email', { '!!': { var: '{party}Email' } }, 'Tarkista osoite', context);
    if (!added.ok) throw new Error(added.reason);
    expect(added.source.warnings).toEqual({ EmailWarning1: { field: 'Email', rule: { '!!': { var: '{party}Email' } }, message: 'Tarkista osoite' } });
    expect(findingsWith('consumer', added.source)).toEqual([]);
    const flat = checkSource(readSource('consumer'), (id) => (id === 'identity' ? structuredClone(added.source) : loadSection(id))).document;
    expect(flat.rules?.warnings?.map((warning) => warning.id)).toContain('coApplicantEmailWarning1');
    const removed = removeCheck(added.source, 'warnings', 0);
    expect(removed.ok && removed.source).toEqual(identity());
    expect(addCheck(identity(), 'warnings', 'EiOle', { '!!': { var: '{party}Email' } }, 'X', context).ok).toBe(false);
  });
});

describe('FieldRules in a section draft', () => {
  const render = (fields: ReturnType<typeof sectionRuleFields>) => {
    const source = identity();
    return renderToStaticMarkup(
      createElement(FieldRules, {
        id: 'MilitaryStatusId',
        field: source.fields.MilitaryStatusId,
        source,
        fields: 'fields' in fields ? fields.fields : undefined,
        readOnly: false,
        edit: () => undefined,
      }),
    );
  };

  it('shows the builder with the section\'s own rule, its fields named as the section names them', () => {
    const html = render(sectionRuleFields(identity(), context));
    expect(html).toMatch(/<option value="\{party\}PersonalIdentificationNumber" selected="">/);
    expect(html).not.toContain('ei voi vielä muokata');
  });

  it('shows the section\'s check about the field by its name, built with the section\'s names', () => {
    const source = identity();
    const known = sectionRuleFields(source, context);
    if ('reason' in known) throw new Error(known.reason);
    const html = renderToStaticMarkup(createElement(FieldRules, { id: 'Email2', field: source.fields.Email2, source, fields: known.fields, readOnly: false, edit: () => undefined }));
    expect(html).toContain('data-check="EmailRepeat"');
    expect(html).toMatch(/<option value="\{party\}Email2" selected="">/);
  });

  it('says what it waits for while no including document is read', () => {
    expect(render(sectionRuleFields(identity(), { loadSection }))).toContain('Osion ehtoja voi muokata, kun sen sisältävä julkaistu lomake on luettu');
  });
});
