// npm run qa:mutate -- [form | --file path/to/doc.json] [--seed N] [--sample N]
// Generates the suite of the unmutated document once, then runs it against every
// mutation of the document and prints killed / total, the score and the survivors.
import { parseArgs } from 'node:util';
import { FormLoadError, runtimeForDocument } from '../engine/core/node.ts';
import { DEFAULT_SEED, generateAll } from '../engine/qa/generate.ts';
import { mutationsOf, runMutations, sampleMutations } from '../engine/qa/mutate.ts';
import { DOCUMENT_OPTIONS, DOCUMENT_USAGE, DocumentArgumentError, qaDocument } from './qa-document.ts';

const USAGE = `Käyttö: npm run qa:mutate -- [${DOCUMENT_USAGE}] [--seed N] [--sample N]`;

function fail(message: string): never {
  console.error(message);
  process.exit(2);
}

let parsed;
try {
  parsed = parseArgs({ allowPositionals: true, options: { ...DOCUMENT_OPTIONS, seed: { type: 'string' }, sample: { type: 'string' } } });
} catch (error) {
  fail(`${(error as Error).message}\n${USAGE}`);
}
const [form, ...extra] = parsed.positionals;
if (extra.length) fail(USAGE);
const seed = parsed.values.seed === undefined ? DEFAULT_SEED : Number(parsed.values.seed);
const sample = parsed.values.sample === undefined ? undefined : Number(parsed.values.sample);
if (!Number.isInteger(seed) || (sample !== undefined && !(Number.isInteger(sample) && sample > 0))) fail(USAGE);

try {
  const doc = qaDocument(form, parsed.values, 'consumer');
  const started = Date.now();
  const suites = generateAll(doc, { seed, runtimeFor: runtimeForDocument });
  const cases = suites.reduce((n, s) => n + s.cases.length, 0);
  console.log(`Generoitu ${cases} tapausta (${suites.length} muunnelmayhdistelmää) ${((Date.now() - started) / 1000).toFixed(1)} s`);
  const all = mutationsOf(doc);
  const mutations = sample === undefined ? all : sampleMutations(all, sample, seed);
  const report = runMutations(doc, suites, mutations);
  const survivors = report.results.filter((r) => !r.killed);
  console.log(`Mutaatioita ${report.total}, tunnistettu ${report.killed}, selvisi ${survivors.length}: ${(report.score * 100).toFixed(1)} %`);
  for (const { mutation } of survivors) console.log(`  selvisi: ${mutation.id} — ${mutation.description}${mutation.equivalent ? ` (tunnetusti ekvivalentti: ${mutation.equivalent})` : ''}`);
  process.exit(report.score >= 0.9 ? 0 : 1);
} catch (error) {
  if (error instanceof DocumentArgumentError) fail(`${error.message}\n${USAGE}`);
  if (error instanceof FormLoadError) fail(error.message);
  throw error;
}
