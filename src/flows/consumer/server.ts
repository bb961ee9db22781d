// The consumer flow (consumer-loan-flow §4; consumer and consolidation loans): saved step by
// step, resumable with a one-time code; the last step leads to identification of every
// applicant, and saving at step 0 (finalize) or the completion call sends it to the lenders,
// whose offers the applicant compares on the one consumer offers list (spec §7).
import { ApiError } from '../../server/errors.ts';
import { sendToLenders, unidentifiedParties } from '../../server/identity/completion.ts';
import { requiredParties } from '../../server/identity/parties.ts';
import { registerSavedApplication } from '../saved-application.ts';
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

  registerGroup: (app, ctx, group) => registerSavedApplication(app, ctx, group, consumer),
  offersPolls: (groups) => [{ url: CONSUMER_OFFERS_URL, products: new Set(groups.flatMap((group) => group.products.map((product) => product.id))) }],
  offersOrder: 'query',
};

export default consumer;
