// A crash does not lose a save: the server is killed with SIGKILL right after
// answering, restarted on the same data, and the application is there, token and all.
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/db/index.ts';
import { validApplication } from '../fixtures/consumer-valid.ts';
import { startChildServer, type ChildServer } from './helpers/child-server.ts';
import { describeOnDatabases, type TestDatabase } from './helpers/database.ts';
import { API, get, post } from './helpers/server.ts';

describeOnDatabases('restart after SIGKILL', (target) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'lv-restart-'));
  let database: TestDatabase | undefined;
  const children: ChildServer[] = [];

  afterAll(async () => {
    for (const child of children) child.process.kill('SIGKILL');
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it(
    'keeps a saved application intact',
    async () => {
      database = await target.create();
      const env: Record<string, string> = database.url ? { DATABASE_URL: database.url } : { DATA_DIR: dataDir };

      const first = await startChildServer(env);
      children.push(first);
      if (target.name === 'pglite') expect(first.output()).toContain('Creating the embedded database');
      const application = { ...validApplication(), additionalFormData: { step: 7, hasCoApplicant: false } };
      const created = await post(`${first.url}${API}/save`, { ...application, additionalFormData: { step: 2, hasCoApplicant: false } });
      expect(created.status, created.text).toBe(200);
      const { id, token } = created.body as { id: number; token: string };
      expect((await post(`${first.url}${API}/save/${id}/${token}`, application)).text).toBe('success');
      first.process.kill('SIGKILL');
      expect(await first.exited).toBe('SIGKILL');

      const second = await startChildServer(env);
      children.push(second);
      expect((await get(`${second.url}/api/health`)).body).toMatchObject({ status: 'ok', database: { status: 'ok', kind: target.name } });
      // The token still opens the application: a step-7 save that sends no field checks every stored step.
      expect((await post(`${second.url}${API}/save/${id}/${token}`, { additionalFormData: { step: 7, hasCoApplicant: false } })).text).toBe('success');
      second.process.kill('SIGTERM');
      expect(await second.exited).toBe(0);

      const db = await (database.url ? openDatabase({ url: database.url }) : openDatabase({ dataDir }));
      try {
        const rows = await db.query<{ data: Record<string, unknown>; token_hash: Uint8Array; status: string; step: number }>(
          'SELECT data, token_hash, status, step FROM applications WHERE id = $1',
          [id],
        );
        expect(rows.rows).toHaveLength(1);
        const row = rows.rows[0];
        expect(row.status).toBe('draft');
        expect(Buffer.from(row.token_hash).toString('hex')).toBe(createHash('sha256').update(token).digest('hex'));
        const { additionalFormData: _navigation, ...formData } = application;
        expect(row.data).toMatchObject(formData);
      } finally {
        await db.close();
      }
    },
    180_000,
  );
});
