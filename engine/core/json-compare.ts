// Comparing two versions of JSON documents: equality that ignores key order, and one
// order for items of two lists (the new list's, with what was dropped kept in place).

/** JSON equality that ignores the order of object keys (it carries no meaning in a document). */
export function sameJson(a: unknown, b: unknown): boolean {
  return canonicalJson(a) === canonicalJson(b);
}

export function canonicalJson(value: unknown): string {
  if (value === undefined) return 'undefined';
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const object = value as Record<string, unknown>;
  return `{${Object.keys(object)
    .filter((key) => object[key] !== undefined)
    .sort()
    .map((key) => `${JSON.stringify(key)}:${canonicalJson(object[key])}`)
    .join(',')}}`;
}

/** `after`'s order, with what only `before` has placed after its nearest earlier neighbour. */
export function mergeOrder(before: readonly string[], after: readonly string[]): string[] {
  const result = [...after];
  const present = new Set(after);
  let anchor = -1;
  for (const item of before) {
    if (present.has(item)) {
      anchor = result.indexOf(item);
      continue;
    }
    result.splice(++anchor, 0, item);
    present.add(item);
  }
  return result;
}
