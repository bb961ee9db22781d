import { loadFormRuntime } from '../../../engine/core/node.ts';
import type { PreparedValidation } from '../../../engine/core/runtime.ts';

export const consumer = (variants: string[] = []) => loadFormRuntime('consumer', variants);

/** `{field: message}` of a result, for readable assertions. */
export function errorMap(result: PreparedValidation): Record<string, string> {
  return Object.fromEntries(result.errors.map((error) => [error.field, error.message]));
}
