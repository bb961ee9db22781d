// The application products (spec §2), as the catalogue in forms/ lists them; the
// path under /hakemus/ tells them apart.
import { variantsOf } from '../../engine/core/catalogue.ts';
import { catalogue, productAtPath, productEntry, productIds, type ProductId } from './catalogue.ts';

export type Product = ProductId;
export const PRODUCTS: readonly Product[] = productIds;

/** The product a path segment names, if any. */
export const productOfPath = productAtPath;

/**
 * The document variants for a brand and product, as the server picks them (the engine's
 * `variantsOf`: the product's own, then the brand's). The browser has no document before
 * it loads one, so the brand's variant is passed on as if declared: the loader keeps only
 * what the document declares (variant-sets.ts `variantSetFor`), the check the engine makes.
 */
export function variantsFor(brand: { id: string }, product: Product): string[] {
  const brandVariant = catalogue.brands[brand.id]?.variant;
  return variantsOf(catalogue, productEntry(product), brand.id, { variants: brandVariant === undefined ? {} : { [brandVariant]: [] } });
}
