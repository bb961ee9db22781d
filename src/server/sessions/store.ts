// The SQL of browser sessions (migration 041). Times come from the caller's clock.
import type { Queryable } from '../db/index.ts';

export interface StoredSession {
  id: number;
  /** The logged-in customer (issue 17), or null. */
  personKey: Uint8Array | null;
  expiresAt: number;
  absoluteExpiresAt: number;
}

/** `personKey`: the logged-in customer the session carries (issue 17); none for an applicant's session. */
export async function insertSession(db: Queryable, tokenHash: Uint8Array, now: Date, idleMs: number, absoluteMs: number, personKey: Uint8Array | null = null): Promise<number> {
  const result = await db.query<{ id: number | string }>(
    `INSERT INTO sessions (token_hash, person_key, created_at, last_seen_at, expires_at, absolute_expires_at) VALUES ($1, $2, $3, $3, $4, $5) RETURNING id`,
    [tokenHash, personKey, now.toISOString(), new Date(now.getTime() + Math.min(idleMs, absoluteMs)).toISOString(), new Date(now.getTime() + absoluteMs).toISOString()],
  );
  return Number(result.rows[0].id);
}

type SessionRow = { id: number | string; person_key: Uint8Array | null; expires_at: Date | string; absolute_expires_at: Date | string };

const storedSession = (row: SessionRow): StoredSession => ({
  id: Number(row.id),
  personKey: row.person_key ?? null,
  expiresAt: new Date(row.expires_at).getTime(),
  absoluteExpiresAt: new Date(row.absolute_expires_at).getTime(),
});

/** The live session with this token hash; expired ones are not found. */
export async function findSession(db: Queryable, tokenHash: Uint8Array, now: Date): Promise<StoredSession | undefined> {
  const result = await db.query<SessionRow>(
    `SELECT id, person_key, expires_at, absolute_expires_at FROM sessions WHERE token_hash = $1 AND expires_at > $2`,
    [tokenHash, now.toISOString()],
  );
  const row = result.rows[0];
  return row && storedSession(row);
}

/** The live session with this id (the one that started an identification); ended or expired ones are not found. */
export async function findSessionById(db: Queryable, id: number, now: Date): Promise<StoredSession | undefined> {
  const result = await db.query<SessionRow>(
    `SELECT id, person_key, expires_at, absolute_expires_at FROM sessions WHERE id = $1 AND expires_at > $2`,
    [id, now.toISOString()],
  );
  const row = result.rows[0];
  return row && storedSession(row);
}

/** Where the values of `touchSessionCtes` go in a statement: its parameter placeholders ($n). */
export interface TouchParams {
  tokenHash: string;
  applicationId: string;
  now: string;
  idleUntil: string;
}

/**
 * How stale a session's idle expiry may get before a request moves it: five minutes against an
 * applicant's idle limit of a day (sessions.ts). An applicant saving a step every half minute then
 * writes the session row once in ten saves instead of with each (issue 31 goal 4: that write was
 * about a quarter of a save's time on the embedded database).
 */
export const TOUCH_EVERY_SECONDS = 300;

/**
 * The touch, written once, as two CTEs for a statement's WITH (PostgreSQL takes a data-modifying
 * statement only there, at the top): `live_session` is the live session with this token hash when
 * it holds the application (its id, or no row), and `touched_session` moves its idle expiry when it
 * was last moved over `TOUCH_EVERY_SECONDS` ago. `touchSessionFor` selects the id alone, and the save
 * of an application selects it beside the application, so the save's checks cost one round trip
 * (repository.ts `readForSave`).
 */
export const touchSessionCtes = (p: TouchParams) =>
  `live_session AS (
     SELECT s.id FROM sessions s
      WHERE s.token_hash = ${p.tokenHash} AND s.expires_at > ${p.now}
        AND EXISTS (SELECT 1 FROM session_applications sa WHERE sa.session_id = s.id AND sa.application_id = ${p.applicationId})),
   touched_session AS (
     UPDATE sessions s SET last_seen_at = ${p.now}, expires_at = LEAST(s.absolute_expires_at, ${p.idleUntil}::timestamptz)
      WHERE s.id = (SELECT id FROM live_session) AND s.last_seen_at < ${p.now}::timestamptz - interval '${TOUCH_EVERY_SECONDS} seconds')`;

