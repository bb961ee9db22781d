// A published form release's document and validator as an ES module (issue 29 item 3):
// `GET /forms/<release>/<wanted variants, or base>.js`, made here from the stored release (AJV's standalone
// code, no eval: the strict CSP holds) and immutable, since a release never changes. The pages
// load the live release's module, and a resumed application its own.
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { generateReleaseModule } from '../../../engine/core/compile.ts';
import { resolveVariants, variantKey, variantNames } from '../../../engine/core/document.ts';
import type { Products } from '../applications/products.ts';
import { ApiError } from '../errors.ts';
import type { LiveForms } from './live-forms.ts';

export const RELEASE_MODULES_PATH = '/forms';
export const LIVE_RELEASES_PATH = '/api/forms/live';
const HASH = /^[0-9a-f]{64}$/;
const VARIANT_KEY = /^[a-z0-9-]+(?:\+[a-z0-9-]+)*$/;
/** Modules kept made; each is about 0.3 MB, a tenth of that compressed. */
const KEPT = 48;

interface Made {
  text: Buffer;
  br: Buffer;
  gzip: Buffer;
}

/** The module's address: what a page names and preloads. */
export const releaseModulePath = (release: string, key: string) => `${RELEASE_MODULES_PATH}/${release}/${key}.js`;

export async function releaseModuleRoutes(app: FastifyInstance, { products, forms }: { products: Products; forms: LiveForms }): Promise<void> {
  const made = new Map<string, Made>();

  /** The module for the wanted variants; those the release's document does not declare do not apply (as for a brand's variant, engine/core/catalogue.ts). */
  function make(release: string, key: string): Made | undefined {
    const doc = products.release(release);
    if (!doc) return undefined;
    const declared = variantNames(doc);
    const variants = key === 'base' ? [] : key.split('+').filter((name) => declared.includes(name));
    const cacheKey = `${release}/${variantKey(doc, variants)}`;
    const known = made.get(cacheKey);
    if (known) return known;
    const text = Buffer.from(generateReleaseModule(resolveVariants(doc, variants)));
    const entry = { text, br: brotliCompressSync(text, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } }), gzip: gzipSync(text) };
    if (made.size >= KEPT) made.delete(made.keys().next().value!);
    made.set(cacheKey, entry);
    return entry;
  }

  // Which release of each form new applications get now: a page whose build carries another
  // loads the live one's module (src/app/live-forms.ts). Fresh for a few seconds, as the server's own view.
  app.get(LIVE_RELEASES_PATH, async (_request, reply) => {
    void reply.header('cache-control', 'no-cache');
    return { releases: Object.fromEntries(products.documentIds.map((id) => [id, products.liveRelease(id)])) };
  });

  app.get<{ Params: { release: string; module: string } }>(`${RELEASE_MODULES_PATH}/:release/:module`, async (request, reply) => {
    const { release, module } = request.params;
    const key = module.endsWith('.js') ? module.slice(0, -'.js'.length) : '';
    if (!HASH.test(release) || !VARIANT_KEY.test(key)) throw new ApiError(404, 'NOT_FOUND', 'formReleaseUnknown');
    await forms.ensure(release).catch(() => {
      // An unknown hash is simply not there; a database error is the health check's to report.
    });
    const entry = make(release, key);
    if (!entry) throw new ApiError(404, 'NOT_FOUND', 'formReleaseUnknown');
    const accepts = String(request.headers['accept-encoding'] ?? '');
    const encoding = /\bbr\b/.test(accepts) ? 'br' : /\bgzip\b/.test(accepts) ? 'gzip' : undefined;
    reply
      .type('text/javascript; charset=utf-8')
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('vary', 'accept-encoding');
    if (encoding) reply.header('content-encoding', encoding);
    return reply.send(encoding ? entry[encoding] : entry.text);
  });
}
