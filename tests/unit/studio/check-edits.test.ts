// The studio's edits of the document's checks and warnings: a rule that names only fields
// the applicant has answered by then, a message the applicant can read, added and removed;
// after them the document still passes forms:check (read as the publish gate reads it).
import { describe, expect, it } from 'vitest';
import { checkSource } from '../../../engine/core/check.ts';
import { addCheck, applyEdit, removeCheck, setCheckMessage, setCheckRule } from '../../../engine/core/studio/edits.ts';
import { findingsOf, loadSection, readSource } from './helpers.ts';

type Json = Record<string, any>;
const context = { loadSection };
/** consumer.json's checks[3]: the applicants' phone numbers differ (checks[0] is a section's reference). */
const PHONES = 3;
const phonesDiffer = { '!=': [{ var: 'coApplicantMobilephone' }, { var: 'primaryApplicantMobilephone' }] };
const phonesAndEmailsDiffer = { and: [phonesDiffer, { '!=': [{ var: 'coApplicantEmail' }, { var: 'primaryApplicantEmail' }] }] };

function must(result: ReturnType<typeof applyEdit>): Json {
  if (!result.ok) throw new Error(result.reason);
  return result.source;
}

describe('checks and warnings', () => {
  it("edits a consumer check's rule and message; the document resolves and passes forms:check", () => {
    const source = readSource('consumer') as Json;
    expect(source.checks[PHONES].id).toBe('applicantsPhonesDiffer');
    const ruled = must(applyEdit(source, { type: 'check-rule', list: 'checks', index: PHONES, rule: phonesAndEmailsDiffer }, context));
    const edited = must(applyEdit(ruled, { type: 'check-message', list: 'checks', index: PHONES, text: 'Hakijoiden yhteystiedot eivät voi olla samat' }, context));
    // The history keeps the old source untouched.
    expect(source.checks[PHONES].rule).toEqual(phonesDiffer);
    expect(findingsOf(edited)).toEqual([]);
    const flat = checkSource(edited, loadSection).document;
    const check = flat.rules?.checks?.find((item: Json) => item.id === 'applicantsPhonesDiffer');
    expect(check).toMatchObject({ rule: phonesAndEmailsDiffer, message: 'Hakijoiden yhteystiedot eivät voi olla samat' });
  });

  it('refuses a rule that names a field the document does not have, in Finnish', () => {
    const result = setCheckRule(readSource('consumer'), 'checks', PHONES, { '!=': [{ var: 'coApplicantMobilephone' }, { var: 'eiOle' }] }, context);
    expect(result).toEqual({ ok: false, reason: 'Kenttää "eiOle" ei ole lomakkeessa' });
  });

  it('refuses a rule that names a field of a later step than the check', () => {
    const result = setCheckRule(readSource('consumer'), 'checks', PHONES, { '!=': [{ var: 'coApplicantMobilephone' }, { var: 'primaryApplicantHasNoLoans' }] }, context);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.reason).toMatch(/tulee vasta myöhemmin/);
  });

  it('refuses an empty message and an empty rule', () => {
    expect(setCheckMessage(readSource('consumer'), 'checks', PHONES, '  ')).toEqual({ ok: false, reason: 'Viesti ei voi olla tyhjä: hakija näkee sen kentän vieressä' });
    expect(setCheckRule(readSource('consumer'), 'checks', PHONES, undefined, context).ok).toBe(false);
    expect(addCheck(readSource('consumer'), 'warnings', 'inputAppliedAmount', { '<=': [{ var: 'inputAppliedAmount' }, 50000] }, '', context).ok).toBe(false);
  });

  it("refuses to edit a section's reference in the list as a check", () => {
    const result = setCheckMessage(readSource('consumer'), 'checks', 0, 'Jotain');
    expect(result.ok).toBe(false);
  });

  it('refuses a check about a field the document does not have', () => {
    const result = addCheck(readSource('consumer'), 'checks', 'eiOle', { '!=': [{ var: 'inputAppliedAmount' }, 1] }, 'Viesti', context);
    expect(result).toEqual({ ok: false, reason: 'Kenttää eiOle ei ole tässä dokumentissa' });
  });

  it('adds a warning and a check, each passes forms:check, and removing them gives back the document', () => {
    const source = readSource('consumer') as Json;
    const rule = { '<=': [{ var: 'inputAppliedAmount' }, 50000] };
    const warned = must(applyEdit(source, { type: 'check-add', list: 'warnings', field: 'inputAppliedAmount', rule, message: 'Yli 50 000 euron laina on harvinainen' }, context));
    expect(warned.warnings).toEqual([{ id: 'inputAppliedAmountWarning1', field: 'inputAppliedAmount', rule, message: 'Yli 50 000 euron laina on harvinainen' }]);
    const checked = must(applyEdit(warned, { type: 'check-add', list: 'checks', field: 'inputAppliedAmount', rule, message: 'Enintään 50 000 euroa' }, context));
    expect(checked.checks.at(-1)).toMatchObject({ id: 'inputAppliedAmountCheck1', field: 'inputAppliedAmount' });
    expect(findingsOf(checked)).toEqual([]);
    const flat = checkSource(checked, loadSection).document;
    expect(flat.rules?.warnings?.map((item: Json) => item.id)).toContain('inputAppliedAmountWarning1');

    const back = must(removeCheck(must(applyEdit(checked, { type: 'check-remove', list: 'warnings', index: 0 }, context)), 'checks', checked.checks.length - 1));
    expect(back).toEqual(source);
  });
});
