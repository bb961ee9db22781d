// Browser-bound sessions (issue 14 item 1). The link of an application (id and token)
// is something people forward, paste and leave in histories; on its own it now only
// asks for a one-time code. Changing an application, finalizing it and identifying for
// it also need the session cookie of the browser that created it or verified a code
// for it. The cookie holds 256 random bits, the database their SHA-256; sessions live in
// the database so any instance serves any request and a restart keeps them. The same
// sessions will carry the customer login (issue 17: `sessions.person_key`).
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Queryable } from '../db/index.ts';
import { ApiError } from '../errors.ts';
import { hashToken, isWellFormedToken, newToken } from '../tokens.ts';
import { bindApplication, deleteExpiredSessions, findSession, insertSession, touchSessionFor } from './store.ts';

export const SESSION_COOKIE = 'lv_session';

export interface SessionSettings {
  /** A session unused this long ends (the idle expiry). */
  idleMs: number;
  /** A session ends this long after it began, however much it is used. */
  absoluteMs: number;
}

/**
 * An applicant may leave the form for the evening and come back the next day in the same
 * browser; a week after the start the code is asked again however active the session.
 */
export const DEFAULT_SESSION_SETTINGS: SessionSettings = { idleMs: 24 * 60 * 60 * 1000, absoluteMs: 7 * 24 * 60 * 60 * 1000 };

export interface Sessions {
  /** Refuses with 401 SESSION_REQUIRED unless this browser's session holds the application. */
  requireFor(request: FastifyRequest, applicationId: number): Promise<void>;
  /** Adds the application to this browser's session, starting one (and setting its cookie) when there is none. */
  grant(db: Queryable, request: FastifyRequest, reply: FastifyReply, applicationId: number): Promise<void>;
}

export const sessionRequired = () => new ApiError(401, 'SESSION_REQUIRED', 'sessionRequired');

/** The session cookie's token hash, when the request carries a well-formed one. */
export function sessionTokenHash(request: FastifyRequest): Buffer | undefined {
  const value = request.cookies?.[SESSION_COOKIE];
  return value !== undefined && isWellFormedToken(value) ? hashToken(value) : undefined;
}

/** `Secure` whenever the page was reached over https (behind a proxy: its X-Forwarded-Proto, for trusted hops). */
export const secureRequest = (request: FastifyRequest) => request.protocol === 'https';

export function createSessions(db: Queryable, options: { now: () => number; settings?: SessionSettings }): Sessions {
  const settings = options.settings ?? DEFAULT_SESSION_SETTINGS;
  return {
    async requireFor(request, applicationId) {
      const hash = sessionTokenHash(request);
      if (!hash || !(await touchSessionFor(db, hash, applicationId, new Date(options.now()), settings.idleMs))) throw sessionRequired();
    },

    async grant(tx, request, reply, applicationId) {
      const sessionId = await openSession(tx, request, reply, new Date(options.now()), settings);
      await bindApplication(tx, sessionId, applicationId);
    },
  };
}

/** Sets the session cookie: HttpOnly, SameSite=Strict, Secure over https, kept until the absolute expiry (the server decides before that). */
export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string, settings: SessionSettings): void {
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

/** This browser's live session, or a new one (with its cookie) when it has none; its id. */
export async function openSession(tx: Queryable, request: FastifyRequest, reply: FastifyReply, now: Date, settings: SessionSettings = DEFAULT_SESSION_SETTINGS): Promise<number> {
  const hash = sessionTokenHash(request);
  const existing = hash && (await findSession(tx, hash, now));
  if (existing) return existing.id;
  await deleteExpiredSessions(tx, now);
  const { token, hash: newHash } = newToken();
  const id = await insertSession(tx, newHash, now, settings.idleMs, settings.absoluteMs);
  setSessionCookie(request, reply, token, settings);
  return id;
}
