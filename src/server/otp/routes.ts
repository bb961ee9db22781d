// Resuming a saved application with a one-time code (spec §4, §7): send a code to the
// applicant's e-mail (or phone while no e-mail is saved), then exchange it for the
// saved form. This verify call is the only way the server hands a saved application out.
import type { FastifyInstance, FastifyReply } from 'fastify';
import { authorizedApplication } from '../applications/credentials.ts';
import type { StoredApplication } from '../applications/repository.ts';
import type { Database, Queryable } from '../db/index.ts';
import { ApiError } from '../errors.ts';
import { brandNames, text } from '../messages.ts';
import type { Channel, Notifier } from '../notify/notifier.ts';
import type { RateLimiter } from '../limits/limits.ts';
import type { Sessions } from '../sessions/sessions.ts';
import { codeMatches, hashCode, maskAddress, newCode } from './codes.ts';
import { CODE_TTL_MS, codeState, MAX_WRONG_TRIES, RESEND_LOCK_MS, SEND_WINDOW_MS, sendDecision } from './policy.ts';
import { readSendRequest, readVerifyRequest, type Credentials } from './request.ts';
import { deleteCode, insertCode, latestCode, markUsed, recordWrongTry, sendTimes } from './store.ts';

export interface OtpRoutesOptions {
  db: Database;
  /** The products of this API prefix: another product's application is not found here. */
  products: ReadonlySet<string>;
  /** The brand ids and their web domains, which a code request's `domain` may name. */
  brandDomains: ReadonlyMap<string, string>;
  notifier: Notifier;
  /** A verified code opens the application in this browser: its session gets the application. */
  sessions: Sessions;
  /** Per client address, application and recipient: a link cannot mail a victim's address over and over. */
  limiter: RateLimiter;
  /** The clock, injectable so tests can let ten minutes pass. */
  now: () => number;
}

const RESEND_AFTER_SECONDS = RESEND_LOCK_MS / 1000;

export async function otpRoutes(app: FastifyInstance, options: OtpRoutesOptions): Promise<void> {
  const { db, notifier, now } = options;
  const findApplication = (tx: Queryable, input: Credentials): Promise<StoredApplication> =>
    authorizedApplication(tx, input.applicationId, input.applicationToken, { products: options.products, lock: true });

  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.post('/send-code', async (request, reply) => {
    const input = readSendRequest(request, options.brandDomains);
    await options.limiter.hit(db, 'sendCode', { ip: request.ip });
    const at = now();
    const outcome = await db.transaction(async (tx) => {
      const application = await findApplication(tx, input);
      const recipient = recipientOf(application);
      if (!recipient) throw new ApiError(409, 'NO_CONTACT', 'otpNoContact');
      const owner = { applicationId: application.id };
      const latest = await latestCode(tx, owner);
      // A page opened again (not the resend link) keeps the code already on its way.
      if (!input.forceNewOtp && latest && latest.channel === recipient.channel && codeState(latest, at) === 'usable') {
        return { sent: false as const, recipient };
      }
      const decision = sendDecision(await sendTimes(tx, owner, new Date(at - SEND_WINDOW_MS)), at);
      if (!decision.allowed) throw refusal(reply, decision.type, decision.retryAfterSeconds);
      // Counted for the application and the address only for a code about to be mailed, once
      // the link is known to be right: nobody uses up someone else's codes by guessing ids,
      // and a page opened again is not a code. One application's own waits (policy.ts) stay
      // within these; they bound the mails to one address across applications.
      await options.limiter.hit(tx, 'sendCode', { application: application.id, recipient: recipient.address.trim().toLowerCase() });
      const code = newCode();
      const codeId = await insertCode(tx, {
        owner,
        codeHash: hashCode(owner, code),
        channel: recipient.channel,
        createdAt: new Date(at),
        expiresAt: new Date(at + CODE_TTL_MS),
      });
      return { sent: true as const, recipient, code, codeId, brand: input.brand ?? application.brand };
    });

    const { recipient } = outcome;
    if (outcome.sent) {
      try {
        await notifier.send(codeMessage(recipient.channel, recipient.address, outcome.code, outcome.brand));
      } catch (error) {
        await deleteCode(db, outcome.codeId);
        // Name and code only: an SMTP error's message, `rejected` and `response` name the recipient.
        request.log.error({ ...deliveryError(error), applicationId: input.applicationId, channel: recipient.channel }, 'one-time code delivery failed');
        throw new ApiError(503, 'SEND_FAILED', 'otpSendFailed');
      }
    }
    request.log.info({ applicationId: input.applicationId, channel: recipient.channel, sent: outcome.sent }, 'one-time code requested');
    return {
      sent: outcome.sent,
      channel: recipient.channel,
      to: maskAddress(recipient.channel, recipient.address),
      resendAfterSeconds: RESEND_AFTER_SECONDS,
    };
  });

  app.post('/get/verify-with-otp', async (request, reply) => {
    const input = readVerifyRequest(request);
    await options.limiter.hit(db, 'verify', { ip: request.ip });
    const at = now();
    // The wrong try is committed before the refusal is answered, so it counts.
    const result = await db.transaction(async (tx) => {
      const application = await findApplication(tx, input);
      await options.limiter.hit(tx, 'verify', { application: application.id });
      const owner = { applicationId: application.id };
      const code = await latestCode(tx, owner);
      const state = codeState(code, at);
      if (state === 'locked') return { ok: false as const, error: new ApiError(400, 'OTP_LOCKED', 'otpLocked') };
      if (state !== 'usable' || !code) return { ok: false as const, error: new ApiError(400, 'OTP_EXPIRED', 'otpExpired') };
      if (!codeMatches(owner, input.otp, code.codeHash)) {
        await recordWrongTry(tx, code.id);
        const triesLeft = MAX_WRONG_TRIES - code.failedAttempts - 1;
        return { ok: false as const, error: new ApiError(400, 'OTP_INVALID', 'otpInvalid', {}, { triesLeft }) };
      }
      await markUsed(tx, code.id, new Date(at));
      await options.sessions.grant(tx, request, reply, application.id);
      return { ok: true as const, application };
    });
    if (!result.ok) throw result.error;
    const { application } = result;
    request.log.info({ applicationId: application.id }, 'application resumed with a one-time code');
    return savedFormAnswer(application);
  });
}

