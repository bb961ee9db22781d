// Applying again with the data of the last application (issue 17; marketplace spec §2
// "/haelainaa", §6, §7 "Customer area"; consumer flow §4 "Resuming"):
// - `GET /api/applications/redirect/{mortgage|consumer|combine}` answers where the prefill page
//   of that kind is; `GET /api/applications/prefill/{kind}` the answers a new application of
//   that kind starts with, from the logged-in customer's latest identified application
//   (prefill.ts says what carries over). Neither stores anything (issue 24 item 5, issue 25
//   item 3): the application is created by its first save, as every application is, so a
//   card clicked and left behind leaves nothing in the customer's list;
// - `POST {product api}/get/prefill` hands a saved application to its own logged-in customer
//   without a one-time code, in the shape `get/verify-with-otp` answers: only one the customer
//   proved (identified for), never one someone else made with their identity code.
// A browser that is not logged in gets the area's 401; another person's application, like a
// wrong id or token, the 404 of a wrong link. Nothing personal is logged: ids and outcomes.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { brandIdForHost } from '../../../engine/core/catalogue.ts';
import { authorizedApplication } from '../applications/credentials.ts';
import { jsonNoStoreScope } from '../applications/submission.ts';
import type { Products } from '../applications/products.ts';
import { applicationOfPerson, applicationsOfPerson } from '../applications/repository.ts';
import type { Database } from '../db/index.ts';
import { ApiError, applicationNotFound } from '../errors.ts';
import type { RateLimiter } from '../limits/limits.ts';
import { savedFormAnswer } from '../otp/routes.ts';
import { readCredentials } from '../otp/request.ts';
import { DEFAULT_SESSION_SETTINGS, type SessionSettings, type Sessions } from '../sessions/sessions.ts';
import { detailsSourceOf } from './overview.ts';
import type { PersonKeys } from './person-keys.ts';
import { isPrefillKind, PREFILL_PRODUCTS, prefillData } from './prefill.ts';
import { requireCustomer } from './session.ts';

export interface PrefillRedirectOptions {
  db: Database;
  products: Products;
  keys: PersonKeys;
  now: () => number;
  sessions?: SessionSettings;
}

export async function prefillRedirectRoutes(app: FastifyInstance, options: PrefillRedirectOptions): Promise<void> {
  const { db, products, keys, now } = options;
  const settings = options.sessions ?? DEFAULT_SESSION_SETTINGS;
  jsonNoStoreScope(app);

  /** The logged-in customer and the product of the kind asked for (401, 404 before anything is read). */
  async function customerAndProduct(request: FastifyRequest<{ Params: { kind: string } }>) {
    const personKey = Buffer.from(await requireCustomer(db, request, new Date(now()), settings));
    const { kind } = request.params;
    const product = isPrefillKind(kind) ? products.product(PREFILL_PRODUCTS[kind]) : undefined;
    if (!product) throw new ApiError(404, 'NOT_FOUND', 'prefillKindUnknown');
    return { personKey, product };
  }

  app.get<{ Params: { kind: string } }>('/api/applications/redirect/:kind', async (request) => {
    const { product } = await customerAndProduct(request);
    return { url: `${products.pagePath(product.id)}/prefill` };
  });

  app.get<{ Params: { kind: string } }>('/api/applications/prefill/:kind', async (request) => {
    const { personKey, product } = await customerAndProduct(request);
    // The brand of the site the customer is on: the page asking shows that brand.
    const hostBrand = brandIdForHost(products.catalogue, request.hostname);
    const brand = product.brands.includes(hostBrand) ? hostBrand : product.brands[0];
    const form = products.formFor(product.id, brand);
    // The newest application the bank confirmed the person for (a logged-in customer has one),
    // the same one /api/user shows and changes, so changed contact details carry over.
    const source = detailsSourceOf(await applicationsOfPerson(db, personKey));
    const sourceDocument = source && products.product(source.product)?.document;
    if (!source || !sourceDocument) throw applicationNotFound();
    const data = prefillData({ document: sourceDocument, data: source.data }, form);
    // The identity code always carries over; were it ever dropped, what the first save creates
    // would not be the customer's, so nothing is handed out.
    if (!keys.ofData(data)?.equals(personKey)) throw applicationNotFound();
    request.log.info({ product: product.id, sourceApplicationId: source.id }, 'prefilled answers read by the customer');
    return { product: product.id, brand, data };
  });
}

export interface PrefillLoadOptions {
  db: Database;
  /** The products of this API prefix: another product's application is not found here. */
  products: ReadonlySet<string>;
  /** The application opens in this browser as after a verified code: its session gets it. */
  sessions: Sessions;
  /** The `verify` limits, as the call with a code. */
  limiter: RateLimiter;
  now: () => number;
  sessionSettings?: SessionSettings;
}

/** Registered under each API prefix that resumes with a code, beside `get/verify-with-otp`. */
export async function prefillLoadRoutes(app: FastifyInstance, options: PrefillLoadOptions): Promise<void> {
  const { db, limiter, now } = options;
  const settings = options.sessionSettings ?? DEFAULT_SESSION_SETTINGS;
  jsonNoStoreScope(app);

  app.post('/get/prefill', async (request, reply) => {
    const personKey = await requireCustomer(db, request, new Date(now()), settings);
    const input = readCredentials(request);
    await limiter.hit(db, 'verify', { ip: request.ip });
    const application = await db.transaction(async (tx) => {
      const found = await authorizedApplication(tx, input.applicationId, input.applicationToken, { products: options.products, lock: true });
      // The login proved who the browser is; the application must be that person's own.
      if (!(await applicationOfPerson(tx, personKey, found.id))) throw applicationNotFound();
      await limiter.hit(tx, 'verify', { application: found.id });
      await options.sessions.grant(tx, request, reply, found.id);
      return found;
    });
    request.log.info({ applicationId: application.id }, 'application opened by its logged-in customer');
    return savedFormAnswer(application);
  });
}
