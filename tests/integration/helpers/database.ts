// The databases every storage and API test runs on: embedded PGlite always, and the
// PostgreSQL server named by TEST_DATABASE_URL when CI provides one. On the server each
// test file gets its own database with a random name, dropped afterwards, so parallel
// files and repeated runs never meet.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { describe } from 'vitest';
import { openDatabase, type Database } from '../../../src/server/db/index.ts';

export interface DatabaseTarget {
  name: 'pglite' | 'postgres';
  /** A fresh, empty database of this kind for one test file. */
  create(): Promise<TestDatabase>;
}

export interface TestDatabase {
  /** DATABASE_URL for a child server; undefined for PGlite (a child gets a DATA_DIR instead). */
  url?: string;
  /** PGlite: an in-memory instance, so open it once per file. */
  open(): Promise<Database>;
  drop(): Promise<void>;
}

const serverUrl = process.env.TEST_DATABASE_URL?.trim() || undefined;

export const pgliteTarget: DatabaseTarget = {
  name: 'pglite',
  create: async () => ({ open: () => openDatabase({}), drop: async () => {} }),
};

export const postgresTarget: DatabaseTarget = {
  name: 'postgres',
  async create() {
    const name = `lv_test_${randomBytes(6).toString('hex')}`;
    await admin(`CREATE DATABASE ${name}`);
    const url = new URL(serverUrl!);
    url.pathname = `/${name}`;
    return {
      url: url.toString(),
      open: () => openDatabase({ url: url.toString() }),
      drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
    };
  },
};

async function admin(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/**
 * `describe` once per database. Without TEST_DATABASE_URL the PostgreSQL block is
 * skipped and its title says why, so the report shows the gap instead of hiding it.
 */
export function describeOnDatabases(title: string, body: (target: DatabaseTarget) => void): void {
  describe(`${title} [PGlite]`, () => body(pgliteTarget));
  if (serverUrl) describe(`${title} [PostgreSQL server]`, () => body(postgresTarget));
  else describe.skip(`${title} [PostgreSQL server] — skipped: TEST_DATABASE_URL is not set`, () => body(postgresTarget));
}
