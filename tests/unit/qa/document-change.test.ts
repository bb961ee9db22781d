// An editor's change to a copy of the consumer document (a new loan purpose and a
// new limit) shows up as new generated cases, with no code change.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readFormDocument, runtimeForDocument } from '../../../engine/core/node.ts';
import { passes } from '../../../engine/qa/cases.ts';
import { generateCases } from '../../../engine/qa/generate.ts';
import type { JsonSchema } from '../../../engine/core/types.ts';

describe('regenerating after a document change', () => {
  const dir = mkdtempSync(join(tmpdir(), 'qa-cases-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('finds the new purpose option and the changed limit', () => {
    const copy = readFormDocument('consumer');
    const purpose = copy.schema.properties.loanPurposeId as JsonSchema & { oneOf: { const: number; title: string }[] };
    purpose.oneOf.push({ const: 99, title: 'Opiskelu' });
    copy.schema.properties.inputAppliedTenor.maximum = 15;
    const file = join(dir, 'consumer.json');
    writeFileSync(file, JSON.stringify(copy, null, 2));

    const doc = readFormDocument(file);
    const set = generateCases(doc, [], { runtimeFor: runtimeForDocument });
    const byId = new Map(set.cases.map((c) => [c.id, c]));

    expect(byId.get('base:enum:loanPurposeId=99')?.data.loanPurposeId).toBe(99);
    expect(byId.get('base:enum:loanPurposeId=99')?.expected).toEqual({ valid: true });
    expect(byId.get('base:enum:loanPurposeId:outside')?.data.loanPurposeId).toBe(100);
    expect(byId.get('base:boundary:inputAppliedTenor:maximum 15')?.expected).toEqual({ valid: true });
    expect(byId.get('base:boundary:inputAppliedTenor:maximum 15 yli')).toMatchObject({
      data: { inputAppliedTenor: 16 },
      expected: { valid: false, errors: [{ field: 'inputAppliedTenor', message: 'Enintään 15 vuotta' }] },
    });
    expect(byId.has('base:boundary:inputAppliedTenor:maximum 20 yli')).toBe(false);
    const runtime = runtimeForDocument(doc);
    for (const id of ['base:enum:loanPurposeId=99', 'base:boundary:inputAppliedTenor:maximum 15 yli']) expect(passes(runtime, byId.get(id)!)).toBe(true);
  }, 120_000);
});
