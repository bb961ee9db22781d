// The fields a condition may name, read from a flat (resolved) document: in step
// order, with the label, the choices and the kind the builder needs for its inputs.
import { fieldOrder } from '../fields.ts';
import { fieldIdOf, PARTY_PLACEHOLDER } from '../sections.ts';
import type { FormDocument, JsonSchema } from '../types.ts';
import type { Scalar } from './model.ts';

export type FieldKind = 'boolean' | 'choice' | 'number' | 'text' | 'personalId' | 'list' | 'other';

export interface ConditionField {
  id: string;
  label: string;
  kind: FieldKind;
  options?: Array<{ value: Scalar; title: string }>;
  /**
   * The step the field is asked on (its position among the document's steps). Absent for a
   * field no step asks (a derived value, the signed-in person's age): it is known throughout.
   */
  step?: number;
}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A field's choices: `oneOf` of `const`s with titles, or a plain `enum`. */
export function optionsOf(schema: JsonSchema): Array<{ value: Scalar; title: string }> | undefined {
  if (Array.isArray(schema.oneOf) && schema.oneOf.length && schema.oneOf.every((item) => isObject(item) && 'const' in item))
    return (schema.oneOf as Json[]).map((item) => ({ value: item.const as Scalar, title: typeof item.title === 'string' ? item.title : String(item.const) }));
  if (Array.isArray(schema.enum)) return (schema.enum as Scalar[]).map((value) => ({ value, title: String(value) }));
  return undefined;
}

export function kindOf(schema: JsonSchema): FieldKind {
  if (optionsOf(schema)) return 'choice';
  if (schema.type === 'boolean') return 'boolean';
  if (schema.type === 'number' || schema.type === 'integer') return 'number';
  if (schema.type === 'array' || typeof schema.$ref === 'string') return 'list';
  if (schema.type === 'string') return 'fiPersonalId' in schema ? 'personalId' : 'text';
  return 'other';
}

/** The document's fields in step order (fieldOrder), then those no step asks. */
export function conditionFields(doc: FormDocument): ConditionField[] {
  const stepOf = new Map<string, number>();
  [...doc.steps].sort((a, b) => a.number - b.number).forEach((step, index) => {
    for (const section of step.sections) for (const field of section.fields) if (!stepOf.has(field)) stepOf.set(field, index);
  });
  const properties = doc.schema.properties;
  return [...fieldOrder(doc).keys()]
    .filter((id) => Object.hasOwn(properties, id))
    .map((id) => {
      const schema = properties[id];
      const options = optionsOf(schema);
      const field: ConditionField = { id, label: doc.labels?.[id] ?? (typeof schema.title === 'string' ? schema.title : id), kind: kindOf(schema) };
      if (options) field.options = options;
      if (stepOf.has(id)) field.step = stepOf.get(id);
      return field;
    });
}

/**
 * A list row's properties as `$row.<prop>`, for a check on `list.*.prop` (it runs once
 * per row with `$row`); known throughout, like the row itself.
 */
export function rowFields(doc: FormDocument, list: string): ConditionField[] {
  const prefix = `${list}.*.`;
  const rows = rowSchema(doc, doc.schema.properties[list]);
  return Object.entries(doc.labels ?? {})
    .filter(([key]) => key.startsWith(prefix) && !key.slice(prefix.length).includes('.'))
    .map(([key, label]) => {
      const name = key.slice(prefix.length);
      const schema = rows?.[name];
      return { id: `$row.${name}`, label: label.replace(/\s*\{n\}/g, ''), kind: schema ? kindOf(schema) : 'other' };
    });
}

/** The row properties of a list field, following local `$ref`s into the schema's `$defs`. */
function rowSchema(doc: FormDocument, schema: JsonSchema | undefined): Record<string, JsonSchema> | undefined {
  const defs = (doc.schema.$defs ?? {}) as Record<string, JsonSchema>;
  const follow = (value: unknown, depth = 0): JsonSchema | undefined => {
    if (!isObject(value) || depth > 5) return undefined;
    const ref = value.$ref;
    return typeof ref === 'string' && ref.startsWith('#/$defs/') ? follow(defs[ref.slice('#/$defs/'.length)], depth + 1) : value;
  };
  const items = follow(follow(schema)?.items);
  return isObject(items?.properties) ? (items.properties as Record<string, JsonSchema>) : undefined;
}

/**
 * The fields as a shared section's rule names them, for editing that rule for one party:
 * the section's own fields become `{party}Name` (what the section writes), every other
 * field keeps its flat id (a section may read the document's, e.g. `hasCoApplicant`).
 */
export function asSectionFields(fields: readonly ConditionField[], prefix: string, names: readonly string[]): ConditionField[] {
  const written = new Map(names.map((name) => [fieldIdOf(prefix, name), `${PARTY_PLACEHOLDER}${name}`]));
  return fields.map((field) => (written.has(field.id) ? { ...field, id: written.get(field.id)! } : field));
}
