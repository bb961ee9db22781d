// npm run -s form:validate -- <form> <data.json> [--step N] [--variant V]
// Prints {"valid": bool, "errors": [{field, message}]} on stdout, and "warnings" in the
// same shape when the document's warnings speak (they never make data invalid). Exit codes, which
// QA scripts depend on:
//   0  the data is valid
//   1  the data is invalid (and only then: the JSON above is on stdout)
//   2  anything else, with the reason on stderr and nothing on stdout: bad
//      arguments, an unreadable data file or one that is not a JSON object
//      (`null`, an array, a number), a missing or broken form document (with the
//      forms:check findings), or an unexpected failure inside the engine.
// An engine failure must not exit 1, or a crash would read as "invalid data".
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { UnknownVariantError } from '../engine/core/document.ts';
import { FormLoadError, runtimeForDocument, readFormDocument } from '../engine/core/node.ts';

const USAGE = [
  'Käyttö: npm run -s form:validate -- <lomake> <data.json> [--step N] [--variant V]',
  'Paluukoodi 0 = kelvollinen, 1 = virheitä (JSON stdoutissa), 2 = virheelliset argumentit tai syöte, rikkinäinen lomake tai odottamaton virhe (syy stderrissä).',
].join('\n');

function fail(message: string): never {
  console.error(message);
  process.exit(2);
}

// Node exits 1 on an uncaught exception; anything that escapes the code below
// (including a throw from an asynchronous callback) is turned into exit 2.
const unexpected = (error: unknown) => fail(`form:validate: odottamaton virhe: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
process.on('uncaughtException', unexpected);
process.on('unhandledRejection', unexpected);

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
if (!data || typeof data !== 'object' || Array.isArray(data)) fail(`${dataFile}: odotettiin JSON-oliota, saatiin ${data === null ? 'null' : Array.isArray(data) ? 'taulukko' : typeof data}`);

try {
  const runtime = runtimeForDocument(readFormDocument(form), variants);
  if (step !== undefined && !runtime.document.steps.some((s) => s.number === step)) fail(`--step: lomakkeella ${form} ei ole vaihetta ${step}`);
  const result = step === undefined ? runtime.validate(data as Record<string, unknown>) : runtime.validateStep(data as Record<string, unknown>, step);
  // Warnings of the checked fields (a step's, or all): notices, not errors.
  const checked = step === undefined ? undefined : new Set(runtime.visibleFields(data as Record<string, unknown>).filter((field) => runtime.stepOf(field) === step));
  const warnings = Object.entries(runtime.view(data as Record<string, unknown>).warnings)
    .filter(([field]) => !checked || checked.has(field))
    .map(([field, message]) => ({ field, message }));
  process.stdout.write(`${JSON.stringify({ valid: result.valid, errors: result.errors, ...(warnings.length ? { warnings } : {}) })}\n`);
  process.exit(result.valid ? 0 : 1);
} catch (error) {
  if (error instanceof FormLoadError || error instanceof UnknownVariantError) fail(error.message);
  unexpected(error);
}
