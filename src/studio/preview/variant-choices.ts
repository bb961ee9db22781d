// The variant sets a document is shown in, from the catalogue: every product that shows the
// document, under every brand that sells it (the brand's own variant added). The server applies
// only those variants its document declares (release-modules), so a set may name one it has not.
// Pure.
import type { Catalogue } from '../../../engine/core/catalogue.ts';

export interface VariantChoice {
  /** The module's variants segment: names sorted and joined with '+', or 'base'. */
  key: string;
  variants: string[];
  /** Which products and brands show it ('kulutusluotto · kattokorko'). */
  shownAs: string[];
}

export const variantsKey = (variants: readonly string[]) => (variants.length ? [...new Set(variants)].sort().join('+') : 'base');

export function variantChoices(catalogue: Catalogue, document: string): VariantChoice[] {
  const choices = new Map<string, VariantChoice>();
  const add = (variants: string[], shownAs: string) => {
    const key = variantsKey(variants);
    const choice = choices.get(key) ?? { key, variants: key === 'base' ? [] : key.split('+'), shownAs: [] };
    choice.shownAs.push(shownAs);
    choices.set(key, choice);
  };
  for (const [productId, product] of Object.entries(catalogue.products)) {
    if (product.document !== document) continue;
    for (const brandId of product.brands) {
      const brand = catalogue.brands[brandId];
      add([...product.variants, ...(brand?.variant ? [brand.variant] : [])], `${productId} · ${brandId}`);
    }
  }
  for (const [serviceId, service] of Object.entries(catalogue.services ?? {})) {
    if (service.document === document) add([], serviceId);
  }
  if (!choices.size) add([], document);
  return [...choices.values()];
}
