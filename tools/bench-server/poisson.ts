// The open-loop generator's send times: a Poisson process at the target rate, so requests
// arrive independently of how fast the server answers (as applicants do), with the random
// source seeded so a run's schedule can be repeated and its statistics tested.

/** A seeded uniform source in [0, 1) (mulberry32): the same seed, the same sequence. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Send times in ms from the start, ascending, for `seconds` at `ratePerSecond` on average:
 * the gaps are exponential (mean 1000 / rate ms), so the count in any window is Poisson.
 */
export function poissonSchedule(ratePerSecond: number, seconds: number, random: () => number): number[] {
  if (!(ratePerSecond > 0) || !(seconds > 0)) return [];
  const meanGapMs = 1000 / ratePerSecond;
  const endMs = seconds * 1000;
  const times: number[] = [];
  // 1 - u is in (0, 1], so the logarithm is finite.
  for (let at = -Math.log(1 - random()) * meanGapMs; at < endMs; at += -Math.log(1 - random()) * meanGapMs) times.push(at);
  return times;
}
