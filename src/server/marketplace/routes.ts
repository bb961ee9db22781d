// The offers API (spec §7), the simulated lenders' landing pages and their logos.
// Sort pairs are matched against a whitelist and become fixed column names in
// offers.ts; nothing from the query string reaches SQL as text.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { applicationCredentials, applicationFromPath, ID_FORMAT, openedBy, pathApplication, type ApplicationParams } from '../applications/credentials.ts';
import type { Products } from '../applications/products.ts';
import type { ServerFlows } from '../../flows/server-registry.ts';
import type { Database } from '../db/index.ts';
import type { RateLimiter } from '../limits/limits.ts';
import { ApiError, badRequest } from '../errors.ts';
import { continuousCreditPageTexts, text } from '../messages.ts';
import { isWellFormedToken } from '../tokens.ts';
import { acceptedOffer, acceptWithToken } from './acceptance.ts';
import { orderBusinessOffers } from './business-order.ts';
import { loadMarkets } from './markets.ts';
import { LENDER_STYLESHEET, lenderColourSheet, lenderNotFoundPage, lenderPage, partnerDemoPage } from './landing-page.ts';
import { logoSvg } from './logos.ts';
import { AnswerCache } from './answer-cache.ts';
import { pollOffersSince, SORT_FIELDS, type PolledOffers, type SortField, type SortPair } from './offers.ts';

export interface MarketplaceRoutesOptions {
  db: Database;
  /** Accepting an offer is a call under each product API prefix of the catalogue. */
  products: Products;
  /** Polling and accepting: per client address and application. */
  limiter: RateLimiter;
  /** Which offers lists each flow has (its `offersPolls`) and how they are ordered. */
  flows: ServerFlows;
}

const PAGE_SIZE_MAX = 100;
/** More than any market has lenders: one answer each. */
const MAX_OFFERS = 1000;
const SORT_PAIRS_MAX = 4;
/** About 3,000 applicants' full answers (10 kB each with every lender's offer): some 60 MB at most as UTF-16. */
const ANSWER_CACHE_CHARACTERS = 30_000_000;
const ACCEPT_BODY_LIMIT = 1024;
/** Spec §7: without a sort the list comes cheapest first. */
const DEFAULT_SORT: SortPair[] = [['apr', 'asc']];

export const logoUrl = (partnerCode: string) => `/images/partners/${encodeURIComponent(partnerCode)}.svg`;
export const lenderPagePath = (partnerCode: string, offerId: number, token: string) =>
  `/lainaaja/${encodeURIComponent(partnerCode)}/${offerId}/${token}`;

