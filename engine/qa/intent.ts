// The document's declared intent, read without the engine's validation pipeline:
// which fields are visible, which are required, which checks hold, and which
// message a broken limit should show. Expected results of generated cases come
// from here, so a fault in the engine (or in a document compared with the frozen
// cases) shows up as a difference instead of being copied into the expectation.
import { normalizers } from '../../custom-validators/normalizers.ts';
import { evaluate, isTruthy, type RuleContext } from '../core/logic.ts';
import type { FieldError, FormData, FormDocument, JsonSchema } from '../core/types.ts';

export const isBlank = (value: unknown): boolean =>
  value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);

export const wildcard = (field: string): string => field.replace(/\.\d+(?=\.|$)/g, '.*');

export const ruleContext = (doc: FormDocument): RuleContext => ({ constants: doc.constants, texts: doc.texts });

/** The message a field shows for the first of `keys` the document defines, `{name}` filled from params. */
export function declaredMessage(doc: FormDocument, field: string, keys: string[], params: Record<string, unknown> = {}): string {
  const own = doc.fieldMessages?.[field] ?? doc.fieldMessages?.[wildcard(field)];
  for (const key of keys) {
    const template = own?.[key] ?? doc.messages[key];
    if (template !== undefined) return template.replace(/\{(\w+)\}/g, (whole, name: string) => (params[name] === undefined ? whole : String(params[name])));
  }
  return doc.messages.default;
}

/** The document's field order: steps, then sections, then the schema's remaining properties. */
export function fieldOrder(doc: FormDocument): string[] {
  const order: string[] = [];
  for (const step of [...doc.steps].sort((a, b) => a.number - b.number))
    for (const section of step.sections) for (const field of section.fields) if (!order.includes(field)) order.push(field);
  for (const field of Object.keys(doc.schema.properties)) if (!order.includes(field)) order.push(field);
  return order;
}

export function stepOfField(doc: FormDocument): Map<string, number> {
  const map = new Map<string, number>();
  for (const step of doc.steps) for (const section of step.sections) for (const field of section.fields) map.set(field, step.number);
  return map;
}

/** `#/$defs/x` references resolved, one level at a time, as the generator needs them. */
export function resolveRef(doc: FormDocument, schema: JsonSchema | undefined): JsonSchema {
  let current = schema ?? {};
  for (let depth = 0; depth < 5 && typeof current.$ref === 'string'; depth++) {
    const path = (current.$ref as string).replace(/^#\//, '').split('/');
    const { $ref: _ref, ...rest } = current;
    let target: unknown = doc.schema;
    for (const part of path) target = (target as Record<string, unknown>)?.[part];
    current = { ...(target as JsonSchema), ...rest };
  }
  return current;
}

export interface Intent {
  /** Normalised, derived and pruned to what is visible, repeated until stable. */
  prepare(data: FormData): { data: FormData; visible: Set<string> };
  /**
   * The errors the document declares for `data` in the given step (or all steps),
   * given the schema errors the case itself introduced (`planted`).
   */
  expectedErrors(data: FormData, step: number | null, planted?: FieldError[]): FieldError[];
}

export function declaredIntent(doc: FormDocument): Intent {
  const context = ruleContext(doc);
  const rules = doc.rules ?? {};
  const steps = stepOfField(doc);
  const order = fieldOrder(doc);
  const rank = (field: string) => order.indexOf(field.split('.')[0]);
  const derived = Object.keys(rules.derived ?? {});

  function normalize(data: FormData): FormData {
    const out = { ...data };
    for (const [field, names] of Object.entries(doc.normalize ?? {})) {
      if (out[field] === undefined) continue;
      for (const name of Array.isArray(names) ? names : [names]) out[field] = normalizers[name](out[field]);
    }
    return out;
  }

  function derive(data: FormData): FormData {
    const out = { ...data };
    for (const [field, rule] of Object.entries(rules.derived ?? {})) {
      const value = evaluate(rule, out, context);
      if (value === null || value === undefined || (typeof value === 'number' && !Number.isFinite(value))) delete out[field];
      else out[field] = value;
    }
    return out;
  }

  function visibleIn(data: FormData): Set<string> {
    const active = new Set(doc.steps.filter((s) => s.when === undefined || isTruthy(s.when, data, context)).map((s) => s.number));
    const visible = new Set<string>();
    for (const field of Object.keys(doc.schema.properties)) {
      const step = steps.get(field);
      if (step === undefined ? !derived.includes(field) : !active.has(step)) continue;
      const rule = rules.visible?.[field];
      if (rule === undefined || isTruthy(rule, data, context)) visible.add(field);
    }
    return visible;
  }

  function prepare(input: FormData) {
    let data = derive(normalize(input));
    for (let pass = 0; pass < 5; pass++) {
      const visible = visibleIn(data);
      const kept = Object.fromEntries(Object.entries(data).filter(([key]) => visible.has(key)));
      const next = derive(kept);
      for (const key of Object.keys(next)) if (!visible.has(key)) delete next[key];
      if (Object.keys(next).length === Object.keys(data).length) return { data: next, visible };
      data = next;
    }
    return { data, visible: visibleIn(data) };
  }

  function expectedErrors(input: FormData, step: number | null, planted: FieldError[] = []): FieldError[] {
    const { data, visible } = prepare(input);
    const inScope = (field: string) => {
      const top = field.split('.')[0];
      const own = steps.get(top);
      return visible.has(top) && own !== undefined && (step === null || own === step);
    };
    const errors = new Map<string, FieldError>();
    const add = (field: string, message: string) => {
      if (!errors.has(field)) errors.set(field, { field, message });
    };
    for (const field of Object.keys(input)) if (!(field in doc.schema.properties)) add(field, declaredMessage(doc, field, ['additionalProperties']));
    for (const field of order) {
      const rule = rules.required?.[field];
      if (rule === undefined || !inScope(field) || !isBlank(data[field])) continue;
      if (rule === true || isTruthy(rule, data, context)) add(field, declaredMessage(doc, field, ['required']));
    }
    for (const error of planted) if (inScope(error.field)) add(error.field, error.message);
    for (const check of rules.checks ?? []) {
      if (!inScope(check.field)) continue;
      const message = check.message ?? declaredMessage(doc, check.field, []);
      const top = check.field.split('.')[0];
      if (check.field.includes('*')) {
        const rows = data[top];
        if (!Array.isArray(rows)) continue;
        const prop = check.field.split('.').pop()!;
        rows.forEach((row, index) => {
          const field = check.field.replace('*', String(index));
          if (errors.has(field) || (!check.whenEmpty && isBlank((row as FormData)?.[prop]))) return;
          if (!isTruthy(check.rule, data, context, { $row: row, $index: index })) add(field, message);
        });
      } else {
        if (errors.has(check.field) || (!check.whenEmpty && isBlank(data[check.field]))) continue;
        if (!isTruthy(check.rule, data, context)) add(check.field, message);
      }
    }
    return [...errors.values()].sort((a, b) => rank(a.field) - rank(b.field) || a.field.localeCompare(b.field, 'fi', { numeric: true }));
  }

  return { prepare, expectedErrors };
}
