// Issue 29 item 3: the served page names the live releases in a data block and preloads the
// live release's module when the page's form is another than the build carries. The server's
// names must be the browser's (element id, module address, the variants a page asks for),
// else the page reads nothing or fetches the module twice.
import { describe, expect, it } from 'vitest';
import { readCatalogue } from '../../engine/core/node.ts';
import { BUILT_RELEASES_FILE as PLUGIN_FILE } from '../../engine/build/vite-plugin-forms.ts';
import { BRANDS } from '../../src/app/brands.ts';
import { LIVE_FORMS_ELEMENT as PAGE_ELEMENT, releaseModuleUrl, releasesInPage } from '../../src/app/live-forms.ts';
import { variantsFor } from '../../src/app/products.ts';
import { BUILT_RELEASES_FILE, LIVE_FORMS_ELEMENT, injectLiveForms, pageForm, parseBuiltReleases, preloadFor, releaseModuleHref } from '../../src/server/live-page.ts';

const catalogue = readCatalogue();
const [a, b] = ['a'.repeat(64), 'b'.repeat(64)];
const SHELL = '<!doctype html><html><head><title>x</title></head><body><div id="root"></div></body></html>';

describe('the live forms named in the served page', () => {
  it('puts a data block (and the preload, when there is one) in the head, which the page reads back', () => {
    const page = injectLiveForms(SHELL, { consumer: a, business: b }, releaseModuleHref(b, []));
    const head = page.slice(0, page.indexOf('</head>'));
    const block = /<script type="application\/json" id="([^"]+)">([^<]*)<\/script>/.exec(head);
    expect(block?.[1]).toBe(PAGE_ELEMENT);
    expect(releasesInPage(block?.[2])).toEqual({ consumer: a, business: b });
    expect(head).toContain(`<link rel="modulepreload" href="/forms/${b}/base.js">`);
    expect(injectLiveForms(SHELL, { consumer: a })).not.toContain('modulepreload');
    // The rest of the page is as built.
    expect(page.replace(/<script type="application\/json"[^]*?<\/script>\n<link[^>]*>\n/, '')).toBe(SHELL);
  });

  it('cannot be ended or bent by what it names', () => {
    const page = injectLiveForms(SHELL, { '</script><script>alert(1)</script>': a, x: '<!--\u2028' });
    expect(page.match(/<\/script>/g)).toHaveLength(1);
    expect(page).not.toContain('<!--');
    expect(releasesInPage(/id="lv-live-forms">([^<]*)</.exec(page)?.[1])).toEqual({ '</script><script>alert(1)</script>': a, x: '<!--\u2028' });
  });

  it("preloads only a live release other than the build's, and nothing when the build names none", () => {
    const form = { document: 'business', wanted: [] };
    expect(preloadFor(form, { business: b }, { business: a })).toBe(`/forms/${b}/base.js`);
    expect(preloadFor(form, { business: a }, { business: a })).toBeUndefined();
    expect(preloadFor(form, { business: b }, {})).toBeUndefined();
    expect(preloadFor(undefined, { business: b }, { business: a })).toBeUndefined();
  });

  it("names the product's document and asks for the variants the browser asks for, per brand", () => {
    for (const [path, product] of [
      ['/hakemus/yritysluotto/', 'yritysluotto'],
      ['/hakemus/yhdistelylaina/3/12/AAAAAAAAAAAAAAAAAAAAAAAA?x=1', 'yhdistelylaina'],
      ['/hakemus/kulutusluotto', 'kulutusluotto'],
    ] as const) {
      for (const [host, brand] of [
        ['localhost', BRANDS.lainavertailu],
        ['www.kattokorko.fi', BRANDS.kattokorko],
      ] as const) {
        const form = pageForm(catalogue, path, host);
        expect(form?.document, path).toBe(catalogue.products[product].document);
        expect(releaseModuleHref(a, form!.wanted), `${path} ${host}`).toBe(releaseModuleUrl(a, variantsFor(brand, product)));
      }
    }
    for (const path of ['/hakemus/leasing/', '/login/1', '/', '/hakemusx/kulutusluotto/']) expect(pageForm(catalogue, path, 'localhost'), path).toBeUndefined();
  });

  it("reads the build's releases from the file the build writes", () => {
    expect(BUILT_RELEASES_FILE).toBe(PLUGIN_FILE);
    expect(LIVE_FORMS_ELEMENT).toBe(PAGE_ELEMENT);
    expect(parseBuiltReleases(JSON.stringify({ consumer: a, odd: 3 }))).toEqual({ consumer: a });
    for (const text of [undefined, '', '{', '[]', 'null']) expect(parseBuiltReleases(text)).toEqual({});
  });
});
