// The idle expiry of an applicant's session (issue 31 goal 4): every request that needs the
// session finds it as before, but the row is written only when its expiry was last moved over
// TOUCH_EVERY_SECONDS (five minutes) ago, by a save's read (readForSave) as by any other check (touchSessionFor).
import { afterAll, beforeAll, expect, it } from 'vitest';
import { readForSave } from '../../src/server/applications/repository.ts';
import type { Database } from '../../src/server/db/index.ts';
import { migrate } from '../../src/server/db/migrate.ts';
import { DEFAULT_SESSION_SETTINGS } from '../../src/server/sessions/sessions.ts';
import { bindApplication, insertSession, TOUCH_EVERY_SECONDS, touchSessionFor } from '../../src/server/sessions/store.ts';
import { newToken } from '../../src/server/tokens.ts';
import { describeOnDatabases } from './helpers/database.ts';
import { storeConsumerApplication } from './helpers/server.ts';

const { idleMs, absoluteMs } = DEFAULT_SESSION_SETTINGS;
const START = Date.parse('2026-11-28T10:00:00Z');
const at = (seconds: number) => new Date(START + seconds * 1000);

describeOnDatabases('session touch', (target) => {
  let db: Database;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    const created = await target.create();
    drop = created.drop;
    db = await created.open();
    await migrate(db);
  });
  afterAll(async () => {
    await db?.close();
    await drop?.();
  });

  async function sessionHolding(applicationId: number) {
    const { hash } = newToken();
    const id = await insertSession(db, hash, at(0), idleMs, absoluteMs);
    await bindApplication(db, id, applicationId);
    const stored = async () => {
      const row = (await db.query<{ last_seen_at: Date | string; expires_at: Date | string; revision: string }>(
        'SELECT last_seen_at, expires_at, xmin::text AS revision FROM sessions WHERE id = $1',
        [id],
      )).rows[0];
      return { lastSeen: new Date(row.last_seen_at).getTime(), expires: new Date(row.expires_at).getTime(), revision: row.revision };
    };
    return { id, hash, stored };
  }

  const checks = {
    touchSessionFor: (hash: Uint8Array, applicationId: number, now: Date) => touchSessionFor(db, hash, applicationId, now, idleMs),
    readForSave: async (hash: Uint8Array, applicationId: number, now: Date) =>
      (await readForSave(db, applicationId, { tokenHash: Buffer.from(hash), now, idleUntil: new Date(now.getTime() + idleMs) }))?.sessionId,
  };

  for (const [name, check] of Object.entries(checks)) {
    it(`${name}: finds the session at every request, writes it once in TOUCH_EVERY_SECONDS at most`, async () => {
      const { id: applicationId } = await storeConsumerApplication(db);
      const session = await sessionHolding(applicationId);
      const first = await session.stored();

      expect(await check(session.hash, applicationId, at(TOUCH_EVERY_SECONDS - 1))).toBe(session.id);
      // Not written: the same row version, the expiry where it was.
      expect(await session.stored()).toEqual(first);

      expect(await check(session.hash, applicationId, at(TOUCH_EVERY_SECONDS + 1))).toBe(session.id);
      const moved = await session.stored();
      expect(moved.lastSeen).toBe(at(TOUCH_EVERY_SECONDS + 1).getTime());
      expect(moved.expires).toBe(at(TOUCH_EVERY_SECONDS + 1).getTime() + idleMs);

      // Checked just before its idle expiry it is still there; just after, it is gone.
      expect(await check(session.hash, applicationId, new Date(moved.expires - 1000))).toBe(session.id);
      const kept = await session.stored();
      expect(await check(session.hash, applicationId, new Date(kept.expires + 1000))).toBeUndefined();
    });

    it(`${name}: another application's session is not found, and not written`, async () => {
      const { id: held } = await storeConsumerApplication(db);
      const { id: other } = await storeConsumerApplication(db);
      const session = await sessionHolding(held);
      const before = await session.stored();
      expect(await check(session.hash, other, at(3600))).toBeUndefined();
      expect(await session.stored()).toEqual(before);
    });
  }
});
