// A small seeded PRNG (mulberry32): the same seed gives the same cases on every
// machine, so a change in the generated files always comes from a document change.
export type Random = () => number;

export function seededRandom(seed: number): Random {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The list rotated to start at a random index: varied picks, every value still tried. */
export function rotate<T>(items: readonly T[], random: Random): T[] {
  if (items.length < 2) return [...items];
  const start = Math.floor(random() * items.length);
  return [...items.slice(start), ...items.slice(0, start)];
}
