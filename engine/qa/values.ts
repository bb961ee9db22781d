// Values a field can take, read from its schema alone: options, limits, the
// custom keyword's own examples and a few plain words for free text.
import { finnishKeywords } from '../../custom-validators/keywords.ts';
import type { FinnishKeyword } from '../../custom-validators/keyword.ts';
import { yearRange } from '../../custom-validators/month-year.ts';
import type { FormDocument, JsonSchema } from '../core/types.ts';
import { resolveRef } from './intent.ts';

/** Words for free text; the first that fits the field's length and pattern is used (digits last: a number-only field such as the business form's phone or the login's code). */
const WORDS = ['Esimerkki', 'Testi Testinen', 'Ab', 'Esimerkkikatu 1', 'E', '0401234567', '123456'];

export interface Option {
  value: unknown;
  title?: string;
}

export function optionsOf(schema: JsonSchema): Option[] | null {
  if (Array.isArray(schema.oneOf) && schema.oneOf.every((o) => o && typeof o === 'object' && 'const' in o))
    return (schema.oneOf as JsonSchema[]).map((o) => ({ value: o.const, title: o.title as string | undefined }));
  if (Array.isArray(schema.enum)) return (schema.enum as unknown[]).map((value) => ({ value }));
  return null;
}

export function keywordOf(schema: JsonSchema): { keyword: FinnishKeyword; options: unknown } | null {
  for (const keyword of finnishKeywords) if (schema[keyword.keyword] !== undefined && schema[keyword.keyword] !== false) return { keyword, options: schema[keyword.keyword] };
  return null;
}

export function typeOf(schema: JsonSchema): string | undefined {
  return Array.isArray(schema.type) ? (schema.type as string[])[0] : (schema.type as string | undefined);
}

/** Whether a value has the schema's JSON type (an integer is also a number). */
export function hasType(schema: JsonSchema, value: unknown): boolean {
  const type = typeOf(schema);
  if (type === undefined) return true;
  if (type === 'integer') return Number.isInteger(value);
  if (type === 'number') return typeof value === 'number' && Number.isFinite(value);
  if (type === 'array') return Array.isArray(value);
  if (type === 'object') return !!value && typeof value === 'object' && !Array.isArray(value);
  return typeof value === type;
}

/** Whether a number keeps to the schema's limits and step. */
export function fitsNumber(schema: JsonSchema, value: number): boolean {
  if (typeof schema.minimum === 'number' && value < schema.minimum) return false;
  if (typeof schema.maximum === 'number' && value > schema.maximum) return false;
  const step = stepOf(schema);
  return step === null || Number.isInteger(value / step);
}

export function fitsText(schema: JsonSchema, text: string): boolean {
  const length = [...text].length;
  if (typeof schema.minLength === 'number' && length < schema.minLength) return false;
  if (typeof schema.maxLength === 'number' && length > schema.maxLength) return false;
  return typeof schema.pattern !== 'string' || new RegExp(schema.pattern as string, 'u').test(text);
}

/** A text of exactly `length` characters that fits the pattern (and `accept`), or null when the words cannot make one. */
export function textOfLength(schema: JsonSchema, length: number, accept: (text: string) => boolean = () => true): string | null {
  for (const word of WORDS) {
    const text = word.repeat(Math.ceil(length / word.length) + 1).slice(0, length);
    if (new RegExp(typeof schema.pattern === 'string' ? (schema.pattern as string) : '', 'u').test(text) && !/^\s|\s$/.test(text) && accept(text)) return text;
  }
  return null;
}

/** A number's step (`multipleOf`, a slider's); null when any value between its limits goes. */
export function stepOf(schema: JsonSchema): number | null {
  return typeof schema.multipleOf === 'number' && schema.multipleOf > 0 ? schema.multipleOf : null;
}

