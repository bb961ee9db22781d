// The served page names the live form releases (issue 29 item 3): the shell gets a data
// block the browser reads instead of asking GET /api/forms/live (src/app/live-forms.ts), and,
// on a product's pages whose form the server has published since the build, a modulepreload of
// that release's module, so it downloads beside the bundle rather than after it. A data block
// (`type="application/json"`) is not run, so `script-src 'self'` does not block it. Pure.
import { brandIdForHost, productByPath, variantsOf, type Catalogue } from '../../engine/core/catalogue.ts';

/** Where the build writes each variant set's files (engine/build/vite-plugin-forms.ts, the same name). */
export const BUILT_FORM_CHUNKS_FILE = '.vite/form-chunks.json';

/** Where the build writes the release of each form it carries (engine/build/vite-plugin-forms.ts, the same name), beside Vite's manifest. */
export const BUILT_RELEASES_FILE = '.vite/form-releases.json';

/** The element the browser reads (src/app/live-forms.ts LIVE_FORMS_ELEMENT). */
export const LIVE_FORMS_ELEMENT = 'lv-live-forms';

/**
 * The module a page imports for a release and the wanted variants: the browser's `releaseModuleUrl`
 * (src/app/live-forms.ts; a preload under another address would be fetched twice).
 */
export const releaseModuleHref = (release: string, wanted: readonly string[]) => `/forms/${release}/${wanted.length ? [...new Set(wanted)].sort().join('+') : 'base'}.js`;

/**
 * The form a page under /hakemus/<product path>/ loads: the product's document with the variants the
 * browser asks for (src/app/products.ts `variantsFor`: the product's own, then the brand's, which
 * the browser passes on undeclared, having no document yet). Undefined for any other path.
 */
