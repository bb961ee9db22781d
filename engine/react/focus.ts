// Moving the applicant around the one-page wizard: to a field (from the error
// summary) or to a step (after continuing, from the summary panel's pencil).
import { fieldDomId, stepDomId, stepHeadingId } from './ids.ts';

const FOCUSABLE = 'input:not([type=hidden]), select, textarea, button';

function scrollBehavior(): ScrollBehavior {
  return typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth';
}

/** The control of a field; a group (radios, rows) gives its first control. */
export function fieldControl(field: string): HTMLElement | null {
  const exact = document.getElementById(fieldDomId(field));
  if (exact && exact.matches(FOCUSABLE)) return exact;
  for (let path = field; path; path = path.includes('.') ? path.slice(0, path.lastIndexOf('.')) : '') {
    const container = document.querySelector<HTMLElement>(`[data-field="${CSS.escape(path)}"]`);
    const control = container?.querySelector<HTMLElement>(FOCUSABLE);
    if (control) return control;
  }
  return null;
}

/** Focuses the field and scrolls so its label or legend is in view, as GOV.UK does. */
export function focusField(field: string): void {
  const control = fieldControl(field);
  if (!control) return;
  control.focus({ preventScroll: true });
  const frame = control.closest('[data-field]');
  const caption = frame?.querySelector('legend, .lv-label') ?? control;
  caption.scrollIntoView({ behavior: scrollBehavior(), block: 'start' });
}

/** Scrolls a step into view and moves focus to its heading. */
export function goToStep(step: number): void {
  const section = document.getElementById(stepDomId(step));
  if (!section) return;
  section.scrollIntoView({ behavior: scrollBehavior(), block: 'start' });
  document.getElementById(stepHeadingId(step))?.focus({ preventScroll: true });
}
