declare module 'virtual:form/*' {
  import type { ResolvedForm } from '../core/schema-parts.ts';
  export type { ResolvedForm };
  /** Every combination of the document's variants, base (none) first; each loads its own chunk. */
  export const variantSets: ReadonlyArray<{ variants: readonly string[]; load: () => Promise<ResolvedForm> }>;
}

declare module 'virtual:forms' {
  import type { ResolvedForm } from '../core/schema-parts.ts';
  /** Every document the catalogue names, by id, with its variant sets (as `virtual:form/<id>` has them). */
  export const documents: Readonly<Record<string, ReadonlyArray<{ variants: readonly string[]; load: () => Promise<ResolvedForm> }>>>;
  /** The release (content hash of the resolved document) of each document this build carries. */
  export const releases: Readonly<Record<string, string>>;
}
