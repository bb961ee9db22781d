// The browser-safe surface of the engine: no AJV compiler, no file system.
export * from './types.ts';
export { createFormRuntime, type FormRuntime, type Scope, type PreparedValidation } from './runtime.ts';
export type { FormView } from './view.ts';
export { resolveVariants, variantKey, variantNames, UnknownVariantError } from './document.ts';
export { evaluate, isTruthy } from './logic.ts';
export { fieldLabel, isEmpty, topLevelField, wildcardPath } from './fields.ts';
export { messageFor } from './messages.ts';
