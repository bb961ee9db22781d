// The application API (spec §7) of every product: create, update and finalize. Every change
// writes only what every check passed, onto the row version checked, so a rejected
// request leaves the stored application exactly as it was.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { CatalogueProduct } from '../../../engine/core/catalogue.ts';
import type { Database, Queryable } from '../db/index.ts';
import type { ServerFlow } from '../../flows/server-flow.ts';
import type { RateLimiter } from '../limits/limits.ts';
import { sessionRequired, type Sessions } from '../sessions/sessions.ts';
import type { PersonKeys } from '../customer/person-keys.ts';
import { ApiError, badRequest } from '../errors.ts';
import { newToken } from '../tokens.ts';
import { applicationCredentials, applicationFromPath, openedBy, pathApplication, type ApplicationParams } from './credentials.ts';
import { parseSavePayload } from './payload.ts';
import { jsonBody, jsonNoStoreScope, readNewApplication, validate, withoutNulls } from './submission.ts';
import type { ApplicationForm, Products } from './products.ts';
import type { LiveForms } from '../forms/live-forms.ts';
import { insertApplication, lockApplication, readForSave, updateApplication, updateApplicationIfUnchanged, type StoredApplication } from './repository.ts';

export interface ApplicationRoutesOptions {
  db: Database;
  products: Products;
  /** A stored application is checked with the form release it was started on. */
  forms: LiveForms;
  /** The products behind this prefix; the first is the one a save that names none gets. */
  group: readonly CatalogueProduct[];
  /** Updates and finalize need the browser session that created the application or verified a code for it. */
  sessions: Sessions;
  /** Abuse limits shared by every instance (creating: per client address). */
  limiter: RateLimiter;
  /** Each stored application carries the keyed hash of its primary applicant's identity code (the customer login, issue 17). */
  personKeys: PersonKeys;
  /** Multiplies the simulated lenders' answer delays when finalizing sends the application. */
  lenderDelayScale?: number;
  /** The products' flow (the catalogue keeps the products of one prefix on one): what finalizing does. */
  flow: ServerFlow;
}

const FINALIZE_BODY_LIMIT = 1024;

