// Latency percentiles of one step. A request that failed or never finished has no latency
// the applicant would accept: it counts as infinitely late, so it can only push p99 up.

/** Nearest-rank percentile (the smallest value with at least p % of the values at or below it) of ascending values; NaN when empty. */
export function percentile(ascending: readonly number[], p: number): number {
  if (ascending.length === 0) return Number.NaN;
  // p × n first: an integer for whole p, so the division rounds exactly where the rank is whole.
  const rank = Math.ceil((p * ascending.length) / 100);
  return ascending[Math.min(ascending.length, Math.max(1, rank)) - 1];
}

export interface LatencySummary {
  /** Requests scheduled in the step. */
  count: number;
  /** Of them, answered with an error status, failed on the connection or never answered. */
  failed: number;
  p50: number;
  p99: number;
}

/** The step's p50 and p99 over every scheduled request, the failed ones as Infinity. */
export function summarize(latenciesMs: readonly number[], failed: number): LatencySummary {
  const all = [...latenciesMs, ...Array<number>(failed).fill(Number.POSITIVE_INFINITY)].sort((a, b) => a - b);
  return { count: all.length, failed, p50: percentile(all, 50), p99: percentile(all, 99) };
}

/**
 * How many of `count` requests may exceed the limit while p99 stays within it (nearest rank):
 * the generator stops a step early once more than this many are late.
 */
export const lateAllowance = (count: number): number => count - Math.ceil((99 * count) / 100);
