// Issue 13 goal 4: a statement text is parsed and planned once per connection and then only
// bound and executed, on both databases (db/index.ts for the server through node-postgres'
// named queries, db/pglite-prepared.mjs for PGlite through its protocol API). What must hold:
// the answers are PGlite's own query() answers, errors are the same errors and leave the
// statement usable, transactions behave as before, and PostgreSQL lists the statement as
// prepared (pg_prepared_statements), once.
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/index.ts';
import { preparedQueries } from '../../src/server/db/pglite-prepared.mjs';
import { describeOnDatabases } from './helpers/database.ts';

const PREPARED = `SELECT count(*)::int AS count FROM pg_prepared_statements WHERE statement = $1`;

describeOnDatabases('prepared statements', (target) => {
  let db: Database;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    const created = await target.create();
    drop = created.drop;
    db = await created.open();
    await db.exec('CREATE TABLE t (id integer PRIMARY KEY, label text)');
  });
  afterAll(async () => {
    await db.close();
    await drop();
  });

  it('prepares a statement text once and answers each run with its own values', async () => {
    const sql = 'SELECT $1::int * 2 AS doubled, $2::text AS label';
    // One transaction: one connection of the server's pool, whose statements the view lists.
    await db.transaction(async (tx) => {
      expect((await tx.query(sql, [2, 'a'])).rows).toEqual([{ doubled: 4, label: 'a' }]);
      expect((await tx.query(sql, [21, 'b'])).rows).toEqual([{ doubled: 42, label: 'b' }]);
      expect((await tx.query<{ count: number }>(PREPARED, [sql])).rows[0].count).toBe(1);
    });
  });

  it('keeps a statement usable after a run of it failed, and forgets nothing a transaction did', async () => {
    const insert = 'INSERT INTO t (id, label) VALUES ($1, $2)';
    expect((await db.query(insert, [1, 'one'])).rowCount).toBe(1);
    await expect(db.query(insert, [1, 'again'])).rejects.toMatchObject({ code: '23505' });
    await expect(db.query(insert, ['not a number', 'x'])).rejects.toMatchObject({ code: '22P02' });
    expect((await db.query(insert, [2, 'two'])).rowCount).toBe(1);
    await expect(
      db.transaction(async (tx) => {
        await tx.query(insert, [3, 'three']);
        await tx.query(insert, [3, 'duplicate']);
      }),
    ).rejects.toMatchObject({ code: '23505' });
    // A statement that does not parse is not remembered: the same name is not taken twice.
    await expect(db.query('SELEC $1')).rejects.toMatchObject({ code: '42601' });
    expect((await db.query('SELECT label FROM t WHERE id = ANY($1::int[]) ORDER BY id', [[1, 2, 3]])).rows).toEqual([{ label: 'one' }, { label: 'two' }]);
  });
});

it('answers as PGlite’s own query() does, value types and row counts included', async () => {
  const pglite = await PGlite.create();
  try {
    const prepared = preparedQueries(pglite);
    await pglite.exec('CREATE TABLE v (id integer PRIMARY KEY, body bytea, at timestamptz, doc jsonb, amount numeric, big bigint, flag boolean, tags text[])');
    const row = [1, Buffer.from([1, 2, 3]), new Date('2024-01-02T03:04:05Z'), JSON.stringify({ a: [1] }), '1234.50', 9007199254740993n, true, ['x', 'y']];
    const insert = 'INSERT INTO v VALUES ($1, $2, $3, $4, $5, $6, $7, $8)';
    const viaPrepared = await prepared.query(insert, row);
    expect(viaPrepared.affectedRows).toBe(1);
    await pglite.query('DELETE FROM v');
    await pglite.query(insert, row);
    const select = 'SELECT * FROM v WHERE id = $1 AND flag = $2';
    const expected = await pglite.query(select, [1, true]);
    for (let run = 0; run < 2; run++) {
      const answer = await prepared.query(select, [1, true]);
      expect(answer.rows).toEqual(expected.rows);
      expect(answer.fields).toEqual(expected.fields);
    }
    expect((await prepared.query('UPDATE v SET flag = $1', [false])).affectedRows).toBe((await pglite.query('UPDATE v SET flag = $1', [false])).affectedRows);
    expect((await prepared.query('SELECT $1::text AS nothing', [null])).rows).toEqual([{ nothing: null }]);

    // Past the cap a text runs unnamed, still answering: nothing grows without bound.
    for (let k = 0; k < 1001; k++) expect((await prepared.query(`SELECT $1::int + ${k} AS n`, [1])).rows[0]).toEqual({ n: 1 + k });
    const named = await pglite.query<{ count: number }>(`SELECT count(*)::int AS count FROM pg_prepared_statements WHERE name LIKE 'lv\\_%'`);
    expect(named.rows[0].count).toBe(1000);
  } finally {
    await pglite.close();
  }
});