/** Save, update and finalize for the products of one API prefix (registered once per prefix of the catalogue). */
export async function applicationRoutes(app: FastifyInstance, options: ApplicationRoutesOptions): Promise<void> {
  const { db, products, group, sessions } = options;
  const productIds = group.map((product) => product.id);
  const brandIds = Object.keys(products.catalogue.brands);
  const productSet = new Set(productIds);
  const ownApplication = applicationFromPath(db, productSet);
  const { flow } = options;
  const contextOf = (form: ApplicationForm) => ({ fieldIds: form.fieldIds, lastStep: form.lastStep, products: productIds, brands: brandIds });

  jsonNoStoreScope(app);

  app.post(
    '/save',
    async (request, reply) => {
      await options.limiter.hit(db, 'create', { ip: request.ip });
      const { product, brand, form, payload } = readNewApplication(request, products, group);
      // Step 0 (the offers list) and finalizing belong to an application that already exists.
      if (payload.navigation.step === 0) throw badRequest('invalidField', { field: 'additionalFormData.step', expected: `1–${form.lastStep}` });
      if (payload.finalize) throw badRequest('invalidField', { field: 'finalize', expected: '0 uutta hakemusta luotaessa' });
      const data = validate(request, form, withoutNulls(payload.data), payload.navigation.step);
      const { token, hash } = newToken();
      const id = await db.transaction(async (tx) => {
        const created = await insertApplication(tx, {
          tokenHash: hash,
          product: product.id,
          formId: form.documentId,
          formRelease: form.release,
          brand,
          data,
          navigation: payload.navigation,
          tracking: payload.tracking,
          personKey: options.personKeys.ofData(data),
        });
        // The browser that creates an application may go on editing it (and only it, without a code).
        await sessions.grant(tx, request, reply, created);
        return created;
      });
      request.log.info({ applicationId: id, product: product.id, step: payload.navigation.step }, 'application created');
      // The release it was stamped with: the page keeps it, so a reload renders the form its saves are checked with.
      return { id, token, formRelease: form.release };
    },
  );

  /**
   * Every check of a save, on one read of the application (`stored`): what to write, or the
   * error to answer. Pure of the database but for loading the form release it was started on.
   */
  const checkedSave = async (request: FastifyRequest, stored: StoredApplication, body: Record<string, unknown>) => {
    if (stored.status === 'finalized') throw new ApiError(409, 'ALREADY_FINALIZED', 'alreadyFinalized');
    if (stored.submitted) throw new ApiError(409, 'ALREADY_SUBMITTED', 'alreadySubmitted');
    // A cancelled application (issue 17) is not taken up again through its link.
    if (stored.cancelled) throw new ApiError(409, 'APPLICATION_CANCELLED', 'applicationCancelled');
    const form = await options.forms.formOf(stored);
    const payload = parseSavePayload(body, contextOf(form));
    // The variant is fixed when the application is created; the client may repeat it, not change it.
    if (payload.brand !== undefined && payload.brand !== stored.brand) throw badRequest('variantChanged', { field: 'brand' });
    if (payload.product !== undefined && payload.product !== stored.product) throw badRequest('variantChanged', { field: 'product' });
    const { step } = payload.navigation;
    // The body may carry the whole form or only some of it: what it leaves out stays as stored.
    const merged = withoutNulls({ ...stored.data, ...payload.data });
    // The flow says where `finalize` belongs: the consumer's at step 0 (which means finalizing),
    // the mortgage's at the last active step (and it has no step 0).
    if (!flow.hasStepZero && step === 0) throw badRequest('invalidField', { field: 'additionalFormData.step', expected: `1–${form.lastStep}` });
    const finalizing = flow.finalizesAt(step, merged, form);
    if (payload.finalize !== finalizing) throw badRequest('invalidField', { field: 'finalize', expected: `1 vain vaiheessa ${flow.finalizeStep(merged, form)}` });
    const data = validate(request, form, merged, payload.finalize || step === 0 ? form.lastStep : step);
    return { finalize: payload.finalize, data, navigation: { ...stored.navigation, ...payload.navigation }, personKey: options.personKeys.ofData(data) };
  };

  // The applicant's browser saves at every step. The token, the session and every check come
  // from one read (the session touched in the same statement), and the write is one statement
  // that lands only on the row version that was read and checked: two round trips, no
  // transaction, and on PGlite no lock held while the form validates. When the row changed
  // meanwhile (a concurrent save), and for a finalizing save, which sends the application on,
  // the same checks run again under the row lock in one transaction, as every save once did.
  app.post<{ Params: ApplicationParams }>('/save/:id/:token', async (request, reply) => {
    const { id, token } = applicationCredentials(request.params.id, request.params.token);
    const read = await readForSave(db, id, sessions.touchOf(request));
    const stored = openedBy(read?.application, token, productSet);
    const body = jsonBody(request);
    if (read!.sessionId === undefined) throw sessionRequired();
    const change = await checkedSave(request, stored, body);
    const written = !change.finalize && (await updateApplicationIfUnchanged(db, id, read!.revision, change));
    if (!written) {
      await db.transaction(async (tx) => {
        const locked = await checkedSave(request, await lockedApplication(tx, id), body);
        await updateApplication(tx, id, locked);
        // In the same transaction: a submission the flow refuses (the consumer's before identification) undoes the update too.
        if (locked.finalize) await flow.submit(tx, id, locked.data, { lenderDelayScale: options.lenderDelayScale });
      });
    }
    request.log.info({ applicationId: id }, 'application updated');
    return reply.type('text/plain; charset=utf-8').send('success');
  });

  // Only a flow with a finalize call (the consumer's, after identifying every applicant) gets it.
  if (!flow.finalizeCall) return;
  // Finalize has no body, and clients send one in several ways (no content type, JSON
  // with nothing in it, `{}`): its own scope accepts any content type and checks the bytes.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: FINALIZE_BODY_LIMIT }, (_request, body, done) => done(null, body));

    scope.post<{ Params: ApplicationParams }>('/finalize/:id/:token', { preHandler: ownApplication }, async (request, reply) => {
      const { id } = pathApplication(request);
      const raw = request.body === undefined ? '' : String(request.body).trim();
      if (raw !== '' && raw.replace(/\s+/g, '') !== '{}') throw badRequest('finalizeTakesNoBody');
      await sessions.requireFor(request, id);
      await db.transaction(async (tx) => {
        const stored = await lockedApplication(tx, id);
        // Finalizing twice is not an error: a client retrying after a lost answer gets the same answer.
        if (stored.identified) return;
        if (stored.cancelled) throw new ApiError(409, 'APPLICATION_CANCELLED', 'applicationCancelled');
        const form = await options.forms.formOf(stored);
        validate(request, form, stored.data, form.lastStep);
        await flow.submit(tx, id, stored.data, { lenderDelayScale: options.lenderDelayScale });
      });
      request.log.info({ applicationId: id }, 'application finalized');
      return reply.type('text/plain; charset=utf-8').send('success');
    });
  });
}

/** The application the credential hook found, read again under a row lock for this transaction. */
async function lockedApplication(tx: Queryable, id: number) {
  const stored = await lockApplication(tx, id);
  // Applications are never deleted, so this is only a guard.
  if (!stored) throw new Error(`application ${id} vanished`);
  return stored;
}
