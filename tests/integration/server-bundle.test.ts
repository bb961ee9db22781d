// `npm start` runs the compiled server (issue 13 goal 5): tools/build-server.mjs bundles
// src/server/main.ts into dist-server/main.js, which plain Node (no tsx) starts on an
// embedded database, finding its migrations, lenders and forms beside the sources, and
// which answers /api/health; its checked documents and validators land in the cache.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { startChildServer, type ChildServer } from './helpers/child-server.ts';
import { get } from './helpers/server.ts';

const root = resolve(import.meta.dirname, '../..');
const dataDir = mkdtempSync(join(tmpdir(), 'lv-bundle-'));
const children: ChildServer[] = [];

afterAll(() => {
  for (const child of children) child.process.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

it('builds, starts with plain node on PGlite, and answers /api/health', { timeout: 180_000 }, async () => {
  execFileSync(process.execPath, ['tools/build-server.mjs', '--if-changed'], { cwd: root, stdio: 'pipe' });
  expect(existsSync(join(root, 'dist-server/main.js'))).toBe(true);

  const server = await startChildServer({ DATA_DIR: dataDir }, 120_000, ['dist-server/main.js']);
  children.push(server);
  expect(server.process.spawnargs.join(' ')).not.toMatch(/tsx/);
  expect(server.output()).toContain('Creating the embedded database');
  const health = await get(`${server.url}/api/health`);
  expect(health.status).toBe(200);
  expect(health.body).toMatchObject({ status: 'ok', database: { status: 'ok', kind: 'pglite' } });
  expect(readdirSync(join(root, 'dist-server/validators')).some((name) => name.endsWith('.cjs'))).toBe(true);

  server.process.kill('SIGTERM');
  expect(await server.exited).toBe(0);
});
