// The insurance document (issue 27 item 8) through the same generator as the loans, with no
// code of its own. Its tier is a slider in steps of 100: the generator's values and
// boundaries keep to the step, and one case steps off it and expects the document's message.
import { beforeAll, describe, expect, it } from 'vitest';
import { readFormDocument, runtimeForDocument } from '../../../engine/core/node.ts';
import type { CaseSet } from '../../../engine/qa/cases.ts';
import { generateAll } from '../../../engine/qa/generate.ts';
import { mismatches } from './mismatches.ts';
import { messageOf } from '../engine/helpers.ts';

describe('generated cases of forms/insurance.json', () => {
  const doc = readFormDocument('insurance');
  let suites: CaseSet[] = [];

  beforeAll(() => {
    suites = generateAll(doc, { runtimeFor: runtimeForDocument });
  }, 120_000);

  it('every case gets exactly its expected result from the engine', () => {
    const wrong = mismatches(doc, suites);
    expect(suites.flatMap((suite) => suite.cases).length).toBeGreaterThan(20);
    expect(wrong).toEqual([]);
  });

  it('keeps the tier on its steps of 100, and steps off them once, expecting the step message', () => {
    const tierCases = suites[0].cases.filter((testCase) => testCase.id.includes(':paymentTier:'));
    const accepted = tierCases.filter((testCase) => testCase.expected.valid).map((testCase) => testCase.data.paymentTier as number);
    expect(accepted.length).toBeGreaterThan(0);
    expect(accepted.filter((tier) => tier % 100 !== 0)).toEqual([]);
    const offStep = tierCases.filter((testCase) => !testCase.expected.valid && (testCase.data.paymentTier as number) % 100 !== 0);
    expect(offStep).toHaveLength(1);
    expect(offStep[0].expected).toEqual({ valid: false, errors: [{ field: 'paymentTier', message: messageOf(doc, 'paymentTier', 'multipleOf', { multipleOf: 100 }) }] });
  });
});
