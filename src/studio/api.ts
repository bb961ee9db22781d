// The studio's calls to the content API (src/server/versions/routes.ts) and the staff routes.
// A refusal becomes a StudioApiError carrying the server's own Finnish message, which the
// page shows as it is: the server decides what a member may do, the studio only asks.
import type { VersionAction, VersionState } from '../../engine/core/version-states.ts';

export interface StaffMe {
  id: number | string;
  name: string;
  roles: string[];
}

export interface Lease {
  holder: { id: number | string; name: string };
  expiresAt: string;
}

export interface ItemOverview {
  item: string;
  live: number | null;
  drafts: Array<{ number: number; state: 'draft' | 'review'; author: string }>;
  authors: string[];
  /** From the autosave/lease routes (issue 30); absent on a server without them. */
  lease?: Lease | null;
}

export interface ItemsAnswer {
  items: ItemOverview[];
  staffNames: Record<string, string>;
}

export interface VersionSummary {
  item: string;
  number: number;
  hash: string;
  author: string;
  createdAt: string;
  note: string;
  state: VersionState;
  stateChangedAt: string | null;
  stateChangedBy: string | null;
  comment: string | null;
  basedOn: number | null;
  liveAt: string | null;
  /** The draft's autosave revision (issue 30), when the server has it. */
  revision?: number;
}

export interface VersionsAnswer {
  item: string;
  versions: VersionSummary[];
  staffNames: Record<string, string>;
}

export interface VersionDetail extends VersionSummary {
  source: Record<string, unknown>;
  verdict: unknown;
}

export interface DiffAnswer {
  item: string;
  from: number;
  to: number;
  lines: string[];
  changes: unknown[];
  documents?: string[];
}

export class StudioApiError extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    message: string,
    readonly findings: unknown[] = [],
  ) {
    super(message);
  }
}

/** One path segment for an item key: `document:consumer` → `document%3Aconsumer`. */
export const itemSegment = (item: string) => encodeURIComponent(item);
const versionsPath = (item: string) => `/api/content/items/${itemSegment(item)}/versions`;

async function call<T>(path: string, init: { method?: string; body?: unknown; signal?: AbortSignal } = {}): Promise<T> {
  const response = await fetch(path, {
    method: init.method ?? 'GET',
    credentials: 'same-origin',
    headers: init.body === undefined ? { accept: 'application/json' } : { accept: 'application/json', 'content-type': 'application/json' },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
    signal: init.signal,
  });
  const text = await response.text();
  let json: unknown = undefined;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    // A proxy's HTML error page: the status says enough.
  }
  if (!response.ok) {
    const body = (json ?? {}) as { type?: string; message?: string; findings?: unknown[] };
    throw new StudioApiError(response.status, body.type ?? 'HTTP_ERROR', body.message ?? `HTTP ${response.status}`, body.findings ?? []);
  }
  return json as T;
}

export const studioApi = {
  me: (signal?: AbortSignal) => call<StaffMe>('/api/staff/me', { signal }),
  logout: () => call<{ loggedOut: boolean }>('/api/staff/logout', { method: 'POST', body: {} }),
  items: (signal?: AbortSignal) => call<ItemsAnswer>('/api/content/items', { signal }),
  versions: (item: string, signal?: AbortSignal) => call<VersionsAnswer>(versionsPath(item), { signal }),
  version: (item: string, number: number, signal?: AbortSignal) => call<VersionDetail>(`${versionsPath(item)}/${number}`, { signal }),
  createDraft: (item: string, source: unknown, note: string) => call<{ version: VersionSummary }>(versionsPath(item), { method: 'POST', body: { source, note } }),
  act: (item: string, number: number, action: VersionAction, comment?: string) =>
    call<{ version: VersionSummary }>(`${versionsPath(item)}/${number}/${action}`, { method: 'POST', body: comment === undefined ? {} : { comment } }),
  diff: (item: string, from: number, to: number, signal?: AbortSignal) =>
    call<DiffAnswer>(`/api/content/items/${itemSegment(item)}/diff?from=${from}&to=${to}`, { signal }),
};

/** Where the staff login starts (the server redirects to the staff provider and back to /studio). */
export const STAFF_LOGIN_PATH = '/api/staff/login';
