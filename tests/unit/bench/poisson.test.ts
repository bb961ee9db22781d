import { describe, expect, it } from 'vitest';
import { poissonSchedule, seededRandom } from '../../../tools/bench-server/poisson.ts';

describe('seededRandom', () => {
  it('repeats its sequence for the same seed and differs for another, within [0, 1)', () => {
    const take = (seed: number) => Array.from({ length: 1000 }, seededRandom(seed));
    expect(take(7)).toEqual(take(7));
    expect(take(7)).not.toEqual(take(8));
    for (const value of take(7)) {
      expect(value).toBeGreaterThanOrEqual(0);
      expect(value).toBeLessThan(1);
    }
    const mean = take(3).reduce((sum, value) => sum + value, 0) / 1000;
    expect(mean).toBeGreaterThan(0.45);
    expect(mean).toBeLessThan(0.55);
  });
});

describe('poissonSchedule', () => {
  const rate = 500;
  const seconds = 20;
  const schedule = poissonSchedule(rate, seconds, seededRandom(42));

  it('sends at the target rate on average, ascending, within the step', () => {
    expect(schedule.length).toBeGreaterThan(rate * seconds * 0.97);
    expect(schedule.length).toBeLessThan(rate * seconds * 1.03);
    expect(schedule[0]).toBeGreaterThanOrEqual(0);
    expect(schedule.at(-1)).toBeLessThan(seconds * 1000);
    for (let i = 1; i < schedule.length; i++) expect(schedule[i]).toBeGreaterThanOrEqual(schedule[i - 1]);
  });

  it('has exponential gaps: mean and standard deviation both 1000 / rate ms, and about 1/e of them longer than the mean', () => {
    const gaps = schedule.slice(1).map((at, i) => at - schedule[i]);
    const mean = gaps.reduce((sum, gap) => sum + gap, 0) / gaps.length;
    const deviation = Math.sqrt(gaps.reduce((sum, gap) => sum + (gap - mean) ** 2, 0) / gaps.length);
    expect(mean).toBeCloseTo(1000 / rate, 1);
    expect(deviation / mean).toBeGreaterThan(0.95);
    expect(deviation / mean).toBeLessThan(1.05);
    const longer = gaps.filter((gap) => gap > 1000 / rate).length / gaps.length;
    expect(longer).toBeGreaterThan(Math.exp(-1) - 0.02);
    expect(longer).toBeLessThan(Math.exp(-1) + 0.02);
  });

  it('has Poisson counts per window: their variance equals their mean (a fixed-interval or per-second burst schedule has none)', () => {
    const windowMs = 10;
    const counts = new Array<number>((seconds * 1000) / windowMs).fill(0);
    for (const at of schedule) counts[Math.floor(at / windowMs)]++;
    const mean = counts.reduce((sum, value) => sum + value, 0) / counts.length;
    const variance = counts.reduce((sum, value) => sum + (value - mean) ** 2, 0) / counts.length;
    expect(mean).toBeCloseTo((rate * windowMs) / 1000, 0);
    expect(variance / mean).toBeGreaterThan(0.9);
    expect(variance / mean).toBeLessThan(1.1);
  });

  it('is the same for the same seed, and empty for no rate or no time', () => {
    expect(poissonSchedule(rate, 1, seededRandom(1))).toEqual(poissonSchedule(rate, 1, seededRandom(1)));
    expect(poissonSchedule(0, 5, seededRandom(1))).toEqual([]);
    expect(poissonSchedule(100, 0, seededRandom(1))).toEqual([]);
  });
});
