// How the application gets its form: a product's document with a variant set,
// and the validator that checks it. The application build passes the precompiled
// validators; the bundle benchmark passes RJSF's run-time AJV to compare.
import type { ValidatorType } from '@rjsf/utils';
import type { FormRuntime } from '../../engine/core/index.ts';

export interface LoadedForm {
  runtime: FormRuntime;
  /** RJSF's validator prop; absent means the renderer's adapter over the runtime. */
  validator?: ValidatorType;
  /** The form release it is (issue 29), when the loader knows. */
  release?: string;
}

/**
 * `release`: the form release a held application was started on (issue 29), which the page must
 * render since the server checks its saves with it; absent or null, the live form.
 */
export type FormLoader = ((document: string, variants: readonly string[], release?: string | null) => Promise<LoadedForm>) & {
  /**
   * The same form when it has loaded already, else undefined: a page rendered on the server is
   * hydrated with its form in the first render (docs/adr/0012-first-paint.md), and a page shown
   * again needs no loading state. Absent where a loader cannot tell.
   */
  loaded?: (document: string, variants: readonly string[], release?: string | null) => LoadedForm | undefined;
};
