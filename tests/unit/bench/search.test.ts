import { describe, expect, it } from 'vitest';
import { findMaxRate, nextRate, type StepResult } from '../../../tools/bench-server/search.ts';

/** A fake server: latency grows with load and passes the limit above `capacity` requests/s. */
const fakeServer = (capacity: number) => {
  const tried: number[] = [];
  const measure = async (rate: number): Promise<StepResult> => {
    tried.push(rate);
    const p99 = rate <= capacity ? 20 + (80 * rate) / capacity : 500;
    return { rate, p50: p99 / 4, p99, count: rate * 3, failed: 0 };
  };
  return { measure, tried };
};

describe('findMaxRate', () => {
  it('ramps up, then bisects to within the precision below the capacity', async () => {
    const server = fakeServer(3000);
    const result = await findMaxRate(server.measure, { startRate: 200, p99LimitMs: 100, maxSteps: 12, precision: 0.1 });
    expect(server.tried.slice(0, 5)).toEqual([200, 400, 800, 1600, 3200]);
    expect(result.best!.rate).toBeLessThanOrEqual(3000);
    expect(result.best!.rate).toBeGreaterThan(3000 / 1.1);
    expect(result.best!.p99).toBeLessThanOrEqual(100);
    expect(result.steps.map((step) => step.rate)).toEqual(server.tried);
  });

  it('ramps down when the first rate already fails', async () => {
    const server = fakeServer(70);
    const result = await findMaxRate(server.measure, { startRate: 200, p99LimitMs: 100, maxSteps: 12, precision: 0.1 });
    expect(server.tried.slice(0, 3)).toEqual([200, 100, 50]);
    expect(result.best!.rate).toBeLessThanOrEqual(70);
    expect(result.best!.rate).toBeGreaterThan(70 / 1.1);
  });

  it('stops at the step budget with the best rate so far', async () => {
    const server = fakeServer(1_000_000);
    const result = await findMaxRate(server.measure, { startRate: 100, p99LimitMs: 100, maxSteps: 4 });
    expect(server.tried).toEqual([100, 200, 400, 800]);
    expect(result.best!.rate).toBe(800);
  });

  it('finds none when even one request a second fails, and counts a step without requests as failing', async () => {
    const nothing = await findMaxRate(fakeServer(0).measure, { startRate: 8, p99LimitMs: 100, maxSteps: 10 });
    expect(nothing.best).toBeUndefined();
    expect(nothing.steps.map((step) => step.rate)).toEqual([8, 4, 2, 1]);
    const empty = await findMaxRate(async (rate) => ({ rate, p50: NaN, p99: NaN, count: 0, failed: 0 }), { startRate: 4, p99LimitMs: 100, maxSteps: 10 });
    expect(empty.best).toBeUndefined();
  });

  it('keeps the highest passing step when a noisy measurement fails below a pass', async () => {
    const p99 = new Map([[200, 30], [400, 40], [800, 300], [566, 300], [476, 60], [519, 300]]);
    const result = await findMaxRate(async (rate) => ({ rate, p50: 5, p99: p99.get(rate) ?? 300, count: 100, failed: 0 }), { startRate: 200, p99LimitMs: 100, maxSteps: 10 });
    expect(result.steps.map((step) => step.rate)).toEqual([200, 400, 800, 566, 476, 519]);
    expect(result.best!.rate).toBe(476);
  });

  it('measures a failing rate again before it counts, when retries are asked for', async () => {
    const failedOnce = new Set<number>();
    // Every rate up to 1000 fails its first measurement (a stall elsewhere) and passes the next.
    const measure = async (rate: number): Promise<StepResult> => {
      const stalled = rate <= 1000 && !failedOnce.has(rate);
      failedOnce.add(rate);
      return { rate, p50: 5, p99: stalled || rate > 1000 ? 300 : 50, count: 100, failed: 0 };
    };
    const result = await findMaxRate(measure, { startRate: 250, p99LimitMs: 100, maxSteps: 20, retries: 1 });
    expect(result.steps.slice(0, 6).map((step) => step.rate)).toEqual([250, 250, 500, 500, 1000, 1000]);
    expect(result.best!.rate).toBe(1000);
    const noRetry = await findMaxRate(async (rate) => ({ rate, p50: 5, p99: 300, count: 100, failed: 0 }), { startRate: 4, p99LimitMs: 100, maxSteps: 20 });
    expect(noRetry.steps.map((step) => step.rate)).toEqual([4, 2, 1]);
  });
});

describe('nextRate', () => {
  it('doubles without a failure, halves without a pass, takes the geometric middle between them, and stops when they are close', () => {
    expect(nextRate(300, undefined, 2, 0.1)).toBe(600);
    expect(nextRate(undefined, 300, 2, 0.1)).toBe(150);
    expect(nextRate(undefined, 1, 2, 0.1)).toBeUndefined();
    expect(nextRate(100, 400, 2, 0.1)).toBe(200);
    expect(nextRate(100, 110, 2, 0.1)).toBeUndefined();
    expect(nextRate(1, 2, 2, 0.1)).toBeUndefined();
  });
});
