// The verify answer (the saved form, its navigation state, product, brand and form release)
// turned into what the form keeps in the browser. Pure.
import type { FormData, FormRuntime } from '../../../engine/core/index.ts';

const NOT_FORM_DATA = new Set(['additionalFormData', 'product', 'brand', 'formRelease']);
const RELEASE = /^[0-9a-f]{64}$/;

/**
 * `release`: the form release the application was started on, which the server checks it with
 * (issue 29); null for one from before releases, or an answer without one: it follows the live form.
 */
export function savedForm(saved: Record<string, unknown>): { data: FormData; step: number; release: string | null } {
  const release = typeof saved.formRelease === 'string' && RELEASE.test(saved.formRelease) ? saved.formRelease : null;
  const data: FormData = {};
  for (const [key, value] of Object.entries(saved)) if (!NOT_FORM_DATA.has(key)) data[key] = value;
  const navigation = saved.additionalFormData;
  const rawStep = navigation && typeof navigation === 'object' ? (navigation as { step?: unknown }).step : undefined;
  // Spec §4: the saved step, 1 when there is none.
  const step = typeof rawStep === 'number' && Number.isInteger(rawStep) && rawStep >= 0 && rawStep <= 7 ? rawStep : 1;
  return { data, step, release };
}

/**
 * The step a resumed application opens on (spec §4, issue 11). The saved
 * `additionalFormData.step` is the step last saved, and the link names the one after it:
 * the applicant lands on the link's step when every active step before it is complete by
 * the document's own validation of the saved answers, else on the first step that is not
 * complete. A named step that does not apply to the answers (the co-applicant step
 * without a co-applicant) gives the next one that does. Without a named step (a resume
 * link in the query) it is the first step that is not complete; when all are, the last.
 */
export function landingStep(runtime: FormRuntime, data: FormData, requested?: number): number {
  // Only the document's fields: anything else would fail every step's validation.
  const known = new Set(runtime.fieldIds);
  const answers = Object.fromEntries(Object.entries(data).filter(([field]) => known.has(field)));
  const active = runtime.activeSteps(answers).map((step) => step.number);
  for (const step of active) {
    if (requested !== undefined && step >= requested) return step;
    if (!runtime.validate(answers, { uptoStep: step }).valid) return step;
  }
  return active.at(-1) ?? 1;
}

/**
 * `landingStep` once the runtime has every step's validator (a product's comes in parts,
 * engine/core/schema-parts.ts): a part still loading is awaited, never a check that throws.
 * Should the parts fail to load, it lands on the link's step (or the step saved last) unchecked;
 * the application page then asks for them again, and says so if it cannot.
 */
export async function landingStepWhenLoaded(runtime: FormRuntime, data: FormData, requested: number | undefined, savedStep: number): Promise<number> {
  try {
    await runtime.whenSchemaLoaded();
  } catch {
    return Math.max(requested ?? savedStep, 1);
  }
  return landingStep(runtime, data, requested);
}

/** The step the prefill flow lands on: the consumer's last; the mortgage shows its whole form (marketplace spec §4, showWholeForm). */
export const PREFILL_STEP = 7;
/**
 * The mortgage's whole form: its document may not be loaded yet, so this is the highest step a
 * path can name (routes.ts); the page then shows the last step that applies to the answers.
 */
export const WHOLE_FORM_STEP = 9;

/** Applications opened through the prefill flow, so submitting them can be counted (prefill_form_submit); a new prefilled one by its draft's scope until its first save. */
const PREFILLED_KEY = 'lv:prefilled';

export function markPrefilled(id: string): void {
  try {
    const ids = new Set(JSON.parse(sessionStorage.getItem(PREFILLED_KEY) ?? '[]') as string[]);
    ids.add(id);
    sessionStorage.setItem(PREFILLED_KEY, JSON.stringify([...ids]));
  } catch {
    // Only analytics depends on it.
  }
}

export function unmarkPrefilled(id: string): void {
  try {
    const ids = (JSON.parse(sessionStorage.getItem(PREFILLED_KEY) ?? '[]') as string[]).filter((known) => known !== id);
    sessionStorage.setItem(PREFILLED_KEY, JSON.stringify(ids));
  } catch {
    // Only analytics depends on it.
  }
}

export function wasPrefilled(id: string): boolean {
  try {
    return (JSON.parse(sessionStorage.getItem(PREFILLED_KEY) ?? '[]') as string[]).includes(id);
  } catch {
    return false;
  }
}
