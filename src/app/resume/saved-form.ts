// The verify answer (the saved form, its navigation state, product and brand) turned
// into what the form keeps in the browser. Pure.
import type { FormData } from '../../../engine/core/index.ts';

const NOT_FORM_DATA = new Set(['additionalFormData', 'product', 'brand']);

export function savedForm(saved: Record<string, unknown>): { data: FormData; step: number } {
  const data: FormData = {};
  for (const [key, value] of Object.entries(saved)) if (!NOT_FORM_DATA.has(key)) data[key] = value;
  const navigation = saved.additionalFormData;
  const rawStep = navigation && typeof navigation === 'object' ? (navigation as { step?: unknown }).step : undefined;
  // Spec §4: the saved step, 1 when there is none.
  const step = typeof rawStep === 'number' && Number.isInteger(rawStep) && rawStep >= 0 && rawStep <= 7 ? rawStep : 1;
  return { data, step };
}

/** Applications opened through the prefill flow, so submitting them can be counted (prefill_form_submit). */
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

export function wasPrefilled(id: string): boolean {
  try {
    return (JSON.parse(sessionStorage.getItem(PREFILLED_KEY) ?? '[]') as string[]).includes(id);
  } catch {
    return false;
  }
}
