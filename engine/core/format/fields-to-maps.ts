// A format-2 document in the map shape of format 1, which resolveDocument
// (engine/core/sections.ts) and the flat document (ADR 0001) have always used: each
// field's parts go back to their maps, the document's messages over the shared ones.
// `origin` maps a path of the result back to where the editor wrote it
// (`/labels/amount` → `/fields/amount/label`), so forms:check names the format-2 place.
import type { Check, JsonPatchOperation, JsonSchema, Logic, Step, SummarySection, Warning } from '../types.ts';
import type { IncludeOptions, PartyOptions, SectionRef, SectionRow } from '../sections.ts';

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** One of the document's own fields, written like a section's field (without parties). */
export interface DocumentField {
  schema: JsonSchema;
  label?: string;
  /** A list's row properties: their labels, messages and `sensitive`. */
  rows?: Record<string, SectionRow>;
  visible?: Logic;
  required?: true | Logic;
  /** A stored value computed from others; fields are derived in the order they are written. */
  derived?: Logic;
  normalize?: string | string[];
  ui?: Record<string, unknown>;
  /** Keyword messages for this field only (format 1's fieldMessages). */
  messages?: Record<string, string>;
  sensitive?: boolean;
}

/** A document of format 2 (engine/core/form-document.schema.json). */
export interface FormatTwoDocument {
  $schema?: string;
  id: string;
  version: 2;
  title: string;
  constants?: Record<string, unknown>;
  texts?: Record<string, string>;
  parties?: Record<string, PartyOptions>;
  include?: Record<string, IncludeOptions>;
  $defs?: Record<string, JsonSchema>;
  fields: Record<string, DocumentField>;
  /** Display-only values (an installment estimate): not fields, never stored. */
  computed?: Record<string, Logic>;
  steps: Step[];
  summary?: SummarySection[];
  checks?: Array<Check | SectionRef>;
  warnings?: Warning[];
  /** false: the document does not use forms/messages.json, its `messages` are all it has. */
  sharedMessages?: false;
  /** Over the shared messages: a message of its own or another text for a keyword; `null` drops a shared one. */
  messages?: Record<string, string | null>;
  /** RFC 6902 patches of the flat, resolved document (a section's field is reachable too). */
  variants?: Record<string, JsonPatchOperation[]>;
}

export interface MapShape {
  /** The document in format 1 (`version: 1`), sections still to be resolved. */
  document: Json;
  /** Where a path of `document` was written in the format-2 document. */
  origin(path: string): string;
}

const pointer = (...parts: Array<string | number>) => parts.map((part) => `/${String(part).replace(/~/g, '~0').replace(/\//g, '~1')}`).join('');

/** The shared messages with a document's own over them (a merge patch: `null` removes one). */
export function documentMessages(own: unknown, shared: Readonly<Record<string, string>>, useShared: boolean): unknown {
  if (!useShared) return own;
  const out: Json = { ...shared };
  if (isObject(own)) for (const [key, value] of Object.entries(own)) {
    if (value === null) delete out[key];
    else out[key] = value;
  }
  else if (own !== undefined) return own;
  return out;
}

export function fieldsToMaps(input: unknown, sharedMessages: Readonly<Record<string, string>>): MapShape {
  if (!isObject(input)) return { document: input as Json, origin: (path) => path };
  const origins = new Map<string, string>();
  const { fields, $defs, computed, checks, warnings, sharedMessages: useShared, messages, schema: rootKeys, rules: _rules, ...rest } = input;
  const maps = { labels: {} as Json, ui: {} as Json, normalize: {} as Json, fieldMessages: {} as Json, sensitive: {} as Json };
  const rules = { visible: {} as Json, required: {} as Json, derived: {} as Json };
  const properties: Json = {};
  const put = (map: Json, key: string, value: unknown, at: string, from: string) => {
    if (value === undefined || value === null) return;
    map[key] = value;
    origins.set(pointer(...at.split('/').filter(Boolean), key), from);
  };
  for (const [id, field] of Object.entries(isObject(fields) ? fields : {})) {
    if (!isObject(field)) continue;
    const from = (...parts: string[]) => pointer('fields', id, ...parts);
    if (field.schema !== undefined) put(properties, id, field.schema, 'schema/properties', from('schema'));
    put(maps.labels, id, field.label, 'labels', from('label'));
    for (const [row, written] of Object.entries(isObject(field.rows) ? field.rows : {})) {
      if (!isObject(written)) continue;
      const key = `${id}.*.${row}`;
      put(maps.labels, key, written.label, 'labels', from('rows', row, 'label'));
      put(maps.fieldMessages, key, written.messages, 'fieldMessages', from('rows', row, 'messages'));
      if (written.sensitive === true) put(maps.sensitive, key, true, 'sensitive', from('rows', row, 'sensitive'));
    }
    put(rules.visible, id, field.visible, 'rules/visible', from('visible'));
    put(rules.required, id, field.required, 'rules/required', from('required'));
    put(rules.derived, id, field.derived, 'rules/derived', from('derived'));
    put(maps.normalize, id, field.normalize, 'normalize', from('normalize'));
    put(maps.ui, id, field.ui, 'ui', from('ui'));
    put(maps.fieldMessages, id, field.messages, 'fieldMessages', from('messages'));
    if (field.sensitive === true) put(maps.sensitive, id, true, 'sensitive', from('sensitive'));
  }
  origins.set('/schema/properties', '/fields');
  origins.set('/schema', '/fields');
  for (const map of Object.keys(maps)) origins.set(pointer(map), '/fields');
  for (const kind of Object.keys(rules)) origins.set(pointer('rules', kind), '/fields');

  // The map shape is format 1, and so is the flat document resolved from it: written to a
  // file, it reads back as the same document.
  const document: Json = { ...rest, version: 1 };
  // `schema` carries only what a format-1 root schema held beyond the closed object (the meta-schema of format 2 refuses it).
  const schema: Json = { type: 'object', additionalProperties: false, ...(isObject(rootKeys) ? rootKeys : {}), properties };
  if ($defs !== undefined) {
    schema.$defs = $defs;
    origins.set('/schema/$defs', '/$defs');
  }
  document.schema = schema;
  const ruleSet: Json = {};
  for (const [kind, map] of Object.entries(rules)) if (Object.keys(map).length) ruleSet[kind] = map;
  for (const [kind, value] of Object.entries({ computed, checks, warnings })) {
    if (value === undefined) continue;
    ruleSet[kind] = value;
    origins.set(pointer('rules', kind), pointer(kind));
  }
  if (Object.keys(ruleSet).length) document.rules = ruleSet;
  for (const [name, map] of Object.entries(maps)) if (name === 'labels' || Object.keys(map).length) document[name] = map;
  const flatMessages = documentMessages(messages, sharedMessages, useShared !== false);
  if (flatMessages !== undefined) document.messages = flatMessages;
  // A shared message is changed (or dropped with null) in the document's own `messages`.
  origins.set('/messages', '/messages');

  return {
    document,
    origin(path) {
      for (let prefix = path; ; prefix = prefix.slice(0, prefix.lastIndexOf('/'))) {
        const found = origins.get(prefix);
        if (found !== undefined) return found + path.slice(prefix.length);
        if (!prefix) return path;
      }
    },
  };
}
