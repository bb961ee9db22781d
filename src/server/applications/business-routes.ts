// The business application API (marketplace spec §7 "Business"): one call creates the
// whole application and sends it to the business financiers at once (§4 "Business
// flow": no steps to save, nobody identifies), and the applied amount for the offers
// page. The same guarantees as every application route: the document validates on the
// server, bad input gets a clear 4xx and stores nothing.
import type { FastifyInstance } from 'fastify';
import type { CatalogueProduct } from '../../../engine/core/catalogue.ts';
import type { Database } from '../db/index.ts';
import type { RateLimiter } from '../limits/limits.ts';
import { dispatchApplication } from '../marketplace/dispatcher.ts';
import type { Sessions } from '../sessions/sessions.ts';
import type { PersonKeys } from '../customer/person-keys.ts';
import { badRequest } from '../errors.ts';
import { newToken } from '../tokens.ts';
import { applicationFromPath, pathApplication, type ApplicationParams } from './credentials.ts';
import { parseSavePayload, readVariantFields } from './payload.ts';
import type { Products } from './products.ts';
import { insertApplication, markFinalized } from './repository.ts';
import { jsonBody, validate, withoutNulls } from './submission.ts';

export interface BusinessRoutesOptions {
  db: Database;
  products: Products;
  /** The products behind this prefix (flow `business`); the first is the one a body that names none gets. */
  group: readonly CatalogueProduct[];
  sessions: Sessions;
  limiter: RateLimiter;
  /** The keyed hash of the primary applicant's identity code goes with the application (issue 17). */
  personKeys: PersonKeys;
  /** Multiplies the financiers' answer delays. */
  lenderDelayScale?: number;
}

export async function businessApplicationRoutes(app: FastifyInstance, options: BusinessRoutesOptions): Promise<void> {
  const { db, products, group, sessions } = options;
  const productIds = group.map((product) => product.id);
  const brandIds = Object.keys(products.catalogue.brands);

  app.removeContentTypeParser('text/plain');
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.post('/create', async (request, reply) => {
    await options.limiter.hit(db, 'create', { ip: request.ip });
    const body = jsonBody(request);
    const chosen = readVariantFields(body, productIds, brandIds);
    const product = products.product(chosen.product ?? productIds[0])!;
    const brand = chosen.brand ?? products.catalogue.defaultBrand;
    if (!product.brands.includes(brand)) throw badRequest('invalidField', { field: 'brand', expected: product.brands.join(' tai ') });
    const form = products.formFor(product.id, brand);
    const payload = parseSavePayload(body, { fieldIds: form.fieldIds, lastStep: form.lastStep, products: productIds, brands: brandIds }, { step: form.lastStep });
    if (payload.finalize) throw badRequest('invalidField', { field: 'finalize', expected: '0 (hakemus lähtee luotaessa)' });
    const data = validate(request, form, withoutNulls(payload.data), form.lastStep);
    const { token, hash } = newToken();
    const id = await db.transaction(async (tx) => {
      const created = await insertApplication(tx, { tokenHash: hash, product: product.id, formId: form.documentId, brand, data, navigation: { step: form.lastStep }, tracking: payload.tracking, personKey: options.personKeys.ofData(data) });
      await markFinalized(tx, created);
      await dispatchApplication(tx, created, { market: 'business', delayScale: options.lenderDelayScale });
      // The browser that applied may see and accept its offers without a code, as with every product.
      await sessions.grant(tx, request, reply, created);
      return created;
    });
    request.log.info({ applicationId: id, product: product.id }, 'business application created and sent');
    return { id, token };
  });

  // Spec §7: the amount the company applied for, which the offers page compares offers with.
  app.get<{ Params: ApplicationParams }>('/applied-amount/:id/:token', { preHandler: applicationFromPath(db, new Set(productIds)) }, async (request) => {
    const amount = pathApplication(request).data.appliedAmount;
    return typeof amount === 'number' ? amount : null;
  });
}
