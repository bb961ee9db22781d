// npm run -s form:validate -- <form> <data.json> [--step N] [--variant V]
// Prints {"valid": bool, "errors": [{field, message}]}; exit 0 valid, 1 invalid,
// 2 bad arguments or unreadable input. QA scripts depend on this contract.
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { UnknownVariantError } from '../engine/core/document.ts';
import { FormLoadError, runtimeForDocument, readFormDocument } from '../engine/core/node.ts';

const USAGE = 'Käyttö: npm run -s form:validate -- <lomake> <data.json> [--step N] [--variant V]';

function fail(message: string): never {
  console.error(message);
  process.exit(2);
}

let parsed;
try {
  parsed = parseArgs({ allowPositionals: true, options: { step: { type: 'string' }, variant: { type: 'string', multiple: true } } });
} catch (error) {
  fail(`${(error as Error).message}\n${USAGE}`);
}
const [form, dataFile, ...extra] = parsed.positionals;
if (!form || !dataFile || extra.length) fail(USAGE);
const step = parsed.values.step === undefined ? undefined : Number(parsed.values.step);
if (step !== undefined && (!Number.isInteger(step) || step < 1)) fail(`--step: odotettiin vaiheen numeroa, saatiin "${parsed.values.step}"`);
const variants = (parsed.values.variant ?? []).flatMap((v) => v.split(/[,+]/)).filter(Boolean);

let data: unknown;
try {
  data = JSON.parse(readFileSync(dataFile, 'utf8'));
} catch (error) {
  fail(`${dataFile}: ${(error as Error).message}`);
}
if (!data || typeof data !== 'object' || Array.isArray(data)) fail(`${dataFile}: odotettiin JSON-oliota`);

try {
  const runtime = runtimeForDocument(readFormDocument(form), variants);
  if (step !== undefined && !runtime.document.steps.some((s) => s.number === step)) fail(`--step: lomakkeella ${form} ei ole vaihetta ${step}`);
  const result = step === undefined ? runtime.validate(data as Record<string, unknown>) : runtime.validateStep(data as Record<string, unknown>, step);
  process.stdout.write(`${JSON.stringify({ valid: result.valid, errors: result.errors })}\n`);
  process.exit(result.valid ? 0 : 1);
} catch (error) {
  if (error instanceof FormLoadError || error instanceof UnknownVariantError) fail(error.message);
  throw error;
}
