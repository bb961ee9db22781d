// Where an application starts when the page opens: a saved one from this tab on a
// step path, or a draft (or a fresh form with the landing's query answers) on the
// start path.
import type { FormData, FormRuntime } from '../../../engine/core/index.ts';
import { schemaDefaults } from '../../../engine/react/index.ts';
import type { AppRoute } from '../routes.ts';
import { startAnswers } from './preset.ts';
import type { LandingParams } from './query.ts';
import { loadApplication, loadDraft } from './storage.ts';

export interface ApplicationState {
  data: FormData;
  /** The furthest step reached; the path chooses the step shown (`shownStep`), up to this one. */
  step: number;
  id?: string;
  token?: string;
  tracked: number[];
}

/** The requested step if the applicant has reached it and it applies to their answers, else the nearest one before. */
export function reachableStep(runtime: FormRuntime, data: FormData, requested: number, reached: number): number {
  const target = Math.min(requested, reached);
  const active = runtime.activeSteps(data).map((step) => step.number).filter((n) => n <= target);
  return active.at(-1) ?? runtime.activeSteps(data)[0]?.number ?? 1;
}

/**
 * The step shown as the current one: the step the path names (Back and Forward move it),
 * capped by the furthest step reached and by what applies to the answers. Off a step
 * path (before the first save) it is the furthest step reached.
 */
export function shownStep(runtime: FormRuntime, state: ApplicationState, route: AppRoute): number {
  return reachableStep(runtime, state.data, route.kind === 'step' ? route.step : state.step, state.step);
}

/**
 * The application a start path's history state names (`{resumed: {id, token}}`): the
 * mortgage's prefill lands on its start path with the whole form (marketplace spec §4).
 */
export function resumedOnStart(historyState: unknown): { id: string; token: string } | null {
  const resumed = (historyState as { resumed?: { id?: unknown; token?: unknown } } | null)?.resumed;
  return typeof resumed?.id === 'string' && typeof resumed.token === 'string' ? { id: resumed.id, token: resumed.token } : null;
}

/** A new application with nothing from this browser: what the server renders for the start path, and what that page is hydrated with. */
export function freshState(runtime: FormRuntime): ApplicationState {
  const data = { ...schemaDefaults(runtime.document), ...startAnswers(runtime.document) };
  return { data, step: runtime.activeSteps(data)[0]?.number ?? 1, tracked: [] };
}

export function initialState(runtime: FormRuntime, route: AppRoute, landing: LandingParams, draftScope: string, historyState?: unknown): ApplicationState | null {
  const held = route.kind === 'step' ? { id: route.id, token: route.token } : route.kind === 'start' ? resumedOnStart(historyState) : null;
  if (held) {
    const stored = loadApplication(held.id, held.token);
    if (stored) return { data: stored.data, step: stored.step, id: stored.id, token: stored.token, tracked: stored.tracked };
    if (route.kind === 'step') return null;
  }
  const draft = loadDraft(draftScope);
  const data = { ...schemaDefaults(runtime.document), ...startAnswers(runtime.document), ...(draft?.data ?? {}), ...landing.answers };
  const first = runtime.activeSteps(data)[0]?.number ?? 1;
  return { data, step: Math.max(first, draft?.step ?? first), tracked: draft?.tracked ?? [] };
}
