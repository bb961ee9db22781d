// Format 1 → format 2 (docs/adr/0010-form-format-versions.md). Format 1 spread what
// the document says about one of its own fields over up to eight maps (the schema's
// properties, labels, ui, normalize, fieldMessages, sensitive, rules.visible /
// required / derived); format 2 writes each field once, as a shared section does,
// and lists only the keyword messages that differ from forms/messages.json.
//
// The migration is a fixed function: it compares messages with the shared messages
// as they were when format 2 began (below), not with whatever forms/messages.json
// holds later, so an old document migrates the same way in every year.
import type { JsonSchema } from '../types.ts';

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** forms/messages.json as format 2 began: the 32 keyword messages consumer.json and mortgage.json both wrote out. */
export const FORMAT_2_SHARED_MESSAGES: Readonly<Record<string, string>> = Object.freeze({
  default: 'Tarkista kentän tiedot',
  required: 'Pakollinen tieto',
  minimum: 'Vähintään {limit}',
  maximum: 'Enintään {limit}',
  exclusiveMinimum: 'Tarkista kentän tiedot',
  'type.number': 'Vain numeroita',
  'type.integer': 'Vain numeroita',
  minLength: 'Pakollinen tieto',
  maxLength: 'Enintään {limit} merkkiä',
  pattern: 'Tarkista kentän tiedot',
  oneOf: 'Valitse jokin vaihtoehdoista',
  const: 'Tarkista kentän tiedot',
  minItems: 'Lisää vähintään {limit}',
  maxItems: 'Enintään {limit}',
  additionalProperties: 'Tuntematon kenttä',
  'fiPersonalId.tooLong': 'Henkilötunnus on liian pitkä',
  'fiPersonalId.invalid': 'Henkilötunnus on virheellinen',
  'fiPersonalId.checksum': 'Tarkistusmerkki ei täsmää',
  'fiPersonalId.underage': 'Hakijan tulee olla täysi-ikäinen',
  'fiPhone.tooShort': 'Puhelinnumero on liian lyhyt',
  'fiPhone.tooLong': 'Puhelinnumero on liian pitkä',
  'fiPhone.areaCode': 'Tarkasta suuntanumero',
  'fiPhone.invalid': 'Vain numeroita',
  'fiPostalCode.invalid': 'Tarkista postinumero',
  'fiIban.tooShort': 'Tilinumero on liian lyhyt',
  'fiIban.tooLong': 'Tilinumero on liian pitkä',
  'fiIban.format': 'Tilinumero on väärää muotoa',
  'fiIban.checksum': 'Tarkasta tilinumero',
  'fiBusinessId.invalid': 'Tarkista Y-tunnus',
  'fiBusinessId.checksum': 'Tarkista Y-tunnus',
  'fiEmail.invalid': 'Tarkista sähköpostiosoite',
  'fiYear.outOfRange': 'Tarkista vuosi',
});

/** The order of a field's keys in format 2: what it is, what it is called, when it applies, how it looks. */
export const FIELD_KEYS = ['schema', 'label', 'rows', 'visible', 'required', 'derived', 'normalize', 'ui', 'messages', 'sensitive'] as const;
const ROW_KEYS = ['label', 'messages', 'sensitive'] as const;
/** The top-level keys of a format-2 document, in the order the migration writes them. */
export const DOCUMENT_KEYS = ['$schema', 'id', 'version', 'title', 'constants', 'texts', 'parties', 'include', '$defs', 'fields', 'computed', 'steps', 'summary', 'checks', 'warnings', 'sharedMessages', 'messages', 'variants'] as const;

/**
 * The keyword messages a format-1 document writes, as format 2 says them: the shorter
 * of a merge patch over the shared messages (`null`: this document has no message for
 * that keyword, so the default applies as before) and the document's own full list
 * without the shared ones (`sharedMessages: false`). Either gives the same flat map.
 */
