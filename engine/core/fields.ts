// Field ids, paths and friendly names. A field id is a top-level property of the
// document schema; a list row's property is `list.1.prop` (zero-based row index).
import type { FormDocument } from './types.ts';

export function isEmpty(value: unknown): boolean {
  return value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);
}

/** `a.1.b` → `a.*.b`: the key under which labels and messages for any row are written. */
export function wildcardPath(field: string): string {
  return field.replace(/\.\d+(?=\.|$)/g, '.*');
}

export function topLevelField(field: string): string {
  return field.split('.')[0];
}

/** AJV's `/a/1/b` (JSON Pointer) → `a.1.b`. */
export function pointerToField(pointer: string): string {
  return pointer
    .split('/')
    .slice(1)
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
    .join('.');
}

/** The friendly Finnish name of a field for the error summary: row fields get their row number. */
export function fieldLabel(doc: FormDocument, field: string): string {
  const exact = doc.labels[field];
  if (exact) return exact;
  const pattern = doc.labels[wildcardPath(field)];
  if (pattern) {
    const row = field.match(/\.(\d+)(?=\.|$)/);
    return pattern.replace('{n}', row ? String(Number(row[1]) + 1) : '');
  }
  return doc.labels[topLevelField(field)] ?? field;
}

/** Fields in the order the steps list them: the order an error summary should follow. */
export function fieldOrder(doc: FormDocument): Map<string, number> {
  const order = new Map<string, number>();
  for (const step of [...doc.steps].sort((a, b) => a.number - b.number))
    for (const section of step.sections) for (const field of section.fields) if (!order.has(field)) order.set(field, order.size);
  for (const field of Object.keys(doc.schema.properties)) if (!order.has(field)) order.set(field, order.size);
  return order;
}

export function compareFields(order: Map<string, number>) {
  return (a: string, b: string): number => {
    const byField = (order.get(topLevelField(a)) ?? 1e9) - (order.get(topLevelField(b)) ?? 1e9);
    return byField !== 0 ? byField : a.localeCompare(b, 'fi', { numeric: true });
  };
}
