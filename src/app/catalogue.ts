// The product catalogue of forms/ as the browser sees it: which products have pages,
// their API prefixes and variants, and the brands. The same file the server reads,
// bundled as data; the product and brand id types follow from it, so a product added
// there without its texts in messages/step.fi.ts fails the type check.
import raw from '../../forms/catalogue.json' with { type: 'json' };
import { brandIdForHost, checkedCatalogue, productByPath, type CatalogueProduct, type CatalogueService } from '../../engine/core/catalogue.ts';

export const catalogue = checkedCatalogue(raw);

export type ProductId = keyof typeof raw.products;
export type BrandId = keyof typeof raw.brands;

export const productIds = Object.keys(catalogue.products) as ProductId[];
export const brandIds = Object.keys(catalogue.brands) as BrandId[];
export const defaultProduct = catalogue.defaultProduct as ProductId;

export const productEntry = (product: ProductId): CatalogueProduct => catalogue.products[product];

/** The product whose pages live under `/hakemus/<path>/`. */
export function productAtPath(path: string | undefined): ProductId | undefined {
  return productByPath(catalogue, path ?? '')?.id as ProductId | undefined;
}

export const brandForHostName = (host: string): BrandId => brandIdForHost(catalogue, host) as BrandId;

/** The application API prefix of a product (its save, code and offer calls). */
export const applicationsApi = (product: ProductId): string => productEntry(product).api;

/** The customer services (the insurance), each a page at `/<path>` behind the login. */
export const services: readonly CatalogueService[] = Object.values(catalogue.services);
