// The HTTP application without a listening socket: main.ts listens, tests listen on
// port 0 and talk real HTTP to it.
import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { loadProducts, shippedProducts, type Products } from './applications/products.ts';
import { startLiveForms } from './forms/live-forms.ts';
import { releaseModuleRoutes } from './forms/release-modules.ts';
import { liveDocuments } from './versions/live-documents.ts';
import type { Database } from './db/index.ts';
import { ApiError, errorHandler, frameworkErrorHandler } from './errors.ts';
import { marketplaceRoutes } from './marketplace/routes.ts';
import { identityRoutes } from './identity/routes.ts';
import { setUpIdentification } from './identity/services.ts';
import { developmentSettings, type IdentitySettings } from './identity/settings.ts';
import { marketingBanRoutes } from './marketing-ban/routes.ts';
import { DevOutbox, type Notifier } from './notify/notifier.ts';
import { outboxRoutes } from './notify/outbox-routes.ts';
import { devEmbedRoutes } from './dev-embed.ts';
import { otpDevRoutes } from './otp/dev-routes.ts';
import { loadRenderStep } from './first-paint.ts';
import { registerPages } from './pages.ts';
import { siteBannerRoutes } from './site-banners.ts';
import { contentPageRoutes } from './content-pages.ts';
import { liveContent, publishedFromDatabase } from './versions/live-content.ts';
import { BANNERS_ITEM } from './versions/items.ts';
import { handoffRoutes } from './sessions/handoff.ts';
import { bannersFileOf } from '../../engine/core/node.ts';
import { variantsOf } from '../../engine/core/catalogue.ts';
import { variantKey } from '../../engine/core/document.ts';
import { registerJsonBodyParser } from './json-body.ts';
import { createRateLimiter, DEFAULT_LIMITS, type LimitTable } from './limits/limits.ts';
import { helmetOptionsFor, registerSecurityHeaders, securityHeaders } from './security-headers.ts';
import { registerRequestOriginCheck } from './request-origin.ts';
import { createSessions, DEFAULT_SESSION_SETTINGS, type SessionSettings } from './sessions/sessions.ts';
import { isPostalCode, townOf } from './postal-codes.ts';
import { customerAreaRoutes } from './customer/area-routes.ts';
import { customerAuthRoutes } from './customer/auth-routes.ts';
import { prefillRedirectRoutes } from './customer/prefill-routes.ts';
import { DEVELOPMENT_PERSON_KEY_SECRET, personKeys } from './customer/person-keys.ts';
import { notFoundHandler } from './not-found.ts';
import { registerContract } from './contract-routes.ts';
import { registerOpenApi } from './openapi.ts';
import type { FlowContext } from '../flows/server-flow.ts';
import { loadServerFlows, loadServiceFlows, serverFlowNames } from '../flows/server-registry.ts';
import { staffRoutes } from './staff/routes.ts';
import { createStaffGuard } from './staff/sessions.ts';
import { readStaffSettings, type StaffSettings } from './staff/settings.ts';
import { contentRoutes, staffAudit } from './versions/routes.ts';
import { createPublishGate } from './versions/gate.ts';
import { verdictJobs, type VerdictOptions } from './versions/qa-verdicts.ts';
import { versionService } from './versions/service.ts';

export const BODY_LIMIT = 64 * 1024;
/**
 * Issue 24 item 5: a client that sends its headers or its body a byte at a time is cut off
 * (408) instead of holding a connection open for good. Generous for a phone on a bad
 * network (a body is at most BODY_LIMIT), short next to the minutes an idle socket could take.
 */
export const DEFAULT_TIMEOUTS: RequestTimeouts = { headersMs: 10_000, requestMs: 30_000 };

export interface RequestTimeouts {
  /** From the connection's first byte to the end of the request's headers. */
  headersMs: number;
  /** From the start of a request to the last byte of its body (the handler's time is not counted). */
  requestMs: number;
}
const HEALTH_TIMEOUT_MS = 2000;

