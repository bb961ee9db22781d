// The consumer document's generated suite, every variant set, through the engine
// runtime the way `form:validate` runs it: each case must get exactly its expected result.
import { beforeAll, describe, expect, it } from 'vitest';
import { readFormDocument, runtimeForDocument } from '../../../engine/core/node.ts';
import { actualOf, type CaseSet } from '../../../engine/qa/cases.ts';
import { generateAll } from '../../../engine/qa/generate.ts';
import { mismatches } from './mismatches.ts';
import { resolveVariants } from '../../../engine/core/document.ts';
import { limitMessage, limitOf } from '../engine/helpers.ts';

const GENERATION_TIMEOUT_MS = 300_000;

describe('generated cases of forms/consumer.json', () => {
  const doc = readFormDocument('consumer');
  let suites: CaseSet[] = [];

  beforeAll(() => {
    suites = generateAll(doc, { runtimeFor: runtimeForDocument });
    const total = suites.reduce((n, s) => n + s.cases.length, 0);
    console.log(`Generoituja tapauksia ${total}: ${suites.map((s) => `${s.variant} ${s.cases.length}`).join(', ')}`);
  }, GENERATION_TIMEOUT_MS);

  it('covers every variant set with every kind of case', () => {
    expect(suites.map((s) => s.variant)).toEqual(['base', 'kattokorko', 'yhdistelylaina', 'kattokorko+yhdistelylaina']);
    for (const suite of suites) for (const [kind, count] of Object.entries(suite.counts)) expect(count, `${suite.variant} ${kind}`).toBeGreaterThan(0);
    // One complete application per co-applicant setting, derived from the step rules.
    for (const suite of suites) expect(suite.cases.filter((c) => c.kind === 'valid').map((c) => c.data.hasCoApplicant)).toEqual([false, true]);
  });

  it('every case gets exactly its expected result from the engine', () => {
    const wrong = mismatches(doc, suites);
    expect(wrong).toEqual([]);
  });

  // The limits and messages are the document's own, read from it here too.
  it('expects the declared messages, limits filled in', () => {
    const base = suites[0].cases;
    const kattokorko = resolveVariants(doc, ['kattokorko']);
    const expectation = (d: typeof doc, field: string, keyword: string) => ({ valid: false, errors: [{ field, message: limitMessage(d, field, keyword) }] });
    expect(base.find((c) => c.id === `base:boundary:inputAppliedAmount:minimum ${limitOf(doc, 'inputAppliedAmount', 'minimum')} alle`)?.expected).toEqual(expectation(doc, 'inputAppliedAmount', 'minimum'));
    expect(suites[1].cases.find((c) => c.id === `kattokorko:boundary:inputAppliedAmount:minimum ${limitOf(kattokorko, 'inputAppliedAmount', 'minimum')} alle`)?.expected).toEqual(expectation(kattokorko, 'inputAppliedAmount', 'minimum'));
    expect(base.find((c) => c.id === `base:boundary:inputAppliedTenor:maximum ${limitOf(doc, 'inputAppliedTenor', 'maximum')} yli`)?.expected).toEqual(expectation(doc, 'inputAppliedTenor', 'maximum'));
  });

  it('is deterministic: the same seed gives the same cases', () => {
    const again = generateAll(doc, { runtimeFor: runtimeForDocument }, [['kattokorko']]);
    expect(JSON.stringify(again[0].cases)).toBe(JSON.stringify(suites[1].cases));
  }, GENERATION_TIMEOUT_MS);
});

// The mortgage (issue 15) through the same generator, with no code of its own: its
// overrides, renames and warnings come with the resolved document.
describe('generated cases of forms/mortgage.json', () => {
  const mortgage = readFormDocument('mortgage');
  let suites: CaseSet[] = [];

  beforeAll(() => {
    suites = generateAll(mortgage, { runtimeFor: runtimeForDocument });
  }, GENERATION_TIMEOUT_MS);

  it('covers every kind of case, with a complete application with and without the co-applicant', () => {
    expect(suites.map((s) => s.variant)).toEqual(['base']);
    for (const [kind, count] of Object.entries(suites[0].counts)) expect(count, kind).toBeGreaterThan(0);
    expect(suites[0].cases.filter((c) => c.kind === 'valid').map((c) => c.data.hasCoApplicant)).toEqual([false, true]);
    expect(suites[0].cases.find((c) => c.id === `base:boundary:inputAppliedAmount:maximum ${limitOf(mortgage, 'inputAppliedAmount', 'maximum')} yli`)?.expected).toEqual({
      valid: false,
      errors: [{ field: 'inputAppliedAmount', message: limitMessage(mortgage, 'inputAppliedAmount', 'maximum') }],
    });
  });

  it('every case gets exactly its expected result from the engine', () => {
    const runtime = runtimeForDocument(mortgage, []);
    const wrong = suites[0].cases.filter((testCase) => JSON.stringify(actualOf(runtime, testCase)) !== JSON.stringify(testCase.expected)).map((testCase) => testCase.id);
    expect(wrong).toEqual([]);
  });
});

// The business form (issue 16) likewise: one step, no co-applicant.
describe('generated cases of forms/business.json', () => {
  const business = readFormDocument('business');
  let suites: CaseSet[] = [];

  beforeAll(() => {
    suites = generateAll(business, { runtimeFor: runtimeForDocument });
  }, GENERATION_TIMEOUT_MS);

  it('covers the kinds of case its document has, and every case gets exactly its expected result', () => {
    expect(suites.map((s) => s.variant)).toEqual(['base']);
    for (const kind of ['valid', 'boundary', 'enum', 'keyword', 'required', 'unknown'] as const) expect(suites[0].counts[kind], kind).toBeGreaterThan(0);
    const runtime = runtimeForDocument(business, []);
    const wrong = suites[0].cases.filter((testCase) => JSON.stringify(actualOf(runtime, testCase)) !== JSON.stringify(testCase.expected)).map((testCase) => testCase.id);
    expect(wrong).toEqual([]);
    // The Finnish keywords' cases carry the business form's own messages.
    expect(suites[0].cases.some((c) => !c.expected.valid && c.expected.errors.some((e) => e.message === 'Tarkasta Y-tunnus'))).toBe(true);
  });
});
