// What follows an application's last step, per the catalogue's `flow` of its product
// (engine/core/catalogue.ts): when a save may carry `finalize`, when identification may
// start, who must identify, and whether identification alone completes it. The routes
// ask here instead of knowing products.
import type { Flow } from '../../../engine/core/catalogue.ts';
import { PARTIES, requiredParties, type Party } from '../identity/parties.ts';
import type { ApplicationForm } from './products.ts';
import type { StoredApplication } from './repository.ts';

export interface FlowRules {
  /** May a save at `step` (data merged with what is stored) carry `finalize`, and must it? */
  finalizesAt(step: number, data: Record<string, unknown>, form: ApplicationForm): boolean;
  /** Is the application where identification belongs (complete, not sent on)? */
  readyForIdentification(application: StoredApplication, form: ApplicationForm): boolean;
  /** The applicants whose identification the application needs. */
  parties(data: Record<string, unknown>): Party[];
  /** Does the identification callback complete the application once every party is identified? */
  completesOnIdentification: boolean;
  /** Does anyone identify at all? The identification routes know only such products' applications. */
  identifies: boolean;
}

const FLOW_RULES: Record<Flow, FlowRules> = {
  // Consumer-loan-flow §4: the last step leads to identification; saving at step 0
  // (finalize) and the completion call send it to the lenders once every applicant has.
  consumer: {
    finalizesAt: (step) => step === 0,
    readyForIdentification: (application, form) => !application.identified && application.status !== 'finalized' && application.step === form.lastStep,
    parties: requiredParties,
    completesOnIdentification: false,
    identifies: true,
  },
  // Marketplace §4 "Mortgage flow": the last active step's save carries finalize and
  // submits it; only the primary applicant identifies (§4 "Authentication"), which
  // completes it and leaves it to the pre-analysis.
  mortgage: {
    finalizesAt: (step, data, form) => step === form.lastActiveStep(data),
    readyForIdentification: (application) => application.submitted && !application.identified,
    parties: () => [PARTIES[0]],
    completesOnIdentification: true,
    identifies: true,
  },
  // Marketplace §4 "Business flow": created whole in one call and sent on at once; nobody identifies.
  business: {
    finalizesAt: () => false,
    readyForIdentification: () => false,
    parties: () => [],
    completesOnIdentification: false,
    identifies: false,
  },
};

export const flowRules = (flow: Flow): FlowRules => FLOW_RULES[flow];
