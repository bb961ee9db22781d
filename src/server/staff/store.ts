// The SQL of staff login (migration 055): members, sessions and pending logins. Times come
// from the caller's clock. Same text on PGlite and PostgreSQL.
import type { Queryable } from '../db/index.ts';
import { isStaffRole, type StaffRole } from './roles.ts';

export const LOGIN_REQUEST_TTL_MS = 10 * 60 * 1000;

/** Who is logged in, as a guarded route sees them. */
export interface StaffActor {
  id: number;
  name: string;
  roles: StaffRole[];
}

export interface PendingStaffLogin {
  nonce: string;
  codeVerifier: string;
  redirectUri: string;
}

export async function insertLoginRequest(db: Queryable, stateHash: Buffer, browserHash: Buffer, login: PendingStaffLogin, now: Date): Promise<void> {
  // Expired requests of anyone go with each new one, so the table never grows unbounded.
  await db.query(`DELETE FROM staff_login_requests WHERE expires_at < $1`, [now.toISOString()]);
  await db.query(
    `INSERT INTO staff_login_requests (state_hash, browser_hash, nonce, code_verifier, redirect_uri, expires_at) VALUES ($1, $2, $3, $4, $5, $6)`,
    [stateHash, browserHash, login.nonce, login.codeVerifier, login.redirectUri, new Date(now.getTime() + LOGIN_REQUEST_TTL_MS).toISOString()],
  );
}

/** Takes the request out, only for the browser that started it; a second callback with the same state finds nothing. */
export async function takeLoginRequest(db: Queryable, stateHash: Buffer, browserHash: Buffer, now: Date): Promise<PendingStaffLogin | undefined> {
  const result = await db.query<{ nonce: string; code_verifier: string; redirect_uri: string; expires_at: Date | string }>(
    `DELETE FROM staff_login_requests WHERE state_hash = $1 AND browser_hash = $2 RETURNING nonce, code_verifier, redirect_uri, expires_at`,
    [stateHash, browserHash],
  );
  const row = result.rows[0];
  if (!row || new Date(row.expires_at).getTime() < now.getTime()) return undefined;
  return { nonce: row.nonce, codeVerifier: row.code_verifier, redirectUri: row.redirect_uri };
}

/** The member the provider vouched for, their name and roles as it says them now; their id. */
export async function upsertMember(db: Queryable, member: { issuer: string; subject: string; name: string; roles: readonly StaffRole[] }, now: Date): Promise<number> {
  const result = await db.query<{ id: number | string }>(
    `INSERT INTO staff_members (issuer, subject, name, roles, last_login) VALUES ($1, $2, $3, $4::text[], $5)
     ON CONFLICT (issuer, subject) DO UPDATE SET name = EXCLUDED.name, roles = EXCLUDED.roles, last_login = EXCLUDED.last_login
     RETURNING id`,
    [member.issuer, member.subject, member.name, [...member.roles], now.toISOString()],
  );
  return Number(result.rows[0].id);
}

export async function insertStaffSession(db: Queryable, tokenHash: Buffer, staffId: number, now: Date, expiry: { idleMs: number; absoluteMs: number }): Promise<void> {
  await db.query(
    `INSERT INTO staff_sessions (token_hash, staff_id, created_at, last_seen_at, expires_at, absolute_expires_at) VALUES ($1, $2, $3, $3, $4, $5)`,
    [tokenHash, staffId, now.toISOString(), new Date(now.getTime() + Math.min(expiry.idleMs, expiry.absoluteMs)).toISOString(), new Date(now.getTime() + expiry.absoluteMs).toISOString()],
  );
}

/** The live session's member, moving its idle expiry (never past the absolute one); one statement. */
export async function touchStaffSession(db: Queryable, tokenHash: Buffer, now: Date, idleMs: number): Promise<StaffActor | undefined> {
  const result = await db.query<{ id: number | string; name: string; roles: string[] | string }>(
    `UPDATE staff_sessions s SET last_seen_at = $2, expires_at = LEAST(s.absolute_expires_at, $3::timestamptz)
       FROM staff_members m
      WHERE s.token_hash = $1 AND s.expires_at > $2 AND m.id = s.staff_id
      RETURNING m.id, m.name, m.roles`,
    [tokenHash, now.toISOString(), new Date(now.getTime() + idleMs).toISOString()],
  );
  const row = result.rows[0];
  return row && { id: Number(row.id), name: row.name, roles: textArray(row.roles).filter(isStaffRole) };
}

/** Logout: the session goes; whose it was, when it was live. */
export async function deleteStaffSession(db: Queryable, tokenHash: Buffer, now: Date): Promise<number | undefined> {
  const result = await db.query<{ staff_id: number | string; expires_at: Date | string }>(`DELETE FROM staff_sessions WHERE token_hash = $1 RETURNING staff_id, expires_at`, [tokenHash]);
  const row = result.rows[0];
  return row && new Date(row.expires_at).getTime() > now.getTime() ? Number(row.staff_id) : undefined;
}

/** Ended sessions go with each new login: logins are few, so no sweep interval is needed. */
export async function deleteExpiredStaffSessions(db: Queryable, now: Date): Promise<void> {
  await db.query(`DELETE FROM staff_sessions WHERE expires_at <= $1`, [now.toISOString()]);
}

/** A text[] as a driver gives it back: an array, or (some paths) its literal `{a,b}`. */
function textArray(value: string[] | string): string[] {
  if (Array.isArray(value)) return value;
  const inner = value.replace(/^\{|\}$/g, '');
  return inner ? inner.split(',').map((item) => item.replace(/^"|"$/g, '')) : [];
}
