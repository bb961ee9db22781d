declare module 'virtual:form/*' {
  import type { FormDocument, SchemaValidateFunction } from '../core/types.ts';
  /** A variant set's chunk: the document with the set's variants applied, and its validator. */
  export interface ResolvedForm {
    document: FormDocument;
    validate: SchemaValidateFunction;
  }
  /** Every combination of the document's variants, base (none) first; each loads its own chunk. */
  export const variantSets: ReadonlyArray<{ variants: readonly string[]; load: () => Promise<ResolvedForm> }>;
}

declare module 'virtual:forms' {
  import type { FormDocument, SchemaValidateFunction } from '../core/types.ts';
  /** Every document the catalogue names, by id, with its variant sets (as `virtual:form/<id>` has them). */
  export const documents: Readonly<Record<string, ReadonlyArray<{ variants: readonly string[]; load: () => Promise<{ document: FormDocument; validate: SchemaValidateFunction }> }>>>;
  /** The release (content hash of the resolved document) of each document this build carries. */
  export const releases: Readonly<Record<string, string>>;
}
