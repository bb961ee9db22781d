// The customer login (issue 17; marketplace spec §4 "Session", §5 "Login", §7 "Session"):
// identity code and phone, then a one-time code sent by e-mail to the address of the
// customer's latest application; a logged-in session; logout; and the login of a browser
// that already holds an application (by its id and token).
//
// The login answers whether the identity code and the phone belong together (spec §4
// "Session": a falsy answer is the login error 'Tarkista että käytät samaa puhelinnumeroa…').
// Beyond that nothing tells who is a customer: an unknown identity code and a known one with
// a wrong phone get the same `false` after the same statements (one index probe that finds
// nothing: login-store.ts `loginRecipient`). Limits (issue 24 why 5): per address, per person
// from that address, and per person only for codes actually mailed, so that an outsider
// cannot lock a customer out; each is a cool-down of minutes. Codes are compared in constant
// time and never logged.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { brandIdForHost } from '../../../engine/core/catalogue.ts';
import { authorizedApplication } from '../applications/credentials.ts';
import type { Products } from '../applications/products.ts';
import { isObject } from '../applications/payload.ts';
import { applicationPerson } from '../applications/repository.ts';
import type { Database, Queryable } from '../db/index.ts';
import { applicationNotFound, badRequest } from '../errors.ts';
import type { RateLimiter } from '../limits/limits.ts';
import { brandNames, text } from '../messages.ts';
import type { Notifier } from '../notify/notifier.ts';
import { codeMatches, hashCode, newCode } from '../otp/codes.ts';
import { CODE_TTL_MS, codeState, MAX_WRONG_TRIES } from '../otp/policy.ts';
import { readCredentials } from '../otp/request.ts';
import { deleteCode, insertCode, markUsed, personCodeById, recordWrongTry } from '../otp/store.ts';
import { DEFAULT_SESSION_SETTINGS, openSession, type SessionSettings } from '../sessions/sessions.ts';
import { deletePendingLogin, lockPendingLogin, loginRecipient, savePendingLogin } from './login-store.ts';
import type { PersonKeys } from './person-keys.ts';
import { sessionHoldsApplication } from '../sessions/store.ts';
import { clearSessionCookie, endSession, liveSession, requireCustomer, rotateIntoPerson } from './session.ts';
import { readLogin } from './validation.ts';

export interface CustomerAuthOptions {
  db: Database;
  products: Products;
  keys: PersonKeys;
  /** Where login codes go: the same notifier as the codes of applications. */
  notifier: Notifier;
  limiter: RateLimiter;
  now: () => number;
  sessions?: SessionSettings;
}

/** What verify answers (spec §4 "Session"): success, a wrong code (try again), or start over. */
export type VerifyOutcome = 'success' | 'error' | 'failed';

const OTP_QUERY_MAX = 32;

