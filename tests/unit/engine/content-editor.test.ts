// What a content editor does: change a limit and a message in a copy of the
// document, and the engine follows with no code change.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadFormRuntime, readFormDocument } from '../../../engine/core/node.ts';
import { validApplication } from '../../fixtures/consumer-valid.ts';
import { errorMap } from './helpers.ts';

describe('editing the document', () => {
  it('a new gross-income limit and message take effect', () => {
    const doc = readFormDocument('consumer') as any;
    doc.schema.properties.primaryApplicantGrossMonthlyIncome.minimum = 1000;
    doc.fieldMessages.primaryApplicantGrossMonthlyIncome = { minimum: 'Tulojen tulee olla vähintään {limit} euroa' };
    const dir = mkdtempSync(join(tmpdir(), 'forms-'));
    writeFileSync(join(dir, 'consumer.json'), JSON.stringify(doc));

    const edited = loadFormRuntime('consumer', [], dir);
    const data = { ...validApplication(), primaryApplicantGrossMonthlyIncome: 900, primaryApplicantNetMonthlyIncome: 800 };
    expect(errorMap(edited.validate(data)).primaryApplicantGrossMonthlyIncome).toBe('Tulojen tulee olla vähintään 1000 euroa');
    expect(loadFormRuntime('consumer').validate(data).valid).toBe(true);
  });
});
