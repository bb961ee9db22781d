// Strong identification over HTTP (spec §7): the method list, the redirect to the
// identity provider, its callback, and the completion check that sends the
// application to the lenders. Tokens and identity codes never reach a log.
import type { FastifyInstance } from 'fastify';
import { applicationCredentials, applicationFromPath, authorizedApplication, pathApplication, type ApplicationParams } from '../applications/credentials.ts';
import type { Products } from '../applications/products.ts';
import { lockApplication, markIdentified, readApplication, type StoredApplication } from '../applications/repository.ts';
import type { LiveForms } from '../forms/live-forms.ts';
import type { ServerFlows } from '../../flows/server-registry.ts';
import type { Database } from '../db/index.ts';
import { ApiError, badRequest } from '../errors.ts';
import type { RateLimiter } from '../limits/limits.ts';
import { secureRequest, type Sessions } from '../sessions/sessions.ts';
import { hashToken, isWellFormedToken, newToken } from '../tokens.ts';
import { findMethod, methodList } from './methods.ts';
import { identificationRecord, sendToLenders, unidentifiedParties } from './completion.ts';
import { isParty, personalIdOf, type Party } from './parties.ts';
import { samePersonalId, seal, sealingKey, STATE_FORMAT, stateHash, unseal } from './secrets.ts';
import type { Identification } from './services.ts';
import { CALLBACK_PATH } from './settings.ts';
import { insertRequest, pendingApplicant, pendingApplicationId, recordAttempt, REQUEST_TTL_MS, takeRequest } from './store.ts';

export interface IdentityRoutesOptions {
  db: Database;
  /** The catalogue: where each product's pages are, and each form's last step (the one identification belongs to). */
  products: Products;
  /** A stored application is checked with the form release it was started on. */
  forms: LiveForms;
  /** Each product's flow: who identifies, when, and whether identification completes the application. */
  flows: ServerFlows;
  /** Starting and completing need the browser session that may edit the application. */
  sessions: Sessions;
  /** Starting: per client address, application and identity code. */
  limiter: RateLimiter;
  /** The settings, the provider and the development provider, shared with a signing flow (services.ts). */
  identification: Identification;
  /** Multiplies the simulated lenders' delays when completion dispatches the application. */
  lenderDelayScale?: number;
}

/**
 * Ties an identification to the browser that started it (issue 14 item 2: no login CSRF).
 * Lax, not Strict: the bank's redirect back is a cross-site navigation, on which a Strict
 * cookie is not sent. Only the callback path gets it, and only for the request's life.
 */
export const IDENTIFICATION_COOKIE = 'lv_identification';
const COMPLETE_BODY_LIMIT = 1024;

/** Why the status page is shown after a failed identification; the page has the texts. */
export type FailureReason = 'mismatch' | 'cancelled' | 'failed';

