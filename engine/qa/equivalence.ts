// Mutants no input can tell from the document, recognised from its shape, so the
// mutator does not make them (ADR 0005): a score counts only what a suite could notice.
import { finnishKeywords } from '../../custom-validators/keywords.ts';
import { messageFor } from '../core/messages.ts';
import type { FormDocument, JsonSchema } from '../core/types.ts';
import { resolveRef } from './intent.ts';

/** Schema keywords whose error is looked up under their own name (messages.ts `messageKeys`). */
const SCHEMA_KEYWORDS = new Set([
  'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf', 'minLength', 'maxLength', 'pattern', 'format',
  'minItems', 'maxItems', 'uniqueItems', 'minProperties', 'maxProperties', 'const', 'enum', 'oneOf', 'anyOf', 'not', 'contains',
]);
const KEYWORDS = new Map(finnishKeywords.map((keyword) => [keyword.keyword, keyword]));

/** The schema of `field` (`list.*.prop` or `list.prop`), or undefined when the path leads nowhere. */
function schemaOf(doc: FormDocument, field: string): JsonSchema | undefined {
  const [top, ...rest] = field.split('.');
  let schema: JsonSchema | undefined = doc.schema.properties[top];
  for (const part of rest) {
    if (!schema) return undefined;
    schema = resolveRef(doc, schema);
    if (part === '*' || /^\d+$/.test(part)) {
      if (schema.items && typeof schema.items === 'object') schema = schema.items as JsonSchema;
      continue;
    }
    schema = (schema.properties as Record<string, JsonSchema> | undefined)?.[part];
  }
  return schema && resolveRef(doc, schema);
}

/**
 * Whether a field's own message can be shown: some error of the field is looked up under
 * `key` before a message the document defines for a more specific key. A message of a
 * keyword the field does not have (a `pattern` message on a field without a pattern), or
 * a field's `type` message where `messages` has `type.integer` for its type (tried
 * first), is never shown, so changing it changes nothing. Unknown keys count as shown.
 */
export function fieldMessageShown(doc: FormDocument, field: string, key: string): boolean {
  const schema = schemaOf(doc, field);
  if (!schema) return true;
  const own = doc.fieldMessages?.[field] ?? {};
  const defined = (k: string) => own[k] !== undefined || doc.messages[k] !== undefined;
  const [name, code] = key.split(/\.(.*)/s);
  if (name === 'type') {
    if (schema.type === undefined) return false;
    const type = Array.isArray(schema.type) ? (schema.type as string[]).join(',') : String(schema.type);
    return code === undefined ? !defined(`type.${type}`) : code === type;
  }
  const keyword = KEYWORDS.get(name);
  if (keyword) {
    if (schema[name] === undefined || schema[name] === false) return false;
    return code === undefined ? keyword.codes.some((c) => !defined(`${name}.${c}`)) : keyword.codes.includes(code);
  }
  if (SCHEMA_KEYWORDS.has(key)) return schema[key] !== undefined;
  return true;
}

/**
 * The lengths, in characters, a simple anchored pattern admits (`^[0-9]{6}$`: 6 to 6);
 * null for anything with groups, alternatives or assertions, which this does not read.
 */
export function patternLengths(pattern: string): { min: number; max: number } | null {
  const chars = [...pattern];
  if (chars[0] !== '^' || chars[chars.length - 1] !== '$' || chars[chars.length - 2] === '\\') return null;
  const body = chars.slice(1, -1);
  let min = 0;
  let max = 0;
  let i = 0;
  while (i < body.length) {
    const c = body[i];
    if (c === '[') {
      let j = i + 1;
      if (body[j] === '^') j++;
      if (body[j] === ']') j++;
      while (j < body.length && body[j] !== ']') j += body[j] === '\\' ? 2 : 1;
      if (j >= body.length) return null;
      i = j + 1;
    } else if (c === '\\') {
      // One character: a class (\d) or an escaped sign (\.); not \b, \p{…}, \u…, \x…, \c… or a back-reference.
      const e = body[i + 1];
      if (e === undefined || (/[A-Za-z0-9]/.test(e) && !/[dDwWsStnrfv]/.test(e))) return null;
      i += 2;
    } else if ('()|^$*+?{}'.includes(c)) return null;
    else i++;
    let lo = 1;
    let hi = 1;
    const rest = body.slice(i).join('');
    const braces = /^\{(\d+)(,(\d*))?\}/.exec(rest);
    if (braces) {
      lo = Number(braces[1]);
      hi = braces[2] === undefined ? lo : braces[3] === '' ? Infinity : Number(braces[3]);
      i += braces[0].length;
    } else if (rest[0] === '?' || rest[0] === '*' || rest[0] === '+') {
      [lo, hi] = rest[0] === '?' ? [0, 1] : rest[0] === '*' ? [0, Infinity] : [1, Infinity];
      i++;
    }
    if (body[i] === '?' && (braces || '?*+'.includes(rest[0]))) i++;
    min += lo;
    max += hi;
  }
  return { min, max };
}

/**
 * A length limit changed by `delta` where the pattern decides anyway: the only length whose
 * result the change could move is one the pattern refuses, and the pattern's message is the
 * length limit's message before and after (login code: `^[0-9]{6}$` and maxLength 6 → 7,
 * both "Koodissa on kuusi numeroa"). Length limits are checked before the pattern, so at
 * that length one side shows the limit's message and the other the pattern's: the same text.
 */
export function lengthDecidedByPattern(doc: FormDocument, field: string, schema: JsonSchema, keyword: string, delta: number): boolean {
  if ((keyword !== 'minLength' && keyword !== 'maxLength') || typeof schema.pattern !== 'string' || typeof schema[keyword] !== 'number') return false;
  if ([...KEYWORDS.keys()].some((name) => schema[name] !== undefined && schema[name] !== false)) return false;
  const lengths = patternLengths(schema.pattern as string);
  if (!lengths) return false;
  const limit = schema[keyword] as number;
  const moved = keyword === 'maxLength' ? (delta > 0 ? limit + 1 : limit) : delta > 0 ? limit : limit - 1;
  if (moved < 0 || (moved >= lengths.min && moved <= lengths.max)) return false;
  // The other length limit must not refuse that length first.
  if (typeof schema.minLength === 'number' && keyword === 'maxLength' && moved < schema.minLength) return false;
  if (typeof schema.maxLength === 'number' && keyword === 'minLength' && moved > schema.maxLength) return false;
  const before = messageFor(doc, field, [keyword], { limit });
  return before === messageFor(doc, field, [keyword], { limit: limit + delta }) && before === messageFor(doc, field, ['pattern']);
}
