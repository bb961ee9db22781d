// The generated cases whose engine result is not the expected one, each with both results.
import { runtimeForDocument } from '../../../engine/core/node.ts';
import type { FormDocument } from '../../../engine/core/types.ts';
import { actualOf, type CaseSet } from '../../../engine/qa/cases.ts';

export function mismatches(doc: FormDocument, suites: readonly CaseSet[]): string[] {
  const wrong: string[] = [];
  for (const suite of suites) {
    const runtime = runtimeForDocument(doc, suite.variants);
    for (const testCase of suite.cases) {
      const actual = actualOf(runtime, testCase);
      if (JSON.stringify(actual) !== JSON.stringify(testCase.expected)) wrong.push(`${testCase.id}: odotettiin ${JSON.stringify(testCase.expected)}, saatiin ${JSON.stringify(actual)}`);
    }
  }
  return wrong;
}
