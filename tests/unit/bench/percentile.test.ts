import { describe, expect, it } from 'vitest';
import { lateAllowance, percentile, summarize } from '../../../tools/bench-server/percentile.ts';

describe('percentile (nearest rank)', () => {
  const hundred = Array.from({ length: 100 }, (_, i) => i + 1);

  it('is the smallest value with at least p % at or below it', () => {
    expect(percentile(hundred, 50)).toBe(50);
    expect(percentile(hundred, 99)).toBe(99);
    expect(percentile(hundred, 100)).toBe(100);
    expect(percentile([5, 9], 50)).toBe(5);
    expect(percentile([5, 9], 51)).toBe(9);
    expect(percentile([7], 99)).toBe(7);
    expect(percentile(hundred, 0)).toBe(1);
  });

  it('is NaN for no values', () => {
    expect(percentile([], 50)).toBeNaN();
  });
});

describe('summarize', () => {
  it('sorts the latencies and counts failed requests as infinitely late', () => {
    const latencies = Array.from({ length: 98 }, (_, i) => 98 - i);
    expect(summarize(latencies, 0)).toEqual({ count: 98, failed: 0, p50: 49, p99: 98 });
    const summary = summarize(latencies, 2);
    expect(summary).toMatchObject({ count: 100, failed: 2, p50: 50 });
    expect(summary.p99).toBe(Number.POSITIVE_INFINITY);
    // 100 requests: one may be over p99, so the 99th is the real latency.
    const ninetyNine = Array.from({ length: 99 }, (_, i) => i + 1);
    expect(summarize(ninetyNine, 1).p99).toBe(99);
  });
});

describe('lateAllowance', () => {
  it('is exactly how many values may exceed a limit while p99 stays within it', () => {
    for (const count of [1, 16, 99, 100, 101, 150, 199, 200, 201, 300, 1234, 10_000]) {
      const allowance = lateAllowance(count);
      const within = (late: number) => summarize([...new Array<number>(count - late).fill(10), ...new Array<number>(late).fill(1000)], 0).p99 <= 100;
      expect(within(allowance)).toBe(true);
      expect(within(allowance + 1)).toBe(false);
    }
  });
});
