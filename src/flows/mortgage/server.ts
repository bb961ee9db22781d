// The mortgage flow (marketplace §4 "Mortgage flow"): saved step by step like the consumer's,
// the last active step's save carries finalize and submits it; only the primary applicant
// identifies (§4 "Authentication"), which completes it and leaves it to the pre-analysis;
// its status and outcome come from the mortgage status API.
import { markSubmitted } from '../../server/applications/repository.ts';
import { PARTIES } from '../../server/identity/parties.ts';
import { mortgageRoutes } from '../../server/marketplace/mortgage-routes.ts';
import { registerSavedApplication } from '../saved-application.ts';
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

  registerGroup: (app, ctx, group) => registerSavedApplication(app, ctx, group, mortgage),
  // The status API of every mortgage product, whatever its prefix.
  async registerOnce(app, ctx, products) {
    await app.register(mortgageRoutes, { db: ctx.db, products, lenderDelayScale: ctx.lenderDelayScale });
  },
  offersOrder: 'query',
  areaKind: 'MORTGAGE',
};

export default mortgage;
