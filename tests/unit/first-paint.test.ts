// Issue 31 goal 1 (docs/adr/0012-first-paint.md): which requests get step 1 rendered on the
// server, what a render is kept by, and how the served page names the form's files and carries
// the render. A wrong answer here hydrates a page with another form than the server rendered, or
// renders on every request.
import { describe, expect, it, vi } from 'vitest';
import { readCatalogue } from '../../engine/core/node.ts';
import type { FormRuntime } from '../../engine/core/runtime.ts';
import { firstPaint, firstPaintKey, firstPaintPage } from '../../src/server/first-paint.ts';
import { builtChunksFor, injectFirstPaint, injectLiveForms, inlineStylesheets, linkedStylesheets, parseBuiltChunks } from '../../src/server/live-page.ts';

const catalogue = readCatalogue();
const [a, b] = ['a'.repeat(64), 'b'.repeat(64)];

describe('which requests get step 1 from the server', () => {
  it("renders exactly a product's start path, on each brand the product is offered on", () => {
    expect(firstPaintPage(catalogue, '/hakemus/kulutusluotto/', 'localhost')).toMatchObject({ product: { id: 'kulutusluotto' }, brand: 'lainavertailu', path: '/hakemus/kulutusluotto/' });
    expect(firstPaintPage(catalogue, '/hakemus/kulutusluotto/', 'www.kattokorko.fi')?.brand).toBe('kattokorko');
    expect(firstPaintPage(catalogue, '/hakemus/yritysluotto/', 'localhost')?.product.id).toBe('yritysluotto');
  });

  it('leaves a landing\'s answers and campaign tags to the browser, and renders the path alone', () => {
    expect(firstPaintPage(catalogue, '/hakemus/kulutusluotto/?amount=5000&tenor=3&utm_source=x&gclid=1', 'localhost')?.path).toBe('/hakemus/kulutusluotto/');
  });

  it('renders no other page: later steps, result pages, prefill, a resume link, a header view, the home page, unknown products', () => {
    for (const url of [
      '/',
      '/hakemus/kulutusluotto',
      '/hakemus/kulutusluotto/2/12/AAAAAAAAAAAAAAAAAAAAAAAA',
      '/hakemus/kulutusluotto/authentication/12/AAAAAAAAAAAA',
      '/hakemus/kulutusluotto/prefill',
      '/hakemus/kulutusluotto/?prefill=1',
      '/hakemus/kulutusluotto/?id=12&token=AAAAAAAAAAAAAAAAAAAA',
      '/hakemus/kulutusluotto/?view=asiakaspalvelu',
      '/hakemus/leasing/',
      '/login/1',
    ])
      expect(firstPaintPage(catalogue, url, 'localhost'), url).toBeUndefined();
  });
});

describe('the renders kept', () => {
  const page = firstPaintPage(catalogue, '/hakemus/kulutusluotto/', 'localhost')!;
  const runtime = {} as FormRuntime;
  const step = { html: '<div>step 1</div>', title: 't', brand: 'lainavertailu', themeColor: '#000' };

  it('are kept by product, release, brand, variant set and year', () => {
    const key = firstPaintKey(page, a, 'base', 2026);
    const other = firstPaintPage(catalogue, '/hakemus/kulutusluotto/', 'kattokorko.localhost')!;
    const yhdistely = firstPaintPage(catalogue, '/hakemus/yhdistelylaina/', 'localhost')!;
    expect(new Set([key, firstPaintKey(page, b, 'base', 2026), firstPaintKey(other, a, 'base', 2026), firstPaintKey(page, a, 'kattokorko', 2026), firstPaintKey(yhdistely, a, 'base', 2026), firstPaintKey(page, a, 'base', 2027)]).size).toBe(6);
    expect(firstPaintKey(firstPaintPage(catalogue, '/hakemus/kulutusluotto/?amount=5000', 'localhost')!, a, 'base', 2026)).toBe(key);
  });

  it('renders once per key, and a render that throws is the client-rendered shell, not retried', () => {
    const render = vi.fn(() => step);
    const onError = vi.fn();
    const paint = firstPaint(render, { onError, year: () => 2026 });
    const form = { runtime, release: a, variantKey: 'base' };
    expect(paint.render(page, form)?.rendered).toBe(step);
    expect(paint.render(page, form)?.rendered).toBe(step);
    expect(render).toHaveBeenCalledTimes(1);
    expect(render).toHaveBeenCalledWith({ path: '/hakemus/kulutusluotto/', brand: 'lainavertailu', form: { runtime, release: a } });
    paint.render(page, { ...form, release: b });
    expect(render).toHaveBeenCalledTimes(2);

    const failing = vi.fn((): typeof step => {
      throw new Error('no');
    });
    const broken = firstPaint(failing, { onError, year: () => 2026 });
    expect(broken.render(page, form)).toBeUndefined();
    expect(broken.render(page, form)).toBeUndefined();
    expect(failing).toHaveBeenCalledTimes(1);
    expect(onError).toHaveBeenCalledTimes(1);
    expect(firstPaint(undefined, { onError }).render(page, form)).toBeUndefined();
  });
});