function numbers(schema: JsonSchema): number[] {
  const integer = typeOf(schema) === 'integer';
  const step = stepOf(schema);
  const min = typeof schema.minimum === 'number' ? schema.minimum : 0;
  const max = typeof schema.maximum === 'number' ? schema.maximum : Math.max(min, 1000) * 10;
  const middle = step ? Math.round((min + max) / 2 / step) * step : integer ? Math.round((min + max) / 2) : Math.round((min + max) / 2 / 100) * 100;
  const list = [schema.default, min, Math.min(max, min + (step ?? 1)), middle, max].filter((n): n is number => typeof n === 'number');
  return [...new Set(list)];
}

/** Candidate valid values, most ordinary first. */
export function candidates(doc: FormDocument, raw: JsonSchema, today = new Date()): unknown[] {
  const schema = resolveRef(doc, raw);
  if ('const' in schema) return [schema.const];
  const options = optionsOf(schema);
  if (options) return options.map((o) => o.value);
  const type = typeOf(schema);
  const custom = keywordOf(schema);
  if (custom?.keyword.keyword === 'fiYear') {
    const { min, max } = yearRange(custom.options as never, today);
    const now = today.getUTCFullYear();
    return [...new Set([now - 5, now - 1, now, now + 1, min, max])].filter((y) => y >= min && y <= max);
  }
  if (custom) return custom.keyword.examples.valid.filter((v) => hasType(schema, v) && (typeof v !== 'string' || fitsText({ ...schema, pattern: undefined }, v)));
  if (type === 'boolean') return schema.default === true ? [true, false] : [false, true];
  if (type === 'number' || type === 'integer') return numbers(schema);
  if (type === 'string') return WORDS.filter((w) => fitsText(schema, w));
  if (type === 'array') {
    const item = resolveRef(doc, schema.items as JsonSchema);
    const rows = rowCandidates(doc, item, today);
    const count = Math.max(1, typeof schema.minItems === 'number' ? schema.minItems : 1);
    return rows.map((row) => Array.from({ length: count }, () => structuredClone(row)));
  }
  if (type === 'object') return rowCandidates(doc, schema, today);
  return [];
}

/** Objects built from the first, then second… candidate of each property. */
function rowCandidates(doc: FormDocument, schema: JsonSchema, today: Date): unknown[] {
  const properties = Object.entries((schema.properties ?? {}) as Record<string, JsonSchema>);
  const perProperty = properties.map(([name, sub]) => [name, candidates(doc, sub, today)] as const);
  const rows: unknown[] = [];
  for (let pick = 0; pick < 3; pick++) {
    // Row `pick` varies one property at a time so rules comparing two properties can fail and pass.
    for (let vary = 0; vary < Math.max(1, perProperty.length); vary++) {
      const row: Record<string, unknown> = {};
      perProperty.forEach(([name, values], index) => {
        if (values.length) row[name] = values[Math.min(values.length - 1, index === vary ? pick : 0)];
      });
      if (!rows.some((r) => JSON.stringify(r) === JSON.stringify(row))) rows.push(row);
    }
  }
  return rows;
}

/** A value of the wrong JSON type: what a hidden field may hold without it mattering. */
export function wrongType(schema: JsonSchema): unknown {
  return typeOf(schema) === 'string' ? 12345 : 'x';
}

/**
 * Values of the wrong JSON type that reach a validator in practice: a number where text is
 * expected (an API client), a number as the text an input gives (its value, and each limit
 * as text, where a rule comparing the field to a constant is most likely to differ), and a
 * checkbox's "true".
 */
export function wrongTypes(schema: JsonSchema, current: unknown): unknown[] {
  const type = typeOf(schema);
  if (type === 'string') return [12345];
  if (type === 'boolean') return ['true'];
  if (type !== 'number' && type !== 'integer') return [];
  const numbers = [current, schema.minimum, schema.maximum].filter((n): n is number => typeof n === 'number');
  return [...new Set(numbers.map(String))];
}
