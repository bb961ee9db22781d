// The body of a save (spec §3, §7): the form's answers, normalised and pruned by
// the engine, list fields and navigation in `additionalFormData`, and the tracking
// fields. A field the applicant emptied or that no longer applies is sent as null,
// which clears what the server stored before. An answer of a step not reached yet that
// the save's check (the engine's validateSave, the server's too) refuses is not sent:
// the stored one stays, and the applicant meets its message on reaching that step.
import { topLevelField, type FormData, type FormRuntime } from '../../../engine/core/index.ts';
import type { BrandId } from '../brands.ts';
import type { Product } from '../products.ts';
import type { Tracking } from './tracking.ts';

export interface SaveContext {
  step: number;
  brand: BrandId;
  product: Product;
  /** Sent with the first save only; the server keeps what it got then. */
  tracking?: Tracking;
  /** The save that submits the application (the mortgage's last step). */
  finalize?: boolean;
}

export function savePayload(runtime: FormRuntime, data: FormData, context: SaveContext): Record<string, unknown> {
  const prepared = runtime.prepare(data);
  const derived = new Set(Object.keys(runtime.document.rules?.derived ?? {}));
  const notYet = refusedLaterAnswers(runtime, data, context.step);
  const fields: Record<string, unknown> = {};
  const lists: Record<string, unknown> = {};
  const ui = runtime.document.ui ?? {};
  for (const field of runtime.fieldIds) {
    if (derived.has(field) || notYet.has(field)) continue;
    const value = prepared[field];
    // A choice that means "none" may be sent as null (`ui:options.sentAsNull`: the mortgage's guaranteeId '0', spec §3).
    const none = (ui[field]?.['ui:options'] as { sentAsNull?: unknown } | undefined)?.sentAsNull;
    if (Array.isArray(value)) lists[field] = value;
    else fields[field] = value === undefined || (none !== undefined && value === none) ? null : value;
  }
  const hasCoApplicant = prepared.hasCoApplicant === true;
  if (runtime.fieldIds.includes('hasCoApplicant')) fields.hasCoApplicant = hasCoApplicant;
  const additionalFormData: Record<string, unknown> = { step: context.step, hasCoApplicant, ...lists };
  if (typeof prepared.coApplicantSameAddressAsPrimary === 'boolean') additionalFormData.sameAddress = prepared.coApplicantSameAddressAsPrimary;
  return { ...fields, additionalFormData, brand: context.brand, product: context.product, ...(context.tracking ?? {}), ...(context.finalize ? { finalize: 1 } : {}) };
}

/** The fields of steps after `step` whose answers a save at `step` would refuse (a value typed there before stepping back). */
function refusedLaterAnswers(runtime: FormRuntime, data: FormData, step: number): Set<string> {
  const refused = new Set<string>();
  for (const error of runtime.validateSave(data, { uptoStep: step }).errors) {
    const field = topLevelField(error.field);
    if ((runtime.stepOf(field) ?? 0) > step) refused.add(field);
  }
  return refused;
}
