// Issue 29 item 8: the command line names a stored version. forms:export resolves version N of
// a form (with the live sections) into a flat file, which forms:check, form:validate and the QA
// tools take; a version that does not resolve is refused with its findings. On a PostgreSQL
// server only: the tool opens the database itself, and an embedded one would need its own initdb.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { readFormDocument } from '../../engine/core/node.ts';
import type { Database } from '../../src/server/db/index.ts';
import { migrate } from '../../src/server/db/migrate.ts';
import { versionService, type Actor } from '../../src/server/versions/service.ts';
import { describeOnDatabases, type TestDatabase } from './helpers/database.ts';

const root = resolve(import.meta.dirname, '../..');
const editor: Actor = { id: 'eero', roles: ['editor'] };
const tool = (script: string, args: string[], env: Record<string, string> = {}) => promisify(execFile)(process.execPath, ['--import', 'tsx', script, ...args], { cwd: root, env: { ...process.env, ...env } });

describeOnDatabases('forms:export', (target) => {
  let database: TestDatabase;
  let db: Database;
  let dir: string;
  const service = versionService({ gate: async () => ({ findings: [] }), audit: async () => {} });

  beforeAll(async () => {
    if (target.name === 'pglite') return;
    database = await target.create();
    db = await database.open();
    await migrate(db);
    dir = mkdtempSync(join(tmpdir(), 'lv-forms-export-'));
  });
  afterAll(async () => {
    await db?.close();
    await database?.drop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it.skipIf(target.name === 'pglite')('writes a stored version as a flat form that form:validate and forms:check read', { timeout: 90_000 }, async () => {
    const source = JSON.parse(readFileSync(join(root, 'forms', 'consumer.json'), 'utf8')) as { fields: Record<string, { schema: Record<string, unknown> }> };
    const amount = source.fields.inputAppliedAmount;
    source.fields.inputAppliedAmount = { ...amount, schema: { ...amount.schema, minimum: 20000 } };
    const draft = await service.createDraft(db, editor, 'document:consumer', source, 'Vähimmäissumma 20 000');
    if (!draft.ok) throw new Error(draft.reason);
    const out = join(dir, 'consumer-v1.json');
    const env = { DATABASE_URL: database.url! };
    await tool('tools/forms-export.ts', ['document:consumer', String(draft.version.number), '--out', out], env);

    const exported = readFormDocument(out);
    expect(exported.schema.properties.inputAppliedAmount.minimum).toBe(20000);
    // The shared sections are folded in: the flat form has every field forms/ resolves to.
    expect(Object.keys(exported.schema.properties)).toEqual(Object.keys(readFormDocument('consumer').schema.properties));
    await expect(tool('tools/forms-check.ts', [out])).resolves.toMatchObject({ stdout: expect.stringContaining('kunnossa') });

    const data = join(dir, 'step1.json');
    writeFileSync(data, JSON.stringify({ loanPurposeId: 16, inputAppliedAmount: 15000, inputAppliedTenor: 8, hasCoApplicant: false }));
    const validated = await tool('tools/form-validate.ts', [out, data, '--step', '1']).catch((error: { code: number; stdout: string }) => error);
    expect(validated).toMatchObject({ code: 1 });
    expect(JSON.parse((validated as { stdout: string }).stdout).errors.map((e: { field: string }) => e.field)).toEqual(['inputAppliedAmount']);

    await expect(tool('tools/forms-export.ts', ['document:consumer', '99'], env)).rejects.toMatchObject({ code: 1, stderr: expect.stringContaining('Versiota document:consumer 99 ei ole') });
    await expect(tool('tools/forms-export.ts', ['consumer'], env)).rejects.toMatchObject({ code: 2 });
  });
});
