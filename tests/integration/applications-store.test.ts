// The one application store (issue 12 item 5): migration 040 carries the consumer
// applications and their codes over into `applications` as they were, and one-time
// codes can belong to a person (the coming customer login) as well as to an application.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { lockApplication, readApplication } from '../../src/server/applications/repository.ts';
import type { Database } from '../../src/server/db/index.ts';
import { loadMigrations, migrate } from '../../src/server/db/migrate.ts';
import { codeMatches, hashCode, newCode } from '../../src/server/otp/codes.ts';
import { personKey } from '../../src/server/otp/owner.ts';
import { insertCode, latestCode, sendTimes } from '../../src/server/otp/store.ts';
import { newToken } from '../../src/server/tokens.ts';
import { personalId } from '../fixtures/personal-id.ts';
import { describeOnDatabases, type TestDatabase } from './helpers/database.ts';

const ONE_STORE = 40;

describeOnDatabases('one application store', (target) => {
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

  it('migration 040 carries every consumer application and its codes over unchanged', async () => {
    const all = loadMigrations();
    await migrate(db, all.filter((migration) => migration.version < ONE_STORE));
    const { hash } = newToken();
    const data = { inputAppliedAmount: 12000, primaryApplicantEmail: 'maija@example.fi', list: [{ loan: 1 }] };
    const inserted = await db.query<{ id: number | string }>(
      `INSERT INTO consumer_applications (token_hash, product, brand, step, data, additional_form_data, tracking)
       VALUES ($1, 'yhdistelylaina', 'kattokorko', 5, $2::jsonb, '{"step": 5, "hasCoApplicant": false}'::jsonb, '{"channelId": "x"}'::jsonb) RETURNING id`,
      [hash, JSON.stringify(data)],
    );
    const id = Number(inserted.rows[0].id);
    const code = newCode();
    await db.query(
      `INSERT INTO one_time_codes (application_id, code_hash, channel, created_at, expires_at) VALUES ($1, $2, 'email', now(), now() + interval '10 minutes')`,
      [id, hashCode({ applicationId: id }, code)],
    );

    expect(await migrate(db, all)).toEqual(all.filter((migration) => migration.version >= ONE_STORE).map((migration) => migration.version));

    const moved = await readApplication(db, id);
    expect(moved).toMatchObject({ id, product: 'yhdistelylaina', formId: 'consumer', brand: 'kattokorko', step: 5, data, status: 'draft', identified: false });
    expect(Buffer.from(moved!.tokenHash).equals(hash)).toBe(true);
    expect(await db.transaction((tx) => lockApplication(tx, id))).toEqual(moved);
    // A code sent before the migration still opens the application.
    const stored = await latestCode(db, { applicationId: id });
    expect(codeMatches({ applicationId: id }, code, stored!.codeHash)).toBe(true);
    // New rows keep counting from where the old ones stopped.
    const next = await db.query<{ id: number | string }>(
      `INSERT INTO applications (token_hash, product, form_id, brand, step, data, additional_form_data, tracking)
       VALUES ($1, 'kulutusluotto', 'consumer', 'lainavertailu', 1, '{}', '{"step": 1}', '{}') RETURNING id`,
      [newToken().hash],
    );
    expect(Number(next.rows[0].id)).toBeGreaterThan(id);
  });

  it('keeps codes of a person apart from codes of an application', async () => {
    const person = { personKey: personKey('test-secret', personalId(1, 2, 1980, 123)) };
    const samePerson = { personKey: personKey('test-secret', ` ${personalId(1, 2, 1980, 123).toLowerCase()} `) };
    expect(Buffer.from(samePerson.personKey).equals(person.personKey)).toBe(true);
    // Another key (another deployment) gives another person key for the same identity code.
    expect(personKey('other-secret', personalId(1, 2, 1980, 123)).equals(person.personKey)).toBe(false);

    const code = newCode();
    const now = Date.now();
    await insertCode(db, { owner: person, codeHash: hashCode(person, code), channel: 'email', createdAt: new Date(now), expiresAt: new Date(now + 600_000) });
    const found = await latestCode(db, samePerson);
    expect(found).toBeDefined();
    expect(codeMatches(person, code, found!.codeHash)).toBe(true);
    // The same digits bound to an application do not match the person's code, and vice versa.
    expect(codeMatches({ applicationId: 1 }, code, found!.codeHash)).toBe(false);
    expect(await sendTimes(db, person, new Date(now - 1000))).toHaveLength(1);
    expect(await latestCode(db, { personKey: personKey('test-secret', personalId(2, 2, 1980, 124)) })).toBeUndefined();

    // A code has exactly one owner.
    const orphan = db.query(`INSERT INTO one_time_codes (code_hash, channel, created_at, expires_at) VALUES ($1, 'email', now(), now())`, [hashCode(person, code)]);
    await expect(orphan).rejects.toThrow();
  });
});
