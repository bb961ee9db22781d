// The content API as the draft editor uses it (src/contract/routes.ts: /api/content/items/…).
// Every answer becomes one of a few outcomes the editor knows how to show; nothing throws.
// An item key (`document:consumer`) is one URL segment.

type Json = Record<string, unknown>;

export interface Holder {
  id: number | string;
  name: string;
}

export interface DraftVersion {
  item: string;
  number: number;
  state: string;
  /** The staff member's id as text. */
  author: string;
  revision: number;
  source: Json;
}

export type LoadOutcome = { kind: 'loaded'; version: DraftVersion } | { kind: 'failed'; status?: number };
export type SaveOutcome =
  | { kind: 'saved'; revision: number }
  /** Someone saved the version after the revision this editor had. */
  | { kind: 'conflict'; revision?: number }
  | { kind: 'leaseHeld'; holder: Holder }
  /** Nobody holds the lease (it lapsed): the editor takes it again and saves. */
  | { kind: 'leaseNotHeld' }
  /** The version is no longer a draft (sent for review from elsewhere). */
  | { kind: 'notDraft' }
  | { kind: 'forbidden' }
  | { kind: 'failed'; status?: number };
export type LeaseOutcome = { kind: 'mine'; expiresAt?: string } | { kind: 'held'; holder: Holder } | { kind: 'failed'; status?: number };

const itemUrl = (item: string) => `/api/content/items/${encodeURIComponent(item)}`;
export const versionUrl = (item: string, number: number) => `${itemUrl(item)}/versions/${number}`;
export const leaseUrl = (item: string) => `${itemUrl(item)}/lease`;

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const body = async (response: Response): Promise<Json> => {
  const parsed: unknown = await response.json().catch(() => null);
  return isObject(parsed) ? parsed : {};
};

async function send(url: string, init?: RequestInit): Promise<Response | null> {
  try {
    return await fetch(url, { cache: 'no-store', ...init });
  } catch {
    return null;
  }
}

/** The holder of a 409 LEASE_HELD: the lease routes answer with the lease, an autosave with the holder. */
const holderOf = (answer: Json): Holder | undefined => {
  const lease = isObject(answer.lease) ? answer.lease : undefined;
  const holder = isObject(answer.holder) ? answer.holder : lease && isObject(lease.holder) ? lease.holder : undefined;
  return holder && typeof holder.name === 'string' ? { id: holder.id as Holder['id'], name: holder.name } : undefined;
};

export async function loadVersion(item: string, number: number): Promise<LoadOutcome> {
  const response = await send(versionUrl(item, number));
  if (!response?.ok) return { kind: 'failed', status: response?.status };
  const answer = await body(response);
  if (!isObject(answer.source)) return { kind: 'failed', status: response.status };
  return {
    kind: 'loaded',
    version: {
      item: String(answer.item ?? item),
      number: Number(answer.number ?? number),
      state: String(answer.state ?? ''),
      author: String(answer.author ?? ''),
      revision: typeof answer.revision === 'number' ? answer.revision : 0,
      source: answer.source,
    },
  };
}

/** `keepalive` when the page is going away, so the last save still reaches the server. */
export async function saveVersion(item: string, number: number, source: Json, revision: number, { note, keepalive = false }: { note?: string; keepalive?: boolean } = {}): Promise<SaveOutcome> {
  const response = await send(versionUrl(item, number), {
    method: 'PUT',
    keepalive,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(note === undefined ? { source, revision } : { source, revision, note }),
  });
  if (!response) return { kind: 'failed' };
  const answer = await body(response);
  if (response.ok) {
    const version = isObject(answer.version) ? answer.version : {};
    return typeof version.revision === 'number' ? { kind: 'saved', revision: version.revision } : { kind: 'saved', revision: revision + 1 };
  }
  if (response.status === 409 && answer.type === 'REVISION_CONFLICT') return { kind: 'conflict', ...(typeof answer.revision === 'number' ? { revision: answer.revision } : {}) };
  if (response.status === 409 && answer.type === 'LEASE_HELD') {
    const holder = holderOf(answer);
    if (holder) return { kind: 'leaseHeld', holder };
  }
  if (response.status === 409 && answer.type === 'LEASE_NOT_HELD') return { kind: 'leaseNotHeld' };
  if (response.status === 409 && answer.type === 'VERSION_STATE_CONFLICT') return { kind: 'notDraft' };
  if (response.status === 403) return { kind: 'forbidden' };
  return { kind: 'failed', status: response.status };
}

/** Takes the item's lease, or renews it when it is already this user's. */
export async function takeLease(item: string): Promise<LeaseOutcome> {
  const response = await send(leaseUrl(item), { method: 'POST' });
  if (!response) return { kind: 'failed' };
  const answer = await body(response);
  if (response.ok) {
    const lease = isObject(answer.lease) ? answer.lease : {};
    return { kind: 'mine', ...(typeof lease.expiresAt === 'string' ? { expiresAt: lease.expiresAt } : {}) };
  }
  const holder = response.status === 409 ? holderOf(answer) : undefined;
  return holder ? { kind: 'held', holder } : { kind: 'failed', status: response.status };
}

/** `keepalive` lets the request outlive the page when it is sent as the page goes away. */
export async function releaseLease(item: string, keepalive = false): Promise<void> {
  await send(leaseUrl(item), { method: 'DELETE', keepalive });
}

/**
 * The live sources of the sections a document includes, for the outline: the items list
 * says which version of `section:<id>` is live. A section that cannot be read is left out
 * (the outline then names the include without its fields).
 */
export async function loadLiveSections(ids: readonly string[]): Promise<Record<string, Json>> {
  if (ids.length === 0) return {};
  const response = await send('/api/content/items');
  if (!response?.ok) return {};
  const answer = await body(response);
  const items = Array.isArray(answer.items) ? answer.items.filter(isObject) : [];
  const out: Record<string, Json> = {};
  await Promise.all(
    ids.map(async (id) => {
      const live = items.find((entry) => entry.item === `section:${id}`)?.live;
      if (typeof live !== 'number') return;
      const loaded = await loadVersion(`section:${id}`, live);
      if (loaded.kind === 'loaded') out[id] = loaded.version.source;
    }),
  );
  return out;
}

/**
 * For a shared section's draft: the live documents that include the section (in the items
 * list's order) and the live sections they include besides it, so the section's rules can
 * be checked in a document as the applicant gets it. Empty when nothing can be read.
 */
export async function loadLiveIncluders(section: string): Promise<{ documents: Json[]; sections: Record<string, Json> }> {
  const response = await send('/api/content/items');
  if (!response?.ok) return { documents: [], sections: {} };
  const answer = await body(response);
  const items = Array.isArray(answer.items) ? answer.items.filter(isObject) : [];
  const loaded = await Promise.all(
    items.map(async (entry) => {
      const item = typeof entry.item === 'string' ? entry.item : '';
      if (!item.startsWith('document:') || typeof entry.live !== 'number') return undefined;
      const version = await loadVersion(item, entry.live);
      return version.kind === 'loaded' ? version.version.source : undefined;
    }),
  );
  const documents = loaded.filter((source): source is Json => isObject(source) && isObject(source.include) && section in source.include);
  const others = [...new Set(documents.flatMap((source) => Object.keys(source.include as Json)))].filter((id) => id !== section);
  return { documents, sections: await loadLiveSections(others) };
}
