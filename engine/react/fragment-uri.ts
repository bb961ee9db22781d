// Stands in for fast-uri in the browser build (src/build/rjsf-uri-plugin.ts puts it in place of @rjsf/utils' import). @rjsf/utils
// imports it for one job, resolving `$ref`s against `$id`s (findSchemaDefinition.js,
// createSchemaUtils.js), and reaches it only when a schema declares `$schema` 2020-12,
// has an `$id`, or refers to something other than a fragment of itself. The schemas the
// engine compiles do none of these (tests/unit/react/fragment-uri.test.ts checks every
// document and variant set), so RJSF looks up `#/$defs/…` with jsonpointer and never
// calls this; the library is a fifth of RJSF's share of step 1. Should a schema ever
// take the other path, fragments and absolute URIs resolve as fast-uri resolves them,
// and anything else fails loudly rather than pointing at the wrong definition.

const SCHEME = /^[a-z][a-z\d+.-]*:/i;

const withoutFragment = (uri: string) => uri.replace(/#.*$/s, '');

function absolute(uri: string): string | undefined {
  try {
    return new URL(uri).href;
  } catch {
    return undefined;
  }
}

/** `relative` resolved against `base` (RFC 3986 §5.2), for the references a schema of ours could hold. */
export function resolve(base: string, relative: string): string {
  if (relative.startsWith('#')) return `${withoutFragment(base)}${relative}`;
  if (SCHEME.test(relative)) return absolute(relative) ?? relative;
  const baseUrl = absolute(base);
  if (baseUrl !== undefined) return new URL(relative, baseUrl).href;
  throw new Error(`fragment-uri: cannot resolve "${relative}" against "${base}" (the browser build ships no fast-uri)`);
}

/** Whether two URIs name the same resource: absolute ones compared as the URL parser normalises them. */
export function equal(a: string, b: string): boolean {
  return (absolute(a) ?? a) === (absolute(b) ?? b);
}

export default { resolve, equal };
