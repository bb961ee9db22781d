// The page bench:keys types on: a document's largest step, as full as the document
// lets it get. From the QA generator's valid applications (one per setting of the
// step switches), the step with the most visible fields is taken; then every yes/no
// box a visibility rule reads is ticked where that keeps a valid application (more
// follow-up questions and lists), and the lists get rows up to BENCH_ROWS in all.
// Nothing here names a field: it works for any document in forms/.
import { varsOf, baseBuilder } from '../../engine/qa/base.ts';
import { generateCases } from '../../engine/qa/generate.ts';
import { seededRandom } from '../../engine/qa/random.ts';
import { DEFAULT_SEED } from '../../engine/qa/generate.ts';
import { resolveVariants } from '../../engine/core/document.ts';
import { runtimeForDocument } from '../../engine/core/node.ts';
import type { FormData, FormDocument, FormRuntime, JsonSchema } from '../../engine/core/index.ts';

export interface BenchStep {
  /** The step shown as the current one (every active step before it is on the page too). */
  step: number;
  /** A valid application with that step reached. */
  data: FormData;
  /** The visible fields of the active steps up to `step`, in form order: what the page renders. */
  fields: string[];
  /** List rows on those steps. */
  rows: number;
  /** A field on `step` to type into: a plain text field, or on step 1 maybe an amount typed as text. */
  typeInto: string;
  /** The key typed, each followed by a Backspace: a letter into text, a zero into an amount. */
  key: string;
}

const stepFields = (doc: FormDocument, step: number) => doc.steps.find((s) => s.number === step)!.sections.flatMap((s) => s.fields);

/** The visible fields of the active steps up to `step`, in form order. */
function pageFields(runtime: FormRuntime, data: FormData, step: number): string[] {
  const visible = new Set(runtime.visibleFields(data));
  return runtime.activeSteps(data).filter((s) => s.number <= step).flatMap((s) => stepFields(runtime.document, s.number)).filter((f) => visible.has(f));
}

const rowsOf = (data: FormData, fields: string[]) => fields.reduce((n, f) => n + (Array.isArray(data[f]) ? (data[f] as unknown[]).length : 0), 0);

/** A text input RJSF and our theme both render as <input type=text>: a string without options or a special widget. */
export function isPlainText(doc: FormDocument, field: string): boolean {
  const schema = doc.schema.properties[field] as JsonSchema & Record<string, unknown>;
  const widget = doc.ui?.[field]?.['ui:widget'];
  const options = doc.ui?.[field]?.['ui:options'] as Record<string, unknown> | undefined;
  return (
    schema.type === 'string' &&
    !('enum' in schema) &&
    !('oneOf' in schema) &&
    !('const' in schema) &&
    !('$ref' in schema) &&
    (widget === undefined || widget === 'text') &&
    !options?.blockPaste
  );
}

/** The answers of a question with a fixed set of them (yes/no, a choice of constants); none for others. */
function answersOf(schema: JsonSchema | undefined): unknown[] {
  if (!schema) return [];
  if (schema.type === 'boolean') return [true, false];
  if (Array.isArray(schema.enum)) return schema.enum;
  if (Array.isArray(schema.oneOf)) return (schema.oneOf as JsonSchema[]).filter((option) => 'const' in option).map((option) => option.const);
  return [];
}

/** The checkboxes a ticked box unticks (`ui:options.exclusiveWith`, either way round). */
function untickedBy(doc: FormDocument, field: string): string[] {
  const exclusive = (f: string) => ((doc.ui?.[f]?.['ui:options'] as { exclusiveWith?: unknown } | undefined)?.exclusiveWith as string[] | undefined) ?? [];
  const others = Object.keys(doc.ui ?? {}).filter((f) => exclusive(f).includes(field));
  return [...new Set([...exclusive(field), ...others])];
}

export function largestStep(doc: FormDocument, variants: string[] = [], totalRows = Number(process.env.BENCH_ROWS ?? 14)): BenchStep {
  const runtimeFor = (d: FormDocument, v: string[]) => runtimeForDocument(d, v);
  const runtime = runtimeFor(doc, variants);
  const resolved = resolveVariants(doc, variants);
  const valid = generateCases(doc, variants, { runtimeFor, validOnly: true }).cases.map((c) => c.data);
  if (valid.length === 0) throw new Error(`bench:keys: the QA generator found no valid application for ${doc.id}`);

  // The step with the most visible fields in any valid application.
  let best: { data: FormData; step: number; count: number } | undefined;
  for (const data of valid)
    for (const step of runtime.activeSteps(data)) {
      const visible = new Set(runtime.visibleFields(data));
      const count = stepFields(resolved, step.number).filter((f) => visible.has(f)).length;
      if (!best || count > best.count) best = { data, step: step.number, count };
    }
  const { step } = best!;
  let data = best!.data;

  // Answer each question a visibility rule reads (a yes/no box, a choice) the way that
  // shows the most fields and still makes a valid application, in form order.
  const builder = baseBuilder(resolved, runtime, seededRandom(DEFAULT_SEED));
  const switches = [...new Set(Object.values(resolved.rules?.visible ?? {}).flatMap((rule) => [...varsOf(rule)]))]
    .filter((f) => (runtime.stepOf(f) ?? Infinity) <= step)
    .sort((a, b) => runtime.stepOf(a)! - runtime.stepOf(b)!);
  let pins: FormData = {};
  for (const question of switches) {
    for (const answer of answersOf(resolved.schema.properties[question] as JsonSchema | undefined)) {
      if (data[question] === answer) continue;
      const unticked = answer === true ? Object.fromEntries(untickedBy(resolved, question).map((f) => [f, false])) : {};
      const tried: FormData = { ...pins, [question]: answer, ...unticked };
      const built = builder.build(tried, data);
      if (built && pageFields(runtime, built, step).length > pageFields(runtime, data, step).length) {
        data = built;
        pins = tried;
      }
    }
  }

  // Rows: copies of each list's first row, in turn, up to the total or every list's maxItems.
  const lists = pageFields(runtime, data, step).filter((f) => Array.isArray(data[f]) && (data[f] as unknown[]).length > 0);
  for (let added = true; added && rowsOf(data, lists) < totalRows; ) {
    added = false;
    for (const list of lists) {
      const rows = data[list] as unknown[];
      const { maxItems } = resolved.schema.properties[list] as JsonSchema;
      const max = typeof maxItems === 'number' ? maxItems : Infinity;
      if (rows.length >= max || rowsOf(data, lists) >= totalRows) continue;
      const trial = { ...data, [list]: [...rows, structuredClone(rows[0])] };
      if (runtime.validate(trial).valid) {
        data = trial;
        added = true;
      }
    }
  }

  const fields = pageFields(runtime, data, step);
  const typeInto = stepFields(resolved, step).find((f) => fields.includes(f) && isPlainText(resolved, f));
  if (!typeInto) throw new Error(`bench:keys: step ${step} of ${doc.id} has no plain text field to type into`);
  if (!runtime.validate(data).valid) throw new Error(`bench:keys: the ${doc.id} application built for step ${step} is not valid`);
  return { step, data, fields, rows: rowsOf(data, fields), typeInto, key: 'a' };
}
