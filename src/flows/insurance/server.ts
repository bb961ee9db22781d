// The payment-protection insurance (issue 27; marketplace spec §2 "Insurance page", §3, §7
// "Insurance"): a customer service of the catalogue, not an application sent to lenders. Its
// routes are the API prefix the catalogue gives it, and its signing at the bank (signing.ts:
// the signature status, the URL to sign at and the bank's return), which identifies the person
// through the server's strong identification (ServiceContext `identification`).
import type { ServiceFlow } from '../server-flow.ts';
import { answerDueInsurance } from './insurer.ts';
import { insuranceRoutes } from './routes.ts';
import { signingRoutes } from './signing.ts';

const insurance: ServiceFlow = {
  kind: 'service',
  async registerService(app, ctx, service) {
    await app.register(insuranceRoutes, { prefix: service.api, db: ctx.db, products: ctx.products, now: ctx.now, sessions: ctx.sessionSettings });
    await app.register(signingRoutes, {
      db: ctx.db,
      products: ctx.products,
      service,
      identification: ctx.identification,
      limiter: ctx.limiter,
      personKeys: ctx.personKeys,
      now: ctx.now,
      sessions: ctx.sessionSettings,
      delayScale: ctx.lenderDelayScale,
    });
  },
  answerDue: (db) => answerDueInsurance(db),
};

export default insurance;
