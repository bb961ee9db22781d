// The customer's side of the browser session (issue 17). The session itself is issue 14's
// (sessions/sessions.ts: the `lv_session` cookie, only its SHA-256 in `sessions`, idle and
// absolute expiry); a login puts a person in it (`sessions.person_key`, the keyed hash of the
// identity code). Logging in always makes a new session with a new cookie and deletes the
// old one (rotation), so a cookie someone saw or planted before the login never becomes a
// logged-in one. Logging out deletes the session.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Queryable } from '../db/index.ts';
import { ApiError } from '../errors.ts';
import { DEFAULT_SESSION_SETTINGS, replaceSession, sessionTokenHash, type SessionSettings } from '../sessions/sessions.ts';
import { deleteSessionByToken, findSession, touchPersonSession } from '../sessions/store.ts';

export { clearSessionCookie } from '../sessions/sessions.ts';

export const loginRequired = () => new ApiError(401, 'SESSION_REQUIRED', 'loginRequired', {}, { authenticated: false });

/** This browser's live session id, if it has one. */
export async function liveSession(db: Queryable, request: FastifyRequest, now: Date): Promise<number | undefined> {
  const hash = sessionTokenHash(request);
  return hash && (await findSession(db, hash, now))?.id;
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
  await replaceSession(tx, { id: previousId, personKey: null }, request, reply, now, settings, personKey);
}

/** The logged-in person of this browser, moving the session's idle expiry; else the 401. */
export async function requireCustomer(db: Queryable, request: FastifyRequest, now: Date, settings: SessionSettings = DEFAULT_SESSION_SETTINGS): Promise<Uint8Array> {
  const hash = sessionTokenHash(request);
  const personKey = hash && (await touchPersonSession(db, hash, now, settings.idleMs));
  if (!personKey) throw loginRequired();
  return personKey;
}

/**
 * The person this browser is logged in as, without requiring a login (an applicant's session
 * has none); read before a route rotates or grants the session.
 */
export async function loggedInPerson(db: Queryable, request: FastifyRequest, now: Date): Promise<Buffer | undefined> {
  const hash = sessionTokenHash(request);
  const personKey = hash && (await findSession(db, hash, now))?.personKey;
  return personKey ? Buffer.from(personKey) : undefined;
}

/** Logout: the session row goes (with its applications and any login in progress). */
export async function endSession(db: Queryable, request: FastifyRequest): Promise<void> {
  const hash = sessionTokenHash(request);
  if (hash) await deleteSessionByToken(db, hash);
}
