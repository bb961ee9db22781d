// The few AJV runtime helpers that generated validators call (string length in code
// points, deep equality), re-exported with CommonJS interop handled here once, so
// generated modules import them as plain ESM in Node and in the Vite bundle alike.
import ucs2lengthModule from 'ajv/dist/runtime/ucs2length.js';
import equalModule from 'ajv/dist/runtime/equal.js';

const unwrap = <T>(module: T | { default: T }): T =>
  typeof module === 'function' ? (module as T) : ((module as { default: T }).default ?? (module as T));

export const ucs2length = unwrap(ucs2lengthModule as never) as (value: string) => number;
export const equal = unwrap(equalModule as never) as (a: unknown, b: unknown) => boolean;
