// What the server asks of a flow (issue 26 item 1): the catalogue gives each product a flow
// by name, the registry (server-registry.ts) loads the module `src/flows/<name>/server.ts`,
// and the routes, identification and the customer area ask it instead of comparing names.
// A module is a default export of this shape; a new flow is a folder and a catalogue entry.
import type { FastifyInstance } from 'fastify';
import type { CatalogueProduct, CatalogueService } from '../../engine/core/catalogue.ts';
import type { ApplicationForm, Products } from '../server/applications/products.ts';
import type { StoredApplication } from '../server/applications/repository.ts';
import type { LiveForms } from '../server/forms/live-forms.ts';
import type { PersonKeys } from '../server/customer/person-keys.ts';
import type { Database, Queryable } from '../server/db/index.ts';
import type { Party } from '../server/identity/parties.ts';
import type { Identification } from '../server/identity/services.ts';
import type { RateLimiter } from '../server/limits/limits.ts';
import type { Notifier } from '../server/notify/notifier.ts';
import type { SessionSettings, Sessions } from '../server/sessions/sessions.ts';

/** What buildApp hands every flow's routes: the same services each route plugin took before. */
export interface FlowContext {
  db: Database;
  products: Products;
  /** The live forms, and the release a stored application was started on. */
  forms: LiveForms;
  sessions: Sessions;
  /** Browser sessions' expiry (the prefill routes' cookie). */
  sessionSettings?: SessionSettings;
  limiter: RateLimiter;
  personKeys: PersonKeys;
  notifier: Notifier;
  now: () => number;
  /** Each brand's mail domain (the one-time code's sender). */
  brandDomains: ReadonlyMap<string, string>;
  lenderDelayScale?: number;
}

/**
 * What a customer service gets besides: strong identification (its settings, the provider, the
 * development provider), for a service that has a person identify for its own purpose (the
 * insurance's signature). Services register after identification's settings are known (the
 * products' flows before, so they do not get it).
 */
export interface ServiceContext extends FlowContext {
  identification: Identification;
}

export interface SubmitOptions {
  /** Multiplies the simulated lenders' answer delays when the submission dispatches the application. */
  lenderDelayScale?: number;
}

/** One API prefix of the catalogue and its products; the first is the one a save that names none gets. */
export interface ApiGroup {
  prefix: string;
  products: readonly CatalogueProduct[];
}

/** An offers list the marketplace serves (spec §7): its path, and the products whose applications it shows. */
export interface OffersPoll {
  url: string;
  products: ReadonlySet<string>;
}

export interface ServerFlow {
  // --- the application's last step and its submission -------------------------------
  /** Is step 0 (the consumer's offers list, where finalize happens) a step of this flow? */
  hasStepZero: boolean;
  /** May a save at `step` (data merged with what is stored) carry `finalize`, and must it? */
  finalizesAt(step: number, data: Record<string, unknown>, form: ApplicationForm): boolean;
  /** The step a save carries `finalize` at, for the refusal's text. */
  finalizeStep(data: Record<string, unknown>, form: ApplicationForm): number;
  /** What a finalizing save (and the separate finalize call, if any) does, in its transaction, after the data is stored. */
  submit(tx: Queryable, id: number, data: Record<string, unknown>, options: SubmitOptions): Promise<void>;
  /** Does the flow have the separate `/finalize/:id/:token` call (the consumer's, after identification)? */
  finalizeCall: boolean;

  // --- identification -----------------------------------------------------------------
  /** Does anyone identify at all? The identification routes know only such products' applications. */
  identifies: boolean;
  /** Is the application where identification belongs (complete, not sent on)? */
  readyForIdentification(application: StoredApplication, form: ApplicationForm): boolean;
  /** The applicants whose identification the application needs. */
  parties(data: Record<string, unknown>): Party[];
  /** Does the identification callback complete the application once every party is identified (else the completion call does)? */
  completesOnIdentification: boolean;

  // --- routes -------------------------------------------------------------------------
  /** Registers the application routes of one API prefix of this flow's products. */
  registerGroup(app: FastifyInstance, ctx: FlowContext, group: ApiGroup): Promise<void>;
  /** Registers, once, routes for all of this flow's products (after the marketplace's). */
  registerOnce?(app: FastifyInstance, ctx: FlowContext, products: readonly CatalogueProduct[]): Promise<void>;
  /** The offers polls of this flow's groups, if its applicants compare offers on a page of their own. */
  offersPolls?(groups: readonly ApiGroup[]): OffersPoll[];
  /**
   * How its offers are ordered: `query`, as the client asks; `appliedAmount`, one order
   * (spec §9 business: APR, then closeness to the applied amount), every offer read and paged after.
   */
  offersOrder: 'query' | 'appliedAmount';

  // --- the customer area ----------------------------------------------------------------
  /** Its applications' `applicationType` in the customer area; absent, a consumer loan (or a combination by its variant). */
  areaKind?: 'MORTGAGE' | 'BUSINESS';
}

/**
 * A customer service's module (the catalogue's `services`, e.g. the payment-protection
 * insurance): not an application sent to lenders, so none of the above; it registers the
 * routes of its API prefix and whatever else it serves (its signing, its partner's answer).
 */
export interface ServiceFlow {
  kind: 'service';
  registerService(app: FastifyInstance, ctx: ServiceContext, service: CatalogueService): Promise<void>;
  /**
   * A durable queue of its own the server's dispatch worker polls with the lenders' (the
   * insurer's answers): answers what is due, true when more may be waiting.
   */
  answerDue?(db: Database): Promise<boolean>;
}
