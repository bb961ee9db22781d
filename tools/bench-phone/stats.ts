// The arithmetic and the lines bench:phone prints: medians over rounds, the ratio of the
// application to the plain page, and whether the goal of issue 31 (goal 1) is met.

/** The middle value (the mean of the two middle ones for an even count); NaN for none. */
export function median(values: readonly number[]): number {
  const sorted = values.filter((value) => Number.isFinite(value)).sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

export interface MetricLine {
  label: string;
  app: number;
  plain: number;
  /** The most app / plain may be; none for a figure shown for context only. */
  goal?: number;
  /** Why the goal counts as not met whatever the ratio (a key the page lost). */
  spoiled?: string;
}

/** app / plain; NaN when either is missing or the plain figure is zero. */
export const ratio = (app: number, plain: number): number => (Number.isFinite(app) && Number.isFinite(plain) && plain > 0 ? app / plain : Number.NaN);

/** Met when the ratio is a number at or under the goal and nothing spoiled the figure. */
export function goalMet(line: MetricLine): boolean | undefined {
  if (line.goal === undefined) return undefined;
  const value = ratio(line.app, line.plain);
  return line.spoiled === undefined && Number.isFinite(value) && value <= line.goal;
}

const ms = (value: number) => (Number.isFinite(value) ? `${Math.round(value)} ms` : 'n/a');

/** `  label   app ms   plain ms   ratio×   (goal ≤ g×: met)` */
export function formatLine(line: MetricLine, labelWidth = 40): string {
  const value = ratio(line.app, line.plain);
  const shown = Number.isFinite(value) ? `${value.toFixed(2)}×` : 'n/a';
  const met = goalMet(line);
  const verdict = met === undefined ? '' : `   goal ≤ ${line.goal}×: ${met ? 'met' : 'not met'}${line.spoiled ? ` (${line.spoiled})` : ''}`;
  return `  ${line.label.padEnd(labelWidth)} ${ms(line.app).padStart(9)} ${ms(line.plain).padStart(9)} ${shown.padStart(7)}${verdict}`;
}

/** The order of the two pages in round `round`: alternating, so neither always goes first on a machine whose load drifts. */
export function roundOrder<T>(round: number, first: T, second: T): [T, T] {
  return round % 2 === 0 ? [first, second] : [second, first];
}
