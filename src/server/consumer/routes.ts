// The consumer application API (spec §7): create, update and finalize. Every change
// runs in one transaction and every check happens before the write, so a rejected
// request leaves the stored application exactly as it was.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database, Queryable } from '../db/index.ts';
import { ApiError, applicationNotFound, badRequest, ValidationError } from '../errors.ts';
import { applicationCredentials, type ApplicationParams } from '../application-credentials.ts';
import { sendToLenders, unidentifiedParties } from '../identity/completion.ts';
import { newToken, tokenMatches } from '../tokens.ts';
import type { ConsumerForm, ConsumerForms } from './form-validation.ts';
import { checkJsonShape, isObject, MAX_STEP, parseSavePayload, readVariantFields, variantsOf } from './payload.ts';
import { insertApplication, lockApplication, updateApplication, type StoredApplication } from './store.ts';

export interface ConsumerRoutesOptions {
  db: Database;
  forms: ConsumerForms;
  /** Per-IP limit on creating applications; false turns it off (tests, benchmarks). */
  createRateLimit: { max: number; timeWindowMs: number } | false;
  /** Multiplies the simulated lenders' answer delays when finalizing sends the application. */
  lenderDelayScale?: number;
}

const FINALIZE_BODY_LIMIT = 1024;

export async function consumerRoutes(app: FastifyInstance, options: ConsumerRoutesOptions): Promise<void> {
  const { db, forms } = options;

  // Saves take JSON only; without this Fastify would hand a text/plain body over as a string.
  app.removeContentTypeParser('text/plain');
  // Answers carry tokens and personal data: no cache, shared or private, may keep them.
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.post(
    '/save',
    { config: options.createRateLimit ? { rateLimit: { max: options.createRateLimit.max, timeWindow: options.createRateLimit.timeWindowMs } } : {} },
    async (request) => {
      const body = jsonBody(request);
      const { brand = 'lainavertailu', product = 'kulutusluotto' } = readVariantFields(body);
      const form = forms(variantsOf(brand, product));
      const payload = parseSavePayload(body, form.fieldIds);
      // Step 0 (the offers list) and finalizing belong to an application that already exists.
      if (payload.navigation.step === 0) throw badRequest('invalidField', { field: 'additionalFormData.step', expected: `1–${MAX_STEP}` });
      if (payload.finalize) throw badRequest('invalidField', { field: 'finalize', expected: '0 uutta hakemusta luotaessa' });
      const data = validate(request, form, withoutNulls(payload.data), payload.navigation.step);
      const { token, hash } = newToken();
      const id = await insertApplication(db, { tokenHash: hash, brand, product, data, navigation: payload.navigation, tracking: payload.tracking });
      request.log.info({ applicationId: id, step: payload.navigation.step }, 'application created');
      return { id, token };
    },
  );

  app.post<{ Params: ApplicationParams }>('/save/:id/:token', async (request, reply) => {
    const { id, token } = applicationCredentials(request.params.id, request.params.token);
    const body = jsonBody(request);
    await db.transaction(async (tx) => {
      const stored = await findApplication(tx, id, token);
      if (stored.status === 'finalized') throw new ApiError(409, 'ALREADY_FINALIZED', 'alreadyFinalized');
      const form = forms(variantsOf(stored.brand, stored.product));
      const payload = parseSavePayload(body, form.fieldIds);
      // The variant is fixed when the application is created; the client may repeat it, not change it.
      if (payload.brand !== undefined && payload.brand !== stored.brand) throw badRequest('variantChanged', { field: 'brand' });
      if (payload.product !== undefined && payload.product !== stored.product) throw badRequest('variantChanged', { field: 'product' });
      const { step } = payload.navigation;
      // Spec: `finalize` is set only when saving at step 0, and step 0 means finalizing.
      if (payload.finalize !== (step === 0)) throw badRequest('invalidField', { field: 'finalize', expected: '1 vain vaiheessa 0' });
      // The body may carry the whole form or only some of it: what it leaves out stays as stored.
      const merged = withoutNulls({ ...stored.data, ...payload.data });
      const data = validate(request, form, merged, step === 0 ? MAX_STEP : step);
      if (payload.finalize) await requireIdentification(tx, id, data);
      await updateApplication(tx, id, { data, navigation: { ...stored.navigation, ...payload.navigation } });
      if (payload.finalize) await sendToLenders(tx, id, { delayScale: options.lenderDelayScale });
    });
    request.log.info({ applicationId: id }, 'application updated');
    return reply.type('text/plain; charset=utf-8').send('success');
  });

  // Finalize has no body, and clients send one in several ways (no content type, JSON
  // with nothing in it, `{}`): its own scope accepts any content type and checks the bytes.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: FINALIZE_BODY_LIMIT }, (_request, body, done) => done(null, body));

    scope.post<{ Params: ApplicationParams }>('/finalize/:id/:token', async (request, reply) => {
      const { id, token } = applicationCredentials(request.params.id, request.params.token);
      const raw = request.body === undefined ? '' : String(request.body).trim();
      if (raw !== '' && raw.replace(/\s+/g, '') !== '{}') throw badRequest('finalizeTakesNoBody');
      await db.transaction(async (tx) => {
        const stored = await findApplication(tx, id, token);
        // Finalizing twice is not an error: a client retrying after a lost answer gets the same answer.
        if (stored.identified) return;
        validate(request, forms(variantsOf(stored.brand, stored.product)), stored.data, MAX_STEP);
        await requireIdentification(tx, id, stored.data);
        await sendToLenders(tx, id, { delayScale: options.lenderDelayScale });
      });
      request.log.info({ applicationId: id }, 'application finalized');
      return reply.type('text/plain; charset=utf-8').send('success');
    });
  });
}

/**
 * Finalizing sends the application to the lenders, which strong identification of every
 * applicant must come before (spec §6). Refused before it, the application stays a
 * draft that can still be identified and completed.
 */
async function requireIdentification(tx: Queryable, id: number, data: Record<string, unknown>): Promise<void> {
  const missing = await unidentifiedParties(tx, id, data);
  if (missing.length > 0) throw new ApiError(409, 'APPLICATION_STATE_MISMATCH', 'identificationRequired', undefined, { parties: missing });
}

/** Looks up by id, then compares the token, so a wrong id and a wrong token cost the same. */
async function findApplication(tx: Queryable, id: number, token: string): Promise<StoredApplication> {
  const stored = await lockApplication(tx, id);
  if (!tokenMatches(token, stored?.tokenHash) || !stored) throw applicationNotFound();
  return stored;
}

function jsonBody(request: FastifyRequest): Record<string, unknown> {
  const body = request.body;
  if (body === undefined) throw badRequest('emptyBody');
  if (!isObject(body)) throw badRequest('notAnObject');
  checkJsonShape(body);
  return body;
}

/** A null sent for a field clears it. */
function withoutNulls(data: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(data).filter(([, value]) => value !== null));
}

function validate(request: FastifyRequest, form: ConsumerForm, data: Record<string, unknown>, uptoStep: number): Record<string, unknown> {
  let result;
  try {
    result = form.validateSubmission(data, { uptoStep });
  } catch (error) {
    // A body the engine cannot digest is still the client's bad input, not a 500; the
    // error level makes the engine's fault visible (the fuzz test watches for it).
    request.log.error({ err: error }, 'form engine failed on a submission');
    throw new ApiError(400, 'BAD_REQUEST', 'validationUnavailable');
  }
  if (!result.valid) throw new ValidationError(Object.fromEntries(result.errors.map((error) => [error.field, error.message])));
  return result.data;
}