export async function marketplaceRoutes(app: FastifyInstance, options: MarketplaceRoutesOptions): Promise<void> {
  const { db } = options;

  // Polled every few seconds by every waiting applicant: the credential check and the
  // page come from one statement, checked with the same `openedBy` as every other route,
  // for the poll's own products only: another product's application is the 404 of a wrong link.
  // Between two lenders' answers the statement only compares versions, and the bytes sent last
  // time for the same query are sent again (answer-cache.ts).
  const answers = new AnswerCache(ANSWER_CACHE_CHARACTERS);
  const poll = (products: ReadonlySet<string>, business: boolean) =>
    async (request: FastifyRequest<{ Params: ApplicationParams; Querystring: Record<string, unknown> }>, reply: FastifyReply) => {
      const { id, token } = applicationCredentials(request.params.id, request.params.token);
      const query = parseOffersQuery(request.query);
      const queryKey = JSON.stringify([query, business]);
      const kept = answers.get(id, queryKey);
      const polled = await pollOffersSince(db, id, offersReadOptions(query, business), kept?.version ?? null);
      try {
        openedBy(polled, token, products);
      } catch (error) {
        await options.limiter.hit(db, 'poll', { ip: request.ip });
        throw error;
      }
      // After the check: a wrong token must not use up the application's own polls.
      await options.limiter.hit(db, 'poll', { ip: request.ip, application: id });
      const { version, ...read } = polled!;
      // No page read: the version is the kept answer's.
      const body = read.page ? JSON.stringify(offersAnswer(read, query, business)) : kept!.body;
      if (read.page) answers.set(id, { query: queryKey, version, body });
      return reply.header('cache-control', 'no-store').type('application/json; charset=utf-8').send(body);
    };
  // Spec §7: each flow says where its offers lists are (the consumer's one path, the business's under its API).
  for (const { flow, groups } of options.flows.loaded) {
    for (const list of flow.offersPolls?.(groups) ?? []) app.get(list.url, poll(list.products, flow.offersOrder === 'appliedAmount'));
  }

  // Its own scope: the body is a tiny JSON object and nothing else is parsed. One route
  // per API prefix of the catalogue, each for its own products.
  for (const [api, group] of options.products.groups) {
    await app.register(async (scope) => {
      scope.removeContentTypeParser('text/plain');
      scope.post<{ Params: ApplicationParams }>(
        `${api}/offers/:id/:token`,
        { bodyLimit: ACCEPT_BODY_LIMIT, preHandler: applicationFromPath(db, new Set(group.map((product) => product.id))) },
        async (request, reply) => {
          const { id } = pathApplication(request);
          await options.limiter.hit(db, 'accept', { ip: request.ip, application: id });
          const offerId = parseAcceptBody(request.body);
          // A cancelled application's offers are not accepted by link either (issue 17): decided
          // under the application's row lock inside this transaction, not by the pre-handler's read.
          const accepted = await db.transaction((tx) => acceptWithToken(tx, id, offerId));
          if (!accepted) throw new ApiError(404, 'NOT_FOUND', 'offerNotFound');
          request.log.info({ applicationId: id, offerId, partner: accepted.offer.partnerCode }, 'offer accepted');
          return reply.header('cache-control', 'no-store').send({ url: lenderPagePath(accepted.offer.partnerCode, offerId, accepted.token) });
        },
      );
    });
  }

  app.get<{ Params: { partner: string; offerId: string; token: string } }>('/lainaaja/:partner/:offerId/:token', async (request, reply) => {
    const { partner, offerId, token } = request.params;
    const offer =
      ID_FORMAT.test(offerId) && isWellFormedToken(token) && /^[a-z0-9-]{1,40}$/.test(partner)
        ? await acceptedOffer(db, partner, Number(offerId), token)
        : undefined;
    return reply
      .code(offer ? 200 : 404)
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(offer ? lenderPage(offer) : lenderNotFoundPage());
  });

  app.get('/lainaaja/tyyli.css', (_request, reply) => css(reply, LENDER_STYLESHEET));
  // The second brand's sponsored partner (its banner under an empty offers list): a demo page.
  app.get('/kumppani/vaihtoehtorahoitus', (_request, reply) =>
    reply.header('cache-control', 'public, max-age=3600').type('text/html; charset=utf-8').send(partnerDemoPage()),
  );
  // The business offers' promoted continuous credit (issue 25, item 15): its partner's demo page.
  app.get('/kumppani/jatkuva-yritysluotto', (_request, reply) =>
    reply.header('cache-control', 'public, max-age=3600').type('text/html; charset=utf-8').send(partnerDemoPage(continuousCreditPageTexts)),
  );
  app.get<{ Params: { file: string } }>('/lainaaja/vari/:file', (request, reply) => {
    const lender = lenderOf(request.params.file, '.css');
    if (!lender) return notFound(reply);
    return css(reply, lenderColourSheet(lender.lender.color));
  });

  app.get<{ Params: { file: string } }>('/images/partners/:file', (request, reply) => {
    const svg = lenderOf(request.params.file, '.svg');
    if (svg) return reply.header('cache-control', 'public, max-age=86400').type('image/svg+xml').send(logoSvg(svg.lender, svg.index));
    // The spec names .png logos; the wordmarks exist as SVG only.
    const png = lenderOf(request.params.file, '.png');
    if (png) return reply.redirect(logoUrl(png.lender.code), 301);
    return notFound(reply);
  });
}

export type OffersQuery = { page: number; size: number; sort: SortPair[] };

/**
 * What to read for one offers answer. Business offers have one order (spec §9: APR, then
 * closeness to the applied amount): every offer is read and ordered by `offersAnswer`, a
 * handful per application, then paged.
 */
