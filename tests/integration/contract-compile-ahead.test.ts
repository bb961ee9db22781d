// Issue 31 goal 5, the start: the wire contract's validators and serializers are compiled as the
// routes are registered (which `npm start` does while the database opens on its own thread), so
// the server's ready, after the database, has none left to compile. Vitest gives each test file
// its own modules, so the compilers' caches start empty here.
import { afterAll, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.ts';
import { contractCompilations } from '../../src/server/contract-routes.ts';
import { openDatabase, type Database } from '../../src/server/db/index.ts';
import { migrate } from '../../src/server/db/migrate.ts';
import { createLogger } from '../../src/server/logging.ts';

let db: Database | undefined;
afterAll(async () => {
  await db?.close();
});

it('compiles every route schema at registration, leaving none for ready', async () => {
  db = await openDatabase({});
  await migrate(db);
  expect(contractCompilations()).toEqual({ validators: 0, serializers: 0 });
  const app = await buildApp({ db, logger: createLogger({ level: 'silent' }), limits: false });
  const registered = contractCompilations();
  expect(registered.validators).toBeGreaterThan(10);
  expect(registered.serializers).toBeGreaterThan(10);
  await app.ready();
  expect(contractCompilations()).toEqual(registered);
  await app.close();
});
