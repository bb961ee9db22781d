// What survives a reload (docs/adr/0003-renderer.md): the answers and the furthest
// step reached (the path says which step is shown), kept in this tab's sessionStorage, per saved application and as one unsaved
// draft per brand and product. Closing the tab forgets them; resuming elsewhere
// comes with the one-time code flow.
import type { FormData } from '../../../engine/core/index.ts';

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
}

const applicationKey = (id: string) => `lv:application:${id}`;
const draftKey = (scope: string) => `lv:draft:${scope}`;

function read<T>(key: string): T | null {
  try {
    const raw = sessionStorage.getItem(key);
    return raw ? (JSON.parse(raw) as T) : null;
  } catch {
    return null;
  }
}

function write(key: string, value: unknown): void {
  try {
    sessionStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Storage full or disabled: the application still works, a reload just starts over.
  }
}

export function loadApplication(id: string, token: string): StoredApplication | null {
  const stored = read<StoredApplication>(applicationKey(id));
  return stored && stored.token === token ? stored : null;
}

export const storeApplication = (application: StoredApplication) => write(applicationKey(application.id), application);

/** This tab no longer holds the application: its pages ask for the one-time code again. */
export function forgetApplication(id: string): void {
  try {
    sessionStorage.removeItem(applicationKey(id));
  } catch {
    // Nothing to forget.
  }
}

export const loadDraft = (scope: string) => read<Draft>(draftKey(scope));
export const storeDraft = (scope: string, draft: Draft) => write(draftKey(scope), draft);

export function clearDraft(scope: string): void {
  try {
    sessionStorage.removeItem(draftKey(scope));
  } catch {
    // Nothing to clear.
  }
}
