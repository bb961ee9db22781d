// The SQL of browser sessions (migration 041). Times come from the caller's clock.
import type { Queryable } from '../db/index.ts';

export interface StoredSession {
  id: number;
  expiresAt: number;
  absoluteExpiresAt: number;
}

export async function insertSession(db: Queryable, tokenHash: Uint8Array, now: Date, idleMs: number, absoluteMs: number): Promise<number> {
  const result = await db.query<{ id: number | string }>(
    `INSERT INTO sessions (token_hash, created_at, last_seen_at, expires_at, absolute_expires_at) VALUES ($1, $2, $2, $3, $4) RETURNING id`,
    [tokenHash, now.toISOString(), new Date(now.getTime() + Math.min(idleMs, absoluteMs)).toISOString(), new Date(now.getTime() + absoluteMs).toISOString()],
  );
  return Number(result.rows[0].id);
}

/** The live session with this token hash; expired ones are not found. */
export async function findSession(db: Queryable, tokenHash: Uint8Array, now: Date): Promise<StoredSession | undefined> {
  const result = await db.query<{ id: number | string; expires_at: Date | string; absolute_expires_at: Date | string }>(
    `SELECT id, expires_at, absolute_expires_at FROM sessions WHERE token_hash = $1 AND expires_at > $2`,
    [tokenHash, now.toISOString()],
  );
  const row = result.rows[0];
  return row && { id: Number(row.id), expiresAt: new Date(row.expires_at).getTime(), absoluteExpiresAt: new Date(row.absolute_expires_at).getTime() };
}

/** Whether the live session with this token hash holds the application; one statement, and it moves the idle expiry. */
export async function touchSessionFor(db: Queryable, tokenHash: Uint8Array, applicationId: number, now: Date, idleMs: number): Promise<boolean> {
  const result = await db.query(
    `UPDATE sessions s SET last_seen_at = $3, expires_at = LEAST(s.absolute_expires_at, $4::timestamptz)
      WHERE s.token_hash = $1 AND s.expires_at > $3
        AND EXISTS (SELECT 1 FROM session_applications sa WHERE sa.session_id = s.id AND sa.application_id = $2)`,
    [tokenHash, applicationId, now.toISOString(), new Date(now.getTime() + idleMs).toISOString()],
  );
  return result.rowCount > 0;
}

export async function bindApplication(db: Queryable, sessionId: number, applicationId: number): Promise<void> {
  await db.query(`INSERT INTO session_applications (session_id, application_id) VALUES ($1, $2) ON CONFLICT DO NOTHING`, [sessionId, applicationId]);
}

/** Expired sessions go now and then with a new one, so the table never grows unbounded. */
export async function deleteExpiredSessions(db: Queryable, now: Date): Promise<void> {
  await db.query(`DELETE FROM sessions WHERE expires_at <= $1`, [now.toISOString()]);
}
