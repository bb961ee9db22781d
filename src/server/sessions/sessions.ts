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
import { bindApplication, copyApplications, deleteExpiredSessions, deleteSession, findSession, findSessionById, insertSession, touchSessionFor, type StoredSession } from './store.ts';

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** The cookie's name over plain http (development). */
export const SESSION_COOKIE = 'lv_session';
/**
 * Over https (issue 24 item 4): a `__Host-` cookie is only accepted by browsers when set
 * Secure, with Path=/ and no Domain, from a secure origin, so a sibling subdomain or a plain
 * http page cannot plant or overwrite it.
 */
export const SECURE_SESSION_COOKIE = '__Host-lv_session';

export interface SessionSettings {
  /** A session unused this long ends (the idle expiry). */
  idleMs: number;
  /** A session ends this long after it began, however much it is used. */
  absoluteMs: number;
  /**
   * Partner sites frame the pages (EMBED_ORIGINS, issue 28 item 4): a SameSite=Strict cookie is
   * never sent in their frame, so the cookie is `SameSite=None; Secure; Partitioned` (CHIPS): the
   * browser keeps one jar per top-level site, so the cookie set in a partner's frame is that
   * frame's alone and a cross-site request from anywhere else finds none of ours. The Origin
   * check (request-origin.ts) still refuses cross-site writes. Off: SameSite=Strict.
   */
  crossSite?: boolean;
}

/**
 * An applicant may leave the form for the evening and come back the next day in the same
 * browser; a week after the start the code is asked again however active the session.
 */
export const DEFAULT_SESSION_SETTINGS: SessionSettings = { idleMs: 24 * 60 * 60 * 1000, absoluteMs: 7 * 24 * 60 * 60 * 1000 };

export interface Sessions {
  /** Refuses with 401 SESSION_REQUIRED unless this browser's session holds the application; its id. */
  requireFor(request: FastifyRequest, applicationId: number): Promise<number>;
  /**
   * The values `requireFor` checks with (store.ts `touchSessionCtes`), for a statement that reads
   * more in the same round trip (the save's); undefined when the request carries no well-formed
   * cookie. Whoever runs it answers `sessionRequired()` when it finds no session.
   */
  touchOf(request: FastifyRequest): SessionTouch | undefined;
  /**
   * The browser proved it may hold the application (created it, verified a code, opened it
   * as its logged-in customer): a new session (new cookie) holding it and whatever the old
   * one held, the old one deleted (rotateSession).
   */
  grant(db: Queryable, request: FastifyRequest, reply: FastifyReply, applicationId: number): Promise<void>;
  /** A proof that adds no application (identification completed): the same rotation. */
  renew(db: Queryable, request: FastifyRequest, reply: FastifyReply): Promise<void>;
  /**
   * The same rotation of a session known by its id, not by the request's cookie: the bank's
   * callback, whose cross-site redirect carries no SameSite=Strict cookie, renews the session
   * that started the identification. Nothing when that session has ended meanwhile.
   */
  renewById(db: Queryable, sessionId: number, request: FastifyRequest, reply: FastifyReply): Promise<void>;
}

/** A session touch's values: the cookie's token hash, now, and the idle expiry it moves to. */
export interface SessionTouch {
  tokenHash: Buffer;
  now: Date;
  idleUntil: Date;
}

export const sessionRequired = () => new ApiError(401, 'SESSION_REQUIRED', 'sessionRequired');

/** `Secure` whenever the page was reached over https (behind a proxy: its X-Forwarded-Proto, for trusted hops). */
export const secureRequest = (request: FastifyRequest) => request.protocol === 'https';

/** The one name the session cookie has for this request's protocol; the other name is never read. */
export const sessionCookieName = (request: FastifyRequest) => (secureRequest(request) ? SECURE_SESSION_COOKIE : SESSION_COOKIE);

/** The session cookie's token hash, when the request carries a well-formed one. */
export function sessionTokenHash(request: FastifyRequest): Buffer | undefined {
  const value = request.cookies?.[sessionCookieName(request)];
  return value !== undefined && isWellFormedToken(value) ? hashToken(value) : undefined;
}

