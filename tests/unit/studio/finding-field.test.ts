// Which field a finding concerns (src/studio/finding-field.ts), on the paths the checks really
// give: the publish gate's and the diff's (checkSource on a written format-2 draft) and a flat
// document's (checkDocument, as a format-1 document or a compiled one reports).
import { describe, expect, it } from 'vitest';
import { checkDocument, checkSource } from '../../../engine/core/check.ts';
import { fieldOfFindingPath } from '../../../src/studio/finding-field.ts';
import { findingsOf, loadSection, readSource } from './helpers.ts';

type Json = Record<string, any>;

describe('fieldOfFindingPath', () => {
  it('names the field of a format-2 draft whose rule reads a field the form does not have', () => {
    const source = readSource('consumer') as Json;
    source.fields.inputAppliedAmount.visible = { '==': [{ var: 'eiOle' }, 1] };
    const findings = findingsOf(source);
    expect(findings.map((finding) => finding.path)).toEqual(['/fields/inputAppliedAmount/visible']);
    expect(fieldOfFindingPath(findings[0].path)).toBe('inputAppliedAmount');
  });

  it('names the field a shape finding is about', () => {
    const source = readSource('consumer') as Json;
    source.fields.inputAppliedAmount.maximum = 'x';
    const [finding] = findingsOf(source);
    expect(finding.path).toBe('/fields/inputAppliedAmount');
    expect(fieldOfFindingPath(finding.path)).toBe('inputAppliedAmount');
  });

  it('names the field of a flat document’s findings (its schema, its rules)', () => {
    const flat = structuredClone(checkSource(readSource('consumer'), loadSection).document) as Json;
    // On no step: the finding is on the field's schema.
    flat.steps[0].sections[0].fields = flat.steps[0].sections[0].fields.filter((id: string) => id !== 'inputAppliedAmount');
    // A visibility rule reading a field the form does not have.
    flat.rules.visible = { ...flat.rules.visible, inputAppliedTenor: { '==': [{ var: 'eiOle' }, 1] } };
    const findings = checkDocument(flat);
    expect(findings.map((finding) => [finding.path.split('/').slice(0, 4).join('/'), fieldOfFindingPath(finding.path)])).toEqual([
      ['/schema/properties/inputAppliedAmount', 'inputAppliedAmount'],
      ['/rules/visible/inputAppliedTenor', 'inputAppliedTenor'],
    ]);
    expect(fieldOfFindingPath('/labels/primaryApplicantEmail')).toBe('primaryApplicantEmail');
  });

  it('names no field for paths about no one field', () => {
    for (const path of ['/', '/steps/2/sections/0', '/include/work', '/rules/0', 'consumer: /fields/inputAppliedAmount', '/labels/list.*.amount', '/fields/']) {
      expect(fieldOfFindingPath(path), path).toBeUndefined();
    }
  });

  it('reads JSON Pointer escapes', () => {
    expect(fieldOfFindingPath('/fields/a~1b')).toBeUndefined();
    expect(fieldOfFindingPath('/fields/kentta~0')).toBeUndefined();
  });
});
