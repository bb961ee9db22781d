// The application products (spec §2), as the catalogue in forms/ lists them; the
// path under /hakemus/ tells them apart.
import type { Brand } from './brands.ts';
import { productAtPath, productEntry, productIds, type ProductId } from './catalogue.ts';

export type Product = ProductId;
export const PRODUCTS: readonly Product[] = productIds;

/** The product a path segment names, if any. */
export const productOfPath = productAtPath;

/**
 * The document variants for a brand and product: the product's own and the brand's.
 * The loader keeps those the product's document declares (a brand's variant is about
 * its own limits and applies only where a document has them, engine/core/catalogue.ts).
 */
export function variantsFor(brand: Pick<Brand, 'variant'>, product: Product): string[] {
  const own = productEntry(product).variants;
  return brand.variant && !own.includes(brand.variant) ? [brand.variant, ...own] : [...own];
}
