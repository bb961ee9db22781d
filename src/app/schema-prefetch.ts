// The later steps' validators (engine/core/schema-parts.ts) are asked for once step 1 is
// on the screen and the browser is idle, so they never compete with what step 1 needs,
// and have arrived long before the applicant continues; continuing awaits them anyway.
import type { FormRuntime } from '../../engine/core/index.ts';

type Idle = (callback: () => void) => void;

const whenIdle: Idle = (callback) => {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(callback, { timeout: 3000 });
  else setTimeout(callback, 200);
};

/** Asks for the runtime's missing schema parts when the browser is idle; a failure is left to the continue that awaits them. */
export function prefetchSchemaParts(runtime: FormRuntime, idle: Idle = whenIdle): void {
  if (runtime.schemaLoaded()) return;
  idle(() => {
    runtime.whenSchemaLoaded().catch(() => {
      // Asked again, and shown, where a step needs them.
    });
  });
}

/**
 * Asks for them at once: a route that names a saved application checks its answers of every
 * step as soon as it can (after the resume code, or before showing the application).
 */
export function loadSchemaParts(runtime: FormRuntime): void {
  prefetchSchemaParts(runtime, (callback) => callback());
}
