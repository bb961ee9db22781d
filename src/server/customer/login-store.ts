// The SQL of logins in progress (migration 046 `customer_logins`): one per browser session,
// naming the person and the one-time code made for this login. The code itself lives with
// every other code in `one_time_codes` (hashed, bound to the person: otp/codes.ts), read
// through otp/store.ts.
import type { Queryable } from '../db/index.ts';

export interface PendingLogin {
  personKey: Uint8Array;
  codeId: number | null;
  /** Whether the code was sent: false for an unknown identity code or a phone that did not match. */
  matched: boolean;
}

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

/** The customer a live session was logged in as (issue 24: what that session creates may be theirs); undefined for none. */
export async function sessionPerson(db: Queryable, tokenHash: Uint8Array, now: Date): Promise<Uint8Array | undefined> {
  const result = await db.query<{ person_key: Uint8Array }>(
    'SELECT person_key FROM sessions WHERE token_hash = $1 AND expires_at > $2 AND person_key IS NOT NULL',
    [tokenHash, now.toISOString()],
  );
  return result.rows[0]?.person_key;
}
