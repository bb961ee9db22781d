// Issue 24 item 5: a state change under /api answers only our own pages. The session cookie
// is SameSite=Strict, but that alone let a sibling subdomain (same site, another origin) and
// old browsers through, and bodyless calls took form-encoded bodies, which any page can post
// without asking. So every unsafe request under /api passes one check, before anything is
// parsed or stored:
// - the browser's Fetch Metadata, when it sends it (`Sec-Fetch-Site`, which no page can
//   set): `same-origin` and `none` (typed or bookmarked) pass; `same-site` and `cross-site`
//   pass only with an `Origin` among the trusted ones (the partner embedding will list its
//   partners there);
// - without it, the `Origin` header, when sent: our own origin (the request's, or
//   PUBLIC_BASE_URL behind a proxy that does not say the scheme) or a trusted one;
// - neither header (no browser, or one too old for either): passes; such a client is not
//   a victim's browser being steered by another page.
// A request with a content type says JSON (`application/json`): a body of any other type,
// which an HTML form or a "simple" fetch can send cross-site, is 415. No /api route takes
// another type (the bank's callback is a GET, the test bank lives under /dev-idp).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from './errors.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const API = /^\/api(?:\/|$|\?)/;
const JSON_TYPE = /^application\/json\s*(?:;|$)/i;

export type OriginVerdict = 'allowed' | 'crossSite' | 'notJson';

/** What the check says of one request: pure, so the rule reads (and is tested) apart from Fastify. */
export function judgeRequest(
  request: { method: string; url: string; headers: Record<string, string | string[] | undefined>; ownOrigin: string },
  trusted: ReadonlySet<string>,
): OriginVerdict {
  if (SAFE_METHODS.has(request.method.toUpperCase()) || !API.test(request.url)) return 'allowed';
  const origin = single(request.headers.origin);
  const site = single(request.headers['sec-fetch-site'])?.toLowerCase();
  const trustedOrigin = origin !== undefined && trusted.has(origin);
  if (site !== undefined) {
    if (site !== 'same-origin' && site !== 'none' && !trustedOrigin) return 'crossSite';
  } else if (origin !== undefined && origin !== request.ownOrigin && !trustedOrigin) {
    return 'crossSite';
  }
  const type = single(request.headers['content-type']);
  if (type !== undefined && !JSON_TYPE.test(type)) return 'notJson';
  return 'allowed';
}

/**
 * Registers the check on every request of `app` (an onRequest hook: nothing is read before it).
 * `trusted`: origins besides our own whose pages may change state (`https://partner.example`),
 * exact origins only: PUBLIC_BASE_URL and, later, the partners that embed the form. Read at
 * each request, so buildApp may add PUBLIC_BASE_URL once the identity settings are known.
 */
export function registerRequestOriginCheck(app: FastifyInstance, trusted: ReadonlySet<string>): void {
  app.addHook('onRequest', async (request) => {
    const verdict = judgeRequest({ method: request.method, url: request.url, headers: request.headers, ownOrigin: ownOrigin(request) }, trusted);
    if (verdict === 'crossSite') {
      // Names no value: an Origin header is whatever the other page's address was.
      request.log.warn({ secFetchSite: single(request.headers['sec-fetch-site']) }, 'cross-site state change refused');
      throw new ApiError(403, 'CROSS_SITE_REQUEST', 'crossSiteRequest');
    }
    if (verdict === 'notJson') throw new ApiError(415, 'UNSUPPORTED_CONTENT_TYPE', 'unsupportedContentType');
  });
}

/** The origin the request was made to, as the browser wrote it (behind trusted proxies: their X-Forwarded-Proto and -Host). */
const ownOrigin = (request: FastifyRequest) => `${request.protocol}://${request.host}`;

const single = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);
