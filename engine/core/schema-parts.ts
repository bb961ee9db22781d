// A document's schema validator in parts, one per step (issue 31 goal 3): the browser
// loads step 1's part with step 1 and the later steps' parts after it, so the first page
// carries no validator code of the steps it does not show. The runtime reports a schema
// error only for a field of a step (runtime.ts scopeFields), and every top-level field's
// checks lie under `properties/<field>` (or the `$defs` it refers to), so running every
// part gives each field the errors the whole schema gives it, in the same order:
// tests/unit/engine/schema-parts.test.ts compares the two over the QA cases. Root
// keywords other than `properties`, `$defs` and `type` (which every part repeats) are refused rather than split:
// `additionalProperties` is the one the documents use, and it is left out, since the
// runtime names unknown keys itself and prunes them before the schema runs.
import type { AjvLikeError, FormDocument, JsonSchema, SchemaValidateFunction } from './types.ts';

/** Root keywords a part keeps or may drop; any other one would need the whole schema. */
const SPLITTABLE_ROOT = new Set(['type', 'properties', '$defs', 'additionalProperties', '$schema', 'title', 'description']);

/**
 * The top-level fields each part checks: part i those of the i-th step by number; fields
 * on no step (a derived value's, never reported) go with the last part.
 */
export function schemaPartFields(doc: FormDocument): string[][] {
  const steps = [...doc.steps].sort((a, b) => a.number - b.number);
  const partOf = new Map<string, number>();
  steps.forEach((step, index) => {
    for (const section of step.sections) for (const field of section.fields) if (!partOf.has(field)) partOf.set(field, index);
  });
  const parts: string[][] = steps.map(() => []);
  if (parts.length === 0) parts.push([]);
  for (const field of Object.keys(doc.schema.properties)) parts[partOf.get(field) ?? parts.length - 1].push(field);
  return parts;
}

/** Whether the document's schema can be checked in parts (its root keywords allow it, and it has more than one step). */
export function splittable(doc: FormDocument): boolean {
  return doc.steps.length > 1 && Object.keys(doc.schema).every((keyword) => SPLITTABLE_ROOT.has(keyword));
}

/** Keywords that say something to people and nothing to the validator: a part leaves them out (AJV's code carries its schema's literal). */
const ANNOTATIONS = new Set(['title', 'description', 'x-note', '$comment']);
/** Keywords whose value maps names to schemas. */
const SCHEMA_MAPS = new Set(['properties', '$defs', 'patternProperties', 'dependentSchemas']);
/** Keywords whose value is a schema or a list of schemas. */
const SCHEMA_VALUES = new Set(['items', 'prefixItems', 'contains', 'additionalProperties', 'propertyNames', 'unevaluatedItems', 'unevaluatedProperties', 'not', 'if', 'then', 'else', 'oneOf', 'anyOf', 'allOf']);

/** The schema without annotations, at every depth; data (const, enum, default) and other keywords' values as they are. */
function withoutAnnotations(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(withoutAnnotations);
  if (schema === null || typeof schema !== 'object') return schema;
  const out: Record<string, unknown> = {};
  for (const [keyword, value] of Object.entries(schema)) {
    if (ANNOTATIONS.has(keyword)) continue;
    if (SCHEMA_MAPS.has(keyword) && value !== null && typeof value === 'object') out[keyword] = Object.fromEntries(Object.entries(value).map(([name, inner]) => [name, withoutAnnotations(inner)]));
    else out[keyword] = SCHEMA_VALUES.has(keyword) ? withoutAnnotations(value) : value;
  }
  return out;
}

/**
 * The schema part `index` checks: the root's `$defs` and `type` (AJV's strict mode wants it
 * beside `properties`), and the part's fields' properties, without annotations (titles,
 * descriptions), which change no answer and no error's path.
 */
export function schemaPart(doc: FormDocument, index: number): JsonSchema {
  const fields = schemaPartFields(doc)[index];
  if (!fields) throw new Error(`${doc.id}: ei skeeman osaa ${index}`);
  const { properties, $defs, type } = doc.schema as FormDocument['schema'] & { $defs?: unknown; type?: unknown };
  const part: Record<string, unknown> = {};
  const own = Object.fromEntries(fields.map((field) => [field, properties[field]]));
  const defs = referencedDefs(own, ($defs ?? {}) as Record<string, unknown>);
  if (Object.keys(defs).length) part.$defs = defs;
  if (type !== undefined) part.type = type;
  part.properties = own;
  return withoutAnnotations(part) as JsonSchema;
}

