declare module 'virtual:form/*' {
  import type { FormDocument, SchemaValidateFunction } from '../core/types.ts';
  export const document: FormDocument;
  /** One loader per variant key (`base`, `kattokorko+yhdistelylaina`, …); each validator is its own chunk. */
  export const validators: Record<string, () => Promise<SchemaValidateFunction>>;
  const form: { document: FormDocument; validators: Record<string, () => Promise<SchemaValidateFunction>> };
  export default form;
}
