// The shape of a generated case and how one is run: through the engine runtime,
// the same path as `npm run form:validate` (a step, or the whole application).
import type { FormRuntime } from '../core/runtime.ts';
import type { FieldError, FormData } from '../core/types.ts';

export type CaseKind = 'valid' | 'boundary' | 'enum' | 'keyword' | 'type' | 'visibility' | 'check' | 'required' | 'unknown';
export const CASE_KINDS: readonly CaseKind[] = ['valid', 'boundary', 'enum', 'keyword', 'type', 'visibility', 'check', 'required', 'unknown'];

export type Expected = { valid: true } | { valid: false; errors: FieldError[] };

export interface TestCase {
  id: string;
  kind: CaseKind;
  description: string;
  /** `base`, or the variant set such as `kattokorko+yhdistelylaina`. */
  variant: string;
  /** The step validated, or null for the whole application. */
  step: number | null;
  data: FormData;
  expected: Expected;
}

export interface CaseSet {
  form: string;
  variant: string;
  variants: string[];
  seed: number;
  counts: Record<CaseKind, number>;
  cases: TestCase[];
}

export function expectedOf(errors: FieldError[]): Expected {
  return errors.length ? { valid: false, errors } : { valid: true };
}

export function actualOf(runtime: FormRuntime, testCase: TestCase): Expected {
  const result = testCase.step === null ? runtime.validate(testCase.data) : runtime.validateStep(testCase.data, testCase.step);
  return result.valid ? { valid: true } : { valid: false, errors: result.errors.map(({ field, message }) => ({ field, message })) };
}

/** True when the runtime gives exactly the expected result. */
export function passes(runtime: FormRuntime, testCase: TestCase): boolean {
  return JSON.stringify(actualOf(runtime, testCase)) === JSON.stringify(testCase.expected);
}
