// The highest rate a route sustains with p99 within the limit: a geometric ramp until a
// step fails, then bisection (on the log scale) between the last passing and the first
// failing rate, within a budget of steps. The measurement is injected, so the search is
// tested on a fake latency function.

export interface StepResult {
  /** Requests per second scheduled. */
  rate: number;
  p50: number;
  p99: number;
  /** Requests scheduled in the step. */
  count: number;
  /** Of them failed, errored or unanswered (counted in p99 as Infinity). */
  failed: number;
  /** The generator stopped the step once p99 could no longer be within the limit. */
  stoppedEarly?: boolean;
  /**
   * p99 of how late the generator sent (its own timer and CPU): part of every latency, so a
   * large one says the figures are the generator's or the machine's, not the server's.
   */
  sendLagP99?: number;
}

export interface SearchOptions {
  startRate: number;
  p99LimitMs: number;
  /** Steps at most, ramp and bisection together. */
  maxSteps: number;
  /** Ramp multiplier. */
  factor?: number;
  /** Bisection stops when the failing rate is within this share above the passing one. */
  precision?: number;
  /**
   * Times a failing rate is measured again before it counts as failing (default 0): on a shared
   * machine a stall of another process fails a step more often than it passes one.
   */
  retries?: number;
}

export interface SearchResult {
  /** The highest passing step; undefined when none passed. */
  best?: StepResult;
  steps: StepResult[];
}

export const passes = (step: StepResult, limitMs: number): boolean => step.count > 0 && step.p99 <= limitMs;

export async function findMaxRate(measure: (rate: number) => Promise<StepResult>, options: SearchOptions): Promise<SearchResult> {
  const factor = options.factor ?? 2;
  const precision = options.precision ?? 0.1;
  const steps: StepResult[] = [];
  let best: StepResult | undefined;
  let failing: number | undefined;
  let rate = Math.max(1, Math.round(options.startRate));
  let tries = 0;
  while (steps.length < options.maxSteps) {
    const step = await measure(rate);
    steps.push(step);
    if (passes(step, options.p99LimitMs)) {
      if (!best || step.rate > best.rate) best = step;
    } else if (++tries <= (options.retries ?? 0)) {
      continue;
    } else if (failing === undefined || rate < failing) {
      failing = rate;
    }
    tries = 0;
    const next = nextRate(best?.rate, failing, factor, precision);
    if (next === undefined) break;
    rate = next;
  }
  return { best, steps };
}

/** The next rate to try, or undefined when the bracket is narrow enough (or nothing lower is left). */
export function nextRate(passing: number | undefined, failing: number | undefined, factor: number, precision: number): number | undefined {
  if (failing === undefined) return Math.round((passing ?? 1) * factor);
  if (passing === undefined) {
    const lower = Math.floor(failing / factor);
    return lower >= 1 ? lower : undefined;
  }
  if (failing <= passing * (1 + precision)) return undefined;
  const middle = Math.round(Math.sqrt(passing * failing));
  return middle > passing && middle < failing ? middle : undefined;
}