export interface AppOptions {
  db: Database;
  logger: FastifyBaseLogger;
  /** The products: by default the catalogue and documents of forms/; a test may pass its own folder's. */
  products?: Products | { formsDir: string };
  /** Built pages (Vite's dist/); absent or unbuilt, `/` says the pages are not built yet. */
  staticDir?: string;
  /** Abuse limits per rule and subject (limits/limits.ts); false turns them all off (tests, benchmarks). Default: DEFAULT_LIMITS. */
  limits?: LimitTable | false;
  /** Shorthand for `limits.create.ip`: per-IP limit on creating applications; false turns it off. */
  createRateLimit?: { max: number; timeWindowMs: number } | false;
  /**
   * Behind reverse proxies: how many hops, counted from the right of X-Forwarded-For,
   * are ours (the client address is the one before them); 0 or false, none.
   */
  trustProxy?: number | boolean;
  /** Multiplies the simulated lenders' answer delays when an application is dispatched. */
  lenderDelayScale?: number;
  /** Development helpers (the outbox, expiring codes); never on in production. */
  devTools?: boolean;
  /** Where one-time codes go; with dev tools on and none given, a development outbox. */
  notifier?: Notifier;
  /** The clock of one-time codes, in ms; tests move it. */
  now?: () => number;
  /**
   * Strong identification; absent, the development provider on this server. A promise is
   * awaited only when the identity routes are registered, after every other API route but the
   * catalogue's services (whose signing identifies too), so main.ts registers those while the
   * database opens (the development client secret is in it).
   */
  identity?: IdentitySettings | Promise<IdentitySettings>;
  /** Browser sessions' idle and absolute expiry; absent, the defaults of sessions.ts. */
  sessions?: SessionSettings;
  /**
   * Origins besides our own (and PUBLIC_BASE_URL) whose pages may make state-changing calls
   * under /api (request-origin.ts); exact origins, e.g. the partners embedding the form.
   */
  trustedOrigins?: readonly string[];
  /**
   * Keys the hash of identity codes customers are found by (config.ts `personKeySecret`);
   * absent, the development key. main.ts runs `syncPersonKeys` with the same key before this.
   */
  personKeySecret?: string;
  /** Header and body timeouts (config.ts HEADERS_TIMEOUT_MS, REQUEST_TIMEOUT_MS); absent, DEFAULT_TIMEOUTS. */
  timeouts?: RequestTimeouts;
  /** Publish the API's OpenAPI document (app.swagger(), and GET /api/openapi.json); default: devTools. */
  openapi?: boolean;
  /**
   * A folder of more flow modules (`<dir>/<flow>/server.ts`), found before src/flows' own: a
   * test's fixture flow, served with no change outside that folder and the catalogue.
   */
  flowsDir?: string;
  /** The site banners' file; the forms folder's content/banners.json by default. */
  siteBannersFile?: string;
  /**
   * Partner sites that may frame the pages (EMBED_ORIGINS; issue 28 item 4): they are the CSP's
   * frame-ancestors, and the session cookie becomes one that works in their frame
   * (SameSite=None; Secure; Partitioned). None: no framing but by ourselves.
   */
  embedOrigins?: readonly string[];
  /** The QA verdict of a version sent for approval: its mutation sample and threshold (all mutations, 90 %, by default). */
  qaVerdicts?: VerdictOptions;
  /** How old the live forms, banners and legal pages may be before a request reads them again (another instance may have published); 2 s by default. */
  formsRefreshMs?: number;
  /**
   * Staff login (issue 29 item 7; config.ts `staff`): the staff provider, or the development one;
   * absent, read from process.env, so production without STAFF_OIDC_ISSUER has no staff login.
   */
  staff?: StaffSettings;
  /** Called for each route as it is registered (the fuzz test lists every route with it). */
  onRoute?: (route: { method: string | string[]; url: string }) => void;
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { db } = options;
  // Starts loading the server's render of step 1, needed last (registerPages), while the database
  // opens; a failure to load it fails the start there, where it is awaited.
  if (options.staticDir) loadRenderStep(options.staticDir).catch(() => undefined);
  const products = options.products === undefined ? shippedProducts() : 'formsDir' in options.products ? loadProducts(options.products.formsDir) : options.products;
  // Before anything listens: a catalogue naming a flow with no module stops the start here.
  const flows = await loadServerFlows(products.catalogue, products.groups, { flowsDir: options.flowsDir });
  const services = await loadServiceFlows(products.catalogue, { flowsDir: options.flowsDir });
  const timeouts = options.timeouts ?? DEFAULT_TIMEOUTS;
  const app = Fastify({
    loggerInstance: options.logger,
    bodyLimit: BODY_LIMIT,
    requestTimeout: timeouts.requestMs,
    // Node checks the two timeouts every connectionsCheckingInterval (30 s by default, which would let a slow client keep a connection that long past them).
    http: { headersTimeout: timeouts.headersMs, requestTimeout: timeouts.requestMs, connectionsCheckingInterval: Math.min(1000, Math.max(50, Math.floor(timeouts.headersMs / 4))) },
    // A hop count, never `true`: true would take the left-most address, which the client
    // writes. proxy-addr asks about each address from the socket outwards; the first
    // `hops` of them are our proxies, and the client is the next one.
    trustProxy: trustedHops(options.trustProxy),
    routerOptions: { ignoreTrailingSlash: true },
    frameworkErrors: frameworkErrorHandler,
  });

  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  app.setErrorHandler(errorHandler);
  // The API's addresses answer JSON; any other is a page, in Finnish (not-found.ts).
  app.setNotFoundHandler(notFoundHandler);
  // Issue 26: every /api route gets its schemas from the wire contract (src/contract) as it registers.
  registerContract(app, [...products.groups.keys()]);
  if (options.openapi ?? options.devTools) await registerOpenApi(app, { serve: true });

