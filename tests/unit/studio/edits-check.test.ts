// After the studio's edits the document still passes forms:check, read the way the
// publish gate reads it (engine/core/check.ts checkSource: migrate, meta-schema, sections,
// the flat check with every variant), and the resolved form says what was edited.
import { describe, expect, it } from 'vitest';
import { checkSource } from '../../../engine/core/check.ts';
import { resolveVariants } from '../../../engine/core/document.ts';
import { applyEdit, type Edit } from '../../../engine/core/studio/edits.ts';
import { findingsOf, loadSection, readSource } from './helpers.ts';

function applyAll(source: Record<string, unknown>, edits: Edit[]) {
  return edits.reduce((current, edit) => {
    const before = structuredClone(current);
    const result = applyEdit(current, edit);
    if (!result.ok) throw new Error(`${edit.type}: ${result.reason}`);
    // The history keeps the old source: no edit may change it.
    expect(current).toEqual(before);
    expect(JSON.stringify(result.source), edit.type).not.toBe(JSON.stringify(before));
    return result.source;
  }, source);
}

describe('edits keep the document valid', () => {
  it('consumer.json after a sequence of edits', () => {
    const source = applyAll(readSource('consumer'), [
      { type: 'text', field: 'hasCoApplicant', part: 'question', text: 'Haetko lainaa yhdessä toisen kanssa?' },
      { type: 'text', field: 'hasCoApplicant', part: 'label', text: 'Toinen hakija' },
      { type: 'text', field: 'loanPurposeId', part: 'help', text: 'Valitse tärkein käyttötarkoitus' },
      { type: 'text', field: 'primaryApplicantIbanNumber', part: 'placeholder', text: 'FI12 3456 7890 1234 56' },
      { type: 'limit', field: 'inputAppliedAmount', keyword: 'maximum', value: 60000 },
      { type: 'limit', field: 'inputAppliedTenor', keyword: 'minimum', value: 2 },
      { type: 'limit', field: 'primaryApplicantIbanNumber', keyword: 'maxLength', value: 36 },
      { type: 'option-add', field: 'loanPurposeId', code: '21', title: 'Muutto' },
      { type: 'option-move', field: 'loanPurposeId', index: 10, by: -1 },
      { type: 'option-title', field: 'loanPurposeId', index: 1, title: 'Auto tai vene' },
      { type: 'option-code', field: 'loanPurposeId', index: 10, code: '9' },
      { type: 'option-remove', field: 'loanPurposeId', index: 9 },
      { type: 'message', field: 'inputAppliedAmount', keyword: 'maximum', text: 'Enintään {limit} euroa' },
      { type: 'message', field: 'inputAppliedTenor', keyword: 'minimum', text: '' },
      { type: 'field-move', field: 'hasCoApplicant', by: -1 },
      { type: 'field-move', field: 'useLoanForOtherLoan', by: -1 },
      { type: 'step-move', index: 2, by: 1 },
      { type: 'variant-limit', variant: 'kattokorko', field: 'inputAppliedAmount', keyword: 'minimum', value: 2500 },
      { type: 'variant-limit', variant: 'kattokorko', field: 'inputAppliedAmount', keyword: 'maximum', value: 50000 },
    ]);
    expect(findingsOf(source)).toEqual([]);

    const flat = checkSource(source, loadSection).document;
    expect(flat.schema.properties.hasCoApplicant.title).toBe('Haetko lainaa yhdessä toisen kanssa?');
    expect(flat.labels.hasCoApplicant).toBe('Toinen hakija');
    expect(flat.schema.properties.inputAppliedAmount.maximum).toBe(60000);
    expect(flat.fieldMessages?.inputAppliedAmount).toEqual({ maximum: 'Enintään {limit} euroa' });
    expect(flat.steps.map((step) => step.id)).toEqual(['loan', 'basics', 'work', 'housing', 'loans', 'coApplicant', 'finish']);
    const kattokorko = resolveVariants(flat, ['kattokorko']);
    expect([kattokorko.schema.properties.inputAppliedAmount.minimum, kattokorko.schema.properties.inputAppliedAmount.maximum]).toEqual([2500, 50000]);
  });

  it('business.json after edits of its own fields', () => {
    const source = applyAll(readSource('business'), [
      { type: 'option-add', field: 'appliedTenor', code: '99', title: 'Yli 5 vuotta' },
      { type: 'option-move', field: 'companyType', index: 0, by: 1 },
      { type: 'limit', field: 'appliedAmount', keyword: 'minimum', value: 6000 },
      { type: 'text', field: 'name', part: 'label', text: 'Yrityksen virallinen nimi' },
      { type: 'field-move', field: 'ibanNumber', by: -1 },
    ]);
    expect(findingsOf(source)).toEqual([]);
  });

  it('a section after edits', () => {
    const identity = loadSection('identity') as Record<string, unknown>;
    const source = applyAll(identity, [
      { type: 'text', field: 'Firstnames', part: 'question', text: 'Kaikki etunimesi' },
      { type: 'field-move', field: 'Lastname', by: -1 },
      { type: 'option-add', field: 'MaritalStatusId', code: '99', title: 'Muu' },
    ]);
    // The section as a document includes it: consumer reads it with these edits.
    expect(checkSource(readSource('consumer'), (id) => (id === 'identity' ? structuredClone(source) : loadSection(id))).findings).toEqual([]);
  });

  it('the check still finds what an edit could break, so the test means something', () => {
    const broken = readSource('consumer') as Record<string, any>;
    broken.steps[1].number = 1;
    expect(findingsOf(broken).length).toBeGreaterThan(0);
  });
});
