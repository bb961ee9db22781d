// The SQL of the login: whom a login code goes to, and logins in progress (migration 046
// `customer_logins`): one per browser session, naming the person and the one-time code made
// for this login. The code itself lives with every other code in `one_time_codes` (hashed,
// bound to the person: otp/codes.ts), read through otp/store.ts.
import type { Queryable } from '../db/index.ts';

export interface PendingLogin {
  personKey: Uint8Array;
  codeId: number | null;
  /** Whether the code was sent; logins saved since migration 047 always were (rows from before may not be). */
  matched: boolean;
}

/**
 * The e-mail of the person's latest identified application with one, when `phone` (the
 * national digit form) is that of any of the person's identified applications (the customer
 * may have changed numbers since); otherwise undefined. Only applications whose identity code
 * the bank confirmed count: anyone may type someone else's identity code into a form.
 *
 * One statement whose work does not depend on whether the identity code is known: the phone
 * is looked up in the index of (person, phone) (migration 047), which for an unknown
 * identity code and for a known one with a wrong phone alike is one probe finding nothing,
 * reads no application row and returns no row. Only a match reads the e-mail.
 */
export async function loginRecipient(db: Queryable, personKey: Uint8Array, phone: string): Promise<string | undefined> {
  const result = await db.query<{ email: string | null }>(LOGIN_RECIPIENT_SQL, [personKey, phone]);
  return result.rows[0]?.email ?? undefined;
}

/** Exported for the test that reads its plan: $1 the person key, $2 the phone. */
export const LOGIN_RECIPIENT_SQL = `SELECT (SELECT data->>'primaryApplicantEmail' FROM applications
              WHERE person_key = $1 AND identified_at IS NOT NULL AND data->>'primaryApplicantEmail' LIKE '%@%'
              ORDER BY created_at DESC, id DESC LIMIT 1) AS email
      WHERE EXISTS (SELECT 1 FROM applications
                     WHERE person_key = $1 AND identified_at IS NOT NULL AND person_key IS NOT NULL
                       AND login_phone(data->>'primaryApplicantMobilephone') = $2)`;

/** A new login request of the session replaces the one before. */
export async function savePendingLogin(tx: Queryable, sessionId: number, login: PendingLogin & { codeId: number }, now: Date): Promise<void> {
  await tx.query(
    `INSERT INTO customer_logins (session_id, person_key, code_id, matched, created_at) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (session_id) DO UPDATE SET person_key = EXCLUDED.person_key, code_id = EXCLUDED.code_id, matched = EXCLUDED.matched, created_at = EXCLUDED.created_at`,
    [sessionId, login.personKey, login.codeId, login.matched, now.toISOString()],
  );
}

/** The session's login in progress, its row locked until the transaction ends. */
export async function lockPendingLogin(tx: Queryable, sessionId: number): Promise<PendingLogin | undefined> {
  const result = await tx.query<{ person_key: Uint8Array; code_id: number | string | null; matched: boolean }>(
    'SELECT person_key, code_id, matched FROM customer_logins WHERE session_id = $1 FOR UPDATE',
    [sessionId],
  );
  const row = result.rows[0];
  return row && { personKey: row.person_key, codeId: row.code_id === null ? null : Number(row.code_id), matched: row.matched };
}

export async function deletePendingLogin(tx: Queryable, sessionId: number): Promise<void> {
  await tx.query('DELETE FROM customer_logins WHERE session_id = $1', [sessionId]);
}
