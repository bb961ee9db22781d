// GET /api/site-banners for the page, and the banners this browser has closed. Any failure of the
// call is only logged (marketplace spec §8): the page works without its banners. Dismissals are
// kept in localStorage by banner id; where storage is refused (a partner's frame with storage
// partitioned or blocked) a banner closes for this page view only.
import type { ResponseOf } from '../../contract/types.ts';

export type SiteBanner = ResponseOf<'GET /api/site-banners'>['banners'][number];

const DISMISSED_KEY = 'lv.dismissedBanners';

export async function fetchSiteBanners(page: string): Promise<SiteBanner[]> {
  try {
    const response = await fetch(`/api/site-banners?page=${encodeURIComponent(page)}`, { credentials: 'include', headers: { accept: 'application/json' } });
    if (!response.ok) throw new Error(`site banners answered ${response.status}`);
    const body = (await response.json()) as { banners?: SiteBanner[] };
    return Array.isArray(body.banners) ? body.banners : [];
  } catch (error) {
    console.warn('site banners unavailable', error);
    return [];
  }
}

export function dismissedBanners(): Set<string> {
  try {
    const stored = JSON.parse(localStorage.getItem(DISMISSED_KEY) ?? '[]') as unknown;
    return new Set(Array.isArray(stored) ? stored.filter((id): id is string => typeof id === 'string') : []);
  } catch {
    return new Set();
  }
}

export function rememberDismissed(id: string): void {
  try {
    // The newest 50: ids of banners long gone do not pile up.
    const ids = [...dismissedBanners()].filter((other) => other !== id).slice(-49);
    localStorage.setItem(DISMISSED_KEY, JSON.stringify([...ids, id]));
  } catch {
    // Storage refused: closed for this view only.
  }
}
