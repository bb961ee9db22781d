// A product or service whose catalogue `flow` has no module in src/flows: the catalogue and the code
// disagree (a flow folder left out of a deployment). The visitor is told so, with a way on,
// rather than shown a blank page; the console names the flow for whoever looks.
import { useEffect, type ReactNode } from 'react';
import type { Brand } from '../brands.ts';
import { defaultProduct, productEntry } from '../catalogue.ts';
import { HomeNoticePage } from '../layout/PageShell.tsx';
import { pages } from '../messages/step.fi.ts';
import type { Product } from '../products.ts';
import { paths } from '../routes.ts';

/** `flow`, when given, is a customer service's (its catalogue entry names it); else the product's. */
export function FlowMissingPage({ brand, product, flow: serviceFlow }: { brand: Brand; product?: Product; flow?: string }): ReactNode {
  const flow = serviceFlow ?? productEntry(product ?? defaultProduct).flow;
  useEffect(() => {
    console.error(`no flow module src/flows/${flow}/app.tsx for ${product ? `the product ${product}` : 'a customer service'}`);
  }, [flow, product]);
  const t = pages.flowMissing;
  return <HomeNoticePage brand={brand} homeHref={paths.start(defaultProduct)} title={t.title} body={t.body} action={t.action} />;
}
