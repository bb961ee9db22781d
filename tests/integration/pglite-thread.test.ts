// Issue 13 goal 5: a data directory's PGlite runs on a worker thread (db/index.ts,
// db/pglite-worker.mjs). The same Database as on one thread: rows and row counts, errors
// with their SQLSTATE, transactions that commit, roll back and keep other queries out, and
// what is written is there after a reopen; migrate on a current database applies nothing.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { openDatabase, whenOpen, type Database } from '../../src/server/db/index.ts';
import { loadMigrations, migrate } from '../../src/server/db/migrate.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'lv-pglite-thread-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

it('answers like PGlite on this thread, and keeps what it wrote', { timeout: 60_000 }, async () => {
  const db = await openDatabase({ dataDir });
  try {
    expect(db.kind).toBe('pglite');
    await db.exec('CREATE TABLE t (id integer PRIMARY KEY, body bytea, at timestamptz, doc jsonb); CREATE TABLE u (n integer)');
    const inserted = await db.query('INSERT INTO t VALUES ($1, $2, $3, $4)', [1, Buffer.from([1, 2, 3]), new Date('2024-01-02T03:04:05Z'), JSON.stringify({ a: [1] })]);
    expect(inserted.rowCount).toBe(1);
    const { rows, rowCount } = await db.query<{ id: number; body: Uint8Array; at: Date; doc: unknown }>('SELECT * FROM t');
    expect(rowCount).toBe(1);
    expect(rows[0].id).toBe(1);
    expect([...rows[0].body]).toEqual([1, 2, 3]);
    expect(rows[0].at).toBeInstanceOf(Date);
    expect(rows[0].at.toISOString()).toBe('2024-01-02T03:04:05.000Z');
    expect(rows[0].doc).toEqual({ a: [1] });

    // An error is an Error with PostgreSQL's fields (routes read `code`).
    const duplicate = await db.query('INSERT INTO t (id) VALUES (1)').catch((error: unknown) => error);
    expect(duplicate).toBeInstanceOf(Error);
    expect(duplicate).toMatchObject({ code: '23505', message: expect.stringContaining('duplicate key') });

    // Committed when the function resolves, rolled back when it throws.
    expect(await db.transaction(async (tx) => (await tx.query('INSERT INTO u VALUES (1), (2)')).rowCount)).toBe(2);
    const thrown = new Error('changed my mind');
    await expect(
      db.transaction(async (tx) => {
        await tx.query('INSERT INTO u VALUES (3)');
        throw thrown;
      }),
    ).rejects.toBe(thrown);
    // A failed statement inside fails the transaction and leaves nothing behind.
    await expect(db.transaction(async (tx) => tx.query('INSERT INTO u VALUES (4); SELECT 1/0'))).rejects.toThrow();
    expect((await db.query<{ n: number }>('SELECT n FROM u ORDER BY n')).rows.map((row) => row.n)).toEqual([1, 2]);

    // A query asked during a transaction waits for it, as on one connection.
    const order: string[] = [];
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const transaction = db.transaction(async (tx) => {
      await tx.query('INSERT INTO u VALUES (10)');
      order.push('tx wrote');
      await held;
      await tx.query('INSERT INTO u VALUES (11)');
      order.push('tx done');
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    const outside = db.query<{ count: number }>('SELECT count(*)::int AS count FROM u').then((result) => {
      order.push('outside');
      return result.rows[0].count;
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    release();
    await transaction;
    expect(await outside).toBe(4);
    expect(order).toEqual(['tx wrote', 'tx done', 'outside']);

    expect((await migrate(db)).length).toBe(loadMigrations().length);
  } finally {
    await db.close();
  }

  const again = await openDatabase({ dataDir });
  try {
    expect((await again.query<{ n: number }>('SELECT n FROM u ORDER BY n')).rows.map((row) => row.n)).toEqual([1, 2, 10, 11]);
    // Nothing to apply on a current database, and every migration stays recorded.
    expect(await migrate(again)).toEqual([]);
    expect((await again.query('SELECT version FROM schema_migrations')).rowCount).toBe(loadMigrations().length);
  } finally {
    await again.close();
  }
});

it('a handle taken before the database is open waits for it, or fails as opening did', async () => {
  let open!: (db: Database) => void;
  const early = whenOpen('pglite', new Promise<Database>((resolve) => (open = resolve)));
  const answer = early.query('SELECT 1');
  const db = await openDatabase({});
  open(db);
  expect((await answer).rows).toEqual([{ '?column?': 1 }]);
  await db.close();

  const failing = whenOpen('pglite', Promise.reject(new Error('no database')));
  await expect(failing.query('SELECT 1')).rejects.toThrow('no database');
});
