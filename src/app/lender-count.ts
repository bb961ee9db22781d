// The number of lenders a product's applications go to, as the pages claim it (hero,
// promo box). It comes from the marketplace's own data at build time
// (src/build/lender-counts.ts), so no page states a figure the marketplace does not have.
import { productEntry } from './catalogue.ts';
import type { Product } from './products.ts';

/** By the catalogue's flow name. */
declare const __LENDER_COUNTS__: Record<string, number>;

export const lenderCount = (product: Product): number => __LENDER_COUNTS__[productEntry(product).flow];
