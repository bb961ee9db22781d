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