export function messagesOf(messages: unknown, shared: Readonly<Record<string, string>> = FORMAT_2_SHARED_MESSAGES): { sharedMessages?: false; messages?: Json } {
  if (!isObject(messages)) return messages === undefined ? { sharedMessages: false } : { sharedMessages: false, messages: messages as Json };
  const patch: Json = {};
  for (const [key, value] of Object.entries(messages)) if (shared[key] !== value) patch[key] = value;
  for (const key of Object.keys(shared)) if (!Object.hasOwn(messages, key)) patch[key] = null;
  if (Object.keys(patch).length < Object.keys(messages).length) return Object.keys(patch).length ? { messages: patch } : {};
  return { sharedMessages: false, messages };
}

const ordered = (value: Json, keys: readonly string[]): Json => {
  const out: Json = {};
  for (const key of keys) if (value[key] !== undefined) out[key] = value[key];
  for (const [key, item] of Object.entries(value)) if (!Object.hasOwn(out, key)) out[key] = item;
  return out;
};

/** Format 1 → format 2. Pure, and total: a malformed document keeps what it cannot place, for the check to name. */
export function v1ToV2(input: unknown): unknown {
  if (!isObject(input)) return input;
  const {
    schema,
    labels,
    ui,
    normalize,
    fieldMessages,
    sensitive,
    rules,
    messages,
    version: _version,
    ...rest
  } = input;
  const schemaObject = isObject(schema) ? schema : {};
  const { properties, $defs, type: _type, additionalProperties: _closed, required: _required, ...schemaRest } = schemaObject;
  const own = isObject(properties) ? (properties as Record<string, JsonSchema>) : {};
  const ruleMaps = isObject(rules) ? rules : {};
  const { visible, required, derived, computed, checks, warnings, ...rulesRest } = ruleMaps;

  const fields: Record<string, Json> = {};
  const fieldOf = (id: string) => (fields[id] ??= {});
  for (const [id, fieldSchema] of Object.entries(own)) fieldOf(id).schema = fieldSchema;
  // A key `list.*.prop` of a list field is one of its rows; any other key is a field id as written.
  const place = (map: unknown, key: (typeof FIELD_KEYS)[number]) => {
    if (!isObject(map)) return;
    for (const [id, value] of Object.entries(map)) {
      const [list, star, row, ...more] = id.split('.');
      if (star === '*' && row && !more.length && Object.hasOwn(own, list) && (ROW_KEYS as readonly string[]).includes(key)) {
        const rows = (fieldOf(list).rows ??= {}) as Record<string, Json>;
        (rows[row] ??= {})[key] = value;
      } else fieldOf(id)[key] = value;
    }
  };
  place(labels, 'label');
  place(visible, 'visible');
  place(required, 'required');
  place(derived, 'derived');
  place(normalize, 'normalize');
  place(ui, 'ui');
  place(fieldMessages, 'messages');
  place(sensitive, 'sensitive');
  for (const field of Object.values(fields)) {
    if (isObject(field.rows)) for (const [row, value] of Object.entries(field.rows)) field.rows[row] = ordered(value as Json, ROW_KEYS);
  }

  const out: Json = { ...rest, version: 2 };
  if (isObject($defs)) out.$defs = $defs;
  // Keys of the data schema's root other than the closed object (none in forms/) stay
  // there, in a `schema` the format-2 meta-schema refuses: lost silently they would be a wrong migration.
  if (Object.keys(schemaRest).length || (schema !== undefined && !isObject(schema))) out.schema = isObject(schema) ? schemaRest : schema;
  out.fields = Object.fromEntries(Object.entries(fields).map(([id, field]) => [id, ordered(field, FIELD_KEYS)]));
  if (computed !== undefined) out.computed = computed;
  if (checks !== undefined) out.checks = checks;
  if (warnings !== undefined) out.warnings = warnings;
  if (Object.keys(rulesRest).length || (rules !== undefined && !isObject(rules))) out.rules = isObject(rules) ? rulesRest : rules;
  Object.assign(out, messagesOf(messages));
  return ordered(out, DOCUMENT_KEYS);
}
