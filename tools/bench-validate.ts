// `npm run bench:validate`: whole-application validation as the browser and the server
// call it (`runtime.validate`: normalise, derive, prune hidden fields, required rules,
// schema, cross-field checks) next to the precompiled schema validator alone and RJSF's
// `validateFormData` (@rjsf/validator-ajv8) on the same schema and data, with and
// without a co-applicant. Many short interleaved rounds (the validator measured between
// the other two, their order alternating): medians of ops/s, and each ratio is the median
// of the per-round ratios, so a load change on a shared machine moves both sides of it.
// Then a save as the server checks it: `validateSave` (every later answer checked by its
// schema, issue 24) next to the former save's `validateSubmission`, at an early step with
// every later answer present and at the last step, interleaved the same way.
// Settings: BENCH_ROUNDS (default 25), BENCH_MS (time per measurement, default 80).
import { customizeValidator } from '@rjsf/validator-ajv8';
import type { RJSFSchema } from '@rjsf/utils';
import Ajv2020 from 'ajv/dist/2020.js';
import { finnishKeywords } from '../custom-validators/keywords.ts';
import { toAjvKeyword } from '../custom-validators/keyword.ts';
import { compileSchema } from '../engine/core/compile.ts';
import { loadFormRuntime } from '../engine/core/node.ts';
import { validApplication, validApplicationWithCoApplicant } from '../tests/fixtures/consumer-valid.ts';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 25);
const MS = Number(process.env.BENCH_MS ?? 80);

const runtime = loadFormRuntime('consumer');
const doc = runtime.document;
const schemaValidator = compileSchema(doc);
const rjsf = customizeValidator({
  AjvClass: Ajv2020 as never,
  extenderFn: (ajv) => {
    for (const keyword of finnishKeywords) ajv.addKeyword(toAjvKeyword(keyword));
    ajv.addKeyword({ keyword: 'x-note', schemaType: 'string' });
    return ajv;
  },
});

/** Calls per second of `fn`, measured for about MS milliseconds after a short warm-up. */
function opsPerSecond(fn: () => unknown): number {
  for (let i = 0; i < 50; i++) fn();
  let calls = 0;
  const started = performance.now();
  let elapsed = 0;
  while (elapsed < MS) {
    for (let i = 0; i < 20; i++) fn();
    calls += 20;
    elapsed = performance.now() - started;
  }
  return (calls / elapsed) * 1000;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const cases = [
  { name: 'without a co-applicant', data: validApplication() },
  { name: 'with a co-applicant', data: validApplicationWithCoApplicant() },
];

console.log(`bench:validate (forms/consumer.json, ${ROUNDS} interleaved rounds of ${MS} ms per contender, medians)`);
for (const { name, data } of cases) {
  const prepared = runtime.prepare(data);
  // Each contender must accept the data, or the figures compare a failure path.
  if (!runtime.validate(data).valid) throw new Error(`bench:validate: the ${name} application is not valid`);
  if (!schemaValidator(prepared)) throw new Error(`bench:validate: the schema refuses the prepared ${name} application`);
  if (rjsf.validateFormData(prepared, doc.schema as RJSFSchema).errors.length) throw new Error(`bench:validate: RJSF refuses the ${name} application`);

  const contenders = {
    engine: () => runtime.validate(data),
    validator: () => schemaValidator(prepared),
    rjsf: () => rjsf.validateFormData(prepared, doc.schema as RJSFSchema),
  };
  const samples: Record<keyof typeof contenders, number[]> = { engine: [], validator: [], rjsf: [] };
  const ratios: Record<keyof typeof contenders, number[]> = { engine: [], validator: [], rjsf: [] };
  for (let round = 0; round < ROUNDS; round++) {
    const order: Array<keyof typeof contenders> = round % 2 === 0 ? ['engine', 'validator', 'rjsf'] : ['rjsf', 'validator', 'engine'];
    const ops = {} as Record<keyof typeof contenders, number>;
    for (const key of order) samples[key].push((ops[key] = opsPerSecond(contenders[key])));
    for (const key of order) ratios[key].push(ops[key] / ops.validator);
  }
  const row = (label: string, key: keyof typeof contenders) =>
    `  ${label.padEnd(52)} ${median(samples[key]).toFixed(0).padStart(9)} /s  ${median(ratios[key]).toFixed(3).padStart(7)}× validator`;
  console.log(`\n${name}:`);
  console.log(row('runtime.validate (whole application, rules included)', 'engine'));
  console.log(row('precompiled schema validator alone', 'validator'));
  console.log(row('RJSF validateFormData (@rjsf/validator-ajv8)', 'rjsf'));
  console.log(`  goal (issue 13): runtime.validate ≥ 0.5× validator: ${median(ratios.engine) >= 0.5 ? 'met' : 'not met'}`);
}

console.log('\nsave of a complete application (validateSave, issue 24, next to the former validateSubmission):');
for (const { name, data } of cases) {
  for (const step of [2, 7]) {
    if (!runtime.validateSave(data, { uptoStep: step }).valid) throw new Error(`bench:validate: the ${name} application does not save at step ${step}`);
    const save = () => runtime.validateSave(data, { uptoStep: step });
    const former = () => runtime.validateSubmission(data, { uptoStep: step });
    const saves: number[] = [];
    const formers: number[] = [];
    const ratios: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const [a, b] = round % 2 === 0 ? [save, former] : [former, save];
      const first = opsPerSecond(a);
      const second = opsPerSecond(b);
      const [saveOps, formerOps] = round % 2 === 0 ? [first, second] : [second, first];
      saves.push(saveOps);
      formers.push(formerOps);
      ratios.push(saveOps / formerOps);
    }
    console.log(
      `  ${`${name}, step ${step}:`.padEnd(32)} validateSave ${median(saves).toFixed(0).padStart(7)} /s, validateSubmission ${median(formers).toFixed(0).padStart(7)} /s, ${median(ratios).toFixed(3)}×`,
    );
  }
}
