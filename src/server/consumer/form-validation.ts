// The one place the server meets the form engine: if the engine's names shift, only
// this file changes. The server validates with the same document the browser uses.
import { loadFormRuntime } from '../../../engine/core/node.ts';

export type ConsumerVariant = 'kattokorko' | 'yhdistelylaina';

export interface SubmissionResult {
  valid: boolean;
  /** Finnish messages keyed by field id (`list.1.monthlyPayment` for list rows). */
  errors: Array<{ field: string; message: string }>;
  /** Normalised, derived values added, hidden fields pruned: what may be stored. */
  data: Record<string, unknown>;
}

export interface ConsumerForm {
  /** Every top-level field id the document knows. */
  readonly fieldIds: ReadonlySet<string>;
  /** Checks the visible fields of steps 1..uptoStep. */
  validateSubmission(data: Record<string, unknown>, options: { uptoStep: number }): SubmissionResult;
}

/** The consumer document as one variant set sees it. */
export type ConsumerForms = (variants: readonly ConsumerVariant[]) => ConsumerForm;

const forms = new Map<string, ConsumerForm>();

export const consumerForms: ConsumerForms = (variants) => {
  const key = [...variants].sort().join('+');
  let form = forms.get(key);
  if (!form) {
    const runtime = loadFormRuntime('consumer', variants);
    form = {
      fieldIds: new Set(runtime.fieldIds),
      validateSubmission: (data, options) => runtime.validateSubmission(data, options),
    };
    forms.set(key, form);
  }
  return form;
};
