// The browser-safe surface of the engine: no AJV compiler, no file system.
export * from './types.ts';
export { createFormRuntime, SchemaPartPendingError, type FormRuntime, type Scope, type PreparedValidation } from './runtime.ts';
export { chunkValidator, partedValidator, type PartedValidateFunction, type ResolvedForm, type SchemaPartSource } from './schema-parts.ts';
export type { FormView } from './view.ts';
export { sameList } from './view.ts';
export { resolveVariants, variantKey, variantNames, UnknownVariantError } from './document.ts';
export { evaluate, isTruthy } from './logic.ts';
export { fieldLabel, isEmpty, topLevelField, wildcardPath } from './fields.ts';
export { messageFor } from './messages.ts';
