import { describe, expect, it } from 'vitest';
import { formatLine, goalMet, median, ratio, roundOrder } from '../../../tools/bench-phone/stats.ts';

describe('median', () => {
  it('is the middle value, or the mean of the two middle ones, whatever the order', () => {
    expect(median([9, 1, 5])).toBe(5);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([7])).toBe(7);
  });

  it('leaves out missing figures (NaN) and is NaN with none left', () => {
    expect(median([Number.NaN, 3, 1])).toBe(2);
    expect(median([])).toBeNaN();
    expect(median([Number.NaN])).toBeNaN();
  });
});

describe('ratio and goalMet', () => {
  it('divides the application by the plain page', () => {
    expect(ratio(600, 1000)).toBe(0.6);
    expect(ratio(1, 0)).toBeNaN();
    expect(ratio(Number.NaN, 3)).toBeNaN();
  });

  it('is met at or under the goal, not over it, not without a figure and not when spoiled', () => {
    expect(goalMet({ label: 'x', app: 600, plain: 1000, goal: 0.6 })).toBe(true);
    expect(goalMet({ label: 'x', app: 601, plain: 1000, goal: 0.6 })).toBe(false);
    expect(goalMet({ label: 'x', app: Number.NaN, plain: 1000, goal: 0.6 })).toBe(false);
    expect(goalMet({ label: 'x', app: 100, plain: 1000, goal: 0.9, spoiled: 'the page lost the key' })).toBe(false);
    expect(goalMet({ label: 'x', app: 100, plain: 1000 })).toBeUndefined();
  });
});

describe('formatLine', () => {
  it('prints both medians, the ratio, the goal and the verdict', () => {
    const line = formatLine({ label: 'largest contentful paint', app: 1550.4, plain: 1295.6, goal: 0.6 }, 30);
    expect(line).toBe(`  ${'largest contentful paint'.padEnd(30)}   1550 ms   1296 ms   1.20×   goal ≤ 0.6×: not met`);
  });

  it('says why a goal is not met when the figure is spoiled, and prints no verdict without a goal', () => {
    expect(formatLine({ label: 'key', app: 500, plain: 1000, goal: 0.9, spoiled: 'lost in 2 of 5 loads' })).toMatch(/0\.50×   goal ≤ 0\.9×: not met \(lost in 2 of 5 loads\)$/);
    expect(formatLine({ label: 'fcp', app: 500, plain: 1000 })).toMatch(/500 ms\s+1000 ms\s+0\.50×$/);
    expect(formatLine({ label: 'fcp', app: Number.NaN, plain: 1000 })).toMatch(/n\/a\s+1000 ms\s+n\/a$/);
  });
});

describe('roundOrder', () => {
  it('alternates which page goes first', () => {
    expect([0, 1, 2, 3].map((round) => roundOrder(round, 'app', 'plain')[0])).toEqual(['app', 'plain', 'app', 'plain']);
    expect(roundOrder(1, 'app', 'plain')).toEqual(['plain', 'app']);
  });
});