  const embedOrigins = options.embedOrigins ?? [];
  registerSecurityHeaders(app, securityHeaders(helmetOptionsFor(embedOrigins)));
  // In a partner's frame the session cookie must be one the browser sends there (sessions.ts).
  const sessionSettings: SessionSettings = { ...(options.sessions ?? DEFAULT_SESSION_SETTINGS), crossSite: embedOrigins.length > 0 };
  // Every route's JSON bodies go through one parser and its shape check (issue 24 item 5).
  registerJsonBodyParser(app);
  await app.register(fastifyCookie);
  // Issue 24 item 5: state changes under /api only from our own pages, JSON bodies only.
  const trustedOrigins = new Set(options.trustedOrigins ?? []);
  registerRequestOriginCheck(app, trustedOrigins);

  const limits: LimitTable = options.limits === false ? {} : structuredClone(options.limits ?? DEFAULT_LIMITS);
  if (options.createRateLimit !== undefined) {
    limits.create = {
      ...limits.create,
      ip: options.createRateLimit && { max: options.createRateLimit.max, windowSeconds: Math.ceil(options.createRateLimit.timeWindowMs / 1000) },
    };
  }
  const limiter = createRateLimiter(limits, options.now ?? Date.now);

  app.get('/api/health', async (request, reply) => {
    const started = performance.now();
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        db.query('SELECT 1'),
        new Promise((_resolve, reject) => {
          timer = setTimeout(() => reject(new Error('database health check timed out')), HEALTH_TIMEOUT_MS);
        }),
      ]);
      const latencyMs = Math.round((performance.now() - started) * 10) / 10;
      return reply.header('cache-control', 'no-store').send({ status: 'ok', database: { status: 'ok', kind: db.kind, latencyMs } });
    } catch (error) {
      request.log.warn({ err: error }, 'database health check failed');
      return reply.code(503).header('cache-control', 'no-store').send({ status: 'error', database: { status: 'error', kind: db.kind } });
    } finally {
      clearTimeout(timer);
    }
  });

  app.get<{ Params: { zip: string } }>('/api/postal-codes/:zip', async (request, reply) => {
    const { zip } = request.params;
    if (!isPostalCode(zip)) throw new ApiError(400, 'BAD_REQUEST', 'postalCodeInvalid');
    const town = townOf(zip);
    if (!town) throw new ApiError(404, 'NOT_FOUND', 'postalCodeUnknown');
    return reply.header('cache-control', 'public, max-age=86400').send({ postalCode: zip, town });
  });

  const now = options.now ?? Date.now;
  const sessions = createSessions(db, { now, settings: sessionSettings });
  const notifier = options.notifier ?? (options.devTools ? new DevOutbox() : unconfiguredNotifier);
  const brandDomains = new Map(Object.values(products.catalogue.brands).map((brand) => [brand.id, brand.domain]));
  const keys = personKeys(options.personKeySecret ?? DEVELOPMENT_PERSON_KEY_SECRET);
  // The forms new applications get, published from the database without a deploy (issue 29).
  const forms = startLiveForms(db, products, { refreshMs: options.formsRefreshMs, resolveLive: liveDocuments(db, products, app.log) });
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/')) return;
    try {
      await forms.refresh();
    } catch (error) {
      // The forms known so far keep serving; the next request asks again.
      request.log.warn({ err: error }, 'reading the live forms failed');
    }
  });
  await app.register(releaseModuleRoutes, { products, forms });
  const flowContext: FlowContext = { db, products, forms, sessions, sessionSettings, limiter, personKeys: keys, notifier, now, brandDomains, lenderDelayScale: options.lenderDelayScale };
  // One set of application routes per API prefix of the catalogue, each for its own products, as its flow has them.
  for (const [prefix, group] of products.groups) await flows.of(group[0].flow).registerGroup(app, flowContext, { prefix, products: group });

  await app.register(marketplaceRoutes, { db, products, limiter, flows });
  for (const { flow, products: ofFlow } of flows.loaded) await flow.registerOnce?.(app, flowContext, ofFlow);

  await app.register(marketingBanRoutes, { prefix: '/api/marketing-ban', db, limiter });
  await app.register(handoffRoutes, { db, now, settings: sessionSettings });
  // The banners and legal pages published in the studio (issue 30), read again as the live forms are.
  const content = liveContent(db, { refreshMs: options.formsRefreshMs });
  await app.register(siteBannerRoutes, {
    catalogue: products.catalogue,
    file: options.siteBannersFile ?? bannersFileOf(products.formsDir),
    now,
    published: () => publishedFromDatabase(content, BANNERS_ITEM),
  });
  await app.register(contentPageRoutes, { formsDir: products.formsDir, live: content });
  // Issue 17: the customer login and the customer area.
  await app.register(customerAuthRoutes, { db, products, keys, notifier, limiter, now, sessions: sessionSettings });
  await app.register(customerAreaRoutes, { db, products, flows, limiter, now, sessions: sessionSettings });
  await app.register(prefillRedirectRoutes, { db, products, keys, now, sessions: sessionSettings });
  // Issue 29 item 7: staff login, apart from customers'. Staff routes take `staffGuard.requireStaff(role)` as their preHandler.
  const staffGuard = createStaffGuard(db, { now });
  const staffSettings = options.staff ?? readStaffSettings(process.env, (message) => {
    throw new Error(message);
  });
  await app.register(staffRoutes, { db, settings: staffSettings, guard: staffGuard, limiter, now });
  // Issue 29 item 8: the content versions over HTTP, for staff. A published version serves at once here (republish)
  // and on other instances at their next read of the live forms.
  // A form or section goes live only with a passing QA verdict, made in a child process when it is sent for approval.
  const knownFlows = [...serverFlowNames(), ...(options.flowsDir ? serverFlowNames(options.flowsDir) : [])];
  const verdicts = verdictJobs(db, { formsDir: products.formsDir, log: app.log, options: options.qaVerdicts });
  const versions = versionService({ gate: createPublishGate(db, { formsDir: products.formsDir, knownFlows, verdicts }), audit: staffAudit });
  await app.register(contentRoutes, { db, service: versions, staffGuard, formsDir: products.formsDir, onPublished: async (item) => {
      content.invalidate();
      // The banners and pages are not in any form.
      if (!item.startsWith('content:')) await forms.republish();
    }, onSubmitted: (item, number) => void verdicts.queue(item, number), onSettled: (item, number) => verdicts.cancel(item, number) });
  app.addHook('onClose', async () => verdicts.stop());
  // Versions sent for approval before a restart get their verdict now.
  app.addHook('onReady', async () => {
    verdicts.resume().catch((error: unknown) => app.log.error({ err: error }, 'resuming the QA verdicts failed'));
  });
  if (options.devTools) {
    await app.register(devEmbedRoutes);
    if (notifier instanceof DevOutbox) await app.register(outboxRoutes, { outbox: notifier });
    await app.register(otpDevRoutes, { db, now });
  }

  const identitySettings = (await options.identity) ?? developmentSettings();
  // Our origin as the browser sees it, when a proxy in front does not tell us its scheme or host.
  if (identitySettings.publicBaseUrl) trustedOrigins.add(identitySettings.publicBaseUrl);
  // One provider (and in development one test bank) for identification and for a service's signature.
  const identification = await setUpIdentification(app, { db, settings: identitySettings });
  await app.register(identityRoutes, { db, products, forms, flows, sessions, limiter, identification, lenderDelayScale: options.lenderDelayScale });
  // The customer services of the catalogue (issue 27: the payment-protection insurance), each by its
  // module; after the identity settings, as the insurance's signing identifies the person.
  for (const { service, flow } of services) await flow.registerService(app, { ...flowContext, identification }, service);

  await registerPages(
    app,
    options.staticDir,
    Object.values(products.catalogue.products).map((product) => product.path),
    Object.values(products.catalogue.services).map((service) => service.path),
    {
      catalogue: products.catalogue,
      // As the API's requests: the live pointers read again when older than `formsRefreshMs`.
      live: async () => {
        await forms.refresh().catch((error: unknown) => app.log.warn({ err: error }, 'reading the live forms failed'));
        return Object.fromEntries(products.documentIds.map((id) => [id, products.liveRelease(id)]));
      },
      // Step 1 is rendered with the form the server checks its saves with (src/server/first-paint.ts).
      pageForm: (productId, brandId) => {
        const form = products.formFor(productId, brandId);
        const doc = products.release(form.release)!;
        return { runtime: form.runtime, release: form.release, variantKey: variantKey(doc, variantsOf(products.catalogue, products.product(productId)!, brandId, doc)) };
      },
      onRenderError: (error, page) => app.log.error({ err: error, page }, 'rendering step 1 on the server failed; the page is rendered in the browser'),
    },
  );
  return app;
}

/** Without SMTP and without dev tools a code cannot go anywhere; config.ts stops production from starting so. */
const unconfiguredNotifier: Notifier = {
  send: async () => {
    throw new Error('no notifier configured (SMTP_URL)');
  },
};

function trustedHops(setting: number | boolean | undefined): false | ((address: string, hop: number) => boolean) {
  const hops = setting === true ? 1 : typeof setting === 'number' ? setting : 0;
  return hops > 0 ? (_address, hop) => hop < hops : false;
}
