// The business flow (marketplace §4 "Business flow"): one form created whole in one call and
// sent to the business financiers at once; nobody identifies, no saves to resume with a code.
// Its offers list is under its own API prefix, in one order (spec §9).
import { businessApplicationRoutes } from '../../server/applications/business-routes.ts';
import type { ServerFlow } from '../server-flow.ts';

const business: ServerFlow = {
  hasStepZero: false,
  // Created and sent in one call: no save carries finalize.
  finalizesAt: () => false,
  finalizeStep: (_data, form) => form.lastStep,
  finalizeCall: false,
  submit: async () => {},

  identifies: false,
  readyForIdentification: () => false,
  parties: () => [],
  completesOnIdentification: false,

  async registerGroup(app, ctx, { prefix, products: group }) {
    await app.register(businessApplicationRoutes, { prefix, db: ctx.db, products: ctx.products, forms: ctx.forms, group, sessions: ctx.sessions, limiter: ctx.limiter, personKeys: ctx.personKeys, lenderDelayScale: ctx.lenderDelayScale, now: ctx.now, flow: business });
  },
  // Spec §7: the business offers under the business API, for its own products only.
  offersPolls: (groups) => groups.map((group) => ({ url: `${group.prefix}/offers/:id/:token`, products: new Set(group.products.map((product) => product.id)) })),
  offersOrder: 'appliedAmount',
  areaKind: 'BUSINESS',
};

export default business;