export async function customerAuthRoutes(app: FastifyInstance, options: CustomerAuthOptions): Promise<void> {
  const { db, keys, limiter, now } = options;
  const settings = options.sessions ?? DEFAULT_SESSION_SETTINGS;

  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.post('/api/auth/login', async (request, reply) => {
    const at = now();
    const input = readLogin(request.body, new Date(at));
    const personKey = keys.of(input.personalId);
    const person = personKey.toString('hex');
    // Every well-formed request counts, customer or not: per address, and per person from
    // that address (a mistyped phone or two is room enough; a stranger elsewhere cannot use
    // up the person's tries).
    await limiter.hit(db, 'login', { ip: request.ip });
    await limiter.hit(db, 'loginFromAddress', { person: `${person}@${request.ip}` });
    const email = await loginRecipient(db, personKey, input.phone);
    if (email === undefined) {
      request.log.info({ sent: false }, 'customer login requested');
      return false;
    }
    // Per person only what could be the person (the code and the phone belong together):
    // the codes mailed into their inbox.
    await limiter.hit(db, 'loginMail', { person });
    const brand = brandIdForHost(options.products.catalogue, request.hostname);
    const { code, codeId } = await db.transaction(async (tx) => {
      const sessionId = await openSession(tx, request, reply, new Date(at), settings);
      const owner = { personKey };
      const made = newCode();
      const id = await insertCode(tx, { owner, codeHash: hashCode(owner, made), channel: 'email', createdAt: new Date(at), expiresAt: new Date(at + CODE_TTL_MS) });
      await savePendingLogin(tx, sessionId, { personKey, codeId: id, matched: true }, new Date(at));
      return { code: made, codeId: id };
    });
    // Sent after the answer is on its way: the customer does not wait for SMTP.
    setImmediate(() => deliver(request, { email }, code, codeId, brand));
    request.log.info({ sent: true }, 'customer login requested');
    return true;
  });

  // No body: clients send none, an empty JSON body or `{}`, with or without a content type.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 1024 }, (_request, body, done) => done(null, body));

    scope.post('/api/auth/verify', async (request, reply) => {
      const otp = readOtpQuery(request.query);
      await limiter.hit(db, 'loginVerify', { ip: request.ip });
      const at = new Date(now());
      const login = await db.transaction((tx) => verify(tx, request, reply, otp, at));
      request.log.info({ login }, 'customer login code checked');
      return { login };
    });
  });

  async function verify(tx: Queryable, request: FastifyRequest, reply: FastifyReply, otp: string, at: Date): Promise<VerifyOutcome> {
    const sessionId = await liveSession(tx, request, at);
    const pending = sessionId === undefined ? undefined : await lockPendingLogin(tx, sessionId);
    if (sessionId === undefined || !pending) return 'failed';
    const code = pending.codeId === null ? undefined : await personCodeById(tx, pending.codeId);
    if (!code || codeState(code, at.getTime()) !== 'usable') {
      await deletePendingLogin(tx, sessionId);
      return 'failed';
    }
    // Compared whether or not the code was ever sent: the same work for every wrong answer.
    const right = codeMatches({ personKey: pending.personKey }, otp, code.codeHash);
    if (!right || !pending.matched) {
      await recordWrongTry(tx, code.id);
      if (code.failedAttempts + 1 < MAX_WRONG_TRIES) return 'error';
      await deletePendingLogin(tx, sessionId);
      return 'failed';
    }
    await markUsed(tx, code.id, at);
    await rotateIntoPerson(tx, request, reply, sessionId, pending.personKey, at, settings);
    return 'success';
  }

  app.get('/api/auth/check', async (request) => {
    await requireCustomer(db, request, new Date(now()), settings);
    return { authenticated: true };
  });

  // A POST (issue 24 item 5): a GET changes nothing, so no link or image can log anyone out.
  app.post('/api/auth/logout', async (request, reply) => {
    // Nothing to send but an empty object: anything more is a client's mistake, said as such.
    const body = request.body;
    if (body !== undefined && !(isObject(body) && Object.keys(body).length === 0)) {
      throw badRequest('unknownFields', { fields: isObject(body) ? Object.keys(body).join(', ') : '(runko)' });
    }
    await endSession(db, request);
    clearSessionCookie(request, reply, settings);
    return { loggedOut: true };
  });

  // The browser that made (or opened with a code) an application whose primary applicant
  // identified at the bank logs in as that person without another code: it already proved
  // holding the application, and the bank proved whose it is. Anything else is the 404 of a
  // wrong link.
  app.post('/api/auth/login/by-application-token', async (request, reply) => {
    const input = readCredentials(request);
    await limiter.hit(db, 'loginVerify', { ip: request.ip });
    const at = new Date(now());
    await db.transaction(async (tx) => {
      const application = await authorizedApplication(tx, input.applicationId, input.applicationToken, { lock: true });
      const sessionId = await liveSession(tx, request, at);
      if (sessionId === undefined || !(await sessionHoldsApplication(tx, sessionId, application.id))) throw applicationNotFound();
      const person = await applicationPerson(tx, application.id);
      if (!person?.personKey || !person.identified) throw applicationNotFound();
      await rotateIntoPerson(tx, request, reply, sessionId, person.personKey, at, settings);
    });
    request.log.info({ applicationId: input.applicationId }, 'customer logged in by application');
    return { login: 'success' };
  });

  /** The mail names the brand whose site the customer logs in on. */
  function deliver(request: FastifyRequest, recipient: { email: string }, code: string, codeId: number, brand: string): void {
    const params = { code, brand: brandNames[brand as keyof typeof brandNames] ?? brand, minutes: String(CODE_TTL_MS / 60_000) };
    options.notifier
      .send({ channel: 'email', to: recipient.email, subject: text('loginMailSubject', params), text: text('loginMailText', params) })
      .catch(async (error: unknown) => {
        // The name only: a mail error's message names the recipient. The login then fails at verify ('failed').
        request.log.error({ errorName: error instanceof Error ? error.name : typeof error }, 'customer login code delivery failed');
        await deleteCode(db, codeId).catch(() => {});
      });
  }
}

function readOtpQuery(query: unknown): string {
  const { otp, ...rest } = (query ?? {}) as Record<string, unknown>;
  if (Object.keys(rest).length > 0 || typeof otp !== 'string' || otp.length > OTP_QUERY_MAX) throw badRequest('loginOtpInvalid');
  // Pasted codes come with spaces ("123 456").
  return otp.replace(/\s+/g, '');
}
