// Customers by keyed hash (issue 17): an application carries the HMAC-SHA256 of its primary
// applicant's identity code under the server's person key (`applications.person_key`), the
// same `personKey` the one-time codes of a person use (otp/owner.ts). The login finds a
// customer's applications by it; no identity code is ever looked up in clear.
//
// The key comes from configuration (config.ts `personKeySecret`) and is handed to the
// routes that store applications; the repository only writes what it is given. Rows written
// before migration 046, or by code that stores applications without a key, get theirs from
// `syncPersonKeys`, which main.ts runs once at every start after the migrations.
import { createHmac } from 'node:crypto';
import { applicationsWithoutPersonKey, clearPersonKeys, setPersonKeys } from '../applications/repository.ts';
import type { Database, Queryable } from '../db/index.ts';
import { rekeyInsurance } from '../../flows/insurance/repository.ts';
import { personKey } from '../otp/owner.ts';
import { deletePersonSessions } from '../sessions/store.ts';

/** The field of every product's document that holds the primary applicant's identity code. */
export const PRIMARY_PERSONAL_ID = 'primaryApplicantPersonalIdentificationNumber';

/**
 * Outside production, without PERSON_KEY_SECRET and without a broker: a fixed key, so that
 * the embedded database's customers stay findable from one start to the next. Never used in
 * production (config.ts).
 */
export const DEVELOPMENT_PERSON_KEY_SECRET = 'lainavertailu-development-person-key-not-for-production';

export interface PersonKeys {
  /** The key of an identity code as typed or stored (trimmed and upper-cased first). */
  of(personalId: string): Buffer;
  /** The key of an application's primary applicant; null when the data holds no identity code. */
  ofData(data: Record<string, unknown>): Buffer | null;
  /** Tells which key the stored person keys were made with, without being the key. */
  readonly fingerprint: Buffer;
}

export function personKeys(secret: string): PersonKeys {
  if (secret.length < 16) throw new Error('the person key secret must be at least 16 characters');
  const of = (personalId: string) => personKey(secret, personalId);
  return {
    of,
    ofData(data) {
      const value = data[PRIMARY_PERSONAL_ID];
      return typeof value === 'string' && value.trim() !== '' ? of(value) : null;
    },
    fingerprint: createHmac('sha256', secret).update('lv-person-key-fingerprint:v1', 'utf8').digest(),
  };
}

const BATCH = 500;

/**
 * Gives every application with a primary identity code its person key, once; idempotent,
 * so every start and every instance may run it. When the stored keys were made with another
 * key (PERSON_KEY_SECRET changed), every application's key is made anew and logged-in
 * sessions and logins in progress end, since their person keys no longer find anyone.
 */
export async function syncPersonKeys(db: Database, keys: PersonKeys): Promise<{ updated: number; rekeyed: boolean }> {
  const stored = await db.query<{ fingerprint: Uint8Array }>('SELECT fingerprint FROM person_key_fingerprint WHERE id = 1');
  const previous = stored.rows[0]?.fingerprint;
  const rekeyed = previous !== undefined && !Buffer.from(previous).equals(keys.fingerprint);
  if (rekeyed) {
    await db.transaction(async (tx) => {
      await clearPersonKeys(tx);
      await endPersonSessions(tx);
    });
  }
  let updated = 0;
  let after = 0;
  for (;;) {
    const rows = await applicationsWithoutPersonKey(db, after, BATCH);
    if (rows.length === 0) break;
    const made = rows.filter((row) => row.personalId.trim() !== '').map((row) => ({ id: row.id, personKey: keys.of(row.personalId) }));
    await db.transaction((tx) => setPersonKeys(tx, made));
    updated += made.length;
    after = rows[rows.length - 1].id;
  }
  // Insurance applications hold no identity code: they follow their loan application's new key.
  if (rekeyed) await rekeyInsurance(db);
  // Written last: a start that stops half-way makes the rest (or all, after a key change) next time.
  await db.query(
    `INSERT INTO person_key_fingerprint (id, fingerprint, updated_at) VALUES (1, $1, now())
     ON CONFLICT (id) DO UPDATE SET fingerprint = EXCLUDED.fingerprint, updated_at = now()
     WHERE person_key_fingerprint.fingerprint <> EXCLUDED.fingerprint`,
    [keys.fingerprint],
  );
  return { updated, rekeyed };
}

async function endPersonSessions(tx: Queryable): Promise<void> {
  await tx.query('DELETE FROM customer_logins');
  await deletePersonSessions(tx);
}
