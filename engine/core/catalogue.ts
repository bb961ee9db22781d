// The product catalogue (forms/catalogue.json): which products exist, which form
// document and variants each one is, where its pages and API live, and which brands
// sell it. Pure: the server reads the file through node.ts, the browser imports it.
// Everything that used to be a hard-coded product or brand list reads this instead,
// so a new product is a new document plus an entry here (ADR 0007).
import type { Finding, FormDocument } from './types.ts';

export interface CatalogueBrand {
  id: string;
  /** The brand's web domain: its mail domain, and the `domain` a code request may name. */
  domain: string;
  /** A host name containing this shows the brand; a brand without one is shown only as the default. */
  hostMarker?: string;
  /** A variant the brand adds to every document that declares it (its own minimum amount). */
  variant?: string;
}

/**
 * What follows an application's last step is its product's flow: a name the engine only
 * hands on. The server's flow registry (src/flows/server-registry.ts) and the pages' own
 * give each name its module (`src/flows/<flow>/`); a catalogue naming a flow with no
 * module is refused by `npm run forms:check` and at the server's start.
 */
export const DEFAULT_FLOW = 'consumer';

export interface CatalogueProduct {
  id: string;
  /** What follows the last step, a flow module's name; `consumer` when the catalogue does not say. */
  flow: string;
  /** The form document: `forms/<document>.json`. */
  document: string;
  /** The document's variants this product always has. */
  variants: string[];
  /** The page path: `/hakemus/<path>/`. */
  path: string;
  /** The application API's prefix; products sharing one tell themselves apart by the body's `product`. */
  api: string;
  brands: string[];
}

/**
 * A service of the logged-in customer that is not a loan application sent to lenders (the
 * payment-protection insurance): one form document, one page at `/<path>` and one API
 * prefix, served by its flow module (`src/flows/<flow>/`, a ServiceFlow and an AppService).
 */
export interface CatalogueService {
  id: string;
  flow: string;
  document: string;
  /** The page path: `/<path>`, behind the customer login. */
  path: string;
  api: string;
  brands: string[];
}

export interface Catalogue {
  brands: Record<string, CatalogueBrand>;
  defaultBrand: string;
  products: Record<string, CatalogueProduct>;
  defaultProduct: string;
  /** The customer services; none when the catalogue has no `services`. */
  services: Record<string, CatalogueService>;
}

/** What the check needs to know of a document: its variants. */
export type DocumentLookup = (id: string) => Pick<FormDocument, 'variants'> | undefined;

export class CatalogueError extends Error {
  constructor(readonly findings: readonly Finding[]) {
    super(`forms/catalogue.json ei kelpaa (npm run forms:check):\n${findings.map((f) => `  ${f.path}: ${f.message}`).join('\n')}`);
  }
}

const ID = /^[a-z][a-z0-9-]*$/;
const API = /^\/api(\/[a-z0-9][a-z0-9-]*)+$/;
/** The spec's insurance API is camel-cased (`/api/insuranceApplication`). */
const SERVICE_API = /^\/api(\/[A-Za-z0-9][A-Za-z0-9-]*)+$/;
const DOMAIN = /^[a-z0-9-]+(\.[a-z0-9-]+)+$/;

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const isStringList = (value: unknown): value is string[] => Array.isArray(value) && value.every((item) => typeof item === 'string');

/**
 * Every problem of a catalogue, each with its JSON path; empty when it is sound.
 * `knownFlows`: the flow modules there are (the registry's `serverFlowNames()`); absent, any
 * well-formed name passes and the registry refuses an unknown one when the server starts.
 */
