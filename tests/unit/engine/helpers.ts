import { loadFormRuntime } from '../../../engine/core/node.ts';
import type { PreparedValidation } from '../../../engine/core/runtime.ts';
import type { FormDocument, JsonSchema } from '../../../engine/core/types.ts';
import { declaredMessage, resolveRef } from '../../../engine/qa/intent.ts';

export const consumer = (variants: string[] = []) => loadFormRuntime('consumer', variants);

/** `{field: message}` of a result, for readable assertions. */
export function errorMap(result: PreparedValidation): Record<string, string> {
  return Object.fromEntries(result.errors.map((error) => [error.field, error.message]));
}

// Tests about the consumer's content read its limits and messages from the document
// (through the QA generator's own lookup, not the runtime's), so an editor's change
// to a limit or a message in forms/ fails no engine test.

/** A field's schema, `$ref`s resolved; `list.0.prop` for a list row's property. */
export function schemaOf(doc: FormDocument, field: string): JsonSchema {
  const [top, , prop] = field.split('.');
  const schema = resolveRef(doc, doc.schema.properties[top]);
  if (prop === undefined) return schema;
  const items = resolveRef(doc, schema.items as JsonSchema);
  return resolveRef(doc, (items.properties as Record<string, JsonSchema>)[prop]);
}

/** A numeric limit of a field (`minimum`, `maximum`, …). */
export function limitOf(doc: FormDocument, field: string, keyword: string): number {
  const value = schemaOf(doc, field)[keyword];
  if (typeof value !== 'number') throw new Error(`${field}: ei rajaa ${keyword}`);
  return value;
}

/** The message the document declares for a field and keyword(s), `{limit}` filled in. */
export function messageOf(doc: FormDocument, field: string, keys: string | string[], params: Record<string, unknown> = {}): string {
  return declaredMessage(doc, field, Array.isArray(keys) ? keys : [keys], params);
}

/** A limit's message: `messageOf(…, keyword, {limit})`. */
export const limitMessage = (doc: FormDocument, field: string, keyword: string) => messageOf(doc, field, keyword, { limit: limitOf(doc, field, keyword) });

/** A check's message (the document's default when it has none). */
export function checkMessage(doc: FormDocument, id: string): string {
  const check = doc.rules?.checks?.find((c) => c.id === id);
  if (!check) throw new Error(`ei tarkistusta ${id}`);
  return check.message ?? doc.messages.default;
}
