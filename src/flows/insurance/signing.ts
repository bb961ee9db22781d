// Signing a payment-protection insurance application at the bank (issue 27 items 5 and 6;
// marketplace spec §7 "Insurance"): the person signs by identifying strongly through the same
// OpenID Connect broker as identification, and the signature binds to exactly what they applied
// for. Modelled on identification (src/server/identity/routes.ts): state, nonce and PKCE; a
// single-use pending request that expires in 10 minutes (migration 052); a binding cookie on
// the callback's path so only the browser that started it finishes it; the PKCE verifier
// sealed; no token, nonce or identity code in a log.
//
// The binding: the OIDC nonce is base64url(SHA-256(tag || content hash || salt))
// (signed-content.ts `signatureNonce`), so the ID token the broker signs carries a commitment
// to the content; the callback also recomputes the application's content hash and refuses a
// signature for anything else ('changed'). The evidence (signer's person key, time, content
// hash, method, the ID token claims without the identity code, the nonce's salt) is stored,
// and the application queued to the insurer, in one transaction.
//
// Routes, all for the logged-in customer (another person's or an unknown id: the same 404):
// - GET /api/auth/visma/status/:insuranceApplicationId → 'true' when SIGNED, else 'false';
// - GET /api/auth/visma/:insuranceApplicationId/:method → the URL to send the top window to;
// - GET /api/auth/sign/callback (the broker's return; its own redirect URI) → 303 to the page
//   with ?allekirjoitus=signed|cancelled|failed|mismatch|changed.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { CatalogueService } from '../../../engine/core/catalogue.ts';
import { ID_FORMAT } from '../../server/applications/credentials.ts';
import type { Products } from '../../server/applications/products.ts';
import { readApplication } from '../../server/applications/repository.ts';
import type { PersonKeys } from '../../server/customer/person-keys.ts';
import { requireCustomer } from '../../server/customer/session.ts';
import type { Database } from '../../server/db/index.ts';
import { ApiError, badRequest } from '../../server/errors.ts';
import { findMethod } from '../../server/identity/methods.ts';
import { seal, sealingKey, STATE_FORMAT, stateHash, unseal } from '../../server/identity/secrets.ts';
import type { Identification } from '../../server/identity/services.ts';
import { SIGNING_CALLBACK_PATH } from '../../server/identity/settings.ts';
import type { RateLimiter } from '../../server/limits/limits.ts';
import { DEFAULT_SESSION_SETTINGS, secureRequest, type SessionSettings } from '../../server/sessions/sessions.ts';
import { hashToken, isWellFormedToken, newToken } from '../../server/tokens.ts';
import { sendToInsurer } from './insurer.ts';
import { signRefusal } from './refusals.ts';
import { evidenceClaims, findInsurance, markInsuranceSigned, type StoredInsurance } from './repository.ts';
import { insuranceTerms, NONCE_SALT_BYTES, signatureNonce, signedContentHash } from './signed-content.ts';
import { signingSummary } from './signing-summary.ts';
import { insertSigningRequest, peekSigningRequest, recordSigningAttempt, SIGNING_TTL_MS, takeSigningRequest, type PendingSigning, type SigningOutcome } from './signing-store.ts';

export interface SigningRoutesOptions {
  db: Database;
  products: Products;
  /** The catalogue's entry: the page the callback sends the person back to. */
  service: CatalogueService;
  identification: Identification;
  /** Starting: identification's limits (per client address, application and person). */
  limiter: RateLimiter;
  /** The signer's identity code becomes their person key, compared with the insured's. */
  personKeys: PersonKeys;
  now: () => number;
  sessions?: SessionSettings;
  /** Multiplies the simulated insurer's delay (LENDER_DELAY_SCALE). */
  delayScale?: number;
}

/**
 * Ties a signing to the browser that started it, as identification's cookie does (no signing
 * CSRF): Lax, as the bank's redirect back is a cross-site navigation; only on the callback's path.
 */
export const SIGNING_COOKIE = 'lv_signing';
/** The page's query parameter that says how the signing ended. */
export const OUTCOME_PARAM = 'allekirjoitus';
const SIGNING_KEY_PURPOSE = 'insurance-signing-code-verifier';