export function checkCatalogue(value: unknown, documentOf: DocumentLookup, knownFlows?: readonly string[]): Finding[] {
  const findings: Finding[] = [];
  const add = (path: string, message: string) => findings.push({ path, message });
  if (!isObject(value)) return [{ path: '', message: 'luettelon pitää olla JSON-olio' }];
  for (const key of Object.keys(value)) if (!['$comment', '$schema', 'brands', 'defaultBrand', 'products', 'defaultProduct', 'services'].includes(key)) add(`/${key}`, 'tuntematon avain');

  const brands = isObject(value.brands) ? value.brands : {};
  if (!isObject(value.brands) || Object.keys(brands).length === 0) add('/brands', 'vähintään yksi brändi tarvitaan');
  const markers = new Map<string, string>();
  for (const [id, brand] of Object.entries(brands)) {
    const at = `/brands/${id}`;
    if (!ID.test(id)) add(at, 'tunnus: pienet kirjaimet, numerot ja viivat');
    if (!isObject(brand)) {
      add(at, 'brändin pitää olla olio');
      continue;
    }
    for (const key of Object.keys(brand)) if (!['domain', 'hostMarker', 'variant'].includes(key)) add(`${at}/${key}`, 'tuntematon avain');
    if (typeof brand.domain !== 'string' || !DOMAIN.test(brand.domain)) add(`${at}/domain`, 'verkkotunnus puuttuu tai ei kelpaa (esim. lainavertailu.fi)');
    if (brand.hostMarker !== undefined) {
      if (typeof brand.hostMarker !== 'string' || !ID.test(brand.hostMarker)) add(`${at}/hostMarker`, 'pienet kirjaimet, numerot ja viivat');
      else if (markers.has(brand.hostMarker)) add(`${at}/hostMarker`, `sama kuin brändillä ${markers.get(brand.hostMarker)}`);
      else markers.set(brand.hostMarker, id);
    }
    if (brand.variant !== undefined && (typeof brand.variant !== 'string' || !ID.test(brand.variant))) add(`${at}/variant`, 'muunnelman nimi ei kelpaa');
  }
  if (typeof value.defaultBrand !== 'string' || !Object.hasOwn(brands, value.defaultBrand)) add('/defaultBrand', 'pitää olla jokin luettelon brändeistä');

  const products = isObject(value.products) ? value.products : {};
  if (!isObject(value.products) || Object.keys(products).length === 0) add('/products', 'vähintään yksi tuote tarvitaan');
  const paths = new Map<string, string>();
  for (const [id, product] of Object.entries(products)) {
    const at = `/products/${id}`;
    if (!ID.test(id)) add(at, 'tunnus: pienet kirjaimet, numerot ja viivat');
    if (!isObject(product)) {
      add(at, 'tuotteen pitää olla olio');
      continue;
    }
    for (const key of Object.keys(product)) if (!['document', 'variants', 'path', 'api', 'brands', 'flow'].includes(key)) add(`${at}/${key}`, 'tuntematon avain');
    // A flow is a name the engine only checks the form of (and against the names it is given).
    const flowName = product.flow;
    if (flowName !== undefined) {
      if (typeof flowName !== 'string' || !ID.test(flowName)) add(`${at}/flow`, 'kulun nimi: pienet kirjaimet, numerot ja viivat');
      else if (knownFlows && !knownFlows.includes(flowName)) add(`${at}/flow`, `kulku: ${knownFlows.join(' tai ')}`);
    }
    const doc = typeof product.document === 'string' && ID.test(product.document) ? documentOf(product.document) : undefined;
    if (!doc) add(`${at}/document`, `lomakedokumenttia forms/${String(product.document)}.json ei ole`);
    if (!isStringList(product.variants)) add(`${at}/variants`, 'muunnelmien lista puuttuu (voi olla tyhjä)');
    else if (doc) {
      product.variants.forEach((variant, index) => {
        if (!Object.hasOwn(doc.variants ?? {}, variant)) add(`${at}/variants/${index}`, `dokumentissa ${String(product.document)} ei ole muunnelmaa ${variant}`);
      });
    }
    if (typeof product.path !== 'string' || !ID.test(product.path)) add(`${at}/path`, 'sivupolku: pienet kirjaimet, numerot ja viivat');
    else if (paths.has(product.path)) add(`${at}/path`, `sama kuin tuotteella ${paths.get(product.path)}`);
    else paths.set(product.path, id);
    if (typeof product.api !== 'string' || !API.test(product.api)) add(`${at}/api`, 'rajapinnan polku alkaa /api/ (pienet kirjaimet, numerot, viivat)');
    if (!isStringList(product.brands) || product.brands.length === 0) add(`${at}/brands`, 'vähintään yksi brändi');
    else product.brands.forEach((brand, index) => Object.hasOwn(brands, brand) || add(`${at}/brands/${index}`, `brändiä ${brand} ei ole luettelossa`));
  }
  if (typeof value.defaultProduct !== 'string' || !Object.hasOwn(products, value.defaultProduct)) add('/defaultProduct', 'pitää olla jokin luettelon tuotteista');
  // The routes of one API prefix serve one flow.
  const flowOfApi = new Map<string, { flowName: unknown; id: string }>();
  for (const [id, product] of Object.entries(products)) {
    if (!isObject(product) || typeof product.api !== 'string') continue;
    const flowName = product.flow ?? DEFAULT_FLOW;
    const first = flowOfApi.get(product.api);
    if (!first) flowOfApi.set(product.api, { flowName, id });
    else if (first.flowName !== flowName) add(`/products/${id}/flow`, `sama rajapinta kuin tuotteella ${first.id}, jonka kulku on ${String(first.flowName)}`);
  }
  checkServices(value.services, brands, documentOf, knownFlows, paths, add);
  return findings;
}

