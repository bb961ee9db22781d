// The page bench:keys types on first: step 1 of a document, the step every applicant
// sees, with the answers a valid application gives its fields. Step 1 may have no
// plain text field (the consumer form's is the purpose, the amount and the time), so
// the field typed into is the first plain text field, else the first number typed as
// text (a slider's or an amount's input), whose value is set to one a typed zero
// keeps within its limits. Nothing here names a field: it works for any document.
import { generateCases } from '../../engine/qa/generate.ts';
import { runtimeForDocument } from '../../engine/core/node.ts';
import type { FormData, FormDocument, JsonSchema } from '../../engine/core/index.ts';
import { isPlainText, type BenchStep } from './largest-step.ts';

/** Widgets that take a number as typed text (engine/react/widgets): `0` and Backspace change the value. */
const NUMBER_AS_TEXT = new Set(['amountSlider', 'tenorSlider', 'money']);

/** A number field typed as text, with a value whose tenfold is still within its limits; undefined if none fits. */
function numberStart(doc: FormDocument, field: string): number | undefined {
  const schema = doc.schema.properties[field] as JsonSchema & Record<string, unknown>;
  const widget = doc.ui?.[field]?.['ui:widget'];
  if ((schema.type !== 'number' && schema.type !== 'integer') || typeof widget !== 'string' || !NUMBER_AS_TEXT.has(widget)) return undefined;
  const min = typeof schema.minimum === 'number' ? Math.max(1, schema.minimum) : 1;
  const max = typeof schema.maximum === 'number' ? schema.maximum : Infinity;
  return min * 10 <= max ? min : undefined;
}

export function firstStep(doc: FormDocument, variants: string[] = []): BenchStep {
  const runtime = runtimeForDocument(doc, variants);
  const step = runtime.activeSteps({})[0]?.number ?? doc.steps[0].number;
  const [valid] = generateCases(doc, variants, { runtimeFor: runtimeForDocument, validOnly: true }).cases.map((c) => c.data);
  if (!valid) throw new Error(`bench:keys: the QA generator found no valid application for ${doc.id}`);
  // The answers of step 1 only: the applicant has not been further.
  let data: FormData = Object.fromEntries(Object.entries(valid).filter(([field]) => runtime.stepOf(field) === step));
  const onStep = doc.steps.find((s) => s.number === step)!.sections.flatMap((s) => s.fields);
  const visible = () => new Set(runtime.visibleFields(data));
  let shown = visible();
  let typeInto = onStep.find((f) => shown.has(f) && isPlainText(doc, f));
  let key = 'a';
  if (!typeInto) {
    typeInto = onStep.find((f) => shown.has(f) && numberStart(doc, f) !== undefined);
    if (!typeInto) throw new Error(`bench:keys: step ${step} of ${doc.id} has no text or amount field to type into`);
    data = { ...data, [typeInto]: numberStart(doc, typeInto) };
    shown = visible();
    key = '0';
  }
  const fields = onStep.filter((f) => shown.has(f));
  const rows = fields.reduce((n, f) => n + (Array.isArray(data[f]) ? (data[f] as unknown[]).length : 0), 0);
  return { step, data, fields, rows, typeInto, key };
}
