// Staff sessions (issue 29 item 7), apart from customers' (sessions/sessions.ts) in every
// part a request could mix up: their own cookie (`lv_staff`; `__Host-lv_staff` over https),
// their own table (staff_sessions), their own expiry. A customer's cookie is never read here
// and a staff cookie is never read by the customer code, so neither opens the other's routes.
// As customers' sessions: 256 random bits in the cookie, only their SHA-256 in the database,
// looked up by that hash (the lookup's timing can only tell about the hash of a guess, never
// about a live token, so it is as good as a constant-time comparison), and never logged.
//
// Expiry: 30 minutes idle, 8 hours in all. Staff publish what every applicant sees, so a
// session left open on a shared or stolen laptop should end soon; a working day is one login,
// and a coffee break longer than half an hour asks for the provider again, which with a
// corporate provider is usually one click (docs/decisions.md "Staff login").
import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { Queryable } from '../db/index.ts';
import { ApiError } from '../errors.ts';
import { secureRequest } from '../sessions/sessions.ts';
import { hashToken, isWellFormedToken, newToken } from '../tokens.ts';
import { hasRole, type StaffRole } from './roles.ts';
import { deleteExpiredStaffSessions, deleteStaffSession, insertStaffSession, touchStaffSession, type StaffActor } from './store.ts';

export type { StaffActor } from './store.ts';

export const STAFF_COOKIE = 'lv_staff';
export const SECURE_STAFF_COOKIE = '__Host-lv_staff';

export interface StaffSessionExpiry {
  idleMs: number;
  absoluteMs: number;
}

export const DEFAULT_STAFF_EXPIRY: StaffSessionExpiry = { idleMs: 30 * 60 * 1000, absoluteMs: 8 * 60 * 60 * 1000 };

export const staffLoginRequired = () => new ApiError(401, 'STAFF_LOGIN_REQUIRED', 'staffLoginRequired');
export const staffRoleMissing = (role?: StaffRole) => new ApiError(403, 'STAFF_FORBIDDEN', 'staffForbidden', {}, role ? { role } : {});

const cookieName = (request: FastifyRequest) => (secureRequest(request) ? SECURE_STAFF_COOKIE : STAFF_COOKIE);
const cookieAttributes = (request: FastifyRequest) => ({ path: '/', httpOnly: true, sameSite: 'strict', secure: secureRequest(request) }) as const;

function staffTokenHash(request: FastifyRequest): Buffer | undefined {
  const value = request.cookies?.[cookieName(request)];
  return value !== undefined && isWellFormedToken(value) ? hashToken(value) : undefined;
}

/**
 * A new session for `staffId` with its cookie on `reply`; a staff session this browser already
 * had ends (a login never continues a cookie someone saw or planted before it).
 */
export async function startStaffSession(tx: Queryable, request: FastifyRequest, reply: FastifyReply, staffId: number, now: Date, expiry: StaffSessionExpiry): Promise<void> {
  const previous = staffTokenHash(request);
  if (previous) await deleteStaffSession(tx, previous, now);
  await deleteExpiredStaffSessions(tx, now);
  const { token, hash } = newToken();
  await insertStaffSession(tx, hash, staffId, now, expiry);
  void reply.setCookie(cookieName(request), token, { ...cookieAttributes(request), maxAge: Math.floor(expiry.absoluteMs / 1000) });
}

/** Logout: the session ends and its cookie is cleared; whose it was, when it was live. */
export async function endStaffSession(db: Queryable, request: FastifyRequest, reply: FastifyReply, now: Date): Promise<number | undefined> {
  const hash = staffTokenHash(request);
  void reply.clearCookie(cookieName(request), cookieAttributes(request));
  return hash && (await deleteStaffSession(db, hash, now));
}

export interface StaffGuard {
  /**
   * A preHandler: 401 STAFF_LOGIN_REQUIRED without a live staff session, 403 STAFF_FORBIDDEN
   * without `role` (admin has every role; without `role`, any one of ours). The handler then
   * reads the actor with `staffOf(request)`.
   */
  requireStaff(role?: StaffRole): preHandlerAsyncHookHandler;
  /** The same check inside a handler: the actor, or the 401 / 403 thrown. */
  actor(request: FastifyRequest, role?: StaffRole): Promise<StaffActor>;
}

const actors = new WeakMap<FastifyRequest, StaffActor>();

/** The actor `requireStaff` let through on this request. */
export function staffOf(request: FastifyRequest): StaffActor {
  const actor = actors.get(request);
  if (!actor) throw new Error('staffOf: the route has no requireStaff preHandler');
  return actor;
}

export function createStaffGuard(db: Queryable, options: { now: () => number; expiry?: StaffSessionExpiry }): StaffGuard {
  const expiry = options.expiry ?? DEFAULT_STAFF_EXPIRY;
  async function actor(request: FastifyRequest, role?: StaffRole): Promise<StaffActor> {
    const hash = staffTokenHash(request);
    const found = hash && (await touchStaffSession(db, hash, new Date(options.now()), expiry.idleMs));
    if (!found) throw staffLoginRequired();
    // Roles come from the provider at each login; a member left with none holds no access.
    if (role ? !hasRole(found.roles, role) : found.roles.length === 0) throw staffRoleMissing(role);
    return found;
  }
  return {
    actor,
    requireStaff(role) {
      return async (request) => {
        actors.set(request, await actor(request, role));
      };
    },
  };
}