/** Services: each names a known flow, a document, a page path of its own, an API prefix and its brands. */
function checkServices(value: unknown, brands: Json, documentOf: DocumentLookup, knownFlows: readonly string[] | undefined, productPaths: ReadonlyMap<string, string>, add: (path: string, message: string) => void): void {
  if (value === undefined) return;
  if (!isObject(value)) return add('/services', 'palveluiden pitää olla olio');
  const paths = new Map<string, string>();
  for (const [id, service] of Object.entries(value)) {
    const at = `/services/${id}`;
    if (!ID.test(id)) add(at, 'tunnus: pienet kirjaimet, numerot ja viivat');
    if (!isObject(service)) {
      add(at, 'palvelun pitää olla olio');
      continue;
    }
    for (const key of Object.keys(service)) if (!['document', 'path', 'api', 'brands', 'flow'].includes(key)) add(`${at}/${key}`, 'tuntematon avain');
    const flowName = service.flow;
    if (typeof flowName !== 'string' || !ID.test(flowName)) add(`${at}/flow`, 'kulun nimi: pienet kirjaimet, numerot ja viivat');
    else if (knownFlows && !knownFlows.includes(flowName)) add(`${at}/flow`, `kulku: ${knownFlows.join(' tai ')}`);
    if (!(typeof service.document === 'string' && ID.test(service.document) && documentOf(service.document))) add(`${at}/document`, `lomakedokumenttia forms/${String(service.document)}.json ei ole`);
    if (typeof service.path !== 'string' || !ID.test(service.path)) add(`${at}/path`, 'sivupolku: pienet kirjaimet, numerot ja viivat');
    else if (paths.has(service.path) || productPaths.has(service.path)) add(`${at}/path`, `sama kuin ${paths.get(service.path) ?? productPaths.get(service.path)}`);
    else paths.set(service.path, id);
    if (typeof service.api !== 'string' || !SERVICE_API.test(service.api)) add(`${at}/api`, 'rajapinnan polku alkaa /api/ (kirjaimet, numerot, viivat)');
    if (!isStringList(service.brands) || service.brands.length === 0) add(`${at}/brands`, 'vähintään yksi brändi');
    else service.brands.forEach((brand, index) => Object.hasOwn(brands, brand) || add(`${at}/brands/${index}`, `brändiä ${brand} ei ole luettelossa`));
  }
}

/** The catalogue with ids filled in; throws CatalogueError when the check finds anything. */
export function parseCatalogue(value: unknown, documentOf: DocumentLookup, knownFlows?: readonly string[]): Catalogue {
  const findings = checkCatalogue(value, documentOf, knownFlows);
  if (findings.length) throw new CatalogueError(findings);
  return checkedCatalogue(value);
}

/**
 * The catalogue as the browser bundles it: forms:check and the server have checked the
 * same file already, and the browser has only some of the documents to check it against.
 */
export function checkedCatalogue(value: unknown): Catalogue {
  const raw = value as { brands: Json; defaultBrand: string; products: Json; defaultProduct: string; services?: Json };
  const withIds = <T>(entries: Json, defaults: object = {}) => Object.fromEntries(Object.entries(entries).map(([id, entry]) => [id, { id, ...defaults, ...(entry as object) } as T]));
  return {
    brands: withIds<CatalogueBrand>(raw.brands),
    defaultBrand: raw.defaultBrand,
    products: withIds<CatalogueProduct>(raw.products, { flow: DEFAULT_FLOW }),
    defaultProduct: raw.defaultProduct,
    services: withIds<CatalogueService>(raw.services ?? {}),
  };
}

/**
 * The variants a product's document has for a brand: the product's own, then the
 * brand's where the document declares it (a brand's variant is about its own
 * limits; a document without it has nothing the brand would change).
 */
export function variantsOf(catalogue: Catalogue, product: CatalogueProduct, brandId: string, doc: Pick<FormDocument, 'variants'>): string[] {
  const variants = [...product.variants];
  const brandVariant = catalogue.brands[brandId]?.variant;
  if (brandVariant !== undefined && Object.hasOwn(doc.variants ?? {}, brandVariant) && !variants.includes(brandVariant)) variants.push(brandVariant);
  return variants;
}

/** The products behind one API prefix, in catalogue order: the first is the one a save that names none gets. */
export function apiGroups(catalogue: Catalogue): Map<string, CatalogueProduct[]> {
  const groups = new Map<string, CatalogueProduct[]>();
  for (const product of Object.values(catalogue.products)) {
    const group = groups.get(product.api) ?? [];
    group.push(product);
    groups.set(product.api, group);
  }
  // The default product leads its group, so an old client that sends no product still gets it.
  for (const group of groups.values()) group.sort((a, b) => Number(b.id === catalogue.defaultProduct) - Number(a.id === catalogue.defaultProduct));
  return groups;
}

export function productByPath(catalogue: Catalogue, path: string | undefined): CatalogueProduct | undefined {
  return Object.values(catalogue.products).find((product) => product.path === path);
}

/** The brand a host name shows (spec §1): the first whose marker it contains, else the default. */
export function brandIdForHost(catalogue: Catalogue, host: string): string {
  const lower = host.toLowerCase();
  const marked = Object.values(catalogue.brands).find((brand) => brand.hostMarker !== undefined && lower.includes(brand.hostMarker));
  return marked?.id ?? catalogue.defaultBrand;
}

/** The last step of a document: its highest step number (the step that sends the application). */
export function lastStepOf(doc: Pick<FormDocument, 'steps'>): number {
  return Math.max(...doc.steps.map((step) => step.number));
}
