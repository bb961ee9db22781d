// Migration 031 (issue 11, item 8): an application finalized before anybody identified
// was locked out for good; the migration reopens exactly those at step 7 and leaves an
// identified one, and every draft, as they were.
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/index.ts';
import { loadMigrations, migrate } from '../../src/server/db/migrate.ts';
import { newToken } from '../../src/server/tokens.ts';
import { describeOnDatabases, type TestDatabase } from './helpers/database.ts';

const REOPEN = 31;

describeOnDatabases('migration 031: reopen applications finalized without identification', (target) => {
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

  async function insert(status: 'draft' | 'finalized', step: number, identified: boolean): Promise<number> {
    const result = await db.query<{ id: number | string }>(
      `INSERT INTO consumer_applications (token_hash, product, brand, step, data, additional_form_data, tracking, status, finalized_at, identified_at)
       VALUES ($1, 'kulutusluotto', 'lainavertailu', $2, '{}'::jsonb, $3::jsonb, '{}'::jsonb, $4,
               CASE WHEN $4 = 'finalized' THEN now() END, CASE WHEN $5 THEN now() END)
       RETURNING id`,
      [newToken().hash, step, JSON.stringify({ step, hasCoApplicant: false }), status, identified],
    );
    return Number(result.rows[0].id);
  }

  async function row(id: number) {
    const result = await db.query<{ status: string; step: number; finalized: boolean; navigation: { step: number } }>(
      `SELECT status, step, finalized_at IS NOT NULL AS finalized, additional_form_data AS navigation FROM consumer_applications WHERE id = $1`,
      [id],
    );
    return result.rows[0];
  }

  it('sets the locked ones back to a step-7 draft and touches nothing else', async () => {
    const all = loadMigrations();
    await migrate(db, all.filter((migration) => migration.version < REOPEN));
    const locked = await insert('finalized', 0, false);
    const sent = await insert('finalized', 0, true);
    const draft = await insert('draft', 4, false);
    const sentBefore = await row(sent);
    const draftBefore = await row(draft);

    expect(await migrate(db, all.filter((migration) => migration.version <= REOPEN))).toContain(REOPEN);

    expect(await row(locked)).toEqual({ status: 'draft', step: 7, finalized: false, navigation: { step: 7, hasCoApplicant: false } });
    expect(await row(sent)).toEqual(sentBefore);
    expect(await row(draft)).toEqual(draftBefore);
  });
});
