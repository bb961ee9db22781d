// Opens the database the server runs on: embedded PGlite in a data directory by
// default, a PostgreSQL server when a URL is given. Both speak the same SQL, so the
// rest of the server never asks which one it has.
import { mkdirSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import { lockDataDir, type DataDirLock } from './data-dir-lock.ts';
import type { Database, Queryable, QueryResult } from './types.ts';

export type { Database, Queryable, QueryResult } from './types.ts';

export type DatabaseOptions =
  /**
   * A directory for PGlite's files; omitted, the database lives in memory (tests). The directory
   * is one process's (issue 24): `lock` is the lock on it this process took already (main.ts
   * takes it first thing), else opening takes it or throws DataDirLocked. Closing releases it.
   */
  | { dataDir?: string; url?: undefined; lock?: DataDirLock }
  | { url: string };

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.url !== undefined) return openPostgres(options.url);
  if (!options.dataDir) return openPglite(undefined);
  const lock = options.lock ?? (await lockDataDir(options.dataDir));
  try {
    return await openPgliteThread(options.dataDir, lock);
  } catch (error) {
    lock.release();
    throw error;
  }
}

/**
 * The handle of a database still opening: what it is asked waits until `opening` gives the
 * database, then goes to it (and fails as opening did, when it did). main.ts builds the
 * app, which keeps the handle and asks nothing before it listens, while the database opens
 * and migrates (issue 13 goal 5).
 */
export function whenOpen(kind: Database['kind'], opening: Promise<Database>): Database {
  let open: Database | undefined;
  const ready = opening.then((db) => (open = db));
  // A failed opening is reported by whoever awaits `opening`; here it only fails the questions.
  ready.catch(() => {});
  const use = async () => open ?? (await ready);
  return {
    kind,
    query: async (sql, params) => (open ?? (await use())).query(sql, params),
    exec: async (sql) => (open ?? (await use())).exec(sql),
    transaction: async (fn) => (open ?? (await use())).transaction(fn),
    close: async () => (await use()).close(),
  };
}

/**
 * A data directory's PGlite runs on a worker thread (pglite-worker.mjs): PostgreSQL's start
 * in WebAssembly (about 0.4 s) then overlaps the main thread's loading and route
 * registration (issue 13 goal 5), and queries run beside the HTTP work. Same SQL, same
 * results, same one-connection transactions (PGlite's own, in the worker); an in-memory
 * database (tests) stays on the calling thread.
 */
async function openPgliteThread(dataDir: string, lock: DataDirLock): Promise<Database> {
  const worker = new Worker(new URL('./pglite-worker.mjs', import.meta.url), { workerData: { dataDir } });
  type Pending = { resolve: (value: unknown) => void; reject: (error: Error) => void };
  const pending = new Map<number, Pending>();
  let nextId = 1;
  let gone: Error | undefined;
  const fail = (error: Error) => {
    gone ??= error;
    for (const waiting of pending.values()) waiting.reject(error);
    pending.clear();
  };
  worker.on('message', (message: { id: number; ok: boolean; value?: unknown; error?: Record<string, unknown> & { message: string } }) => {
    const waiting = pending.get(message.id);
    if (!waiting) return;
    pending.delete(message.id);
    // Like PGlite on this thread, an idle database does not keep the process alive.
    if (pending.size === 0) worker.unref();
    if (message.ok) waiting.resolve(message.value);
    else waiting.reject(Object.assign(new Error(message.error!.message), message.error));
  });
  worker.on('error', fail);
  worker.on('exit', (code) => fail(new Error(`the database thread ended (exit code ${code})`)));
  const call = <T>(message: Record<string, unknown>, id = nextId++) =>
    new Promise<T>((resolve, reject) => {
      if (gone) return reject(gone);
      if (pending.size === 0) worker.ref();
      pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      if (id !== 0) worker.postMessage({ ...message, id });
    });
  // Id 0 is the worker's own first message: open, or why not.
  try {
    await call({}, 0);
  } catch (error) {
    await worker.terminate();
    throw error;
  }
  const queryable = (tx?: number): Queryable => ({
    query: <Row>(sql: string, params?: readonly unknown[]) => call<QueryResult<Row>>({ op: 'query', sql, params, tx }),
    exec: (sql: string) => call<void>({ op: 'exec', sql, tx }),
  });
  return {
    kind: 'pglite',
    ...queryable(),
    async transaction(fn) {
      const tx = await call<number>({ op: 'begin' });
      let result;
      try {
        result = await fn(queryable(tx));
      } catch (error) {
        await call({ op: 'end', tx, commit: false }).catch(() => {});
        throw error;
      }
      await call({ op: 'end', tx, commit: true });
      return result;
    },
    async close() {
      if (gone) return lock.release();
      await call({ op: 'close' });
      await worker.terminate();
      lock.release();
    },
  };
}

async function openPglite(dataDir: string | undefined): Promise<Database> {
  const { PGlite } = await import('@electric-sql/pglite');
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const pglite = await PGlite.create(dataDir);
  const { preparedQueries } = await import('./pglite-prepared.mjs');
  const prepared = preparedQueries(pglite);
  const run = async <Row>(inTransaction: boolean, sql: string, params?: readonly unknown[]): Promise<QueryResult<Row>> => {
    const result = await prepared.query<Row>(sql, params, inTransaction);
    // PGlite reports affectedRows 0 for a SELECT; pg's rowCount counts the rows returned.
    return { rows: result.rows, rowCount: result.rows.length || (result.affectedRows ?? 0) };
  };
  return {
    kind: 'pglite',
    query: (sql, params) => run(false, sql, params),
    exec: async (sql) => void (await pglite.exec(sql)),
    // PGlite is one connection: its transaction() holds a lock that makes other
    // queries wait, so concurrent requests cannot interleave with a transaction.
    transaction: (fn) =>
      pglite.transaction((tx) => fn({ query: (sql, params) => run(true, sql, params), exec: async (sql) => void (await tx.exec(sql)) })),
    close: () => pglite.close(),
  };
}

/**
 * Each distinct statement text gets a prepared statement's name, so a pooled connection
 * parses and plans it once and then only binds and executes it: planning was most of the
 * offers poll's time on the server (issue 13 goal 4). The texts are the server's own (values
 * always go as parameters), a few dozen in all; past the cap a text goes unnamed, as before,
 * so nothing grows without bound on a server.
 */
const STATEMENT_NAMES_MAX = 1000;
const statementNames = new Map<string, string>();
function statementName(sql: string): string | undefined {
  let name = statementNames.get(sql);
  if (name === undefined && statementNames.size < STATEMENT_NAMES_MAX) statementNames.set(sql, (name = `lv_${statementNames.size}`));
  return name;
}

async function openPostgres(url: string): Promise<Database> {
  const { default: pg } = await import('pg');
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle client that loses its server must not take the process down with it.
  pool.on('error', () => {});
  const run = async <Row>(target: Pick<InstanceType<typeof pg.Pool>, 'query'>, sql: string, params?: readonly unknown[]): Promise<QueryResult<Row>> => {
    const result = await target.query({ name: statementName(sql), text: sql, values: params as unknown[] | undefined });
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
