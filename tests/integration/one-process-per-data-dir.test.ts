// Issue 24 item 1, the attack replayed: a second `npm start` (another port) on the data
// directory a running server uses. Applications are then created through every instance that
// runs. The embedded database is one process's: the second stops at start naming the directory
// and the holder, the first serves on, and every acknowledged write is stored once, under an id
// of its own. (Before the lock both served, handed out the same ids and lost writes.) On a
// PostgreSQL server both instances run, as they may, and the same holds. Then a holder is
// killed with SIGKILL, and a new process starts on the directory: a crash leaves no lock behind.
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

const WRITES = 40;

describeOnDatabases('a second process on the same database', (target) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'lv-one-process-'));
  let database: TestDatabase | undefined;
  const children: ChildServer[] = [];

  afterAll(async () => {
    for (const child of children) child.process.kill('SIGKILL');
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function start(env: Record<string, string>): Promise<ChildServer> {
    const child = await startChildServer(env);
    children.push(child);
    return child;
  }

  it(
    'is refused on the embedded database before it opens it (on a PostgreSQL server it serves too), and every acknowledged write stays, once',
    async () => {
      database = await target.create();
      const env: Record<string, string> = { LIMITS: 'off', ...(database.url ? { DATABASE_URL: database.url } : { DATA_DIR: dataDir }) };

      const first = await start(env);
      const acknowledged: { id: number; token: string }[] = [];
      const write = async (server: ChildServer) => {
        const created = await post(`${server.url}${API}/save`, { ...validApplication(), additionalFormData: { step: 2, hasCoApplicant: false } }).catch(() => undefined);
        if (created?.status === 200) acknowledged.push(created.body as { id: number; token: string });
      };
      for (let i = 0; i < WRITES / 4; i++) await write(first);

      // The second start, while the first serves.
      const second = await start(env).then(
        (server) => ({ server, output: server.output() }),
        (error: Error) => ({ server: undefined, output: error.message }),
      );
      const running = second.server ? [first, second.server] : [first];
      for (let i = 0; acknowledged.length < WRITES && i < 2 * WRITES; i++) await write(running[i % running.length]);
      expect(acknowledged).toHaveLength(WRITES);
      // The first served on whatever the second did.
      expect((await get(`${first.url}/api/health`)).body).toMatchObject({ status: 'ok', database: { status: 'ok' } });

      for (const server of running) {
        server.process.kill('SIGTERM');
        await server.exited;
      }

      const db = await (database.url ? openDatabase({ url: database.url }) : openDatabase({ dataDir }));
      try {
        const rows = (await db.query<{ id: number | string; token_hash: Uint8Array }>('SELECT id, token_hash FROM applications ORDER BY id')).rows;
        expect(new Set(rows.map((row) => row.id)).size, 'distinct ids').toBe(rows.length);
        expect(rows).toHaveLength(WRITES);
        for (const { id, token } of acknowledged) {
          const row = rows.find((stored) => Number(stored.id) === id);
          expect(row, `acknowledged application ${id}`).toBeDefined();
          expect(Buffer.from(row!.token_hash).toString('hex')).toBe(createHash('sha256').update(token).digest('hex'));
        }
      } finally {
        await db.close();
      }

      if (target.name === 'postgres') {
        expect(second.server, second.output).toBeDefined();
      } else {
        expect(second.server, 'the second process on the data directory was refused').toBeUndefined();
        expect(second.output).toContain('exited (1) before it started');
        expect(second.output).toContain(`The data directory ${dataDir} is in use by another process (pid ${first.process.pid} `);
        expect(second.output).toContain('DATABASE_URL');
      }

      // A crash of the holder leaves nothing that keeps the next process out.
      const crashed = await start(env);
      crashed.process.kill('SIGKILL');
      expect(await crashed.exited).toBe('SIGKILL');
      const next = await start(env);
      expect((await get(`${next.url}/api/health`)).body).toMatchObject({ status: 'ok', database: { status: 'ok', kind: target.name } });
      next.process.kill('SIGTERM');
      expect(await next.exited).toBe(0);
    },
    240_000,
  );
});
