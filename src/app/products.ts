// The two application products of spec §2, told apart by the path.
import type { Brand } from './brands.ts';

export const PRODUCTS = ['kulutusluotto', 'yhdistelylaina'] as const;
export type Product = (typeof PRODUCTS)[number];

export function isProduct(value: string | undefined): value is Product {
  return (PRODUCTS as readonly string[]).includes(value ?? '');
}

/** The consumer document's variants for a brand and product, in any order (the engine orders them). */
export function variantsFor(brand: Brand, product: Product): string[] {
  const variants: string[] = [];
  if (brand.variant) variants.push(brand.variant);
  if (product === 'yhdistelylaina') variants.push('yhdistelylaina');
  return variants;
}
