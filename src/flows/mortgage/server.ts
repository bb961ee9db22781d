// The mortgage flow (marketplace §4 "Mortgage flow"): saved step by step like the consumer's,
// the last active step's save carries finalize and submits it; only the primary applicant
// identifies (§4 "Authentication"), which completes it and leaves it to the pre-analysis;
// its status and outcome come from the mortgage status API.
import { markSubmitted } from '../../server/applications/repository.ts';
import { applicationRoutes } from '../../server/applications/routes.ts';
import { prefillLoadRoutes } from '../../server/customer/prefill-routes.ts';
import { PARTIES } from '../../server/identity/parties.ts';
import { mortgageRoutes } from '../../server/marketplace/mortgage-routes.ts';
import { otpRoutes } from '../../server/otp/routes.ts';
import type { ServerFlow } from '../server-flow.ts';

const mortgage: ServerFlow = {
  hasStepZero: false,
  finalizesAt: (step, data, form) => step === form.lastActiveStep(data),
  finalizeStep: (data, form) => form.lastActiveStep(data),
  finalizeCall: false,
  submit: async (tx, id) => {
    await markSubmitted(tx, id);
  },

  identifies: true,
  readyForIdentification: (application) => application.submitted && !application.identified,
  parties: () => [PARTIES[0]],
  completesOnIdentification: true,

  async registerGroup(app, ctx, { prefix, products: group }) {
    const productIds = new Set(group.map((product) => product.id));
    await app.register(applicationRoutes, { prefix, db: ctx.db, products: ctx.products, group, sessions: ctx.sessions, limiter: ctx.limiter, personKeys: ctx.personKeys, lenderDelayScale: ctx.lenderDelayScale, flow: mortgage });
    await app.register(otpRoutes, { prefix, db: ctx.db, notifier: ctx.notifier, now: ctx.now, sessions: ctx.sessions, limiter: ctx.limiter, products: productIds, brandDomains: ctx.brandDomains });
    // Issue 17: the same saved form without a code, for its own logged-in customer.
    await app.register(prefillLoadRoutes, { prefix, db: ctx.db, sessions: ctx.sessions, limiter: ctx.limiter, now: ctx.now, products: productIds, sessionSettings: ctx.sessionSettings });
  },
  // The status API of every mortgage product, whatever its prefix.
  async registerOnce(app, ctx, products) {
    await app.register(mortgageRoutes, { db: ctx.db, products, lenderDelayScale: ctx.lenderDelayScale });
  },
  offersOrder: 'query',
  areaKind: 'MORTGAGE',
};

export default mortgage;
