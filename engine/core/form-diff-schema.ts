// The schema side of a form diff: a field's JSON Schema read as an editor knows it
// (shared `$defs` inlined, enumerations as options) and compared keyword by keyword,
// down into a list's rows.
import { wildcardPath } from './fields.ts';
import type { FormChangeKind } from './form-diff.ts';
import { LIMIT_NAMES, VALIDATOR_NAMES, describeChange, formatType, formatValidatorValue, formatValue, quote } from './form-diff-format.ts';
import { canonicalJson, mergeOrder, sameJson } from './json-compare.ts';
import type { FormDocument } from './types.ts';

export type Json = Record<string, unknown>;
export const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Says one change of the field (or list row property) at `path`. */
export type Report = (path: string, kind: FormChangeKind, detail: string) => void;

/** A field's schema with `#/$defs/…` references replaced by what they point to, so a shared definition's change shows on each field that uses it. */
function derefSchema(root: Json, schema: unknown, seen: readonly string[] = []): unknown {
  if (!isObject(schema)) return schema;
  let node: Json = schema;
  let path = seen;
  if (typeof node.$ref === 'string' && node.$ref.startsWith('#/$defs/')) {
    const name = node.$ref.slice('#/$defs/'.length).replace(/~1/g, '/').replace(/~0/g, '~');
    const target = isObject(root.$defs) ? root.$defs[name] : undefined;
    if (isObject(target) && !seen.includes(name)) {
      const { $ref: _ref, ...rest } = node;
      path = [...seen, name];
      node = { ...(derefSchema(root, target, path) as Json), ...rest };
    }
  }
  const out: Json = { ...node };
  if (isObject(out.properties)) out.properties = Object.fromEntries(Object.entries(out.properties).map(([key, value]) => [key, derefSchema(root, value, path)]));
  if (isObject(out.items)) out.items = derefSchema(root, out.items, path);
  return out;
}

export const propertiesOf = (doc: FormDocument): Record<string, unknown> => (isObject(doc.schema?.properties) ? doc.schema.properties : {});

export function fieldSchema(doc: FormDocument, field: string): Json | undefined {
  const schema = propertiesOf(doc)[field];
  return isObject(schema) ? (derefSchema(doc.schema as Json, schema) as Json) : undefined;
}

/** The schema at `a.*.b` (a list row's property), or undefined. */
export function schemaAt(doc: FormDocument, path: string): Json | undefined {
  const [top, ...rest] = path.split('.');
  let node = fieldSchema(doc, top);
  for (const part of rest) {
    if (!node) return undefined;
    const next = part === '*' || /^\d+$/.test(part) ? node.items : isObject(node.properties) ? node.properties[part] : undefined;
    node = isObject(next) ? next : undefined;
  }
  return node;
}

/** The document's Finnish name for a field: its label, else its schema title; a row's `{n}` is left out. */
export function fieldOwnName(doc: FormDocument, path: string): string | undefined {
  const label = doc.labels?.[path] ?? doc.labels?.[wildcardPath(path)];
  if (typeof label === 'string' && label) return label.replace(/\s*\{n\}/g, '').trim();
  const title = schemaAt(doc, path)?.title;
  return typeof title === 'string' && title ? title : undefined;
}

const LIMIT_ORDER = ['minimum', 'exclusiveMinimum', 'maximum', 'exclusiveMaximum', 'multipleOf', 'minLength', 'maxLength', 'pattern', 'minItems', 'maxItems'];
/** Schema keywords worded above; any other is reported by its name. */
const WORDED_KEYWORDS = new Set([...LIMIT_ORDER, ...Object.keys(VALIDATOR_NAMES), 'title', 'description', 'type', 'oneOf', 'enum', 'const', 'default', 'readOnly', '$comment', 'required', 'properties', 'items']);

interface Option {
  key: string;
  value: unknown;
  title?: string;
}

/** An enumeration (`oneOf` of `{const, title}`, or `enum`) as options; undefined for anything else. */
function optionsOf(schema: Json): Option[] | undefined {
  if (Array.isArray(schema.oneOf)) {
    const plain = schema.oneOf.every((item) => isObject(item) && 'const' in item && Object.keys(item).every((key) => key === 'const' || key === 'title'));
    if (!plain) return undefined;
    return (schema.oneOf as Json[]).map((item) => ({ key: canonicalJson(item.const), value: item.const, title: typeof item.title === 'string' ? item.title : undefined }));
  }
  if (Array.isArray(schema.enum)) return schema.enum.map((value) => ({ key: canonicalJson(value), value }));
  return schema.oneOf === undefined && schema.enum === undefined ? [] : undefined;
}