export function offersReadOptions(query: OffersQuery, business: boolean): OffersQuery {
  return business ? { page: 0, size: MAX_OFFERS, sort: DEFAULT_SORT } : query;
}

/** The offers list answer (spec §7) of a polled application, read with `offersReadOptions`. */
export function offersAnswer(polled: Pick<PolledOffers, 'page' | 'appliedAmount'>, query: OffersQuery, business: boolean) {
  const { page } = polled;
  const content = business ? orderBusinessOffers(page.content, polled.appliedAmount ?? 0).slice(query.page * query.size, (query.page + 1) * query.size) : page.content;
  return {
    content: content.map((offer) => ({ ...offer, logoUrl: logoUrl(offer.partnerCode) })),
    page: query.page,
    size: query.size,
    totalElements: page.totalElements,
    totalPages: Math.ceil(page.totalElements / query.size),
    pendingLenders: page.pendingLenders,
    // How many lenders the application went to: the page shows 'answered of total'.
    totalLenders: page.totalLenders,
    dispatched: page.totalLenders > 0,
  };
}

const isSortField = (value: string): value is SortField => Object.hasOwn(SORT_FIELDS, value);

/** `page`, `size` and repeated `sort=field,dir` pairs; anything else is refused. */
export function parseOffersQuery(query: Record<string, unknown>): OffersQuery {
  const unknown = Object.keys(query).filter((key) => !['page', 'size', 'sort'].includes(key));
  if (unknown.length) throw badRequest('unknownQuery');
  const page = integerParam(query.page, 0);
  const size = integerParam(query.size, PAGE_SIZE_MAX);
  if (page === undefined || size === undefined || page < 0 || page > 1_000_000 || size < 1 || size > PAGE_SIZE_MAX) throw badRequest('invalidPaging');
  const raw = query.sort === undefined ? [] : Array.isArray(query.sort) ? query.sort : [query.sort];
  if (raw.length > SORT_PAIRS_MAX) throw badRequest('invalidSort');
  const sort: SortPair[] = [];
  for (const item of raw) {
    const [field, dir = 'asc', ...rest] = typeof item === 'string' ? item.split(',') : [];
    if (!field || !isSortField(field) || (dir !== 'asc' && dir !== 'desc') || rest.length) throw badRequest('invalidSort');
    // A field named twice sorts by its first mention; the repeat changes nothing.
    if (!sort.some(([known]) => known === field)) sort.push([field, dir]);
  }
  return { page, size, sort: sort.length ? sort : DEFAULT_SORT };
}

function integerParam(value: unknown, fallback: number): number | undefined {
  if (value === undefined) return fallback;
  if (typeof value !== 'string' || !/^\d{1,7}$/.test(value)) return undefined;
  return Number(value);
}

function parseAcceptBody(body: unknown): number {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw badRequest('offerIdInvalid');
  const keys = Object.keys(body);
  const offerId = (body as { offerId?: unknown }).offerId;
  if (keys.length !== 1 || keys[0] !== 'offerId') throw badRequest('offerIdInvalid');
  const text = typeof offerId === 'number' && Number.isSafeInteger(offerId) ? String(offerId) : typeof offerId === 'string' ? offerId : '';
  if (!ID_FORMAT.test(text)) throw badRequest('offerIdInvalid');
  return Number(text);
}

/** A lender of any market by the file name of its logo or stylesheet; `index` varies the logo's mark within its market. */
function lenderOf(file: string, extension: string) {
  if (!file.endsWith(extension)) return undefined;
  const code = file.slice(0, -extension.length);
  for (const lenders of [loadMarkets().market('consumer').lenders, loadMarkets().market('business').lenders]) {
    const index = lenders.findIndex((lender) => lender.code === code);
    if (index >= 0) return { lender: lenders[index], index };
  }
  return undefined;
}

const css = (reply: FastifyReply, body: string) => reply.header('cache-control', 'public, max-age=3600').type('text/css; charset=utf-8').send(body);
const notFound = (reply: FastifyReply) => reply.code(404).send({ type: 'NOT_FOUND', message: text('notFound') });
