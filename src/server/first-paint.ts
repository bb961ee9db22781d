// Step 1 of a product rendered on the server (issue 31 goal 1, docs/adr/0012-first-paint.md):
// a phone shows the form from the HTML, before any JavaScript has run, and the browser hydrates
// it. This module decides which requests get it, keeps each render by what makes it (product,
// form release, brand, variant set), so a request costs a map lookup, and calls the render the
// pages build made (<pages>/ssr/render-step.js). The release rendered is always the live one,
// as the server checks saves with it: a release published after the build is rendered like the
// build's own (its document is the server's, checked when published). Without the render (a
// build without it, or a render that throws) the page is the client-rendered shell, as before.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { brandIdForHost, productByPath, type Catalogue, type CatalogueProduct } from '../../engine/core/catalogue.ts';
import type { FormRuntime } from '../../engine/core/runtime.ts';

/** What the render module exports (src/app/ssr/render-step.tsx). */
export interface StepRender {
  html: string;
  title: string;
  brand: string;
  themeColor: string;
}
type RenderStep = (input: { path: string; brand: string; form: { runtime: FormRuntime; release: string } }) => StepRender;

/** Where the pages build puts the render (tools/pages-build.mjs SSR_DIR, SSR_FILE). */
export const RENDER_DIR = 'ssr';
export const RENDER_MODULE = join(RENDER_DIR, 'render-step.js');

/** A product's start page, which the server renders. */
export interface FirstPaintPage {
  product: CatalogueProduct;
  brand: string;
  /** `/hakemus/<path>/`: the location rendered (the query is the browser's to apply). */
  path: string;
}

/**
 * Query parameters that change the first render and that the browser cannot apply after it: the
 * header's title (`view`), a resume link (`id`, `token`). Others (the landing's answers, `source`,
 * `gclid`, campaign tags) leave it as a new application's and come in after hydration.
 */
const RENDER_CHANGING = ['view', 'id', 'token'];

/**
 * Which requests get step 1 from the server: exactly a product's start path (`/hakemus/<path>/`)
 * on a brand the product is offered on, no `prefill` anywhere, no parameter that changes the first
 * render. Any other page (other steps carry an application this tab holds) is the client's. Pure.
 */
export function firstPaintPage(catalogue: Catalogue, url: string, host: string): FirstPaintPage | undefined {
  if (url.includes('prefill')) return undefined;
  const at = url.search(/[?#]/);
  const path = at < 0 ? url : url.slice(0, at);
  const match = /^\/hakemus\/([^/]+)\/$/.exec(path);
  const product = match ? productByPath(catalogue, match[1]) : undefined;
  if (!product) return undefined;
  const brand = brandIdForHost(catalogue, host);
  if (!product.brands.includes(brand)) return undefined;
  if (at >= 0 && url[at] === '?') {
    const params = new URLSearchParams(url.slice(at + 1).split('#')[0]);
    if (RENDER_CHANGING.some((name) => params.has(name))) return undefined;
  }
  return { product, brand, path };
}

/** The render's key: the page (product), the form release, the brand, the variant set, and the year the footer states. Pure. */
export const firstPaintKey = (page: FirstPaintPage, release: string, variantKey: string, year: number) => [page.product.id, release, page.brand, variantKey, year].join('\0');

/** The form a page is rendered with: the product's live release with the brand's variants. */
export interface PageFormInfo {
  runtime: FormRuntime;
  release: string;
  /** The variant set's key (engine/core/document.ts variantKey). */
  variantKey: string;
}

export interface FirstPaint {
  /** Step 1's HTML for the page and the key it is kept by, or undefined (the shell stays empty and the browser renders). */
  render(page: FirstPaintPage, form: PageFormInfo): { key: string; rendered: StepRender } | undefined;
}

/** Renders kept: products × brands × releases live at once; a publish adds a few. */
const KEPT = 32;

export function firstPaint(renderStep: RenderStep | undefined, { onError, year = () => new Date().getFullYear() }: { onError(error: unknown, page: FirstPaintPage): void; year?: () => number }): FirstPaint {
  const made = new Map<string, StepRender | undefined>();
  return {
    render(page, form) {
      if (!renderStep) return undefined;
      const key = firstPaintKey(page, form.release, form.variantKey, year());
      if (made.has(key)) {
        const known = made.get(key);
        return known && { key, rendered: known };
      }
      let rendered: StepRender | undefined;
      try {
        rendered = renderStep({ path: page.path, brand: page.brand, form: { runtime: form.runtime, release: form.release } });
      } catch (error) {
        // Kept as undefined too: a form that does not render is not tried on every request.
        onError(error, page);
      }
      if (made.size >= KEPT) made.delete(made.keys().next().value!);
      made.set(key, rendered);
      return rendered && { key, rendered };
    },
  };
}

const renders = new Map<string, Promise<RenderStep | undefined>>();

/**
 * The render the pages build made in `dir`, or undefined when it has none (then nothing is
 * rendered on the server); loaded once per folder. The app asks for it as it starts building
 * (app.ts), so that loading React's server renderer and the forms (about 0.1 s) overlaps the
 * database's opening instead of following it (issue 31 goal 5).
 */
export function loadRenderStep(dir: string): Promise<RenderStep | undefined> {
  let render = renders.get(dir);
  if (!render) {
    const file = join(dir, RENDER_MODULE);
    render = existsSync(file) ? import(pathToFileURL(file).href).then((module: { renderStep?: RenderStep }) => module.renderStep) : Promise.resolve(undefined);
    renders.set(dir, render);
  }
  return render;
}
