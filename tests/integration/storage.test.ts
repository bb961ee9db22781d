// The storage seam and the migrations on each real database.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/index.ts';
import { loadMigrations, migrate } from '../../src/server/db/migrate.ts';
import { hashToken } from '../../src/server/tokens.ts';
import { describeOnDatabases, type TestDatabase } from './helpers/database.ts';

describeOnDatabases('storage', (target) => {
  let database: TestDatabase;
  let db: Database;

  beforeAll(async () => {
    database = await target.create();
    db = await database.open();
  });
  afterAll(async () => {
    await db?.close();
    await database?.drop();
  });

  it('applies every migration once, in order, and records it', async () => {
    const files = loadMigrations();
    // Two starts at once: the advisory lock makes one of them do the work.
    const [first, second] = await Promise.all([migrate(db), migrate(db)]);
    expect([...first, ...second].sort()).toEqual(files.map((migration) => migration.version));
    expect(await migrate(db)).toEqual([]);
    const recorded = await db.query<{ version: number; name: string }>('SELECT version, name FROM schema_migrations ORDER BY version');
    expect(recorded.rows).toEqual(files.map(({ version, name }) => ({ version, name })));
  });

  it('commits a transaction that resolves and rolls back one that throws', async () => {
    await db.exec('CREATE TABLE seam_test (id integer PRIMARY KEY, note text)');
    await db.transaction(async (tx) => {
      await tx.query('INSERT INTO seam_test VALUES ($1, $2)', [1, 'kept']);
    });
    await expect(
      db.transaction(async (tx) => {
        await tx.query('INSERT INTO seam_test VALUES ($1, $2)', [2, 'lost']);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    // A failing statement inside rolls back the statements before it too.
    await expect(
      db.transaction(async (tx) => {
        await tx.query('INSERT INTO seam_test VALUES ($1, $2)', [3, 'lost']);
        await tx.query('INSERT INTO seam_test VALUES ($1, $2)', [1, 'duplicate']);
      }),
    ).rejects.toThrow();
    const rows = await db.query('SELECT id, note FROM seam_test ORDER BY id');
    expect(rows.rows).toEqual([{ id: 1, note: 'kept' }]);
  });

  it('counts rows alike on both drivers', async () => {
    await db.exec('CREATE TABLE count_test (id integer)');
    expect((await db.query('INSERT INTO count_test VALUES (1), (2), (3)')).rowCount).toBe(3);
    expect((await db.query('SELECT id FROM count_test WHERE id > $1', [1])).rowCount).toBe(2);
    expect((await db.query('SELECT id FROM count_test WHERE id > $1', [9])).rowCount).toBe(0);
    expect((await db.query('UPDATE count_test SET id = id + 10 WHERE id < $1', [3])).rowCount).toBe(2);
    expect((await db.query('DELETE FROM count_test RETURNING id')).rowCount).toBe(3);
  });

  it('round-trips jsonb, bytea and identity ids the same way on both drivers', async () => {
    const data = { name: 'Äänekoski – Ö', list: [{ loan: 1, monthlyPayment: 0.5 }], empty: [], flag: false };
    const hash = hashToken('abc');
    const inserted = await db.query<{ id: number | string }>(
      `INSERT INTO applications (token_hash, product, form_id, brand, step, data, additional_form_data, tracking)
       VALUES ($1, 'kulutusluotto', 'consumer', 'lainavertailu', 1, $2::jsonb, '{}'::jsonb, '{}'::jsonb) RETURNING id`,
      [hash, JSON.stringify(data)],
    );
    const id = Number(inserted.rows[0].id);
    expect(Number.isSafeInteger(id) && id > 0).toBe(true);
    const row = await db.query<{ data: unknown; token_hash: Uint8Array; status: string }>(
      'SELECT data, token_hash, status FROM applications WHERE id = $1',
      [id],
    );
    expect(row.rows[0].data).toEqual(data);
    expect(Buffer.from(row.rows[0].token_hash).equals(hash)).toBe(true);
    expect(row.rows[0].status).toBe('draft');
  });

  // Which products and steps exist is the catalogue's (issue 12): the table guards the shape.
  it('guards the table with constraints', async () => {
    const insert = (product: string, step: number, formId: string | null = 'consumer') =>
      db.query(
        `INSERT INTO applications (token_hash, product, form_id, brand, step, data, additional_form_data, tracking)
         VALUES ($1, $2, $3, 'lainavertailu', $4, '{}', '{}', '{}')`,
        [hashToken('x'), product, formId, step],
      );
    await expect(insert('Asunto laina', 1)).rejects.toThrow();
    await expect(insert('kulutusluotto', -1)).rejects.toThrow();
    await expect(insert('kulutusluotto', 1, null)).rejects.toThrow();
    await expect(insert('asuntolaina', 5, 'mortgage')).resolves.toBeDefined();
  });
});

describe('migration files', () => {
  const dir = mkdtempSync(join(tmpdir(), 'lv-migrations-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('are applied in number order, gaps allowed, each number once, named NNN_name.sql', () => {
    writeFileSync(join(dir, '010_later.sql'), 'SELECT 2;');
    writeFileSync(join(dir, '001_first.sql'), 'SELECT 1;');
    expect(loadMigrations(dir).map((migration) => [migration.version, migration.name])).toEqual([
      [1, 'first'],
      [10, 'later'],
    ]);
    writeFileSync(join(dir, '010_again.sql'), 'SELECT 3;');
    expect(() => loadMigrations(dir)).toThrow(/numbered 10/);
    rmSync(join(dir, '010_again.sql'));
    writeFileSync(join(dir, '2_second.sql'), 'SELECT 1;');
    expect(() => loadMigrations(dir)).toThrow(/001_name\.sql/);
  });
});
