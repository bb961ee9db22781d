// Where the applicant came from, sent with the first save (spec §3). The landing
// page is remembered for the tab, so a reload on a later step still reports the
// page the visit started on.
import type { Tracking } from '../../contract/types.ts';

export type { Tracking };

const LANDING_KEY = 'lv:landing';

interface Landing {
  url: string;
  referrer: string;
  query: string;
}

/** Called once when the page starts, so the first page of the visit is the one remembered. */
export function rememberLanding(): Landing {
  try {
    const stored = sessionStorage.getItem(LANDING_KEY);
    if (stored) return JSON.parse(stored) as Landing;
    const first = { url: location.href, referrer: document.referrer, query: location.search.replace(/^\?/, '') };
    sessionStorage.setItem(LANDING_KEY, JSON.stringify(first));
    return first;
  } catch {
    return { url: location.href, referrer: document.referrer, query: location.search.replace(/^\?/, '') };
  }
}

export function browserName(userAgent: string): string {
  const known: Array<[RegExp, string]> = [
    [/Edg\/(\d+)/, 'Edge'],
    [/OPR\/(\d+)/, 'Opera'],
    [/SamsungBrowser\/(\d+)/, 'Samsung Internet'],
    [/Firefox\/(\d+)/, 'Firefox'],
    [/Chrom(?:e|ium)\/(\d+)/, 'Chrome'],
    [/Version\/(\d+).*Safari/, 'Safari'],
  ];
  for (const [pattern, name] of known) {
    const match = userAgent.match(pattern);
    if (match) return `${name} ${match[1]}`;
  }
  return 'muu';
}

export function deviceType(userAgent: string): string {
  if (/iPad|Tablet/i.test(userAgent)) return 'tablet';
  return /Mobi|Android|iPhone/i.test(userAgent) ? 'mobile' : 'desktop';
}

export function currentTracking(params: { source?: string; gclid?: string }): Tracking {
  const first = rememberLanding();
  return {
    browser: browserName(navigator.userAgent),
    device: deviceType(navigator.userAgent),
    referrer: first.referrer,
    landingUrl: first.url,
    queryString: first.query,
    ...(params.source ? { channelId: params.source } : {}),
    ...(params.gclid ? { gaData: { gclid: params.gclid } } : {}),
  };
}
