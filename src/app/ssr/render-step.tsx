// The server's render of a product's start page (issue 31 goal 1: the first step on a phone is
// read before any JavaScript has run): the same tree the browser hydrates (App.tsx's routes, in
// a static router), with the form the server validates the page's saves with. Built by Vite in
// SSR mode into <pages>/ssr/ (tools/pages-build.mjs); src/server/first-paint.ts calls it. Only a
// new application is rendered: what this tab has stored comes in the browser's render after
// hydration (ssr/hydration.ts).
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import type { FormRuntime } from '../../../engine/core/index.ts';
import { AppRoutes } from '../App.tsx';
import { BRANDS, type BrandId } from '../brands.ts';
import type { FormLoader, LoadedForm } from '../form-source.ts';
import { documentTitle } from '../messages/step.fi.ts';
import { productOfPath } from '../products.ts';
import { fill } from '../text.ts';

export interface StepRender {
  /** What goes inside `<div id="root">`. */
  html: string;
  /** The page's title, as the browser sets it (ProductRoute). */
  title: string;
  brand: BrandId;
  themeColor: string;
}

/**
 * `path`: a product's start path (`/hakemus/kulutusluotto/`), no query; `brand`: the host's
 * brand (catalogue.ts brandForHostName, as the browser reads it); `form`: the live release of
 * the product's document with the brand's variants, as the server checks it.
 */
export function renderStep({ path, brand: brandId, form }: { path: string; brand: BrandId; form: { runtime: FormRuntime; release: string } }): StepRender {
  const brand = BRANDS[brandId];
  const product = productOfPath(path.split('/')[2]);
  if (!brand || product === undefined) throw new Error(`renderStep: no product page at ${path} for ${brandId}`);
  const loaded: LoadedForm = form;
  const load: FormLoader = Object.assign(async () => loaded, { loaded: () => loaded });
  const html = renderToString(
    <StrictMode>
      <StaticRouter location={path}>
        <AppRoutes brand={brand} load={load} />
      </StaticRouter>
    </StrictMode>,
  );
  return { html, title: fill(documentTitle.application, { product: documentTitle.products[product], brand: brand.name }), brand: brand.id, themeColor: brand.themeColor };
}

