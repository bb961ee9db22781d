// The flows the pages know: every src/flows/<flow>/app.tsx, by its folder's name, which is
// the `flow` a product names in forms/catalogue.json. A new flow is a folder; nothing here
// or in src/app lists them. Eager: each module is small (its pages are chunks of their own),
// and the first step must know its flow without waiting for one more fetch.
import type { AppFlow, AppService } from './app-flow.ts';
import { productEntry } from '../app/catalogue.ts';
import type { Product } from '../app/products.ts';

const modules = import.meta.glob<{ appFlow?: AppFlow; appService?: AppService }>('./*/app.tsx', { eager: true });

let flows: ReadonlyMap<string, AppFlow> | undefined;

// Built on first use, not as this module loads: the flow modules import pages that import
// src/app/routes.ts, which asks this registry, so at load time they may not be ready yet.
function registry(): ReadonlyMap<string, AppFlow> {
  flows ??= new Map(Object.entries(modules).flatMap(([path, module]) => (module.appFlow ? [[path.split('/')[1], module.appFlow] as const] : [])));
  return flows;
}

/** The names of the flows that have a browser module. */
export const appFlowNames = (): string[] => [...registry().keys()];

/** The flow of that name; none when no folder holds it (the page says so: FlowMissingPage). */
export const appFlowNamed = (name: string): AppFlow | undefined => registry().get(name);

/** The product's flow, by the catalogue's `flow`. */
export const appFlowOf = (product: Product): AppFlow | undefined => appFlowNamed(productEntry(product).flow);

/** The customer service of that name (a module exporting `appService`); none when no folder holds it. */
export function appServiceNamed(name: string): AppService | undefined {
  const module = Object.hasOwn(modules, `./${name}/app.tsx`) ? modules[`./${name}/app.tsx`] : undefined;
  return module?.appService;
}
