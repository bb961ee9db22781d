// Opens the database the server runs on: embedded PGlite in a data directory by
// default, a PostgreSQL server when a URL is given. Both speak the same SQL, so the
// rest of the server never asks which one it has.
import { mkdirSync } from 'node:fs';
import type { Database, Queryable, QueryResult } from './types.ts';

export type { Database, Queryable, QueryResult } from './types.ts';

export type DatabaseOptions =
  /** A directory for PGlite's files; omitted, the database lives in memory (tests). */
  | { dataDir?: string; url?: undefined }
  | { url: string };

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  return options.url !== undefined ? openPostgres(options.url) : openPglite(options.dataDir);
}

async function openPglite(dataDir: string | undefined): Promise<Database> {
  const { PGlite } = await import('@electric-sql/pglite');
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const pglite = await PGlite.create(dataDir);
  const run = async <Row>(target: Pick<typeof pglite, 'query'>, sql: string, params?: readonly unknown[]): Promise<QueryResult<Row>> => {
    const result = await target.query<Row>(sql, params as unknown[] | undefined);
    // PGlite reports affectedRows 0 for a SELECT; pg's rowCount counts the rows returned.
    return { rows: result.rows, rowCount: result.rows.length || (result.affectedRows ?? 0) };
  };
  return {
    kind: 'pglite',
    query: (sql, params) => run(pglite, sql, params),
    exec: async (sql) => void (await pglite.exec(sql)),
    // PGlite is one connection: its transaction() holds a lock that makes other
    // queries wait, so concurrent requests cannot interleave with a transaction.
    transaction: (fn) =>
      pglite.transaction((tx) => fn({ query: (sql, params) => run(tx, sql, params), exec: async (sql) => void (await tx.exec(sql)) })),
    close: () => pglite.close(),
  };
}

async function openPostgres(url: string): Promise<Database> {
  const { default: pg } = await import('pg');
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle client that loses its server must not take the process down with it.
  pool.on('error', () => {});
  const run = async <Row>(target: Pick<InstanceType<typeof pg.Pool>, 'query'>, sql: string, params?: readonly unknown[]): Promise<QueryResult<Row>> => {
    const result = await target.query(sql, params as unknown[] | undefined);
    return { rows: result.rows as Row[], rowCount: result.rowCount ?? result.rows.length };
  };
  // Fail at start, not at the first request, when the server cannot be reached.
  await pool.query('SELECT 1');
  return {
    kind: 'postgres',
    query: (sql, params) => run(pool, sql, params),
    exec: async (sql) => void (await pool.query(sql)),
    async transaction(fn) {
      const client = await pool.connect();
      let broken = false;
      try {
        await client.query('BEGIN');
        const tx: Queryable = { query: (sql, params) => run(client, sql, params), exec: async (sql) => void (await client.query(sql)) };
        const result = await fn(tx);
        await client.query('COMMIT');
        return result;
      } catch (error) {
        try {
          await client.query('ROLLBACK');
        } catch {
          broken = true;
        }
        throw error;
      } finally {
        client.release(broken);
      }
    },
    close: () => pool.end(),
  };
}
