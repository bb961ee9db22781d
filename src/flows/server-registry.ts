// The server's flows, by the names the catalogue gives its products (issue 26 item 1): each
// name is the folder of a module `src/flows/<name>/server.ts` (server-flow.ts says what it
// holds), loaded once at the start. A catalogue naming a flow with no module stops the start.
// The import below is one esbuild turns into a chunk per folder (tools/build-server.mjs
// bundles every src/flows/*/server.ts), so the production bundle knows the same flows.
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Catalogue, CatalogueProduct, CatalogueService } from '../../engine/core/catalogue.ts';
import type { ApiGroup, ServerFlow, ServiceFlow } from './server-flow.ts';

const FLOWS_DIR = import.meta.dirname;
const MODULE = 'server.ts';

/** The flows there are modules for: the folders of src/flows holding a server.ts. */
export function serverFlowNames(flowsDir = FLOWS_DIR): string[] {
  return readdirSync(flowsDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(join(flowsDir, entry.name, MODULE)))
    .map((entry) => entry.name)
    .sort();
}

export class UnknownFlowError extends Error {
  constructor(flow: string, products: readonly string[], known: readonly string[]) {
    super(`forms/catalogue.json: tuotteiden ${products.join(', ')} kulkua "${flow}" ei ole (src/flows/${flow}/${MODULE} puuttuu; kulut: ${known.join(', ')})`);
  }
}

/** One flow of the catalogue, its module and its products and API prefixes, in catalogue order. */
export interface LoadedFlow {
  name: string;
  flow: ServerFlow;
  products: readonly CatalogueProduct[];
  groups: readonly ApiGroup[];
}

export interface ServerFlows {
  /** The flows the catalogue uses, in the order their first product comes. */
  readonly loaded: readonly LoadedFlow[];
  /** The module of a flow the catalogue uses. */
  of(name: string): ServerFlow;
  /** The flow of a product of the catalogue; undefined for a product it does not have. */
  ofProduct(productId: string): ServerFlow | undefined;
}

export interface ServerFlowOptions {
  /** A folder of more flow modules (`<dir>/<name>/server.ts`), looked in before src/flows: a test's fixture flow. */
  flowsDir?: string;
}

/** Loads the module of every flow the catalogue names; an unknown name is an error naming it and its products. */
export async function loadServerFlows(catalogue: Catalogue, groups: ReadonlyMap<string, readonly CatalogueProduct[]>, options: ServerFlowOptions = {}): Promise<ServerFlows> {
  const extra = options.flowsDir === undefined ? [] : serverFlowNames(options.flowsDir);
  const builtIn = serverFlowNames();
  const byName = new Map<string, LoadedFlow>();
  for (const product of Object.values(catalogue.products)) {
    if (byName.has(product.flow)) continue;
    const products = Object.values(catalogue.products).filter((other) => other.flow === product.flow);
    const flow = await moduleOf(product.flow, options, builtIn, extra);
    if (!flow) throw new UnknownFlowError(product.flow, products.map((entry) => entry.id), [...new Set([...builtIn, ...extra])].sort());
    if (isService(flow)) throw new Error(`forms/catalogue.json: tuotteen ${product.id} kulku "${product.flow}" on palvelu (services), ei hakemuksen kulku`);
    const flowGroups = [...groups].filter(([, group]) => group[0].flow === product.flow).map(([prefix, group]) => ({ prefix, products: group }));
    byName.set(product.flow, { name: product.flow, flow, products, groups: flowGroups });
  }
  return {
    loaded: [...byName.values()],
    of(name) {
      const loaded = byName.get(name);
      if (!loaded) throw new Error(`flow ${name} is not in the catalogue`);
      return loaded.flow;
    },
    ofProduct(productId) {
      const product = Object.hasOwn(catalogue.products, productId) ? catalogue.products[productId] : undefined;
      return product && byName.get(product.flow)?.flow;
    },
  };
}

/** A customer service of the catalogue and its module. */
export interface LoadedService {
  service: CatalogueService;
  flow: ServiceFlow;
}

/** The module of every service the catalogue has; a name without one, or with an application flow's, stops the start. */
export async function loadServiceFlows(catalogue: Catalogue, options: ServerFlowOptions = {}): Promise<LoadedService[]> {
  const extra = options.flowsDir === undefined ? [] : serverFlowNames(options.flowsDir);
  const builtIn = serverFlowNames();
  const loaded: LoadedService[] = [];
  for (const service of Object.values(catalogue.services)) {
    const flow = await moduleOf(service.flow, options, builtIn, extra);
    if (!flow) throw new UnknownFlowError(service.flow, [service.id], [...new Set([...builtIn, ...extra])].sort());
    if (!isService(flow)) throw new Error(`forms/catalogue.json: palvelun ${service.id} kulku "${service.flow}" on hakemuksen kulku, ei palvelu`);
    loaded.push({ service, flow });
  }
  return loaded;
}

/** The module of a flow: a test's folder first, then src/flows; none when neither has it. */
async function moduleOf(name: string, options: ServerFlowOptions, builtIn: readonly string[], extra: readonly string[]): Promise<ServerFlow | ServiceFlow | undefined> {
  if (extra.includes(name)) return importFlow(pathToFileURL(join(options.flowsDir!, name, MODULE)).href);
  return builtIn.includes(name) ? builtInFlow(name) : undefined;
}

const isService = (flow: ServerFlow | ServiceFlow): flow is ServiceFlow => (flow as ServiceFlow).kind === 'service';

// A template literal of a relative path: esbuild bundles every file it can match.
const builtInFlow = async (name: string) => ((await import(`./${name}/server.ts`)) as { default: ServerFlow | ServiceFlow }).default;
const importFlow = async (url: string) => ((await import(url)) as { default: ServerFlow | ServiceFlow }).default;
