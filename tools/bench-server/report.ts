// The bench's table: per route the highest rate with p99 within the limit, its latencies,
// its ratio to the SELECT 1 reference and the issue's goal, and what the rates mean in
// applicants one instance serves.
import type { RouteName } from './routes.ts';
import type { SearchResult } from './search.ts';

/** Issue 31 goal 4: the share of the reference route's rate a route should reach. */
export const GOALS: Partial<Record<RouteName, number>> = { 'offers poll': 0.5, update: 0.25 };

/** An applicant on the offers page polls every 5 s; one filling in the form saves every 30 s. */
export const POLL_EVERY_S = 5;
export const SAVE_EVERY_S = 30;

export interface Capacity {
  /** As the issue counts it: the fewer of the applicants the polls alone and the saves alone would serve. */
  separately: number;
  /** Every applicant both polling and saving on the same instance: the rates' shares added up. */
  together: number;
}

export function applicantsPerInstance(pollRate: number, saveRate: number): Capacity {
  if (!(pollRate > 0) || !(saveRate > 0)) return { separately: 0, together: 0 };
  return {
    separately: Math.min(pollRate * POLL_EVERY_S, saveRate * SAVE_EVERY_S),
    together: 1 / (1 / (pollRate * POLL_EVERY_S) + 1 / (saveRate * SAVE_EVERY_S)),
  };
}

const ms = (value: number) => (Number.isFinite(value) ? `${value.toFixed(value < 10 ? 1 : 0)} ms` : '—');
const count = (value: number) => Math.round(value).toLocaleString('en-US');
/**
 * Rounded down: a ratio just under its goal reads as under it (4,525 of 9,051 is 0.49×, not 0.50×
 * and NOT met). The 1e-9 keeps an exact ratio whole: 0.29 × 100 is 28.999… in floating point.
 */
const ratioText = (ratio: number) => `${(Math.floor(ratio * 100 + 1e-9) / 100).toFixed(2)}×`;

export function table(database: string, results: Array<{ route: RouteName; search: SearchResult }>, limitMs: number): string[] {
  const reference = results.find((result) => result.route === 'SELECT 1')?.search.best?.rate;
  const lines = [`${database}`, `  ${'route'.padEnd(12)} ${'max rate'.padStart(10)} ${'p50'.padStart(8)} ${'p99'.padStart(8)}  ${'× SELECT 1'.padStart(10)}  ${'goal'.padEnd(15)}  ${'send lag'.padStart(8)}  (steps: rate/s p99)`];
  for (const { route, search } of results) {
    const best = search.best;
    const ratio = best && reference ? best.rate / reference : undefined;
    const goal = GOALS[route];
    const verdict = goal === undefined ? '' : ratio === undefined ? `≥ ${goal}× ?` : `≥ ${goal}× ${ratio >= goal ? 'met' : 'NOT met'}`;
    const steps = search.steps.map((step) => `${count(step.rate)} ${step.p99 <= limitMs ? ms(step.p99) : step.stoppedEarly ? '✗ (stopped)' : `✗ ${ms(step.p99)}`}`).join(', ');
    lines.push(
      `  ${route.padEnd(12)} ${(best ? `${count(best.rate)}/s` : `none ≤ ${limitMs} ms`).padStart(10)} ${ms(best?.p50 ?? NaN).padStart(8)} ${ms(best?.p99 ?? NaN).padStart(8)}  ${(ratio === undefined ? '—' : ratioText(ratio)).padStart(10)}  ${verdict.padEnd(15)}  ${ms(best?.sendLagP99 ?? NaN).padStart(8)}  (${steps})`,
    );
  }
  const poll = results.find((result) => result.route === 'offers poll')?.search.best?.rate ?? 0;
  const update = results.find((result) => result.route === 'update')?.search.best?.rate ?? 0;
  const capacity = applicantsPerInstance(poll, update);
  lines.push(
    `  applicants per 2-core instance (a poll every ${POLL_EVERY_S} s, a save every ${SAVE_EVERY_S} s): min(poll × ${POLL_EVERY_S}, update × ${SAVE_EVERY_S}) = ${count(capacity.separately)}; both on the same instance ${count(capacity.together)}`,
  );
  // The generator's own lateness is in every latency; past half the limit it is the machine's load that was measured.
  const lagging = results.flatMap(({ search }) => search.steps).filter((step) => (step.sendLagP99 ?? 0) > limitMs / 2);
  if (lagging.length > 0) {
    const worst = Math.max(...lagging.map((step) => step.sendLagP99 ?? 0));
    lines.push(`  NOTE: in ${lagging.length} step(s) the generator itself sent late by more than ${limitMs / 2} ms at p99 (worst ${ms(worst)}): those figures are the machine's load, not the server's`);
  }
  return lines;
}
