// The server under test, in a process of its own (the load generator must not share its
// event loop): the real app on the database it is given, plus the reference route, which
// only this process registers. Answers 'start' with the URL and the prepared applications.
import { buildApp } from '../../src/server/app.ts';
import { shippedProducts } from '../../src/server/applications/products.ts';
import { openDatabase, type Database } from '../../src/server/db/index.ts';
import { migrate } from '../../src/server/db/migrate.ts';
import { createLogger } from '../../src/server/logging.ts';
import type { FastifyInstance } from 'fastify';
import { makeFixtures } from './fixtures.ts';
import { serve } from './ipc.ts';
import { REFERENCE_PATH, type Fixtures } from './routes.ts';

/** Where the database is: a PGlite directory or a PostgreSQL URL. */
export type DatabaseLocation = { dataDir: string } | { url: string };

let db: Database | undefined;
let app: FastifyInstance | undefined;

async function start(location: DatabaseLocation): Promise<{ url: string; fixtures: Fixtures }> {
  // Compile the form before measuring, as `npm start` does.
  shippedProducts().warmUp();
  embedded = 'dataDir' in location;
  db = await openDatabase(location);
  await migrate(db);
  const database = db;
  app = await buildApp({ db, logger: createLogger({ level: 'warn' }), limits: false, lenderDelayScale: 0 });
  // The most a route with one round trip to this database can do, through the same app and hooks.
  app.get(REFERENCE_PATH, async () => (await database.query<{ one: number }>('SELECT 1 AS one')).rows[0]);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  return { url, fixtures: await makeFixtures(db, url) };
}

async function close(): Promise<void> {
  await app?.close();
  await db?.close();
}

let embedded = false;

/**
 * On PGlite, flushes what the previous route wrote (it has no background checkpointer: its
 * checkpoint runs inside a query), so the next route is not charged for it. A PostgreSQL server
 * has its own checkpointer, and may be shared: nothing is forced there.
 */
async function checkpoint(): Promise<boolean> {
  if (!embedded) return false;
  await db!.query('CHECKPOINT');
  return true;
}

export const handlers = { start, checkpoint };
serve(handlers, close);
