// The browser's flow modules (issue 26 item 1): every flow the catalogue names has one in
// src/flows/<flow>/app.tsx, a product whose flow has none says so in Finnish instead of a
// blank page, and the pages in src/app branch on no flow's name.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { brandForHost } from '../../src/app/brands.ts';
import { catalogue } from '../../src/app/catalogue.ts';
import { pages } from '../../src/app/messages/index.ts';
import { ProductRoute } from '../../src/app/pages/ProductRoute.tsx';
import { parseApplicationPath } from '../../src/app/routes.ts';
import { appFlowNamed, appFlowNames } from '../../src/flows/app-registry.ts';

const root = join(import.meta.dirname, '../..');
const brand = brandForHost('localhost');

/** ProductRoute at a path, as the server would first render it (no effects run). */
function render(path: string): string {
  const load = vi.fn(() => new Promise<never>(() => {}));
  return renderToString(
    createElement(MemoryRouter, { initialEntries: [path] }, createElement(Routes, null, createElement(Route, { path: '/hakemus/:product/*', element: createElement(ProductRoute, { brand, load }) }))),
  );
}

const restore: Array<() => void> = [];
afterEach(() => {
  while (restore.length > 0) restore.pop()!();
  vi.restoreAllMocks();
});

/** The catalogue as a deployment might have it: the product's flow renamed. */
function withFlow(product: keyof typeof catalogue.products, flow: string): void {
  const entry = catalogue.products[product];
  const before = entry.flow;
  (entry as { flow: string }).flow = flow;
  restore.push(() => ((entry as { flow: string }).flow = before));
}

describe('the flow registry (src/flows/app-registry.ts)', () => {
  it('has a module for every flow the catalogue names, keyed by its folder', () => {
    const named = new Set(Object.values(catalogue.products).map((product) => product.flow));
    expect([...named].sort()).toEqual(['business', 'consumer', 'mortgage']);
    for (const flow of named) {
      const module = appFlowNamed(flow);
      expect(module, flow).toBeDefined();
      expect(typeof module!.pages.status, flow).toBe('function');
      expect(typeof module!.pages.offers, flow).toBe('function');
    }
    expect(appFlowNames().sort()).toEqual([...named].sort());
    expect(appFlowNamed('vakuutus')).toBeUndefined();
  });

  it("gives each flow's behaviour from its module, not from a list in the pages", () => {
    expect(appFlowNamed('consumer')).toMatchObject({ firstCall: 'save', lastStep: 'identify', stepEvent: 'consumer_application', resume: { wholeForm: false } });
    expect(appFlowNamed('mortgage')).toMatchObject({ firstCall: 'save', lastStep: 'submit', stepEvent: 'mortgage_application', resume: { wholeForm: true }, identification: { primaryOnly: true, backToForm: false } });
    expect(appFlowNamed('business')).toMatchObject({ firstCall: 'create', lastStep: 'sent', stepEvent: 'business_application' });
    expect(appFlowNamed('business')!.identification).toBeUndefined();
    // The paths' words are the module's: the business offers at step 3, nobody identifies.
    const token = 'A'.repeat(43);
    expect(parseApplicationPath(`3/12/${token}`, 'business')).toEqual({ kind: 'offers', id: '12', token });
    expect(parseApplicationPath(`authentication/12/${token}`, 'business')).toEqual({ kind: 'notFound' });
    expect(parseApplicationPath('denied', 'business')).toEqual({ kind: 'notFound' });
    expect(parseApplicationPath('denied', 'mortgage')).toEqual({ kind: 'denied' });
  });
});

describe('a product whose flow has no module', () => {
  it('shows FlowMissingPage in Finnish, on every page of the product', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    withFlow('kulutusluotto', 'vakuutus');
    for (const path of ['/hakemus/kulutusluotto/', `/hakemus/kulutusluotto/status/12/${'A'.repeat(43)}`]) {
      const html = render(path);
      expect(html).toContain(pages.flowMissing.title);
      expect(html).toContain(pages.flowMissing.body);
      expect(html).not.toContain(pages.loadingForm);
    }
    error.mockRestore();
  });

  it('leaves the other products as they were', () => {
    withFlow('kulutusluotto', 'vakuutus');
    const html = render('/hakemus/asuntolaina/');
    expect(html).not.toContain(pages.flowMissing.title);
    expect(html).toContain(pages.loadingForm);
  });
});

describe('src/app', () => {
  it('branches on no flow name: that is the flow modules\' job (src/flows/)', () => {
    const files = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? files(join(dir, entry.name)) : /\.tsx?$/.test(entry.name) ? [join(dir, entry.name)] : []));
    const offending = files(join(root, 'src/app')).flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .flatMap((line, index) => (/\bflow\s*[!=]==?|\.flow\s*[!=]=/.test(line) ? [`${relative(root, file)}:${index + 1}: ${line.trim()}`] : [])),
    );
    expect(offending).toEqual([]);
  });
});
