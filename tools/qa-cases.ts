// npm run qa:cases -- <form> | --file path/to/doc.json [--variant V] [--out DIR] [--seed N]
// Writes one JSON and one CSV file per variant set of the document and prints how
// many cases of each kind were generated. Exit 2 on bad arguments.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { UnknownVariantError, resolveVariants, variantSets } from '../engine/core/document.ts';
import { FormLoadError, runtimeForDocument } from '../engine/core/node.ts';
import { CASE_KINDS } from '../engine/qa/cases.ts';
import { DEFAULT_SEED, generateAll } from '../engine/qa/generate.ts';
import { caseSetCsv, caseSetJson } from '../engine/qa/output.ts';
import { DOCUMENT_OPTIONS, DOCUMENT_USAGE, DocumentArgumentError, qaDocument } from './qa-document.ts';

const USAGE = `Käyttö: npm run qa:cases -- ${DOCUMENT_USAGE} [--variant V] [--out HAKEMISTO] [--seed N]`;

function fail(message: string): never {
  console.error(message);
  process.exit(2);
}

let parsed;
try {
  parsed = parseArgs({ allowPositionals: true, options: { ...DOCUMENT_OPTIONS, variant: { type: 'string', multiple: true }, out: { type: 'string' }, seed: { type: 'string' } } });
} catch (error) {
  fail(`${(error as Error).message}\n${USAGE}`);
}
const [form, ...extra] = parsed.positionals;
if (extra.length || (form === undefined && parsed.values.file === undefined)) fail(USAGE);
const seed = parsed.values.seed === undefined ? DEFAULT_SEED : Number(parsed.values.seed);
if (!Number.isInteger(seed)) fail(`--seed: odotettiin kokonaislukua, saatiin "${parsed.values.seed}"`);
const wanted = (parsed.values.variant ?? []).flatMap((v) => v.split(/[,+]/)).filter(Boolean);

try {
  const doc = qaDocument(form, parsed.values);
  resolveVariants(doc, wanted);
  // With --variant, that one set; without, every combination of the document's variants.
  const sets = wanted.length ? variantSets(doc).filter((set) => set.length === wanted.length && wanted.every((v) => set.includes(v))) : undefined;
  const outDir = resolve(parsed.values.out ?? join('qa-cases', doc.id));
  mkdirSync(outDir, { recursive: true });
  const results = generateAll(doc, { seed, runtimeFor: runtimeForDocument }, sets);
  let total = 0;
  for (const set of results) {
    writeFileSync(join(outDir, `${set.variant}.json`), caseSetJson(set));
    writeFileSync(join(outDir, `${set.variant}.csv`), caseSetCsv(set));
    total += set.cases.length;
    console.log(`${set.variant}: ${set.cases.length} tapausta (${CASE_KINDS.map((kind) => `${kind} ${set.counts[kind]}`).join(', ')})`);
  }
  console.log(`Yhteensä ${total} tapausta → ${outDir}`);
} catch (error) {
  if (error instanceof DocumentArgumentError) fail(`${error.message}\n${USAGE}`);
  if (error instanceof FormLoadError || error instanceof UnknownVariantError) fail(error.message);
  throw error;
}