export function pageForm(catalogue: Catalogue, url: string, host: string): { document: string; wanted: string[] } | undefined {
  const [first, second] = url.split(/[?#]/)[0].split('/').slice(1);
  if (first !== 'hakemus') return undefined;
  const product = productByPath(catalogue, second);
  if (!product) return undefined;
  const brandId = brandIdForHost(catalogue, host);
  const brandVariant = catalogue.brands[brandId]?.variant;
  return { document: product.document, wanted: variantsOf(catalogue, product, brandId, { variants: brandVariant === undefined ? {} : { [brandVariant]: [] } }) };
}

/**
 * The module to preload: the live release's, when the page's form is another than the build carries.
 * A build that names no releases (built before they were written) preloads nothing; the page still
 * loads what it needs.
 */
export function preloadFor(form: { document: string; wanted: readonly string[] } | undefined, live: Readonly<Record<string, string>>, built: Readonly<Record<string, string>>): string | undefined {
  if (!form) return undefined;
  const release = live[form.document];
  const carried = built[form.document];
  return release && carried && release !== carried ? releaseModuleHref(release, form.wanted) : undefined;
}

/** JSON safe inside a script element: no `</script>`, `<!--` or line separators can end or bend it. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

const escapeAttribute = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * The build's files of the page's form (its variant set's chunk and what that imports; `chunks` is the
 * build's BUILT_FORM_CHUNKS_FILE), while the live release is the build's: the page imports them at once,
 * and named in the HTML they are asked for as the page arrives (issue 31 goal 1), not once a script has
 * run. The set is the one of the wanted variants its document declares, as the browser finds it
 * (src/app/variant-sets.ts), here from the sets the build made.
 */
export function builtChunksFor(
  form: { document: string; wanted: readonly string[] } | undefined,
  live: Readonly<Record<string, string>>,
  built: Readonly<Record<string, string>>,
  chunks: Readonly<Record<string, readonly string[]>>,
): string[] {
  if (!form || (live[form.document] && live[form.document] !== built[form.document])) return [];
  const prefix = `${form.document}/`;
  const sets = Object.keys(chunks)
    .filter((key) => key.startsWith(prefix))
    .map((key) => ({ key, variants: key.slice(prefix.length) === 'base' ? [] : key.slice(prefix.length).split('+') }));
  const declared = new Set(sets.flatMap((set) => set.variants));
  const names = new Set(form.wanted.filter((name) => declared.has(name)));
  const set = sets.find((candidate) => candidate.variants.length === names.size && candidate.variants.every((name) => names.has(name)));
  return set ? chunks[set.key].map((file) => `/${file}`) : [];
}

/** The build's form files as the build names them (`.vite/form-chunks.json`); empty when absent or not that shape. */
export function parseBuiltChunks(text: string | undefined): Record<string, string[]> {
  if (!text) return {};
  try {
    const value = JSON.parse(text) as unknown;
    if (!value || typeof value !== 'object' || Array.isArray(value)) return {};
    return Object.fromEntries(Object.entries(value).filter((entry): entry is [string, string[]] => Array.isArray(entry[1]) && entry[1].every((file) => typeof file === 'string')));
  } catch {
    return {};
  }
}

/**
 * The shell with the live releases named before `</head>` (at the end of the page when it has none), the
 * live release's module to preload if any, and the build's form files (`crossorigin`, as Vite names the
 * entry's, so the preload and the import are one request).
 */
export function injectLiveForms(html: string, live: Readonly<Record<string, string>>, preload?: string, builtFiles: readonly string[] = []): string {
  const tags = [`<script type="application/json" id="${LIVE_FORMS_ELEMENT}">${scriptJson({ releases: live })}</script>`];
  if (preload) tags.push(`<link rel="modulepreload" href="${escapeAttribute(preload)}">`);
  // The entry's own preloads (Vite's) already name the chunks it shares with the form.
  for (const file of builtFiles) if (!html.includes(`href="${file}"`)) tags.push(`<link rel="modulepreload" crossorigin href="${escapeAttribute(file)}">`);
  const at = html.search(/<\/head>/i);
  const block = tags.join('\n');
  return at < 0 ? `${html}\n${block}\n` : `${html.slice(0, at)}${block}\n${html.slice(at)}`;
}

/** The build's releases as its file has them; empty when the file is absent or not that shape. */
export function parseBuiltReleases(text: string | undefined): Record<string, string> {
  if (!text) return {};
  try {
    const value = JSON.parse(text) as unknown;
    if (!value || typeof value !== 'object' || Array.isArray(value)) return {};
    return Object.fromEntries(Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
  } catch {
    return {};
  }
}

const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * The shell with step 1 rendered into `<div id="root">` (src/server/first-paint.ts), the brand on
 * `<html>` and in the theme colour, and the page's title, as the browser's script would set them.
 */
export function injectFirstPaint(html: string, step: { html: string; title: string; brand: string; themeColor: string }): string {
  return html
    .replace(/<html\b([^>]*)>/i, (_tag, attributes: string) => `<html${attributes} data-brand="${escapeAttribute(step.brand)}">`)
    .replace(/(<meta name="theme-color" content=")[^"]*(")/i, (_tag, before: string, after: string) => `${before}${escapeAttribute(step.themeColor)}${after}`)
    .replace(/<title>[^<]*<\/title>/i, () => `<title>${escapeText(step.title)}</title>`)
    .replace(/<div id="root"><\/div>/, () => `<div id="root">${step.html}</div>`);
}

const STYLESHEET_LINK = /<link\b[^>]*\brel="stylesheet"[^>]*>/gi;
const sheetOf = (tag: string) => /\bhref="(\/[^"]+\.css)"/.exec(tag)?.[1];

/** The stylesheets the shell links from the build (`/assets/…css`), in order. Pure. */
export function linkedStylesheets(html: string): string[] {
  return [...html.matchAll(STYLESHEET_LINK)].map((tag) => sheetOf(tag[0])).filter((href): href is string => href !== undefined);
}

/**
 * The shell with the build's stylesheets in `<style>` in place of their links, for the page the
 * server renders step 1 into (issue 31 goal 1): a linked sheet blocks the first paint until it
 * arrives, and on a slow link it shares the bandwidth with the page's script preloads, so the
 * rendered form sat unpainted for a round trip and more. Inline, it paints as the HTML is parsed.
 * The link stays, `disabled` (neither fetched nor applied): Vite's preload helper finds a chunk's
 * stylesheet by its link, and without one would fetch the sheet again and append it after the
 * others. A sheet `css` lacks, or one naming other files (relative to itself, not to the page),
 * stays linked. CSP allows it: helmet's default `style-src` has 'unsafe-inline'. Pure.
 */
export function inlineStylesheets(html: string, css: Readonly<Record<string, string>>): string {
  return html.replace(STYLESHEET_LINK, (tag) => {
    const href = sheetOf(tag);
    const text = href === undefined ? undefined : css[href];
    if (text === undefined || /url\(|@import/i.test(text)) return tag;
    // `</style` cannot occur in a built sheet; escaped anyway.
    return `<style>${text.replace(/<\/style/gi, '<\\/style')}</style>${tag.replace(/\s*\/?>$/, ' disabled>')}`;
  });
}
