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
import { limitMessage, limitOf } from '../engine/helpers.ts';

describe('regenerating after a document change', () => {
  const dir = mkdtempSync(join(tmpdir(), 'qa-cases-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('finds the new purpose option and the changed limit', () => {
    const copy = readFormDocument('consumer');
    const purpose = copy.schema.properties.loanPurposeId as JsonSchema & { oneOf: { const: number; title: string }[] };
    const added = Math.max(...purpose.oneOf.map((o) => o.const)) + 1;
    purpose.oneOf.push({ const: added, title: 'Opiskelu' });
    const shippedMaximum = limitOf(copy, 'inputAppliedTenor', 'maximum');
    const maximum = shippedMaximum - 1;
    copy.schema.properties.inputAppliedTenor.maximum = maximum;
    const file = join(dir, 'consumer.json');
    writeFileSync(file, JSON.stringify(copy, null, 2));

    const doc = readFormDocument(file);
    const set = generateCases(doc, [], { runtimeFor: runtimeForDocument });
    const byId = new Map(set.cases.map((c) => [c.id, c]));

    expect(byId.get(`base:enum:loanPurposeId=${added}`)?.data.loanPurposeId).toBe(added);
    expect(byId.get(`base:enum:loanPurposeId=${added}`)?.expected).toEqual({ valid: true });
    expect(byId.get('base:enum:loanPurposeId:outside')?.data.loanPurposeId).toBe(added + 1);
    expect(byId.get(`base:boundary:inputAppliedTenor:maximum ${maximum}`)?.expected).toEqual({ valid: true });
    expect(byId.get(`base:boundary:inputAppliedTenor:maximum ${maximum} yli`)).toMatchObject({
      data: { inputAppliedTenor: maximum + 1 },
      expected: { valid: false, errors: [{ field: 'inputAppliedTenor', message: limitMessage(doc, 'inputAppliedTenor', 'maximum') }] },
    });
    expect(byId.has(`base:boundary:inputAppliedTenor:maximum ${shippedMaximum} yli`)).toBe(false);
    const runtime = runtimeForDocument(doc);
    for (const id of [`base:enum:loanPurposeId=${added}`, `base:boundary:inputAppliedTenor:maximum ${maximum} yli`]) expect(passes(runtime, byId.get(id)!)).toBe(true);
  }, 120_000);
});
