// Issue 31 goal 5, the start: `npm start` builds the app while the database opens (main.ts), and
// the app awaits the database only for the identity settings, near the end. What it needs last,
// the server's render of step 1 (first-paint.ts), is loaded in that wait, not after it.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.ts';
import { openDatabase, type Database } from '../../src/server/db/index.ts';
import { migrate } from '../../src/server/db/migrate.ts';
import { RENDER_MODULE } from '../../src/server/first-paint.ts';
import { developmentSettings } from '../../src/server/identity/settings.ts';
import { createLogger } from '../../src/server/logging.ts';

const dir = mkdtempSync(join(tmpdir(), 'start-overlap-'));
let db: Database | undefined;
afterAll(async () => {
  await db?.close();
  rmSync(dir, { recursive: true, force: true });
});

it("loads the server's render of step 1 while the identity settings are still awaited", async () => {
  writeFileSync(join(dir, 'index.html'), '<!doctype html><html lang="fi"><head></head><body><div id="root"></div></body></html>');
  mkdirSync(dirname(join(dir, RENDER_MODULE)), { recursive: true });
  writeFileSync(join(dir, RENDER_MODULE), 'globalThis.renderLoadedAt = Date.now(); export const renderStep = () => undefined;');
  db = await openDatabase({});
  await migrate(db);
  let settle: () => void = () => {};
  const identity = new Promise<ReturnType<typeof developmentSettings>>((resolve) => (settle = () => resolve(developmentSettings())));
  let built = false;
  const building = buildApp({ db, logger: createLogger({ level: 'silent' }), limits: false, staticDir: dir, identity }).then((app) => {
    built = true;
    return app;
  });
  await expect.poll(() => (globalThis as { renderLoadedAt?: number }).renderLoadedAt).toBeTypeOf('number');
  expect(built).toBe(false);
  settle();
  const app = await building;
  await app.close();
});
