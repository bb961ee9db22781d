// How the application gets its form: a product's document with a variant set,
// and the validator that checks it. The application build passes the precompiled
// validators; the bundle benchmark passes RJSF's run-time AJV to compare.
import type { ValidatorType } from '@rjsf/utils';
import type { FormRuntime } from '../../engine/core/index.ts';

export interface LoadedForm {
  runtime: FormRuntime;
  /** RJSF's validator prop; absent means the renderer's adapter over the runtime. */
  validator?: ValidatorType;
}

export type FormLoader = (document: string, variants: readonly string[]) => Promise<LoadedForm>;
