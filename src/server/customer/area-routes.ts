// The customer area's API (issue 17; marketplace spec §7 "Customer area"): the logged-in
// person's applications, their offers, accepting and cancelling, and the user's details.
// Every call needs a logged-in session (else 401 SESSION_REQUIRED) and only ever reaches
// the applications of the session's person (`applications.person_key`): another person's
// application is the same 404 as one that does not exist.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ID_FORMAT } from '../applications/credentials.ts';
import { isObject } from '../applications/payload.ts';
import { jsonNoStoreScope } from '../applications/submission.ts';
import type { Products } from '../applications/products.ts';
import { applicationOfPerson, applicationsOfPerson, markCancelled, setPersonMarketingBan, updateApplication, type PersonApplication } from '../applications/repository.ts';
import type { ServerFlows } from '../../flows/server-registry.ts';
import type { Database } from '../db/index.ts';
import { ApiError, applicationNotFound, badRequest } from '../errors.ts';
import type { RateLimiter } from '../limits/limits.ts';
import { acceptWithToken } from '../marketplace/acceptance.ts';
import { cancelDispatches } from '../marketplace/dispatcher.ts';
import { loadMarkets } from '../marketplace/markets.ts';
import { pollOffers, type SortPair } from '../marketplace/offers.ts';
import { lenderPagePath, offersAnswer, offersReadOptions, parseOffersQuery } from '../marketplace/routes.ts';
import { DEFAULT_SESSION_SETTINGS, type SessionSettings } from '../sessions/sessions.ts';
import { offerCounts, pendingLenderCodes } from './area-store.ts';
import { appliedAmountOf, applicationState, applicationType, detailsSourceOf, isRelevant, latestOf, userOf, withContactDetails } from './overview.ts';
import { requireCustomer } from './session.ts';
import { readUser } from './validation.ts';

export interface CustomerAreaOptions {
  db: Database;
  products: Products;
  /** Each product's flow: its applications' kind and its offers' order. */
  flows: ServerFlows;
  /** Polling and accepting count against the same limits as on the offers page. */
  limiter: RateLimiter;
  now: () => number;
  sessions?: SessionSettings;
}

const BODY_LIMIT = 1024;
/** Seven short fields: room for long addresses and e-mails, not for a payload. */
const USER_BODY_LIMIT = 4096;

