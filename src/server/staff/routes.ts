// Staff login over HTTP (issue 29 item 7): to the staff provider and back, logout, and who is
// logged in. The login is identification's round trip (identity/routes.ts) for another
// audience: state, nonce and PKCE kept on our server by the hash of the state, the callback
// bound to the browser that started it by a short-lived cookie, and a session of staff's own
// (sessions.ts) at the end. Tokens, codes and the provider's secrets never reach a log.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '../db/index.ts';
import { ApiError, badRequest } from '../errors.ts';
import { STATE_FORMAT, stateHash } from '../identity/secrets.ts';
import type { RateLimiter } from '../limits/limits.ts';
import { secureRequest } from '../sessions/sessions.ts';
import { hashToken, isWellFormedToken, newToken } from '../tokens.ts';
import { recordAudit } from './audit.ts';
import { developmentOrigin, mountDevelopmentStaffProvider } from './dev-provider.ts';
import { staffOpenIdConnect, type StaffProvider } from './oidc.ts';
import { DEFAULT_STAFF_EXPIRY, endStaffSession, staffOf, startStaffSession, type StaffGuard, type StaffSessionExpiry } from './sessions.ts';
import { STAFF_CALLBACK_PATH, STAFF_HOME_PATH, type StaffSettings } from './settings.ts';
import { LOGIN_REQUEST_TTL_MS, insertLoginRequest, takeLoginRequest, upsertMember } from './store.ts';

export interface StaffRoutesOptions {
  db: Database;
  settings: StaffSettings;
  guard: StaffGuard;
  limiter: RateLimiter;
  now: () => number;
  expiry?: StaffSessionExpiry;
  /** A test may put its own provider behind the seam; by default OpenID Connect. */
  provider?: StaffProvider;
}

/**
 * Ties a login to the browser that started it (no login CSRF). Lax: the provider's redirect back
 * is a cross-site navigation, which a Strict cookie does not survive. Only the callback gets it.
 */
export const STAFF_LOGIN_COOKIE = 'lv_staff_login';

const unavailable = () => new ApiError(503, 'STAFF_LOGIN_UNAVAILABLE', 'staffLoginUnavailable');
const stateInvalid = () => new ApiError(400, 'STAFF_LOGIN_STATE_INVALID', 'staffLoginStateInvalid');

export async function staffRoutes(app: FastifyInstance, options: StaffRoutesOptions): Promise<void> {
  const { db, settings, guard, limiter, now } = options;
  const expiry = options.expiry ?? DEFAULT_STAFF_EXPIRY;
  if (settings.mode === 'development') await mountDevelopmentStaffProvider(app, settings, { db });
  const provider = options.provider ?? staffOpenIdConnect(settings, { db });
  const baseUrlOf = (request: FastifyRequest) => settings.publicBaseUrl ?? developmentOrigin(request, settings);

  await app.register(async (scope) => {
    scope.addHook('onSend', async (_request, reply) => {
      reply.header('cache-control', 'no-store');
    });

    scope.get('/api/staff/login', async (request, reply) => {
      if (settings.mode === 'unavailable') throw unavailable();
      await limiter.hit(db, 'staffLogin', { ip: request.ip });
      let started;
      try {
        started = await provider.authorizationUrl(baseUrlOf(request));
      } catch (error) {
        if (error instanceof ApiError) throw error;
        request.log.warn({ errorType: (error as Error).name, reason: (error as Error).message }, 'staff provider unavailable');
        throw unavailable();
      }
      const browser = newToken();
      await insertLoginRequest(db, stateHash(started.state), browser.hash, started, new Date(now()));
      void reply.setCookie(STAFF_LOGIN_COOKIE, browser.token, {
        path: STAFF_CALLBACK_PATH,
        httpOnly: true,
        sameSite: 'lax',
        secure: secureRequest(request),
        maxAge: LOGIN_REQUEST_TTL_MS / 1000,
      });
      return reply.code(303).header('location', started.url).send();
    });

    scope.get<{ Querystring: Record<string, unknown> }>(STAFF_CALLBACK_PATH, async (request, reply) => {
      if (settings.mode === 'unavailable') throw unavailable();
      const state = request.query.state;
      if (typeof state !== 'string' || !STATE_FORMAT.test(state)) throw stateInvalid();
      const cookie = request.cookies?.[STAFF_LOGIN_COOKIE];
      const at = new Date(now());
      const pending = cookie !== undefined && isWellFormedToken(cookie) ? await takeLoginRequest(db, stateHash(state), hashToken(cookie), at) : undefined;
      if (!pending) throw stateInvalid();
      void reply.clearCookie(STAFF_LOGIN_COOKIE, { path: STAFF_CALLBACK_PATH });
      if (typeof request.query.error === 'string') {
        request.log.info({ error: request.query.error.slice(0, 64) }, 'staff login cancelled at the provider');
        throw new ApiError(401, 'STAFF_LOGIN_CANCELLED', 'staffLoginCancelled');
      }
      let member;
      try {
        member = await provider.callback({ baseUrl: baseUrlOf(request), currentUrl: new URL(request.url, pending.redirectUri), expected: { state, ...pending } });
      } catch (error) {
        // Only the error's name and message: an OAuth error body may echo the code.
        request.log.warn({ errorType: (error as Error).name, reason: (error as Error).message }, 'staff login failed');
        throw new ApiError(502, 'STAFF_LOGIN_FAILED', 'staffLoginFailed');
      }
      const { staffId, refused } = await db.transaction(async (tx) => {
        const id = await upsertMember(tx, member, at);
        // Known to the provider, but with no role of ours: recorded, and no session.
        if (member.roles.length === 0) {
          await recordAudit(tx, { staffId: id, action: 'login_refused', detail: { reason: 'no role' } });
          return { staffId: id, refused: true };
        }
        await startStaffSession(tx, request, reply, id, at, expiry);
        await recordAudit(tx, { staffId: id, action: 'login', detail: { roles: member.roles } });
        return { staffId: id, refused: false };
      });
      if (refused) {
        request.log.info({ staffId }, 'staff login refused: no role');
        throw new ApiError(403, 'STAFF_ROLE_MISSING', 'staffRoleMissing');
      }
      request.log.info({ staffId, roles: member.roles }, 'staff logged in');
      // The studio's first load after this cross-site redirect gets no Strict cookie; its API calls do.
      return reply.code(303).header('location', STAFF_HOME_PATH).send();
    });

    scope.post('/api/staff/logout', async (request, reply) => {
      const body = request.body;
      if (body !== undefined && !(typeof body === 'object' && body !== null && !Array.isArray(body) && Object.keys(body).length === 0)) throw badRequest('badRequest');
      const staffId = await endStaffSession(db, request, reply, new Date(now()));
      if (staffId !== undefined) {
        await recordAudit(db, { staffId, action: 'logout' });
        request.log.info({ staffId }, 'staff logged out');
      }
      return { loggedOut: true };
    });

    scope.get('/api/staff/me', { preHandler: guard.requireStaff() }, async (request) => {
      const { id, name, roles } = staffOf(request);
      return { id, name, roles };
    });
  });
}
