// The live (published) source of an item, which the editor compares a draft with: only a
// field the draft added may be removed (one the live form has is in the lenders' contract).
// null when the item has no live version; undefined when it could not be read.
import { loadVersion } from './api.ts';

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

export async function loadLiveSource(item: string): Promise<Record<string, unknown> | null | undefined> {
  try {
    const response = await fetch('/api/content/items', { cache: 'no-store' });
    if (!response.ok) return undefined;
    const answer: unknown = await response.json();
    const items = isObject(answer) && Array.isArray(answer.items) ? answer.items.filter(isObject) : [];
    const live = items.find((entry) => entry.item === item)?.live;
    if (typeof live !== 'number') return null;
    const loaded = await loadVersion(item, live);
    return loaded.kind === 'loaded' ? loaded.version.source : undefined;
  } catch {
    return undefined;
  }
}