export async function customerAreaRoutes(app: FastifyInstance, options: CustomerAreaOptions): Promise<void> {
  const { db, products, flows, limiter, now } = options;
  const settings = options.sessions ?? DEFAULT_SESSION_SETTINGS;
  const customer = (request: FastifyRequest) => requireCustomer(db, request, new Date(now()), settings);
  /** Business offers come in one order (spec §9), read whole and paged after. */
  const ordersByAppliedAmount = (application: PersonApplication) => flows.ofProduct(application.product)?.offersOrder === 'appliedAmount';
  /** The page's own form (forms/user-details.json) checks what it sends. */
  const userDetails = () => products.pageForm('user-details');

  jsonNoStoreScope(app);

  app.get('/api/applications', async (request) => {
    const personKey = await customer(request);
    const applications = await applicationsOfPerson(db, personKey);
    const latest = latestOf(applications);
    const counts = await offerCounts(db, applications.map((application) => application.id));
    const at = now();
    const summary = (application: PersonApplication) => ({
      applicationId: application.id,
      applicationType: applicationType(products.catalogue, flows, application.product),
      appliedAmount: appliedAmountOf(application.data),
      createdAt: application.createdAt.toISOString(),
      receivedOfferCount: counts.get(application.id) ?? 0,
    });
    return {
      latestApplication: latest ? { ...summary(latest), pendingOffers: await pendingOffers(latest.id), applicationState: applicationState(latest) } : null,
      previousApplications: applications
        .filter((application) => application !== latest)
        .map((application) => ({ ...summary(application), relevant: isRelevant(application, at), applicationState: applicationState(application) })),
    };
  });

  /** Lenders that have not answered yet, by the names their markets give them. */
  async function pendingOffers(applicationId: number): Promise<Array<{ partnerCode: string; partnerName: string }>> {
    const markets = loadMarkets();
    return (await pendingLenderCodes(db, applicationId)).map((code) => ({
      partnerCode: code,
      partnerName: markets.ofLender(code)?.lenders.find((lender) => lender.code === code)?.name ?? code,
    }));
  }

  async function offers(request: FastifyRequest<{ Querystring: Record<string, unknown> }>, application: PersonApplication | undefined) {
    const parsed = parseOffersQuery(request.query);
    if (!application) throw applicationNotFound();
    // Spec §4 "Offers list in the customer area": the server sort also includes amount,desc.
    const query = { ...parsed, sort: withAmountLast(parsed.sort) };
    await limiter.hit(db, 'poll', { ip: request.ip, application: application.id });
    const business = ordersByAppliedAmount(application);
    const polled = await pollOffers(db, application.id, offersReadOptions(query, business));
    if (!polled) throw applicationNotFound();
    return offersAnswer(polled, query, business);
  }

  app.get<{ Querystring: Record<string, unknown> }>('/api/applications/latest-offers', async (request) => {
    const personKey = await customer(request);
    return offers(request, latestOf(await applicationsOfPerson(db, personKey)));
  });

  app.get<{ Params: { id: string }; Querystring: Record<string, unknown> }>('/api/applications/:id/offers', async (request) => {
    const personKey = await customer(request);
    const id = ID_FORMAT.test(request.params.id) ? Number(request.params.id) : undefined;
    return offers(request, id === undefined ? undefined : await applicationOfPerson(db, personKey, id));
  });

  app.post('/api/applications/accept', { bodyLimit: BODY_LIMIT }, async (request) => {
    const personKey = await customer(request);
    const { applicationId, offerId } = readIds(request.body, ['applicationId', 'offerId']);
    await limiter.hit(db, 'accept', { ip: request.ip });
    const accepted = await db.transaction(async (tx) => {
      const application = await applicationOfPerson(tx, personKey, applicationId, { lock: true });
      if (!application) throw applicationNotFound();
      // Counted once the application is known to be the person's: naming another's id uses up nothing of it.
      await limiter.hit(tx, 'accept', { application: application.id });
      if (application.cancelledAt) throw new ApiError(409, 'APPLICATION_CANCELLED', 'applicationCancelled');
      return acceptWithToken(tx, application.id, offerId!);
    });
    if (!accepted) throw new ApiError(404, 'NOT_FOUND', 'offerNotFound');
    request.log.info({ applicationId, offerId, partner: accepted.offer.partnerCode }, 'offer accepted in the customer area');
    return { url: lenderPagePath(accepted.offer.partnerCode, offerId!, accepted.token) };
  });

  app.post('/api/applications/cancel', { bodyLimit: BODY_LIMIT }, async (request) => {
    const personKey = await customer(request);
    const { applicationId } = readIds(request.body, ['applicationId']);
    const stopped = await db.transaction(async (tx) => {
      const application = await applicationOfPerson(tx, personKey, applicationId, { lock: true });
      if (!application) throw applicationNotFound();
      await markCancelled(tx, application.id);
      return cancelDispatches(tx, application.id);
    });
    request.log.info({ applicationId, pendingLendersStopped: stopped }, 'application cancelled by the customer');
    return { cancelled: true };
  });

  app.get('/api/user', async (request) => {
    const personKey = await customer(request);
    const applications = await applicationsOfPerson(db, personKey);
    const source = detailsSourceOf(applications);
    if (!source) throw applicationNotFound();
    return userOf(source, applications.some((application) => application.marketingBan));
  });

  app.post('/api/user', { bodyLimit: USER_BODY_LIMIT }, async (request) => {
    const personKey = await customer(request);
    const input = readUser(request.body, userDetails());
    const user = await db.transaction(async (tx) => {
      const source = detailsSourceOf(await applicationsOfPerson(tx, personKey));
      const locked = source && (await applicationOfPerson(tx, personKey, source.id, { lock: true }));
      if (!locked) throw applicationNotFound();
      const data = withContactDetails(locked.data, input);
      await updateApplication(tx, locked.id, { data, navigation: locked.navigation });
      // As the marketing-ban link sets it, for every application of the person (or off for all).
      await setPersonMarketingBan(tx, personKey, input.hasMarketingBan);
      return userOf({ ...locked, data }, input.hasMarketingBan);
    });
    request.log.info('customer details updated');
    return user;
  });
}

/** The given sort, then amount,desc unless it already names the amount. */
function withAmountLast(sort: SortPair[]): SortPair[] {
  return sort.some(([field]) => field === 'amount') ? sort : [...sort, ['amount', 'desc']];
}

/** `{applicationId}` or `{applicationId, offerId}`: positive integers (or their digits), nothing else. */
function readIds<K extends 'applicationId' | 'offerId'>(body: unknown, keys: readonly K[]): Record<'applicationId', number> & Partial<Record<'offerId', number>> {
  const refuse = () => badRequest('applicationIdInvalid', { more: keys.includes('offerId' as K) ? ' and "offerId": <positive integer>' : '' });
  if (!isObject(body)) throw refuse();
  const fields = Object.keys(body);
  if (fields.length !== keys.length || fields.some((field) => !keys.includes(field as K))) throw refuse();
  const ids: Record<string, number> = {};
  for (const key of keys) {
    const value = body[key];
    const text = typeof value === 'number' && Number.isSafeInteger(value) ? String(value) : typeof value === 'string' ? value : '';
    if (!ID_FORMAT.test(text)) throw refuse();
    ids[key] = Number(text);
  }
  return ids as Record<'applicationId', number> & Partial<Record<'offerId', number>>;
}
