// A condition may name the field it belongs to, earlier steps' fields and its own step's;
// not a field of a later step nor one the document lacks; a choice's value must be a choice.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkReferences } from '../../../engine/core/conditions/check.ts';
import { asSectionFields, conditionFields, rowFields } from '../../../engine/core/conditions/fields.ts';
import { type ConditionNode, parseRule } from '../../../engine/core/conditions/model.ts';
import { FORMS_DIR, readFormDocument } from '../../../engine/core/node.ts';

const consumer = readFormDocument('consumer');
const fields = conditionFields(consumer);
const model = (rule: unknown): ConditionNode => {
  const parsed = parseRule(rule);
  if (parsed.kind !== 'model') throw new Error(`raw: ${JSON.stringify(rule)}`);
  return parsed.root;
};
const messages = (rule: unknown, field: string, party?: string) => checkReferences(model(rule), { field, fields, party }).map((refusal) => refusal.message);

describe('condition references', () => {
  it('reads the document in step order with labels, choices and kinds', () => {
    const ids = fields.map((field) => field.id);
    expect(ids.indexOf('loanPurposeId')).toBeLessThan(ids.indexOf('primaryApplicantEmploymentTypeId'));
    expect(fields.find((field) => field.id === 'primaryApplicantMaritalStatusId')).toMatchObject({ label: 'Siviilisääty', kind: 'choice', options: expect.arrayContaining([{ value: 2, title: 'Avoliitossa' }]) });
    expect(fields.find((field) => field.id === 'hasCoApplicant')).toMatchObject({ kind: 'boolean', step: 0 });
    expect(fields.find((field) => field.id === 'primaryApplicantPersonalIdentificationNumber')?.kind).toBe('personalId');
    expect(rowFields(consumer, 'primaryApplicantMortgageInput').map((row) => row.id)).toEqual(['$row.loan', '$row.monthlyPayment']);
  });

  it('accepts every condition the consumer and mortgage documents have', () => {
    for (const id of ['consumer', 'mortgage']) {
      const doc = readFormDocument(id);
      const all = conditionFields(doc);
      for (const [field, rule] of Object.entries(doc.rules?.visible ?? {})) expect(checkReferences(model(rule), { field, fields: all }), `${id} ${field}`).toEqual([]);
      for (const check of [...(doc.rules?.checks ?? []), ...(doc.rules?.warnings ?? [])]) {
        const list = check.field.split('.')[0];
        const withRows = check.field.includes('.*.') ? [...all, ...rowFields(doc, list)] : all;
        expect(checkReferences(model(check.rule), { field: list, fields: withRows }), `${id} ${check.id}`).toEqual([]);
      }
    }
  });

  it('refuses a field the document does not have', () => {
    expect(messages({ '==': [{ var: 'maritalStatus' }, 1] }, 'primaryApplicantSpouseGrossMonthlyIncome')).toEqual(['Kenttää "maritalStatus" ei ole lomakkeessa']);
    expect(messages({ '<=': [{ var: '$row.loan' }, 1] }, 'primaryApplicantNetMonthlyIncome')).toEqual(['Kenttää "$row.loan" ei ole lomakkeessa']);
  });

  it('refuses a field of a later step, by its label', () => {
    // The loan purpose is asked on the first step; the applicant's employment on the fourth.
    expect(messages({ '==': [{ var: 'primaryApplicantEmploymentTypeId' }, 6] }, 'inputAppliedTenor')).toEqual(['Kenttä "Työsuhteen tyyppi" tulee vasta myöhemmin']);
    expect(messages({ '!=': [{ var: 'loanPurposeId' }, { var: 'primaryApplicantNetMonthlyIncome' }] }, 'hasCoApplicant')).toEqual(['Kenttä "Nettotulot" tulee vasta myöhemmin']);
  });

  it('accepts the field itself, earlier steps, the same step and constants', () => {
    expect(messages({ and: [{ '==': [{ var: 'loanPurposeId' }, 19] }, { var: 'primaryApplicantHasCarboat' }, { '>=': [{ var: 'primaryApplicantNetMonthlyIncome' }, { var: '$const.coApplicantPromptAbove' }] }, { var: 'useLoanForCarboat' }] }, 'useLoanForCarboat')).toEqual([]);
    // The IBAN hides when the checkbox below it, on the same step, is ticked.
    expect(messages({ '!': { var: 'primaryapplicantNoIban' } }, 'primaryApplicantIbanNumber')).toEqual([]);
  });

  it('resolves a section rule\'s {party} for the party it is edited for', () => {
    const rule = { in: [{ var: '{party}MaritalStatusId' }, [1, 2]] };
    expect(messages(rule, 'primaryApplicantSpouseGrossMonthlyIncome', 'primaryApplicant')).toEqual([]);
    expect(messages({ var: '{party}NoSuchField' }, 'coApplicantEmployer', 'coApplicant')).toEqual(['Kenttää "{party}NoSuchField" ei ole lomakkeessa']);
  });

  it('refuses a value that is not one of the choices, and a missing value', () => {
    expect(messages({ in: [{ var: 'primaryApplicantMaritalStatusId' }, [1, 9]] }, 'primaryApplicantSpouseGrossMonthlyIncome')).toEqual(['Arvo "9" ei ole kentän "Siviilisääty" vaihtoehto']);
    expect(messages({ '==': [{ var: 'loanPurposeId' }, 'häät'] }, 'inputAppliedTenor')).toEqual(['Arvo "häät" ei ole kentän "Lainan käyttötarkoitus" vaihtoehto']);
    expect(messages({ '==': [{ var: 'loanPurposeId' }, ''] }, 'inputAppliedTenor')).toEqual(['Ehdosta puuttuu arvo kentälle "Lainan käyttötarkoitus"']);
  });

  it('says where in the model the refusal is', () => {
    const refusals = checkReferences(model({ or: [{ var: 'hasCoApplicant' }, { and: [{ var: 'nope' }] }] }), { field: 'inputAppliedTenor', fields });
    expect(refusals).toEqual([{ at: [1, 0], message: 'Kenttää "nope" ei ole lomakkeessa' }]);
  });
});

describe('a shared section\'s rule, edited as the section writes it', () => {
  it('names the section\'s fields {party}Name for the party and checks the written rule as it is', () => {
    const names = ['identity', 'housing', 'work', 'credit-cards', 'loans', 'consents'].flatMap((id) => Object.keys(JSON.parse(readFileSync(join(FORMS_DIR, 'sections', `${id}.json`), 'utf8')).fields));
    const written = asSectionFields(fields, 'primaryApplicant', names);
    expect(written.find((field) => field.id === '{party}MaritalStatusId')?.label).toBe('Siviilisääty');
    expect(written.some((field) => field.id === 'hasCoApplicant')).toBe(true);
    const work = JSON.parse(readFileSync(join(FORMS_DIR, 'sections', 'work.json'), 'utf8'));
    expect(checkReferences(model(work.fields.SpouseGrossMonthlyIncome.visible), { field: '{party}SpouseGrossMonthlyIncome', fields: written })).toEqual([]);
    expect(checkReferences(model({ var: '{party}HasCarboat' }), { field: '{party}Employer', fields: written }).map((refusal) => refusal.message)).toEqual(['Kenttä "Auto- ja venelainat" tulee vasta myöhemmin']);
  });
});
