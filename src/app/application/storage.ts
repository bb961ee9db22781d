// What survives a reload (docs/adr/0003-renderer.md): the answers and the furthest
// step reached (the path says which step is shown), kept in this tab's sessionStorage (tab-storage.ts), per saved application and as one unsaved
// draft per brand and product. Closing the tab forgets them; resuming elsewhere
// comes with the one-time code flow.
import type { FormData } from '../../../engine/core/index.ts';
import { tabStorage } from '../tab-storage.ts';

export interface StoredApplication {
  id: string;
  token: string;
  data: FormData;
  /** The furthest step reached. */
  step: number;
  /** Steps whose analytics event was already sent. */
  tracked: number[];
}

export interface Draft {
  data: FormData;
  tracked: number[];
  /** The furthest step reached; a prefilled new application (issue 25) starts at its last step. Absent: the first. */
  step?: number;
}

const applicationKey = (id: string) => `lv:application:${id}`;
/** Apart from the answers, which are written at every change: the release is written once, when the application is resumed. */
const releaseKey = (id: string) => `lv:release:${id}`;
const draftKey = (scope: string) => `lv:draft:${scope}`;
/** The unsaved draft's scope: one per brand and product. */
export const draftScopeOf = (brand: { id: string }, product: string) => `${brand.id}:${product}`;

// Writing the answers serialises the whole application, a millisecond or more on a
// slow phone. While the applicant types, the page stores the latest answers once the
// keystroke's frame is painted (storeSoon, issue 13), at most once a frame; leaving the
// page writes at once, and a read, write or removal of the same copy settles it first.
const waiting = new Map<string, unknown>();
let scheduled = false;

function writeWaiting(): void {
  scheduled = false;
  for (const [key, value] of waiting) write(key, value);
}

if (typeof window !== 'undefined') window.addEventListener('pagehide', writeWaiting);

function writeSoon(key: string, value: unknown): void {
  waiting.set(key, value);
  if (scheduled) return;
  scheduled = true;
  const later = () => setTimeout(writeWaiting, 0);
  if (typeof requestAnimationFrame === 'function') requestAnimationFrame(later);
  else later();
}

function read<T>(key: string): T | null {
  if (waiting.has(key)) write(key, waiting.get(key));
  try {
    const raw = tabStorage().getItem(key);
    return raw ? (JSON.parse(raw) as T) : null;
  } catch {
    return null;
  }
}

function write(key: string, value: unknown): void {
  waiting.delete(key);
  try {
    tabStorage().setItem(key, JSON.stringify(value));
  } catch {
    // Storage full or disabled: the application still works, a reload just starts over.
  }
}

export function loadApplication(id: string, token: string): StoredApplication | null {
  const stored = read<StoredApplication>(applicationKey(id));
  return stored && stored.token === token ? stored : null;
}

export const storeApplication = (application: StoredApplication) => write(applicationKey(application.id), application);
/** storeApplication once this frame is painted (the page stores every change of the answers). */
export const storeApplicationSoon = (application: StoredApplication) => writeSoon(applicationKey(application.id), application);

/**
 * The form release a resumed application was started on (issue 29), kept for this tab's copy so
 * a reload renders the same form; null follows the live form.
 */
export const storeRelease = (id: string, token: string, release: string | null) => write(releaseKey(id), { token, release });

/** The release this tab holds for the application; null (follow the live form) when it holds none. */
export function heldRelease(id: string, token: string): string | null {
  const held = read<{ token?: unknown; release?: unknown }>(releaseKey(id));
  return held?.token === token && typeof held.release === 'string' ? held.release : null;
}

/** This tab no longer holds the application: its pages ask for the one-time code again. */
export function forgetApplication(id: string): void {
  waiting.delete(applicationKey(id));
  try {
    tabStorage().removeItem(releaseKey(id));
    tabStorage().removeItem(applicationKey(id));
  } catch {
    // Nothing to forget.
  }
}

export const loadDraft = (scope: string) => read<Draft>(draftKey(scope));
export const storeDraft = (scope: string, draft: Draft) => write(draftKey(scope), draft);
/** storeDraft once this frame is painted. */
export const storeDraftSoon = (scope: string, draft: Draft) => writeSoon(draftKey(scope), draft);

export function clearDraft(scope: string): void {
  waiting.delete(draftKey(scope));
  try {
    tabStorage().removeItem(draftKey(scope));
  } catch {
    // Nothing to clear.
  }
}
