// Plain numbered SQL migrations (`NNN_name.sql`), applied in number order at start, each in
// its own transaction together with its row in `schema_migrations`. An advisory lock
// lets several server processes start against one PostgreSQL at once.
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Database } from './types.ts';

const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations/', import.meta.url));
const LOCK_KEY = 7_220_022;
const FILE_NAME = /^(\d{3})_([a-z0-9_]+)\.sql$/;

export interface Migration {
  version: number;
  name: string;
  sql: string;
}

export function loadMigrations(dir = MIGRATIONS_DIR): Migration[] {
  const migrations: Migration[] = [];
  for (const file of readdirSync(dir)) {
    if (!file.endsWith('.sql')) continue;
    const match = FILE_NAME.exec(file);
    if (!match) throw new Error(`Migration file name must look like 001_name.sql: ${file}`);
    migrations.push({ version: Number(match[1]), name: match[2], sql: readFileSync(`${dir}/${file}`, 'utf8') });
  }
  migrations.sort((a, b) => a.version - b.version);
  // Gaps are allowed (parallel work reserves ranges); a number used twice is not.
  migrations.forEach((migration, index) => {
    if (index > 0 && migration.version === migrations[index - 1].version) throw new Error(`Two migrations are numbered ${migration.version}`);
  });
  return migrations;
}

/** Applies what is missing; returns the versions it applied. */
export async function migrate(db: Database, migrations = loadMigrations()): Promise<number[]> {
  // One transaction tells what is there already: a start with nothing to apply costs this
  // and no more (issue 13 goal 5). A version once recorded stays, so a migration seen here
  // is done; one not seen is checked again under the lock before it is applied, since
  // another instance may apply it meanwhile.
  const recorded = await db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [LOCK_KEY]);
    await tx.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
      version integer PRIMARY KEY,
      name text NOT NULL,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`);
    const rows = await tx.query<{ version: number }>('SELECT version FROM schema_migrations');
    return new Set(rows.rows.map((row) => row.version));
  });
  const applied: number[] = [];
  for (const migration of migrations) {
    if (recorded.has(migration.version)) continue;
    const done = await db.transaction(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock($1)', [LOCK_KEY]);
      const existing = await tx.query('SELECT 1 FROM schema_migrations WHERE version = $1', [migration.version]);
      if (existing.rows.length > 0) return false;
      await tx.exec(migration.sql);
      await tx.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [migration.version, migration.name]);
      return true;
    });
    if (done) applied.push(migration.version);
  }
  return applied;
}
