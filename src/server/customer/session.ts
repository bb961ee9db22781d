// The customer's side of the browser session (issue 17). The session itself is issue 14's
// (sessions/sessions.ts: the `lv_session` cookie, only its SHA-256 in `sessions`, idle and
// absolute expiry); a login puts a person in it (`sessions.person_key`, the keyed hash of the
// identity code). Logging in always makes a new session with a new cookie and deletes the
// old one (rotation), so a cookie someone saw or planted before the login never becomes a
// logged-in one. Logging out deletes the session.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Queryable } from '../db/index.ts';
import { ApiError } from '../errors.ts';
import { DEFAULT_SESSION_SETTINGS, secureRequest, SESSION_COOKIE, sessionTokenHash, type SessionSettings } from '../sessions/sessions.ts';
import { deleteExpiredSessions, findSession, insertSession } from '../sessions/store.ts';
import { newToken } from '../tokens.ts';

export const loginRequired = () => new ApiError(401, 'SESSION_REQUIRED', 'loginRequired', {}, { authenticated: false });

/** The same cookie sessions.ts sets: HttpOnly, SameSite=Strict, Secure over https, kept until the absolute expiry. */
function setSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string, settings: SessionSettings): void {
  void reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'strict',
    secure: secureRequest(request),
    maxAge: Math.floor(settings.absoluteMs / 1000),
  });
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply): void {
  void reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'strict', secure: secureRequest(request) });
}

/** This browser's live session id, if it has one. */
export async function liveSession(db: Queryable, request: FastifyRequest, now: Date): Promise<number | undefined> {
  const hash = sessionTokenHash(request);
  return hash && (await findSession(db, hash, now))?.id;
}

/** This browser's live session, or a new one (with its cookie) when it has none: a login starts in it. */
export async function ensureSession(tx: Queryable, request: FastifyRequest, reply: FastifyReply, now: Date, settings = DEFAULT_SESSION_SETTINGS): Promise<number> {
  const existing = await liveSession(tx, request, now);
  if (existing !== undefined) return existing;
  await deleteExpiredSessions(tx, now);
  const { token, hash } = newToken();
  const id = await insertSession(tx, hash, now, settings.idleMs, settings.absoluteMs);
  setSessionCookie(request, reply, token, settings);
  return id;
}

/** Whether the session holds the application (created it, or verified a code for it). */
export async function sessionHolds(db: Queryable, sessionId: number, applicationId: number): Promise<boolean> {
  const result = await db.query('SELECT 1 FROM session_applications WHERE session_id = $1 AND application_id = $2', [sessionId, applicationId]);
  return result.rows.length > 0;
}

/**
 * Logs the browser in as `personKey`: a new session (new cookie, new expiries) carrying the
 * person and the applications the old one held, and the old session deleted, so its cookie
 * opens nothing any more.
 */
export async function rotateIntoPerson(
  tx: Queryable,
  request: FastifyRequest,
  reply: FastifyReply,
  previousId: number,
  personKey: Uint8Array,
  now: Date,
  settings = DEFAULT_SESSION_SETTINGS,
): Promise<void> {
  const { token, hash } = newToken();
  const created = await tx.query<{ id: number | string }>(
    `INSERT INTO sessions (token_hash, person_key, created_at, last_seen_at, expires_at, absolute_expires_at) VALUES ($1, $2, $3, $3, $4, $5) RETURNING id`,
    [hash, personKey, now.toISOString(), new Date(now.getTime() + Math.min(settings.idleMs, settings.absoluteMs)).toISOString(), new Date(now.getTime() + settings.absoluteMs).toISOString()],
  );
  const id = Number(created.rows[0].id);
  await tx.query(
    `INSERT INTO session_applications (session_id, application_id) SELECT $1, application_id FROM session_applications WHERE session_id = $2 ON CONFLICT DO NOTHING`,
    [id, previousId],
  );
  await tx.query('DELETE FROM sessions WHERE id = $1', [previousId]);
  setSessionCookie(request, reply, token, settings);
}

/** The logged-in person of this browser, moving the session's idle expiry; else the 401. */
export async function requireCustomer(db: Queryable, request: FastifyRequest, now: Date, settings = DEFAULT_SESSION_SETTINGS): Promise<Uint8Array> {
  const hash = sessionTokenHash(request);
  if (!hash) throw loginRequired();
  const result = await db.query<{ person_key: Uint8Array }>(
    `UPDATE sessions SET last_seen_at = $2, expires_at = LEAST(absolute_expires_at, $3::timestamptz)
      WHERE token_hash = $1 AND expires_at > $2 AND person_key IS NOT NULL
      RETURNING person_key`,
    [hash, now.toISOString(), new Date(now.getTime() + settings.idleMs).toISOString()],
  );
  const personKey = result.rows[0]?.person_key;
  if (!personKey) throw loginRequired();
  return personKey;
}

/** Logout: the session row goes (with its applications and any login in progress). */
export async function endSession(db: Queryable, request: FastifyRequest): Promise<void> {
  const hash = sessionTokenHash(request);
  if (hash) await db.query('DELETE FROM sessions WHERE token_hash = $1', [hash]);
}
