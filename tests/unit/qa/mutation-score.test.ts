// The generated suite is not hollow: on a fixed seeded sample of document
// mutations, the suite of the unmutated document notices at least 90 %.
import { beforeAll, describe, expect, it } from 'vitest';
import type { CaseSet } from '../../../engine/qa/cases.ts';
import { readFormDocument, runtimeForDocument } from '../../../engine/core/node.ts';
import { generateCases } from '../../../engine/qa/generate.ts';
import { mutationsOf, runMutations, sampleMutations } from '../../../engine/qa/mutate.ts';

const SAMPLE_SIZE = 40;
const SAMPLE_SEED = 6;

describe('mutation score of the generated consumer suite', () => {
  const doc = readFormDocument('consumer');
  let suite: CaseSet;
  beforeAll(() => {
    suite = generateCases(doc, [], { runtimeFor: runtimeForDocument });
  }, 120_000);

  it('kills at least 90 % of a seeded sample of mutations', () => {
    // Variant patches need the variant suites; this sample stays on the base document. Mutants
    // known to be equivalent by the document's shape would make the sample's score depend on
    // how many of them a content edit happens to reshuffle into it.
    const candidates = mutationsOf(doc).filter((m) => !m.id.startsWith('variants/') && !m.equivalent);
    const report = runMutations(doc, [suite], sampleMutations(candidates, SAMPLE_SIZE, SAMPLE_SEED));
    const survivors = report.results.filter((r) => !r.killed).map((r) => r.mutation.id);
    console.log(`Mutaatiot: ${report.killed}/${report.total} (${(report.score * 100).toFixed(1)} %), selvisi: ${survivors.join(', ') || '-'}`);
    expect(report.total).toBe(SAMPLE_SIZE);
    expect(report.score).toBeGreaterThanOrEqual(0.9);
  }, 120_000);

  it('marks the length limits of fields a Finnish keyword checks as equivalent, and only those', () => {
    const marked = mutationsOf(doc).filter((m) => m.equivalent);
    expect(marked.length).toBeGreaterThan(0);
    for (const mutation of marked) {
      expect(mutation.id).toMatch(/\/(minLength|maxLength)[+-]1$/);
      const schema = doc.schema.properties[mutation.field!.split('.')[0]] as Record<string, unknown>;
      expect(Object.keys(schema).some((key) => key.startsWith('fi'))).toBe(true);
    }
    expect(mutationsOf(doc).find((m) => m.id === 'schema/properties/inputAppliedAmount/maximum-1')?.equivalent).toBeUndefined();
  });

  it('a mutation the suite must notice is killed', () => {
    const limit = mutationsOf(doc).filter((m) => m.id === 'schema/properties/inputAppliedAmount/maximum-1');
    expect(runMutations(doc, [suite], limit).killed).toBe(1);
  }, 120_000);
});

describe('mutations of a one-step form', () => {
  it('has no field moved to another step, and every mutation runs', () => {
    // The business form has one step: a move had nowhere to go and threw (the QA verdict of every one-step form failed).
    const doc = readFormDocument('business');
    expect(doc.steps).toHaveLength(1);
    const mutations = mutationsOf(doc);
    expect(mutations.some((m) => m.id.endsWith('/field-moved'))).toBe(false);
    const suite = generateCases(doc, [], { runtimeFor: runtimeForDocument });
    const report = runMutations(doc, [suite], sampleMutations(mutations.filter((m) => !m.id.startsWith('variants/')), 10, 1));
    expect(report.total).toBe(10);
  }, 60_000);
});