/** An option's code as written in the document (a code, not an amount: no thousands separator). */
const optionCode = (value: unknown) => (typeof value === 'string' ? quote(value) : typeof value === 'number' ? String(value).replace('.', ',') : formatValue(value));
const optionName = (option: Option) => (option.title !== undefined ? `${quote(option.title)} (${optionCode(option.value)})` : optionCode(option.value));

/** The changes of one field's schema, `$defs` already inlined; a row's property is `path.*.prop`. */
export function diffFieldSchema(path: string, x: Json, y: Json, report: Report): void {
  const change = (key: string, kind: FormChangeKind, name: string, format?: (value: unknown) => string) => {
    if (!sameJson(x[key], y[key])) report(path, kind, describeChange(name, x[key], y[key], format));
  };
  change('title', 'field-title', 'otsikko lomakkeella');
  change('description', 'description', 'kuvaus');
  change('type', 'type', 'tyyppi', formatType);
  for (const key of LIMIT_ORDER) change(key, 'limit', LIMIT_NAMES[key]);
  diffOptions(path, x, y, report);
  change('const', 'const', 'vaadittu arvo');
  change('default', 'default', 'oletusarvo');
  if (Boolean(x.readOnly) !== Boolean(y.readOnly)) report(path, 'read-only', y.readOnly ? 'nyt vain luettava (ei vastattava)' : 'ei enää vain luettava');
  for (const [key, name] of Object.entries(VALIDATOR_NAMES)) change(key, 'validator', name, formatValidatorValue);
  change('$comment', 'comment', 'kommentti');
  const requiredA = Array.isArray(x.required) ? (x.required as string[]) : [];
  const requiredB = Array.isArray(y.required) ? (y.required as string[]) : [];
  for (const prop of mergeOrder(requiredA, requiredB)) {
    if (requiredA.includes(prop) === requiredB.includes(prop)) continue;
    report(`${path}.${prop}`, 'required', requiredB.includes(prop) ? 'nyt aina pakollinen' : 'ei enää pakollinen');
  }
  const propsA = isObject(x.properties) ? x.properties : {};
  const propsB = isObject(y.properties) ? y.properties : {};
  for (const prop of mergeOrder(Object.keys(propsA), Object.keys(propsB))) {
    const sub = `${path}.${prop}`;
    if (!(prop in propsA)) report(sub, 'field-added', 'uusi osa');
    else if (!(prop in propsB)) report(sub, 'field-removed', 'osa poistettu');
    else if (isObject(propsA[prop]) && isObject(propsB[prop])) diffFieldSchema(sub, propsA[prop] as Json, propsB[prop] as Json, report);
    else change('properties', 'schema', `osa ${prop}`);
  }
  if (isObject(x.items) && isObject(y.items)) diffFieldSchema(`${path}.*`, x.items, y.items, report);
  else change('items', 'schema', 'rivin rakenne');
  for (const key of mergeOrder(Object.keys(x), Object.keys(y))) if (!WORDED_KEYWORDS.has(key) && !sameJson(x[key], y[key])) report(path, 'schema', describeChange(key, x[key], y[key]));
}

function diffOptions(path: string, x: Json, y: Json, report: Report): void {
  const optionsA = optionsOf(x);
  const optionsB = optionsOf(y);
  if (!optionsA || !optionsB) {
    if (!sameJson(x.oneOf, y.oneOf) || !sameJson(x.enum, y.enum)) report(path, 'schema', 'vaihtoehtojen rakenne muuttui');
    return;
  }
  const byKeyA = new Map(optionsA.map((option) => [option.key, option]));
  const byKeyB = new Map(optionsB.map((option) => [option.key, option]));
  for (const key of mergeOrder([...byKeyA.keys()], [...byKeyB.keys()])) {
    const before = byKeyA.get(key);
    const after = byKeyB.get(key);
    if (!before) report(path, 'option-added', `uusi vaihtoehto ${optionName(after!)}`);
    else if (!after) report(path, 'option-removed', `vaihtoehto ${optionName(before)} poistettu`);
    else if (before.title !== after.title) report(path, 'option-label', describeChange(`vaihtoehdon ${optionCode(after.value)} nimi`, before.title, after.title));
  }
  const common = (options: Option[], other: Map<string, Option>) => options.filter((option) => other.has(option.key)).map((option) => option.key);
  if (!sameJson(common(optionsA, byKeyB), common(optionsB, byKeyA))) report(path, 'option-order', 'vaihtoehtojen järjestys muuttui');
}