/**
 * The saved form as resuming hands it out: with a code here, without one to its logged-in customer (customer/prefill-routes.ts).
 * `formRelease` is the release the application was started on, which every save of it is checked with: the page
 * renders that one, not the live form (null: from before releases, it follows the live form).
 */
export function savedFormAnswer(application: StoredApplication): Record<string, unknown> {
  return { ...application.data, additionalFormData: application.navigation, product: application.product, brand: application.brand, formRelease: application.formRelease };
}

function recipientOf(application: StoredApplication): { channel: Channel; address: string } | undefined {
  const { primaryApplicantEmail: email, primaryApplicantMobilephone: phone } = application.data;
  if (typeof email === 'string' && email.includes('@')) return { channel: 'email', address: email };
  if (typeof phone === 'string' && /\d{5}/.test(phone)) return { channel: 'sms', address: phone };
  return undefined;
}

function refusal(reply: FastifyReply, type: 'RESEND_LOCKED' | 'TOO_MANY_CODES', retryAfterSeconds: number): ApiError {
  void reply.header('retry-after', String(retryAfterSeconds));
  return type === 'RESEND_LOCKED'
    ? new ApiError(429, type, 'otpResendLocked', { seconds: String(retryAfterSeconds) }, { retryAfterSeconds })
    : new ApiError(429, type, 'otpTooManyCodes', { minutes: String(Math.ceil(retryAfterSeconds / 60)) }, { retryAfterSeconds });
}

/** The mail or SMS carrying a code; exported so the SMTP test sends exactly this. */
export function codeMessage(channel: Channel, to: string, code: string, brand: string) {
  const params = { code, brand: brandNames[brand as keyof typeof brandNames] ?? brand, minutes: String(CODE_TTL_MS / 60_000) };
  return channel === 'email'
    ? { channel, to, subject: text('otpMailSubject', params), text: text('otpMailText', params) }
    : { channel, to, text: text('otpSmsText', params) };
}

function deliveryError(error: unknown): { errorName: string; errorCode?: string } {
  // Identifiers only (nodemailer's are like 'EENVELOPE'), so nothing free-form gets through.
  const word = (value: unknown) => (typeof value === 'string' && /^\w{1,60}$/.test(value) ? value : undefined);
  const name = error instanceof Error ? (word(error.name) ?? 'Error') : typeof error;
  const code = error && typeof error === 'object' && 'code' in error ? word((error as { code: unknown }).code) : undefined;
  return code ? { errorName: name, errorCode: code } : { errorName: name };
}
