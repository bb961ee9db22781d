// The built pages, when there are any, on the same port as the API. Until the React
// application is built, `/` explains that instead of answering 404.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { Catalogue } from '../../engine/core/catalogue.ts';
import { listContentPages } from '../../engine/core/node.ts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { RELEASE_MODULES_PATH } from './forms/release-modules.ts';
import { RENDER_DIR, firstPaint, firstPaintPage, loadRenderStep, type PageFormInfo } from './first-paint.ts';
import { BUILT_FORM_CHUNKS_FILE, BUILT_RELEASES_FILE, builtChunksFor, injectFirstPaint, injectLiveForms, inlineStylesheets, linkedStylesheets, pageForm, parseBuiltChunks, parseBuiltReleases, preloadFor } from './live-page.ts';
import { studioTexts } from './messages.ts';
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

const STUDIO_NOT_BUILT_PAGE = `<!doctype html>
<html lang="fi">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${studioTexts.notBuiltTitle}</title>
</head>
<body>
<main>
<h1>${studioTexts.notBuiltTitle}</h1>
<p>${studioTexts.notBuilt}</p>
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

/** What the shell names of the live forms (issue 29): the catalogue (a page's product and brand) and the live releases now. */
export interface ShellForms {
  catalogue: Catalogue;
  live(): Promise<Readonly<Record<string, string>>>;
  /** A product's live form as a brand shows it, which step 1 is rendered with on the server (src/server/first-paint.ts); without it, nothing is. */
  pageForm?(productId: string, brandId: string): PageFormInfo;
  /** Where a render that fails is told. */
  onRenderError?(error: unknown, page: string): void;
}

interface Encoded {
  etag: string;
  text: Buffer;
  br: Buffer;
  gzip: Buffer;
}

/**
 * The shell as sent: index.html with the live releases named (src/server/live-page.ts), made per
 * request since a publish changes it without a deploy. Its validator is the hash of what is sent,
 * never the file's ETag or Last-Modified, which stay the same across a publish and would let a
 * browser keep a shell naming the releases of before (a 304 with old pointers).
 */
async function shellSender(dir: string, forms: ShellForms) {
  const html = readFileSync(join(dir, 'index.html'), 'utf8');
  const readIfThere = (file: string) => (existsSync(join(dir, file)) ? readFileSync(join(dir, file), 'utf8') : undefined);
  const built = parseBuiltReleases(readIfThere(BUILT_RELEASES_FILE));
  const chunks = parseBuiltChunks(readIfThere(BUILT_FORM_CHUNKS_FILE));
  // The page with step 1 rendered carries the sheets inline (live-page.ts inlineStylesheets).
  const sheets = Object.fromEntries(linkedStylesheets(html).flatMap((href) => {
    const text = readIfThere(href.slice(1));
    return text === undefined ? [] : [[href, text]];
  }));
  const paint = firstPaint(forms.pageForm ? await loadRenderStep(dir) : undefined, { onError: (error, page) => forms.onRenderError?.(error, page.path) });
  // A handful of pages (product × brand × live state × rendered step 1): made and compressed once each,
  // found by what makes them, so a request costs a lookup.
  const made = new Map<string, Encoded>();
  const encode = (key: string, page: () => string): Encoded => {
    const known = made.get(key);
    if (known) return known;
    const text = Buffer.from(page());
    const entry = {
      etag: `"${createHash('sha256').update(text).digest('base64url').slice(0, 27)}"`,
      text,
      br: brotliCompressSync(text, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } }),
      gzip: gzipSync(text),
    };
    if (made.size >= 64) made.delete(made.keys().next().value!);
    made.set(key, entry);
    return entry;
  };
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const live = await forms.live();
    const form = pageForm(forms.catalogue, request.url, request.hostname);
    const preload = preloadFor(form, live, built);
    const files = builtChunksFor(form, live, built, chunks);
    const first = forms.pageForm ? firstPaintPage(forms.catalogue, request.url, request.hostname) : undefined;
    const step = first && reply.statusCode === 200 ? paint.render(first, forms.pageForm!(first.product.id, first.brand)) : undefined;
    const key = JSON.stringify([live, preload ?? null, files, step?.key ?? null]);
    const page = encode(key, () => {
      const shell = injectLiveForms(html, live, preload, files);
      return step ? injectFirstPaint(inlineStylesheets(shell, sheets), step.rendered) : shell;
    });
    reply.type('text/html; charset=utf-8').header('cache-control', REVALIDATE).header('vary', 'accept-encoding').header('etag', page.etag);
    if (reply.statusCode === 200 && request.headers['if-none-match'] === page.etag) return reply.code(304).send();
    const accepts = String(request.headers['accept-encoding'] ?? '');
    const encoding = /\bbr\b/.test(accepts) ? 'br' : /\bgzip\b/.test(accepts) ? 'gzip' : undefined;
    if (encoding) reply.header('content-encoding', encoding);
    return reply.send(encoding ? page[encoding] : page.text);
  };
}

/**
 * `productPaths`: the catalogue's page paths (`kulutusluotto`, …). Any other path under
 * /hakemus/ still gets the shell, whose not-found page says so, but with status 404.
 * `servicePaths`: the customer services' pages (`maksuturva`), at `/<path>`.
 * `forms`: the live forms the shell names; without them it is index.html as built.
 */
export async function registerPages(app: FastifyInstance, dir: string | undefined, productPaths: readonly string[], servicePaths: readonly string[] = [], forms?: ShellForms): Promise<void> {
  const CUSTOMER_PAGES = [...ACCOUNT_PAGES, ...servicePaths.map((path) => `/${path}`)];
  const known = new Set(productPaths);
  const statusOf = (url: string) => (known.has(url.split(/[?#]/)[0].split('/')[2] ?? '') ? 200 : 404);
  // Every page, the shell's routes and the static files alike (`/?id=…&token=…` is the
  // static index.html): a token in the URL, in the path or the query, means nothing may keep it.
  // A form release's module (/forms/<hash>/…) is named by its content hash, not a token.
  app.addHook('onSend', async (request, reply) => {
    if (carriesToken(request.url) && !request.url.startsWith(`${RELEASE_MODULES_PATH}/`)) reply.header('cache-control', PRIVATE);
  });
  registerStudioPage(app, dir);
  if (dir && existsSync(join(dir, 'index.html'))) {
    await app.register(fastifyStatic, {
      root: dir,
      // The build writes .br and .gz beside each text asset (src/build/precompress-plugin.ts).
      preCompressed: true,
      // The server's own render of step 1 (ADR 0012) is no page's file.
      allowedPath: (path) => !path.startsWith(`/${RENDER_DIR}/`),
      cacheControl: false,
      setHeaders: (res, file) => {
        res.setHeader('cache-control', cacheControlFor(file));
        res.setHeader('vary', 'accept-encoding');
      },
    });
    const send = forms ? await shellSender(dir, forms) : (_request: FastifyRequest, reply: FastifyReply) => reply.sendFile('index.html');
    const shell = (request: FastifyRequest, reply: FastifyReply) => {
      if (request.url.startsWith('/hakemus/')) reply.code(statusOf(request.url));
      return send(request, reply);
    };
    // The home page is the shell too, so it names the live forms; the file itself stays at /index.html.
    if (forms) app.get('/', shell);
    // The application's own routes are client-side: every /hakemus/... path gets the shell.
    app.get('/hakemus/*', shell);
    // The marketing-ban link of the one-time code modal (/u/{id}/{token}).
    app.get('/u/*', shell);
    // The customer's pages (issue 17): login, logout and the private area.
    for (const path of CUSTOMER_PAGES) app.get(path, shell);
    for (const path of CONTENT_PAGES()) app.get(path, shell);
    return;
  }
  const notBuilt = (_request: unknown, reply: FastifyReply) => reply.type('text/html; charset=utf-8').send(NOT_BUILT_PAGE);
  app.get('/', notBuilt);
  app.get('/hakemus/*', notBuilt);
  app.get('/u/*', notBuilt);
  for (const path of CUSTOMER_PAGES) app.get(path, notBuilt);
  for (const path of CONTENT_PAGES()) app.get(path, notBuilt);
}

/**
 * The form studio (issue 30): its own page of the build (src/app/studio.html → dist/studio.html),
 * at /studio and every client-side route under it. Read at each request (it is small), so a
 * build after the start is served, and a missing or unreadable file is the not-built page, never an error.
 */
function registerStudioPage(app: FastifyInstance, dir: string | undefined): void {
  const studio = async (_request: FastifyRequest, reply: FastifyReply) => {
    let page = STUDIO_NOT_BUILT_PAGE;
    if (dir) {
      try {
        page = await readFile(join(dir, 'studio.html'), 'utf8');
      } catch {
        // Not built (yet): the page says so.
      }
    }
    // Never framed, not even by the partner sites that may frame the applicants' pages: a framed publish button is a clickjacking target.
    return reply.type('text/html; charset=utf-8').header('cache-control', REVALIDATE).headers(STUDIO_HEADERS).send(page);
  };
  app.get('/studio', studio);
  app.get('/studio/*', studio);
}

/** Spec §2: the login and the customer's private pages, all client-side routes; the catalogue's services (/maksuturva) come with them. */
const ACCOUNT_PAGES = ['/login/1', '/login/2', '/logout', '/lainahakemukset', '/haelainaa', '/omattiedot'];

/** The legal pages (issue 25): one per file of forms/content/legal/, at /<file name>. */
const CONTENT_PAGES = () => listContentPages().map((name) => `/${name}`);