export function createSessions(db: Queryable, options: { now: () => number; settings?: SessionSettings }): Sessions {
  const settings = options.settings ?? DEFAULT_SESSION_SETTINGS;
  return {
    async requireFor(request, applicationId) {
      const hash = sessionTokenHash(request);
      const sessionId = hash && (await touchSessionFor(db, hash, applicationId, new Date(options.now()), settings.idleMs));
      if (!sessionId) throw sessionRequired();
      return sessionId;
    },

    touchOf(request) {
      const tokenHash = sessionTokenHash(request);
      if (!tokenHash) return undefined;
      const now = new Date(options.now());
      return { tokenHash, now, idleUntil: new Date(now.getTime() + settings.idleMs) };
    },

    async grant(tx, request, reply, applicationId) {
      const sessionId = await rotateSession(tx, request, reply, new Date(options.now()), settings);
      await bindApplication(tx, sessionId, applicationId);
    },

    async renew(tx, request, reply) {
      await rotateSession(tx, request, reply, new Date(options.now()), settings);
    },

    async renewById(tx, sessionId, request, reply) {
      const now = new Date(options.now());
      const previous = await findSessionById(tx, sessionId, now);
      if (previous) await replaceSession(tx, previous, request, reply, now, settings);
    },
  };
}

/**
 * The cookie's attributes: HttpOnly, Path=/, no Domain; Strict, or cross-site for partners'
 * frames. A cross-site cookie must be Secure, which browsers take only from a secure context:
 * https, or plain http on localhost itself (development). Over plain http on another name (a
 * brand's *.localhost, a LAN name) the cookie stays Strict: no partner frames there.
 */
function cookieAttributes(request: FastifyRequest, settings: Pick<SessionSettings, 'crossSite'>) {
  return settings.crossSite && (secureRequest(request) || LOCAL_HOSTS.has(request.hostname))
    ? ({ path: '/', httpOnly: true, sameSite: 'none', secure: true, partitioned: true } as const)
    : ({ path: '/', httpOnly: true, sameSite: 'strict', secure: secureRequest(request) } as const);
}

/**
 * Sets the session cookie (cookieAttributes); over https named `__Host-lv_session`. Kept until
 * the absolute expiry (the server decides before that).
 */
export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string, settings: SessionSettings): void {
  void reply.setCookie(sessionCookieName(request), token, { ...cookieAttributes(request, settings), maxAge: Math.floor(settings.absoluteMs / 1000) });
}

/** Cleared with the attributes it was set with: a partitioned cookie is only cleared as one. */
export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply, settings: Pick<SessionSettings, 'crossSite'> = {}): void {
  void reply.clearCookie(sessionCookieName(request), cookieAttributes(request, settings));
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

/**
 * A proof renews the session (issue 24 item 4): a new session with a new cookie and new
 * expiries, carrying what the browser's old live session held (its applications and its
 * customer login), and the old session deleted,
 * so a cookie planted or seen before the proof opens nothing the proof opened. A login in
 * progress (customer_logins) goes with the old session: that browser asks for a new login code.
 * A login's rotation (customer/session.ts `rotateIntoPerson`) is the same `replaceSession` with the person set. Its id.
 */
export async function rotateSession(
  tx: Queryable,
  request: FastifyRequest,
  reply: FastifyReply,
  now: Date,
  settings: SessionSettings = DEFAULT_SESSION_SETTINGS,
): Promise<number> {
  const hash = sessionTokenHash(request);
  const previous = hash && (await findSession(tx, hash, now));
  if (!previous) await deleteExpiredSessions(tx, now);
  return replaceSession(tx, previous || undefined, request, reply, now, settings);
}

/**
 * The rotation itself, whichever way the old session was found (the request's cookie, the id an
 * identification stored when it started, or the login's pending session): the new session (its
 * cookie set on `reply`) takes the old one's applications and its person, or `person` when a
 * login puts one in, and the old one is deleted. Its id.
 */
export async function replaceSession(
  tx: Queryable,
  previous: Pick<StoredSession, 'id' | 'personKey'> | undefined,
  request: FastifyRequest,
  reply: FastifyReply,
  now: Date,
  settings: SessionSettings,
  person?: Uint8Array,
): Promise<number> {
  const { token, hash } = newToken();
  const id = await insertSession(tx, hash, now, settings.idleMs, settings.absoluteMs, person ?? previous?.personKey ?? null);
  if (previous) {
    await copyApplications(tx, previous.id, id);
    await deleteSession(tx, previous.id);
  }
  setSessionCookie(request, reply, token, settings);
  return id;
}
