// npx tsx tools/qa-verdict.ts -- <form> | --file path/to/doc.json [--live FORM|FILE.json | --new] [--sample N] [--threshold T] [--json]
// The QA verdict on a version (engine/qa/verdict.ts): its cases, its mutation score
// and the live cases whose outcome it changes, per field. The live version is
// forms/<id>.json of the candidate's id, if there is one, unless --live names another
// (--new: none).
// Exit 0 when it passes, 1 when it does not, 2 on bad arguments.
import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { FormLoadError, formFile, readFormDocument, runtimeForDocument } from '../engine/core/node.ts';
import type { FormDocument } from '../engine/core/types.ts';
import { DEFAULT_THRESHOLD, qaVerdict } from '../engine/qa/verdict.ts';
import { DOCUMENT_OPTIONS, DOCUMENT_USAGE, DocumentArgumentError, qaDocument } from './qa-document.ts';

const USAGE = `Käyttö: npx tsx tools/qa-verdict.ts -- ${DOCUMENT_USAGE} [--live LOMAKE|TIEDOSTO.json | --new] [--sample N] [--threshold T] [--json]`;

function fail(message: string): never {
  console.error(message);
  process.exit(2);
}

let parsed;
try {
  parsed = parseArgs({
    allowPositionals: true,
    options: { ...DOCUMENT_OPTIONS, live: { type: 'string' }, new: { type: 'boolean' }, sample: { type: 'string' }, threshold: { type: 'string' }, json: { type: 'boolean' } },
  });
} catch (error) {
  fail(`${(error as Error).message}\n${USAGE}`);
}
const [form, ...extra] = parsed.positionals;
const { values } = parsed;
if (extra.length || (form === undefined && values.file === undefined) || (values.live !== undefined && values.new)) fail(USAGE);
const sample = values.sample === undefined ? undefined : Number(values.sample);
if (sample !== undefined && !(Number.isInteger(sample) && sample > 0)) fail(`--sample: odotettiin positiivista kokonaislukua\n${USAGE}`);
const threshold = values.threshold === undefined ? DEFAULT_THRESHOLD : Number(values.threshold);
if (!Number.isFinite(threshold)) fail(`--threshold: odotettiin lukua väliltä 0–1\n${USAGE}`);

const percent = (share: number) => `${(share * 100).toFixed(1).replace('.', ',')} %`;
const quoted = (message: string | null) => (message === null ? 'ei virhettä' : `"${message}"`);

try {
  const candidate = qaDocument(form, values);
  // A form forms/ does not have yet is new: there is no live behaviour to compare with.
  const liveSource = values.new ? undefined : (values.live ?? (existsSync(formFile(candidate.id)) ? candidate.id : undefined));
  const live: FormDocument | undefined = liveSource === undefined ? undefined : readFormDocument(liveSource);
  const verdict = qaVerdict(live, candidate, { runtimeFor: runtimeForDocument, mutationSample: sample, threshold });
  if (values.json) {
    const { suites: _suites, ...own } = verdict.candidate;
    console.log(JSON.stringify({ ...verdict, candidate: own }, null, 2));
  } else {
    const { candidate: own, mutation, behaviour } = verdict;
    console.log(`Testitapauksia ${own.cases} (${own.variantSets.map((s) => `${s.variant} ${s.cases}`).join(', ')})`);
    if (mutation)
      console.log(`Mutaatiopisteet ${percent(mutation.score)} (${mutation.killed}/${mutation.total}${mutation.sampled ? ', otos' : ''}; pois jätetty ${mutation.leftOut.equivalent} tunnetusti ekvivalenttia)`);
    if (behaviour) {
      console.log(`Muuttuneet tulokset: ${behaviour.changed}/${behaviour.compared} elävän version tapausta (kelvosta hylätyksi ${behaviour.outcomes.validToInvalid}, hylätystä kelvoksi ${behaviour.outcomes.invalidToValid}, viesti muuttui ${behaviour.outcomes.messageChanged})`);
      for (const field of behaviour.fields) {
        console.log(`  ${field.label} (${field.field}): ${field.count} tapausta`);
        for (const change of field.changes) console.log(`    ${quoted(change.before)} → ${quoted(change.after)}: ${change.count} (esim. ${change.examples.join(', ')})`);
      }
      if (behaviour.missingVariantSets.length) console.log(`  Muunnelmat, joita uudessa versiossa ei ole: ${behaviour.missingVariantSets.join(', ')}`);
    }
    console.log(verdict.passes ? 'Tulos: hyväksytty' : `Tulos: hylätty\n${verdict.reasons.map((r) => `  ${r}`).join('\n')}`);
    const d = verdict.durations;
    console.log(`Kesto: elävän version tapaukset ${d.liveCases} ms, uuden version tapaukset ${d.candidateCases} ms, itsetarkistus ${d.selfCheck} ms, vertailu ${d.behaviour} ms, mutaatiot ${d.mutation} ms`);
  }
  process.exit(verdict.passes ? 0 : 1);
} catch (error) {
  if (error instanceof DocumentArgumentError) fail(`${error.message}\n${USAGE}`);
  if (error instanceof FormLoadError) fail(error.message);
  throw error;
}
