// The built pages, when there are any, on the same port as the API. Until the React
// application is built, `/` explains that instead of answering 404.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import { listContentPages } from '../../engine/core/node.ts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { RELEASE_MODULES_PATH } from './forms/release-modules.ts';
import { HELMET_OPTIONS, securityHeaders } from './security-headers.ts';

const NOT_BUILT_PAGE = `<!doctype html>
<html lang="fi">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Lainavertailu</title>
</head>
<body>
<main>
<h1>Lainavertailu</h1>
<p>Palvelin on käynnissä, mutta sivuja ei ole vielä rakennettu.</p>
<p>Rajapinnan tila: <a href="/api/health">/api/health</a></p>
</main>
</body>
</html>
`;

const csp = HELMET_OPTIONS.contentSecurityPolicy as { useDefaults: boolean; directives: Record<string, Iterable<string> | null> };
const studioSecurity = securityHeaders({ contentSecurityPolicy: { ...csp, directives: { ...csp.directives, frameAncestors: ["'none'"] } }, xFrameOptions: { action: 'deny' } });
/** The studio page's framing headers, over the site-wide ones (which may let partner sites frame a page). */
const STUDIO_HEADERS = { 'content-security-policy': studioSecurity['content-security-policy'], 'x-frame-options': studioSecurity['x-frame-options'] };

/** Vite names built assets by content hash: a changed file is a new URL, so a year is safe. */
const HASHED_ASSET = 'public, max-age=31536000, immutable';
/** The shell and the unhashed files (favicon, pictures) are checked again on every use. */
const REVALIDATE = 'no-cache';
/** A path that carries an application token: nothing may keep the page, not even the browser's cache. */
const PRIVATE = 'no-store';
const TOKEN_SEGMENT = /\/[A-Za-z0-9_-]{20,}(?:\/|$)/;
const TOKEN_VALUE = /^[A-Za-z0-9_-]{20,}$/;

/**
 * Does the URL carry an application token anywhere: a path segment of its shape, a query
 * parameter named for one (`?id=…&token=…`, even empty) or a query value of its shape?
 */
export function carriesToken(url: string): boolean {
  const at = url.indexOf('?');
  const path = at < 0 ? url : url.slice(0, at);
  if (TOKEN_SEGMENT.test(path)) return true;
  if (at < 0) return false;
  for (const [name, value] of new URLSearchParams(url.slice(at + 1))) {
    if (/token/i.test(name) || TOKEN_VALUE.test(value)) return true;
  }
  return false;
}

export function cacheControlFor(file: string): string {
  return /[\\/]assets[\\/]/.test(file) ? HASHED_ASSET : REVALIDATE;
}

/**
 * `productPaths`: the catalogue's page paths (`kulutusluotto`, …). Any other path under
 * /hakemus/ still gets the shell, whose not-found page says so, but with status 404.
 * `servicePaths`: the customer services' pages (`maksuturva`), at `/<path>`.
 */
export async function registerPages(app: FastifyInstance, dir: string | undefined, productPaths: readonly string[], servicePaths: readonly string[] = []): Promise<void> {
  const CUSTOMER_PAGES = [...ACCOUNT_PAGES, ...servicePaths.map((path) => `/${path}`)];
  const known = new Set(productPaths);
  const statusOf = (url: string) => (known.has(url.split(/[?#]/)[0].split('/')[2] ?? '') ? 200 : 404);
  // Every page, the shell's routes and the static files alike (`/?id=…&token=…` is the
  // static index.html): a token in the URL, in the path or the query, means nothing may keep it.
  // A form release's module (/forms/<hash>/…) is named by its content hash, not a token.
  app.addHook('onSend', async (request, reply) => {
    if (carriesToken(request.url) && !request.url.startsWith(`${RELEASE_MODULES_PATH}/`)) reply.header('cache-control', PRIVATE);
  });
  if (dir && existsSync(join(dir, 'index.html'))) {
    await app.register(fastifyStatic, {
      root: dir,
      // The build writes .br and .gz beside each text asset (src/build/precompress-plugin.ts).
      preCompressed: true,
      cacheControl: false,
      setHeaders: (res, file) => {
        res.setHeader('cache-control', cacheControlFor(file));
        res.setHeader('vary', 'accept-encoding');
      },
    });
    const shell = (request: FastifyRequest, reply: FastifyReply) => {
      if (request.url.startsWith('/hakemus/')) reply.code(statusOf(request.url));
      return reply.sendFile('index.html');
    };
    // The application's own routes are client-side: every /hakemus/... path gets the shell.
    app.get('/hakemus/*', shell);
    // The marketing-ban link of the one-time code modal (/u/{id}/{token}).
    app.get('/u/*', shell);
    // The customer's pages (issue 17): login, logout and the private area.
    for (const path of CUSTOMER_PAGES) app.get(path, shell);
    for (const path of CONTENT_PAGES()) app.get(path, shell);
    // The form studio (issue 30): a page of its own, its routes client-side; the staff gate is its API's.
    // Never framed, not even by the partner sites that may frame the applicants' pages: a framed publish button is a clickjacking target.
    if (existsSync(join(dir, 'studio.html'))) for (const path of ['/studio', '/studio/*']) app.get(path, (_request, reply) => reply.headers(STUDIO_HEADERS).sendFile('studio.html'));
    return;
  }
  const notBuilt = (_request: unknown, reply: FastifyReply) => reply.type('text/html; charset=utf-8').send(NOT_BUILT_PAGE);
  app.get('/', notBuilt);
  app.get('/hakemus/*', notBuilt);
  app.get('/u/*', notBuilt);
  for (const path of CUSTOMER_PAGES) app.get(path, notBuilt);
  for (const path of CONTENT_PAGES()) app.get(path, notBuilt);
}

/** Spec §2: the login and the customer's private pages, all client-side routes; the catalogue's services (/maksuturva) come with them. */
const ACCOUNT_PAGES = ['/login/1', '/login/2', '/logout', '/lainahakemukset', '/haelainaa', '/omattiedot'];

/** The legal pages (issue 25): one per file of forms/content/legal/, at /<file name>. */
const CONTENT_PAGES = () => listContentPages().map((name) => `/${name}`);