export async function identityRoutes(app: FastifyInstance, options: IdentityRoutesOptions): Promise<void> {
  const { db, products, forms, sessions, flows } = options;
  const { settings, provider, baseUrlOf } = options.identification;
  const flowOf = (application: StoredApplication) => flows.ofProduct(application.product)!;
  /** Identification belongs after the last step: the application is complete, not yet sent (the flow says when that is). */
  const readyForIdentification = async (application: StoredApplication) => flowOf(application).readyForIdentification(application, await forms.formOf(application));
  // Only these products' applications are found here: another's (a business application) is the 404 of a wrong link.
  const identifying = new Set(Object.values(products.catalogue.products).filter((product) => flows.of(product.flow).identifies).map((product) => product.id));
  const key = sealingKey(settings.clientSecret);
  // The test bank suggests the applicant's own code: it is the only one completion accepts.
  options.identification.development?.describeInteractions(async (state) => {
    const pending = STATE_FORMAT.test(state) ? await pendingApplicant(db, stateHash(state)) : undefined;
    const personalId = pending && personalIdOf(pending.data, pending.party);
    return pending && { personalId };
  });

  await app.register(async (scope) => {
    scope.addHook('onSend', async (_request, reply) => {
      reply.header('cache-control', 'no-store');
    });

    scope.get('/api/auth/visma/get-methods', async () => methodList(settings.methods));

    // Spec §7: 'true' once the application's identification is complete, other text before.
    scope.get<{ Params: ApplicationParams }>('/api/auth/visma/status/:id/:token', { preHandler: applicationFromPath(db, identifying) }, async (request, reply) =>
      reply.type('text/plain; charset=utf-8').send(String(pathApplication(request).identified)),
    );

    scope.get<{ Params: { id: string; token: string; method: string }; Querystring: Record<string, unknown> }>(
      '/api/auth/visma/:id/:token/:method',
      async (request, reply) => {
        const { id, token } = applicationCredentials(request.params.id, request.params.token);
        const party = partyOf(request.query);
        const method = findMethod(settings.methods, request.params.method);
        await options.limiter.hit(db, 'identify', { ip: request.ip });
        const application = await db.transaction(async (tx) => {
          const found = await authorizedApplication(tx, id, token, { lock: true, products: identifying });
          await options.limiter.hit(tx, 'identify', { application: found.id, person: personalIdOf(found.data, party) });
          if (!method) throw badRequest('identificationMethodUnknown');
          if (party === 'CO_APPLICANT' && personalIdOf(found.data, 'CO_APPLICANT') === undefined) throw badRequest('identificationNoCoApplicant');
          if (!(await readyForIdentification(found)) || found.cancelled) throw stateMismatch();
          return found;
        });
        // Kept with the request: the callback renews this session (it cannot read the Strict cookie).
        const sessionId = await sessions.requireFor(request, application.id);
        const browser = newToken();
        let started;
        try {
          started = await provider.authorizationUrl({ baseUrl: baseUrlOf(request), method: method! });
        } catch (error) {
          request.log.warn({ err: error }, 'identity provider unavailable');
          throw new ApiError(503, 'IDENTIFICATION_UNAVAILABLE', 'identificationUnavailable');
        }
        await insertRequest(db, stateHash(started.state), {
          applicationId: application.id,
          party,
          method: method!.identifier,
          nonce: started.nonce,
          codeVerifier: started.codeVerifier,
          redirectUri: started.redirectUri,
          tokenSealed: seal(key, token),
          browserHash: hashToken(browser.token),
          sessionId,
        });
        void reply.setCookie(IDENTIFICATION_COOKIE, browser.token, {
          path: CALLBACK_PATH,
          httpOnly: true,
          sameSite: 'lax',
          secure: secureRequest(request),
          maxAge: REQUEST_TTL_MS / 1000,
        });
        request.log.info({ applicationId: id, party, method: method!.identifier }, 'identification started');
        return reply.type('text/plain; charset=utf-8').send(started.url);
      },
    );

    scope.get<{ Querystring: Record<string, unknown> }>(CALLBACK_PATH, async (request, reply) => {
      const state = request.query.state;
      if (typeof state !== 'string' || !STATE_FORMAT.test(state)) throw new ApiError(400, 'IDENTIFICATION_STATE_INVALID', 'identificationStateInvalid');
      // Only the browser that started it takes the request out (its identification cookie):
      // another browser (a link someone else started, opened in a victim's browser, or the
      // owner's callback URL opened elsewhere) gets the finishing page without the
      // application, nothing is recorded, and the owner's own callback still works.
      const cookie = request.cookies?.[IDENTIFICATION_COOKIE];
      const pending = cookie !== undefined && isWellFormedToken(cookie) ? await takeRequest(db, stateHash(state), hashToken(cookie)) : undefined;
      if (!pending) {
        const elsewhere = await pendingApplicationId(db, stateHash(state));
        if (elsewhere === undefined) throw new ApiError(400, 'IDENTIFICATION_STATE_INVALID', 'identificationStateInvalid');
        request.log.warn({ applicationId: elsewhere }, 'identification returned to another browser');
        const product = (await readApplication(db, elsewhere))?.product ?? products.catalogue.defaultProduct;
        return reply.code(303).header('location', `${products.pagePath(product)}/status?tunnistautuminen=failed`).send();
      }
      const token = unseal(key, pending.tokenSealed);
      if (!token) throw new ApiError(400, 'IDENTIFICATION_STATE_INVALID', 'identificationStateInvalid');
      const { applicationId, party, method } = pending;
      void reply.clearCookie(IDENTIFICATION_COOKIE, { path: CALLBACK_PATH });

      let reason: FailureReason | undefined;
      if (typeof request.query.error === 'string') {
        reason = request.query.error === 'access_denied' ? 'cancelled' : 'failed';
        await recordAttempt(db, applicationId, party, method, { outcome: 'error', reason: request.query.error.slice(0, 64) });
      } else {
        try {
          const person = await provider.callback({
            baseUrl: baseUrlOf(request),
            currentUrl: new URL(request.url, pending.redirectUri),
            expected: { state, nonce: pending.nonce, codeVerifier: pending.codeVerifier },
          });
          reason = await db.transaction(async (tx) => {
            const application = await lockApplication(tx, applicationId);
            const expected = application && personalIdOf(application.data, party);
            if (!expected || !samePersonalId(person.personalId, expected)) {
              await recordAttempt(tx, applicationId, party, method, { outcome: 'mismatch', reason: 'personal id differs from the application' });
              return 'mismatch' as const;
            }
            await recordAttempt(tx, applicationId, party, method, { outcome: 'success', ...identificationRecord(person.personalId, application.data) });
            // A flow that identification alone completes (the mortgage) goes on as soon as every party it needs has.
            const flow = flowOf(application);
            if (flow.completesOnIdentification && (await readyForIdentification(application)) && (await unidentifiedParties(tx, applicationId, application.data, flow.parties(application.data))).length === 0) {
              await markIdentified(tx, applicationId);
            }
            // Identification is a proof (issue 24 item 4): the session that started it is renewed here, for
            // every flow, its new cookie going with the redirect; the old cookie opens nothing any more.
            // Last in the transaction, so nothing after it rolls the new session back.
            if (pending.sessionId !== null) await sessions.renewById(tx, pending.sessionId, request, reply);
            return undefined;
          });
        } catch (error) {
          // Only the error's name and message: an OAuth error body may echo the code.
          request.log.warn({ errorType: (error as Error).name, reason: (error as Error).message }, 'identification failed');
          await recordAttempt(db, applicationId, party, method, { outcome: 'error', reason: ((error as Error).name || 'Error').slice(0, 64) });
          reason = 'failed';
        }
      }
      request.log.info({ applicationId, party, method, outcome: reason ?? 'success' }, 'identification finished');
      const product = (await readApplication(db, applicationId))?.product ?? products.catalogue.defaultProduct;
      const target = `${products.pagePath(product)}/status/${applicationId}/${token}${reason ? `?tunnistautuminen=${reason}` : ''}`;
      return reply.code(303).header('location', target).send();
    });
  });

  // Completion takes no body; like finalize it accepts whatever content type a client sends.
  // One route per API prefix of the catalogue, each for its own products.
  for (const [api, group] of products.groups) {
    // A flow that the identification itself completes (the mortgage), or that nobody identifies for (business), has no completion call.
    const flow = flows.of(group[0].flow);
    if (flow.completesOnIdentification || !flow.identifies) continue;
    await app.register(async (scope) => {
      scope.removeAllContentTypeParsers();
      scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: COMPLETE_BODY_LIMIT }, (_request, body, done) => done(null, body));
      scope.addHook('onSend', async (_request, reply) => {
        reply.header('cache-control', 'no-store');
      });

      scope.post<{ Params: ApplicationParams }>(
        `${api}/authentication/complete/:id/:token`,
        { preHandler: applicationFromPath(db, new Set(group.map((product) => product.id))) },
        async (request, reply) => {
          const { id } = pathApplication(request);
          const raw = request.body === undefined ? '' : String(request.body).trim();
          if (raw !== '' && raw.replace(/\s+/g, '') !== '{}') throw badRequest('completeTakesNoBody');
          await sessions.requireFor(request, id);
          const dispatched = await db.transaction(async (tx) => {
            const application = (await lockApplication(tx, id))!;
            // Asked again after success (a reload, a lost answer): the same answer, nothing new.
            if (application.identified) return false;
            if (!(await readyForIdentification(application))) throw stateMismatch();
            const missing = await unidentifiedParties(tx, id, application.data, flowOf(application).parties(application.data));
            if (missing.length > 0) throw new ApiError(400, 'STRONG_AUTHENTICATION_MISSING', 'strongAuthenticationMissing', { parties: missing.join(', ') }, { parties: missing });
            await sendToLenders(tx, id, { delayScale: options.lenderDelayScale });
            // Identification completed is a proof: the session is renewed (issue 24 item 4).
            await sessions.renew(tx, request, reply);
            return true;
          });
          if (dispatched) request.log.info({ applicationId: id }, 'application identified and dispatched');
          return { status: 'COMPLETED' };
        },
      );
    });
  }
}

function partyOf(query: Record<string, unknown>): Party {
  const keys = Object.keys(query);
  if (keys.some((name) => name !== 'party')) throw badRequest('identificationPartyInvalid');
  if (query.party === undefined) return 'PRIMARY';
  if (!isParty(query.party)) throw badRequest('identificationPartyInvalid');
  return query.party;
}

const stateMismatch = () => new ApiError(409, 'APPLICATION_STATE_MISMATCH', 'applicationStateMismatch');