const stateInvalid = () => new ApiError(400, 'IDENTIFICATION_STATE_INVALID', 'identificationStateInvalid');
const idOf = (raw: string) => (ID_FORMAT.test(raw) ? Number(raw) : 0);
/** The content hash of the application as it is now, from its data and terms version. */
const contentHashOf = (insurance: StoredInsurance) => signedContentHash(insuranceTerms(insurance.id, insurance.data, insurance.termsVersion));
const sameKey = (a: Uint8Array, b: Uint8Array) => a.length === b.length && timingSafeEqual(a, b);

export async function signingRoutes(app: FastifyInstance, options: SigningRoutesOptions): Promise<void> {
  const { db, identification, limiter, personKeys, now } = options;
  const { settings, provider, baseUrlOf } = identification;
  const sessionSettings = options.sessions ?? DEFAULT_SESSION_SETTINGS;
  const customer = (request: FastifyRequest) => requireCustomer(db, request, new Date(now()), sessionSettings);
  const key = sealingKey(settings.clientSecret, SIGNING_KEY_PURPOSE);
  const pagePath = `/${options.service.path}`;
  const document = () => options.products.pageForm('insurance').document;

  // The test bank shows what is signed and suggests the insured's own code (the only one accepted).
  identification.development?.describeInteractions(async (state) => {
    const pending = STATE_FORMAT.test(state) ? await peekSigningRequest(db, stateHash(state)) : undefined;
    const insurance = pending && (await findInsurance(db, pending.insuranceApplicationId, pending.personKey));
    if (!pending || !insurance) return undefined;
    return { personalId: await insuredPersonalId(insurance, pending.personKey), signing: signingSummary(document(), insurance) };
  });

  /** The insured's identity code: the primary applicant's of the loan application the insurance was made from, when it is still theirs. */
  async function insuredPersonalId(insurance: StoredInsurance, personKey: Buffer): Promise<string | undefined> {
    const source = insurance.applicationId === null ? undefined : await readApplication(db, insurance.applicationId);
    const sourceKey = source && personKeys.ofData(source.data);
    if (!sourceKey || !sameKey(sourceKey, personKey)) return undefined;
    return String(source.data.primaryApplicantPersonalIdentificationNumber).trim().toUpperCase();
  }

  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  // Spec §7 and §9: the page asks every 4 s until 'true'.
  app.get<{ Params: { insuranceApplicationId: string } }>('/api/auth/visma/status/:insuranceApplicationId', async (request, reply) => {
    const personKey = await customer(request);
    const insurance = await findInsurance(db, idOf(request.params.insuranceApplicationId), personKey);
    if (!insurance) throw signRefusal('notFound')!;
    return reply.type('text/plain; charset=utf-8').send(String(insurance.status === 'SIGNED'));
  });

  app.get<{ Params: { insuranceApplicationId: string; method: string } }>('/api/auth/visma/:insuranceApplicationId/:method', async (request, reply) => {
    const personKey = await customer(request);
    const id = idOf(request.params.insuranceApplicationId);
    await limiter.hit(db, 'identify', { ip: request.ip });
    const insurance = await findInsurance(db, id, personKey);
    if (!insurance) throw signRefusal('notFound')!;
    await limiter.hit(db, 'identify', { application: `insurance-${id}`, person: Buffer.from(personKey).toString('hex') });
    const method = findMethod(settings.methods, request.params.method);
    if (!method) throw badRequest('identificationMethodUnknown');
    if (insurance.status === 'SIGNED') throw signRefusal('alreadySigned')!;

    const contentHash = contentHashOf(insurance);
    const nonceSalt = randomBytes(NONCE_SALT_BYTES);
    let started;
    try {
      started = await provider.authorizationUrl({ baseUrl: baseUrlOf(request), method, nonce: signatureNonce(contentHash, nonceSalt), callbackPath: SIGNING_CALLBACK_PATH });
    } catch (error) {
      request.log.warn({ err: error }, 'identity provider unavailable');
      throw new ApiError(503, 'IDENTIFICATION_UNAVAILABLE', 'identificationUnavailable');
    }
    const browser = newToken();
    await insertSigningRequest(db, stateHash(started.state), {
      insuranceApplicationId: id,
      personKey: Buffer.from(personKey),
      method: method.identifier,
      contentHash,
      nonceSalt,
      codeVerifierSealed: seal(key, started.codeVerifier),
      redirectUri: started.redirectUri,
      browserHash: hashToken(browser.token),
    });
    void reply.setCookie(SIGNING_COOKIE, browser.token, {
      path: SIGNING_CALLBACK_PATH,
      httpOnly: true,
      sameSite: 'lax',
      secure: secureRequest(request),
      maxAge: SIGNING_TTL_MS / 1000,
    });
    request.log.info({ insuranceApplicationId: id, method: method.identifier }, 'insurance signing started');
    return reply.type('text/plain; charset=utf-8').send(started.url);
  });

  app.get<{ Querystring: Record<string, unknown> }>(SIGNING_CALLBACK_PATH, async (request, reply) => {
    const state = request.query.state;
    if (typeof state !== 'string' || !STATE_FORMAT.test(state)) throw stateInvalid();
    // Only the browser that started it takes the request out (its signing cookie): another
    // browser gets the page without anything recorded, and the owner's own callback still works.
    const cookie = request.cookies?.[SIGNING_COOKIE];
    const pending = cookie !== undefined && isWellFormedToken(cookie) ? await takeSigningRequest(db, stateHash(state), hashToken(cookie)) : undefined;
    if (!pending) {
      const elsewhere = await peekSigningRequest(db, stateHash(state));
      if (!elsewhere) throw stateInvalid();
      request.log.warn({ insuranceApplicationId: elsewhere.insuranceApplicationId }, 'insurance signing returned to another browser');
      return backToPage(reply, 'failed');
    }
    void reply.clearCookie(SIGNING_COOKIE, { path: SIGNING_CALLBACK_PATH });
    const { insuranceApplicationId: id, method } = pending;

    let outcome: SigningOutcome;
    if (typeof request.query.error === 'string') {
      outcome = request.query.error === 'access_denied' ? 'cancelled' : 'failed';
      await recordSigningAttempt(db, id, method, outcome, request.query.error);
    } else {
      outcome = await finish(request, state, pending);
    }
    request.log.info({ insuranceApplicationId: id, method, outcome }, 'insurance signing finished');
    return backToPage(reply, outcome);
  });

  /** The bank's answer checked (the ID token's nonce among it) and, for the insured and the content as started, the signature stored. */
  async function finish(request: FastifyRequest, state: string, pending: PendingSigning): Promise<SigningOutcome> {
    const { insuranceApplicationId: id, method } = pending;
    try {
      const codeVerifier = unseal(key, pending.codeVerifierSealed);
      if (!codeVerifier) throw new Error('the pending signing could not be unsealed');
      const person = await provider.callback({
        baseUrl: baseUrlOf(request),
        currentUrl: new URL(request.url, pending.redirectUri),
        expected: { state, nonce: signatureNonce(pending.contentHash, pending.nonceSalt), codeVerifier },
      });
      return await db.transaction(async (tx) => {
        const refuse = async (outcome: SigningOutcome, reason: string) => {
          await recordSigningAttempt(tx, id, method, outcome, reason);
          return outcome;
        };
        const signerKey = personKeys.of(person.personalId);
        // Someone else at the bank: refused, recorded without their code.
        if (!sameKey(signerKey, pending.personKey)) return refuse('mismatch', 'signer is not the insured person');
        const insurance = await findInsurance(tx, id, pending.personKey);
        if (!insurance) return refuse('failed', 'insurance application not found');
        if (insurance.status === 'SIGNED') return refuse('failed', 'already signed');
        if (!sameKey(contentHashOf(insurance), pending.contentHash)) return refuse('changed', 'content changed since signing started');
        const stored = await markInsuranceSigned(tx, id, {
          signerKey,
          signedAt: new Date(now()),
          contentHash: pending.contentHash,
          method,
          claims: evidenceClaims(person.claims, settings.personalIdClaim),
          nonceSalt: pending.nonceSalt,
        });
        // The same conditions again, atomically in the UPDATE: an update in between is 'changed'.
        if (stored === 'wrongSigner') return refuse('mismatch', 'signer is not the insured person');
        if (stored === 'changed') return refuse('changed', 'content changed since signing started');
        if (stored !== 'signed') return refuse('failed', stored);
        await sendToInsurer(tx, id, { delayScale: options.delayScale });
        await recordSigningAttempt(tx, id, method, 'signed');
        return 'signed' as const;
      });
    } catch (error) {
      // Only the error's name and message: an OAuth error body may echo the code.
      request.log.warn({ errorType: (error as Error).name, reason: (error as Error).message }, 'insurance signing failed');
      await recordSigningAttempt(db, id, method, 'failed', (error as Error).name || 'Error');
      return 'failed';
    }
  }

  function backToPage(reply: FastifyReply, outcome: SigningOutcome) {
    return reply.code(303).header('location', `${pagePath}?${OUTCOME_PARAM}=${outcome}`).send();
  }
}