describe('the served page', () => {
  const SHELL = '<!doctype html><html lang="fi"><head><meta name="theme-color" content="#0f3a63" /><title>Lainahakemus</title><link rel="modulepreload" crossorigin href="/assets/shared.js"></head><body><div id="root"></div></body></html>';
  const chunks = parseBuiltChunks(JSON.stringify({ 'consumer/base': ['assets/base-1.js', 'assets/shared.js'], 'consumer/kattokorko': ['assets/kattokorko-1.js'], 'consumer/kattokorko+yhdistelylaina': ['assets/ky-1.js'], 'consumer/yhdistelylaina': ['assets/y-1.js'] }));

  it("names the variant set's files the browser will import, while the live release is the build's", () => {
    const form = { document: 'consumer', wanted: ['kattokorko'] };
    expect(builtChunksFor(form, { consumer: a }, { consumer: a }, chunks)).toEqual(['/assets/kattokorko-1.js']);
    expect(builtChunksFor({ document: 'consumer', wanted: ['yhdistelylaina', 'kattokorko'] }, { consumer: a }, { consumer: a }, chunks)).toEqual(['/assets/ky-1.js']);
    // A variant the document does not declare is not asked for (a brand's own, on another document).
    expect(builtChunksFor({ document: 'consumer', wanted: ['other'] }, { consumer: a }, { consumer: a }, chunks)).toEqual(['/assets/base-1.js', '/assets/shared.js']);
    // A published release comes from its module (ADR 0011), not the build's files.
    expect(builtChunksFor(form, { consumer: b }, { consumer: a }, chunks)).toEqual([]);
    expect(builtChunksFor(undefined, { consumer: a }, { consumer: a }, chunks)).toEqual([]);
    const page = injectLiveForms(SHELL, { consumer: a }, undefined, ['/assets/base-1.js', '/assets/shared.js']);
    expect(page.match(/href="\/assets\/shared.js"/g)).toHaveLength(1);
    expect(page).toContain('<link rel="modulepreload" crossorigin href="/assets/base-1.js">');
    expect(parseBuiltChunks('not json')).toEqual({});
  });

  it('carries step 1 in the root, with the brand, its colour and the title the script would set', () => {
    const page = injectFirstPaint(SHELL, { html: '<main>$& step</main>', title: 'Kulutusluotto & <b>', brand: 'kattokorko', themeColor: '#0b5752' });
    expect(page).toContain('<html lang="fi" data-brand="kattokorko">');
    expect(page).toContain('<meta name="theme-color" content="#0b5752" />');
    expect(page).toContain('<title>Kulutusluotto &amp; &lt;b&gt;</title>');
    expect(page).toContain('<div id="root"><main>$& step</main></div>');
  });

  it("carries the build's sheets inline, each link kept disabled, and leaves linked a sheet it lacks or one naming other files", () => {
    const shell =
      '<head><link rel="stylesheet" crossorigin href="/assets/react-1.css"><link rel="stylesheet" crossorigin href="/assets/index-1.css"><link rel="stylesheet" href="/assets/fonts-1.css"><link rel="icon" href="/favicon.svg" /></head>';
    expect(linkedStylesheets(shell)).toEqual(['/assets/react-1.css', '/assets/index-1.css', '/assets/fonts-1.css']);
    const page = inlineStylesheets(shell, { '/assets/react-1.css': '.a{color:red}</style>', '/assets/fonts-1.css': '@font-face{src:url(f.woff2)}' });
    expect(page).toContain('<style>.a{color:red}<\\/style></style><link rel="stylesheet" crossorigin href="/assets/react-1.css" disabled>');
    expect(page).toContain('<link rel="stylesheet" crossorigin href="/assets/index-1.css">');
    expect(page).toContain('<link rel="stylesheet" href="/assets/fonts-1.css">');
    expect(page).toContain('<link rel="icon" href="/favicon.svg" />');
    expect(page.match(/<style>/g)).toHaveLength(1);
  });
});