/** The root's `$defs` that `schema` refers to, at any remove, in the root's order. */
function referencedDefs(schema: unknown, defs: Record<string, unknown>): Record<string, unknown> {
  const wanted = new Set<string>();
  const visit = (value: unknown) => {
    for (const [, name] of JSON.stringify(value).matchAll(/"#\/\$defs\/([^"/]+)"/g)) {
      if (wanted.has(name) || !(name in defs)) continue;
      wanted.add(name);
      visit(defs[name]);
    }
  };
  visit(schema);
  return Object.fromEntries(Object.entries(defs).filter(([name]) => wanted.has(name)));
}

/** A part the browser has (step 1's) or loads when asked. */
export type SchemaPartSource = { validate: SchemaValidateFunction } | { load: () => Promise<{ validate: SchemaValidateFunction }> };

/**
 * A schema validator made of parts, some perhaps not loaded yet. Called, it runs the
 * parts it has. The runtime asks `pending` before trusting an answer for a field with
 * a value (runtime.ts): a part not loaded would have let its errors pass unseen.
 */
export interface PartedValidateFunction extends SchemaValidateFunction {
  /** True when the part that checks top-level `field` has not arrived. */
  pending(field: string): boolean;
  /** Whether every part has arrived. */
  loaded(): boolean;
  /** Loads the parts not yet loaded (once each; a failed load is tried again on the next call). */
  load(): Promise<void>;
}

export function partedValidator(doc: FormDocument, sources: readonly SchemaPartSource[]): PartedValidateFunction {
  const fields = schemaPartFields(doc);
  if (fields.length !== sources.length) throw new Error(`${doc.id}: ${sources.length} skeeman osaa, odotettiin ${fields.length}`);
  const partOf = new Map<string, number>();
  fields.forEach((names, index) => names.forEach((name) => partOf.set(name, index)));
  const parts: (SchemaValidateFunction | undefined)[] = sources.map((source) => ('validate' in source ? source.validate : undefined));
  const loading: (Promise<void> | undefined)[] = sources.map(() => undefined);
  let missing = parts.filter((part) => part === undefined).length;

  const validate = ((data: unknown) => {
    let errors: AjvLikeError[] | null = null;
    for (const part of parts) {
      if (part === undefined || part(data)) continue;
      errors = errors ? errors.concat(part.errors ?? []) : [...(part.errors ?? [])];
    }
    validate.errors = errors;
    return errors === null;
  }) as PartedValidateFunction;
  validate.errors = null;
  validate.pending = (field) => {
    if (missing === 0) return false;
    const index = partOf.get(field);
    return index !== undefined && parts[index] === undefined;
  };
  validate.loaded = () => missing === 0;
  validate.load = () =>
    Promise.all(
      sources.map((source, index) => {
        if (parts[index] !== undefined || !('load' in source)) return undefined;
        return (loading[index] ??= source.load().then(
          (module) => {
            if (parts[index] === undefined) missing--;
            parts[index] = module.validate;
          },
          (error: unknown) => {
            loading[index] = undefined;
            throw error;
          },
        ));
      }),
    ).then(() => undefined);
  return validate;
}

export const isParted = (validate: SchemaValidateFunction): validate is PartedValidateFunction => typeof (validate as Partial<PartedValidateFunction>).pending === 'function';

/**
 * A variant set's chunk as the build makes it (engine/build/vite-plugin-forms.ts): the resolved
 * document and its validator: the whole one, or, for a product's document, step 1's part
 * with a loader per later step's part.
 */
export interface ResolvedForm {
  document: FormDocument;
  validate: SchemaValidateFunction;
  laterParts?: ReadonlyArray<() => Promise<{ validate: SchemaValidateFunction }>>;
}

/** The validator of a set's chunk: the whole one as it is, parts joined (the later ones loaded when asked). */
export function chunkValidator({ document, validate, laterParts }: ResolvedForm): SchemaValidateFunction {
  return laterParts ? partedValidator(document, [{ validate }, ...laterParts.map((load) => ({ load }))]) : validate;
}
