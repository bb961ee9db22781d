// The consumer flow (consumer-loan-flow §4; consumer and consolidation loans): saved step by
// step, resumable with a one-time code; the last step leads to identification of every
// applicant, and saving at step 0 (finalize) or the completion call sends it to the lenders,
// whose offers the applicant compares on the one consumer offers list (spec §7).
import { applicationRoutes } from '../../server/applications/routes.ts';
import { prefillLoadRoutes } from '../../server/customer/prefill-routes.ts';
import { ApiError } from '../../server/errors.ts';
import { sendToLenders, unidentifiedParties } from '../../server/identity/completion.ts';
import { requiredParties } from '../../server/identity/parties.ts';
import { otpRoutes } from '../../server/otp/routes.ts';
import type { ServerFlow } from '../server-flow.ts';

/** Spec §7: the consumer offers (consumer and consolidation loans) under this one path. */
export const CONSUMER_OFFERS_URL = '/api/lainavertailu22/offers/:id/:token';

const consumer: ServerFlow = {
  hasStepZero: true,
  finalizesAt: (step) => step === 0,
  finalizeStep: () => 0,
  finalizeCall: true,
  /**
   * Finalizing sends the application to the lenders, which strong identification of every
   * applicant must come before (spec §6). Refused before it, the transaction is undone and the
   * application stays a draft that can still be identified and completed.
   */
  async submit(tx, id, data, options) {
    const missing = await unidentifiedParties(tx, id, data, requiredParties(data));
    if (missing.length > 0) throw new ApiError(409, 'APPLICATION_STATE_MISMATCH', 'identificationRequired', undefined, { parties: missing });
    await sendToLenders(tx, id, { delayScale: options.lenderDelayScale });
  },

  identifies: true,
  readyForIdentification: (application, form) => !application.identified && application.status !== 'finalized' && application.step === form.lastStep,
  parties: requiredParties,
  completesOnIdentification: false,

  async registerGroup(app, ctx, { prefix, products: group }) {
    const productIds = new Set(group.map((product) => product.id));
    await app.register(applicationRoutes, { prefix, db: ctx.db, products: ctx.products, group, sessions: ctx.sessions, limiter: ctx.limiter, personKeys: ctx.personKeys, lenderDelayScale: ctx.lenderDelayScale, flow: consumer });
    await app.register(otpRoutes, { prefix, db: ctx.db, notifier: ctx.notifier, now: ctx.now, sessions: ctx.sessions, limiter: ctx.limiter, products: productIds, brandDomains: ctx.brandDomains });
    // Issue 17: the same saved form without a code, for its own logged-in customer.
    await app.register(prefillLoadRoutes, { prefix, db: ctx.db, sessions: ctx.sessions, limiter: ctx.limiter, now: ctx.now, products: productIds, sessionSettings: ctx.sessionSettings });
  },
  offersPolls: (groups) => [{ url: CONSUMER_OFFERS_URL, products: new Set(groups.flatMap((group) => group.products.map((product) => product.id))) }],
  offersOrder: 'query',
};

export default consumer;