const TOUCH_SESSION_FOR = `WITH ${touchSessionCtes({ tokenHash: '$1', applicationId: '$2', now: '$3', idleUntil: '$4' })} SELECT id FROM live_session`;

/** The live session with this token hash if it holds the application, its id; one statement, which moves the idle expiry when it is due (`TOUCH_EVERY_SECONDS`). */
export async function touchSessionFor(db: Queryable, tokenHash: Uint8Array, applicationId: number, now: Date, idleMs: number): Promise<number | undefined> {
  const result = await db.query<{ id: number | string }>(TOUCH_SESSION_FOR, [tokenHash, applicationId, now.toISOString(), new Date(now.getTime() + idleMs).toISOString()]);
  const row = result.rows[0];
  return row && Number(row.id);
}

export async function bindApplication(db: Queryable, sessionId: number, applicationId: number): Promise<void> {
  await db.query(`INSERT INTO session_applications (session_id, application_id) VALUES ($1, $2) ON CONFLICT DO NOTHING`, [sessionId, applicationId]);
}

const SWEEP_EVERY_MS = 60_000;
let lastSweep: number | undefined;

/**
 * Expired sessions go now and then with a new one, so the table never grows unbounded: at
 * most once a minute of `now` per process, not a statement with every new session (issue 13
 * goal 4). They are never found meanwhile (`findSession` and `touchSessionFor` check the expiry).
 */
export async function deleteExpiredSessions(db: Queryable, now: Date): Promise<void> {
  const at = now.getTime();
  // Either way: a test's clock may run backwards.
  if (lastSweep !== undefined && Math.abs(at - lastSweep) < SWEEP_EVERY_MS) return;
  lastSweep = at;
  await db.query(`DELETE FROM sessions WHERE expires_at <= $1`, [now.toISOString()]);
}

/** Whether the session holds the application (created it, or verified a code for it). */
export async function sessionHoldsApplication(db: Queryable, sessionId: number, applicationId: number): Promise<boolean> {
  const result = await db.query('SELECT 1 FROM session_applications WHERE session_id = $1 AND application_id = $2', [sessionId, applicationId]);
  return result.rows.length > 0;
}

/** The applications one session holds, held by another too (a rotated session keeps what the old held). */
export async function copyApplications(db: Queryable, fromSessionId: number, toSessionId: number): Promise<void> {
  await db.query(
    `INSERT INTO session_applications (session_id, application_id) SELECT $1, application_id FROM session_applications WHERE session_id = $2 ON CONFLICT DO NOTHING`,
    [toSessionId, fromSessionId],
  );
}

export async function deleteSession(db: Queryable, sessionId: number): Promise<void> {
  await db.query('DELETE FROM sessions WHERE id = $1', [sessionId]);
}

export async function deleteSessionByToken(db: Queryable, tokenHash: Uint8Array): Promise<void> {
  await db.query('DELETE FROM sessions WHERE token_hash = $1', [tokenHash]);
}

/** Every logged-in customer's session (the key customers are found by changed: their logins are void). */
export async function deletePersonSessions(db: Queryable): Promise<void> {
  await db.query('DELETE FROM sessions WHERE person_key IS NOT NULL');
}

/** The live session's customer, moving its idle expiry; undefined for no such session or one without a customer. */
export async function touchPersonSession(db: Queryable, tokenHash: Uint8Array, now: Date, idleMs: number): Promise<Uint8Array | undefined> {
  const result = await db.query<{ person_key: Uint8Array }>(
    `UPDATE sessions SET last_seen_at = $2, expires_at = LEAST(absolute_expires_at, $3::timestamptz)
      WHERE token_hash = $1 AND expires_at > $2 AND person_key IS NOT NULL
      RETURNING person_key`,
    [tokenHash, now.toISOString(), new Date(now.getTime() + idleMs).toISOString()],
  );
  return result.rows[0]?.person_key;
}
