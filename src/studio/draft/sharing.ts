// Which forms share a section: the documents its live version shows in (the preview's
// GET /api/content/preview/<item>/<n>/documents, computed on the server from the live
// documents' `include`). null when it cannot be told (no live version, a failed request).

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

export async function loadSharingDocuments(section: string): Promise<string[] | null> {
  try {
    const items = await fetch('/api/content/items', { cache: 'no-store' });
    if (!items.ok) return null;
    const answer: unknown = await items.json();
    const list = isObject(answer) && Array.isArray(answer.items) ? answer.items.filter(isObject) : [];
    const item = `section:${section}`;
    const live = list.find((entry) => entry.item === item)?.live;
    if (typeof live !== 'number') return null;
    const response = await fetch(`/api/content/preview/${encodeURIComponent(item)}/${live}/documents`, { cache: 'no-store' });
    if (!response.ok) return null;
    const found: unknown = await response.json();
    return isObject(found) && Array.isArray(found.documents) ? found.documents.filter((id): id is string => typeof id === 'string') : null;
  } catch {
    return null;
  }
}
