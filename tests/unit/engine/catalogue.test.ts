// The product catalogue (forms/catalogue.json, issue 12 item 4): what it may say, what
// forms:check refuses in it, and the rules the server and the browser read from it.
import { describe, expect, it } from 'vitest';
import {
  apiGroups,
  brandIdForHost,
  checkCatalogue,
  lastStepOf,
  parseCatalogue,
  productByPath,
  variantsOf,
  type DocumentLookup,
} from '../../../engine/core/catalogue.ts';
import { readCatalogue, readFormDocument } from '../../../engine/core/node.ts';

const consumer = readFormDocument('consumer');
const documents: DocumentLookup = (id) => (id === 'consumer' ? consumer : id === 'other' ? { variants: {} } : undefined);

function sample(): Record<string, any> {
  return {
    brands: { first: { domain: 'first.fi' }, second: { domain: 'second.fi', hostMarker: 'second', variant: 'kattokorko' } },
    defaultBrand: 'first',
    products: {
      alpha: { document: 'consumer', variants: [], path: 'alpha', api: '/api/x/alpha-applications', brands: ['first', 'second'] },
      beta: { document: 'consumer', variants: ['yhdistelylaina'], path: 'beta', api: '/api/x/alpha-applications', brands: ['first'] },
      gamma: { document: 'other', variants: [], path: 'gamma-laina', api: '/api/gamma', brands: ['second'] },
    },
    defaultProduct: 'beta',
  };
}

describe('the product catalogue', () => {
  it('accepts a sound catalogue and fills in the ids', () => {
    expect(checkCatalogue(sample(), documents)).toEqual([]);
    const catalogue = parseCatalogue(sample(), documents);
    expect(catalogue.products.gamma).toMatchObject({ id: 'gamma', path: 'gamma-laina' });
    expect(catalogue.brands.second.id).toBe('second');
    // A product that names no flow is a consumer-style one.
    expect(catalogue.products.alpha.flow).toBe('consumer');
  });

  it('checks flows against the names it is given, and keeps the products of one API prefix on one flow', () => {
    // The engine knows no flow: the known names come from the caller (forms:check: the server's flow modules).
    const known = ['consumer', 'mortgage', 'business'];
    const withFlows = sample();
    withFlows.products.gamma.flow = 'mortgage';
    expect(checkCatalogue(withFlows, documents, known)).toEqual([]);
    expect(parseCatalogue(withFlows, documents, known).products.gamma.flow).toBe('mortgage');
    withFlows.products.gamma.flow = 'leasing';
    withFlows.products.beta.flow = 'mortgage';
    expect(checkCatalogue(withFlows, documents, known)).toEqual([
      { path: '/products/gamma/flow', message: 'kulku: consumer tai mortgage tai business' },
      { path: '/products/beta/flow', message: 'sama rajapinta kuin tuotteella alpha, jonka kulku on consumer' },
    ]);
    // Without known names any well-formed name passes (the server's registry refuses an unknown one at start).
    expect(checkCatalogue(withFlows, documents).map((finding) => finding.path)).toEqual(['/products/beta/flow']);
    withFlows.products.gamma.flow = 'Not A Name';
    expect(checkCatalogue(withFlows, documents).map((finding) => finding.path)).toContain('/products/gamma/flow');
  });

  it('names the JSON path of each problem', () => {
    const broken = sample();
    broken.products.alpha.document = 'nosuch';
    broken.products.beta.variants = ['nosuchvariant'];
    broken.products.gamma.path = 'alpha';
    broken.products.gamma.brands = ['third'];
    broken.products.gamma.api = 'api/gamma';
    broken.products.gamma.colour = 'red';
    broken.brands.first.hostMarker = 'second';
    broken.defaultProduct = 'delta';
    const paths = checkCatalogue(broken, documents).map((finding) => finding.path);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/products/alpha/document',
        '/products/beta/variants/0',
        '/products/gamma/path',
        '/products/gamma/brands/0',
        '/products/gamma/api',
        '/products/gamma/colour',
        '/brands/second/hostMarker',
        '/defaultProduct',
      ]),
    );
    expect(() => parseCatalogue(broken, documents)).toThrow(/\/products\/alpha\/document: lomakedokumenttia forms\/nosuch.json ei ole/);
  });

  it("gives a product its own variants and its brand's where the document declares it", () => {
    const catalogue = parseCatalogue(sample(), documents);
    expect(variantsOf(catalogue, catalogue.products.alpha, 'first', consumer)).toEqual([]);
    expect(variantsOf(catalogue, catalogue.products.alpha, 'second', consumer)).toEqual(['kattokorko']);
    expect(variantsOf(catalogue, catalogue.products.beta, 'second', consumer)).toEqual(['yhdistelylaina', 'kattokorko']);
    // `other` has no kattokorko variant: the brand changes nothing there.
    expect(variantsOf(catalogue, catalogue.products.gamma, 'second', { variants: {} })).toEqual([]);
  });

  it('groups products by API prefix, the default product first', () => {
    const groups = apiGroups(parseCatalogue(sample(), documents));
    expect([...groups.keys()]).toEqual(['/api/x/alpha-applications', '/api/gamma']);
    expect(groups.get('/api/x/alpha-applications')!.map((product) => product.id)).toEqual(['beta', 'alpha']);
  });

  it('finds products by page path and brands by host', () => {
    const catalogue = parseCatalogue(sample(), documents);
    expect(productByPath(catalogue, 'gamma-laina')?.id).toBe('gamma');
    expect(productByPath(catalogue, 'gamma')).toBeUndefined();
    expect(brandIdForHost(catalogue, 'www.SECOND.fi')).toBe('second');
    expect(brandIdForHost(catalogue, 'localhost')).toBe('first');
  });

  it('takes the last step from the document', () => {
    expect(lastStepOf(consumer)).toBe(Math.max(...consumer.steps.map((step) => step.number)));
    expect(lastStepOf({ steps: [{ number: 2 }, { number: 5 }, { number: 3 }] } as never)).toBe(5);
  });

  it('ships a catalogue that passes: both consumer products on one API, the mortgage on its own flow, both brands', () => {
    const shipped = readCatalogue();
    expect(Object.keys(shipped.products)).toEqual(expect.arrayContaining(['kulutusluotto', 'yhdistelylaina', 'asuntolaina']));
    expect(shipped.products.asuntolaina).toMatchObject({ document: 'mortgage', flow: 'mortgage', path: 'asuntolaina', api: '/api/lainavertailu22/mortgage-applications' });
    expect(new Set(Object.values(shipped.products).map((product) => product.document))).toContain('consumer');
    expect(brandIdForHost(shipped, 'kattokorko.fi')).toBe('kattokorko');
  });
});
