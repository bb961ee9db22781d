// What a content editor does, in a copy of forms/: change a limit and a message in
// a shared section (both applicants follow, in every document that includes it),
// or override one for one product in the document's include (only that product
// follows). The engine follows with no code change.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { FORMS_DIR, loadFormRuntime, readFormDocument } from '../../../engine/core/node.ts';
import { validApplicationWithCoApplicant } from '../../fixtures/consumer-valid.ts';
import { errorMap, limitOf } from './helpers.ts';

const copy = () => {
  const dir = mkdtempSync(join(tmpdir(), 'forms-'));
  cpSync(FORMS_DIR, dir, { recursive: true });
  return dir;
};
const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));
const editJson = (file: string, edit: (json: any) => void) => {
  const json = JSON.parse(readFileSync(file, 'utf8'));
  edit(json);
  writeFileSync(file, JSON.stringify(json, null, 2));
};

const shipped = readFormDocument('consumer');
const newMinimum = limitOf(shipped, 'primaryApplicantGrossMonthlyIncome', 'minimum') + 100;
const data = {
  ...validApplicationWithCoApplicant(),
  primaryApplicantGrossMonthlyIncome: newMinimum - 1,
  primaryApplicantNetMonthlyIncome: limitOf(shipped, 'primaryApplicantNetMonthlyIncome', 'minimum'),
  coApplicantGrossMonthlyIncome: newMinimum - 1,
  coApplicantNetMonthlyIncome: limitOf(shipped, 'coApplicantNetMonthlyIncome', 'minimum'),
};

describe('editing the forms', () => {
  it('a limit and a message changed in a section take effect for both applicants', () => {
    const dir = copy();
    dirs.push(dir);
    editJson(join(dir, 'sections', 'work.json'), (section) => {
      section.fields.GrossMonthlyIncome.schema.minimum = newMinimum;
      section.fields.GrossMonthlyIncome.messages = { minimum: 'Tulojen tulee olla vähintään {limit} euroa' };
    });
    const edited = loadFormRuntime('consumer', [], dir);
    const errors = errorMap(edited.validate(data));
    expect(errors.primaryApplicantGrossMonthlyIncome).toBe(`Tulojen tulee olla vähintään ${newMinimum} euroa`);
    expect(errors.coApplicantGrossMonthlyIncome).toBe(`Tulojen tulee olla vähintään ${newMinimum} euroa`);
    expect(loadFormRuntime('consumer').validate(data).valid).toBe(true);
  });

  it("an override in the document's include changes that product's section, for both applicants", () => {
    const dir = copy();
    dirs.push(dir);
    editJson(join(dir, 'consumer.json'), (doc) => {
      doc.include.work = { override: { fields: { GrossMonthlyIncome: { schema: { minimum: newMinimum } } } } };
    });
    const edited = loadFormRuntime('consumer', [], dir);
    const errors = errorMap(edited.validate(data));
    expect(Object.keys(errors)).toEqual(['primaryApplicantGrossMonthlyIncome', 'coApplicantGrossMonthlyIncome']);
    expect(JSON.parse(readFileSync(join(dir, 'sections', 'work.json'), 'utf8'))).toEqual(JSON.parse(readFileSync(join(FORMS_DIR, 'sections', 'work.json'), 'utf8')));
  });
});
