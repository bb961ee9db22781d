// Variants are RFC 6902 patches over the base document, applied in the order the
// document lists them, so a combination (brand + product) is deterministic.
import jsonPatch from 'fast-json-patch';
import type { FormDocument } from './types.ts';

export class UnknownVariantError extends Error {
  constructor(
    readonly formId: string,
    readonly variant: string,
  ) {
    super(`Lomakkeella ${formId} ei ole muunnelmaa ${variant}`);
  }
}

export function variantNames(doc: FormDocument): string[] {
  return Object.keys(doc.variants ?? {});
}

/** The document as one variant set sees it; the result carries no `variants`. */
export function resolveVariants(doc: FormDocument, variants: readonly string[] = []): FormDocument {
  const known = variantNames(doc);
  for (const name of variants) if (!known.includes(name)) throw new UnknownVariantError(doc.id, name);
  const { variants: patches, ...base } = structuredClone(doc);
  let resolved = base as FormDocument;
  for (const name of known) {
    if (!variants.includes(name)) continue;
    resolved = jsonPatch.applyPatch(resolved, patches![name] as never, true, true).newDocument;
  }
  return resolved;
}

/** A stable key for a variant set, e.g. `kattokorko+yhdistelylaina` (document order). */
export function variantKey(doc: FormDocument, variants: readonly string[] = []): string {
  const ordered = variantNames(doc).filter((name) => variants.includes(name));
  return ordered.length ? ordered.join('+') : 'base';
}

/** Every combination of the document's variants, base first: one validator each. */
export function variantSets(doc: FormDocument): string[][] {
  return variantNames(doc).reduce<string[][]>((sets, name) => [...sets, ...sets.map((set) => [...set, name])], [[]]);
}
