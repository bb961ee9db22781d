// Customer services in the catalogue (issue 27: "one flow folder, one form document and a
// catalogue entry"): what forms:check refuses in `services`, the server loading each
// service's module (and refusing a product flow named as a service, or the reverse), and the
// browser finding its page or saying, in Finnish, that it is missing.
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { checkCatalogue, checkedCatalogue, parseCatalogue, type DocumentLookup } from '../../engine/core/catalogue.ts';
import { readCatalogue } from '../../engine/core/node.ts';
import { brandForHost } from '../../src/app/brands.ts';
import { services } from '../../src/app/catalogue.ts';
import { pages } from '../../src/app/messages/index.ts';
import { ServiceRoute } from '../../src/app/pages/ServiceRoute.tsx';
import { appFlowNamed, appServiceNamed } from '../../src/flows/app-registry.ts';
import { loadServerFlows, loadServiceFlows, serverFlowNames, UnknownFlowError } from '../../src/flows/server-registry.ts';
import { apiGroups } from '../../engine/core/catalogue.ts';

const documents: DocumentLookup = (id) => (['consumer', 'insurance'].includes(id) ? { variants: {} } : undefined);
const FLOWS = ['consumer', 'insurance'];

function sample(): Record<string, any> {
  return {
    brands: { first: { domain: 'first.fi' } },
    defaultBrand: 'first',
    products: { alpha: { document: 'consumer', variants: [], path: 'alpha', api: '/api/x/alpha-applications', brands: ['first'] } },
    defaultProduct: 'alpha',
    services: { turva: { document: 'insurance', flow: 'insurance', path: 'turva', api: '/api/turvaApplication', brands: ['first'] } },
  };
}

describe('services in the catalogue', () => {
  it('accepts a sound service and fills in its id; a catalogue without services has none', () => {
    expect(checkCatalogue(sample(), documents, FLOWS)).toEqual([]);
    expect(parseCatalogue(sample(), documents, FLOWS).services.turva).toEqual({ id: 'turva', ...sample().services.turva });
    const without = sample();
    delete without.services;
    expect(checkedCatalogue(without).services).toEqual({});
  });

  it('refuses what a service must not say, each finding at its path', () => {
    const bad = sample();
    bad.services.turva = { document: 'nothing', flow: 'leasing', path: 'alpha', api: 'api/turva', brands: ['second'], colour: 'red' };
    bad.services['Väärä'] = 'not an object';
    expect(checkCatalogue(bad, documents, FLOWS)).toEqual([
      { path: '/services/turva/colour', message: 'tuntematon avain' },
      { path: '/services/turva/flow', message: 'kulku: consumer tai insurance' },
      { path: '/services/turva/document', message: 'lomakedokumenttia forms/nothing.json ei ole' },
      { path: '/services/turva/path', message: 'sama kuin alpha' },
      { path: '/services/turva/api', message: 'rajapinnan polku alkaa /api/ (kirjaimet, numerot, viivat)' },
      { path: '/services/turva/brands/0', message: 'brändiä second ei ole luettelossa' },
      { path: '/services/Väärä', message: 'tunnus: pienet kirjaimet, numerot ja viivat' },
      { path: '/services/Väärä', message: 'palvelun pitää olla olio' },
    ]);
    expect(checkCatalogue({ ...sample(), services: [] }, documents, FLOWS)).toEqual([{ path: '/services', message: 'palveluiden pitää olla olio' }]);
  });

  it('ships the insurance as a service of its own flow folder, at /maksuturva and /api/insuranceApplication', () => {
    const shipped = readCatalogue();
    expect(shipped.services.maksuturva).toMatchObject({ document: 'insurance', flow: 'insurance', path: 'maksuturva', api: '/api/insuranceApplication' });
    expect(serverFlowNames()).toContain('insurance');
    // Not a product: no page under /hakemus/ and no application API group.
    expect(Object.values(shipped.products).map((product) => product.document)).not.toContain('insurance');
  });
});

describe('the server loading services', () => {
  it('loads the shipped service’s module, with its queue', async () => {
    const loaded = await loadServiceFlows(readCatalogue());
    expect(loaded.map(({ service }) => service.id)).toEqual(['maksuturva']);
    expect(loaded[0].flow.kind).toBe('service');
    expect(typeof loaded[0].flow.answerDue).toBe('function');
  });

  it('refuses a service naming an application flow, a product naming a service, and an unknown name', async () => {
    const shipped = readCatalogue();
    const asConsumer = { ...shipped, services: { maksuturva: { ...shipped.services.maksuturva, flow: 'consumer' } } };
    await expect(loadServiceFlows(asConsumer)).rejects.toThrow(/palvelun maksuturva kulku "consumer" on hakemuksen kulku/);
    const unknown = { ...shipped, services: { maksuturva: { ...shipped.services.maksuturva, flow: 'leasing' } } };
    await expect(loadServiceFlows(unknown)).rejects.toBeInstanceOf(UnknownFlowError);
    const productAsService = { ...shipped, products: { ...shipped.products, kulutusluotto: { ...shipped.products.kulutusluotto, flow: 'insurance' } } };
    await expect(loadServerFlows(productAsService, apiGroups(productAsService))).rejects.toThrow(/tuotteen kulutusluotto kulku "insurance" on palvelu/);
  });
});

describe('the browser finding a service’s page', () => {
  const brand = brandForHost('localhost');
  const render = (flow: string) =>
    renderToString(createElement(MemoryRouter, null, createElement(ServiceRoute, { brand, service: { ...services[0], flow }, load: () => new Promise<never>(() => {}) })));

  it('has the insurance page as a service module, not as an application flow', () => {
    expect(services.map((service) => service.path)).toEqual(['maksuturva']);
    expect(typeof appServiceNamed('insurance')?.Page).toBe('function');
    expect(appFlowNamed('insurance')).toBeUndefined();
    expect(appServiceNamed('consumer')).toBeUndefined();
    expect(render('insurance')).not.toContain(pages.flowMissing.title);
  });

  it('says in Finnish that the service is not available when its module is missing', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const html = render('vakuutus');
    expect(html).toContain(pages.flowMissing.title);
    expect(html).toContain(pages.flowMissing.body);
    error.mockRestore();
  });
});
