// The payment-protection insurance (issue 27; marketplace spec §2 "Insurance page", §3, §7
// "Insurance"): a customer service of the catalogue, not an application sent to lenders. Its
// routes are the API prefix the catalogue gives it.
import type { ServiceFlow } from '../server-flow.ts';
import { answerDueInsurance } from './insurer.ts';
import { insuranceRoutes } from './routes.ts';

const insurance: ServiceFlow = {
  kind: 'service',
  async registerService(app, ctx, service) {
    await app.register(insuranceRoutes, { prefix: service.api, db: ctx.db, products: ctx.products, now: ctx.now, sessions: ctx.sessionSettings });
  },
  answerDue: (db) => answerDueInsurance(db),
};

export default insurance;
