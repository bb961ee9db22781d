import { describe, expect, it } from 'vitest';
import { applicantsPerInstance, table } from '../../../tools/bench-server/report.ts';
import type { SearchResult } from '../../../tools/bench-server/search.ts';

const found = (rate: number): SearchResult => {
  const best = { rate, p50: 4, p99: 80, count: rate * 3, failed: 0 };
  return { best, steps: [best] };
};

describe('applicantsPerInstance', () => {
  it('counts a poll every 5 s and a save every 30 s, alone and together', () => {
    expect(applicantsPerInstance(1000, 100)).toEqual({ separately: 3000, together: 1 / (1 / 5000 + 1 / 3000) });
    expect(applicantsPerInstance(0, 100)).toEqual({ separately: 0, together: 0 });
  });
});

describe('table', () => {
  it('gives each route its ratio to SELECT 1 and the goal verdict', () => {
    const lines = table('PGlite', [
      { route: 'offers poll', search: found(600) },
      { route: 'create', search: found(300) },
      { route: 'update', search: found(200) },
      { route: 'SELECT 1', search: found(1000) },
    ], 100);
    expect(lines.find((line) => line.includes('offers poll'))).toMatch(/600\/s.*0\.60×\s+≥ 0\.5× met/);
    expect(lines.find((line) => line.includes('update'))).toMatch(/200\/s.*0\.20×\s+≥ 0\.25× NOT met/);
    expect(lines.find((line) => line.startsWith('  SELECT 1'))).toMatch(/1\.00×/);
    expect(lines.find((line) => line.includes('applicants'))).toMatch(/= 3,000; both on the same instance 2,000/);
    expect(lines.some((line) => line.includes('NOTE'))).toBe(false);
  });

  it('never shows a ratio just under its goal as the goal itself', () => {
    // The rates the search tried in a real run: half of 9,051 is 4,525.5.
    const lines = table('PGlite', [
      { route: 'SELECT 1', search: found(9051) },
      { route: 'offers poll', search: found(4525) },
      { route: 'update', search: found(2263) },
    ], 100);
    expect(lines.find((line) => line.includes('offers poll'))).toMatch(/0\.49×\s+≥ 0\.5× NOT met/);
    expect(lines.find((line) => line.includes('update'))).toMatch(/0\.25×\s+≥ 0\.25× met/);
  });

  it("says when the generator's own lateness, not the server, decided the figures", () => {
    const late = { rate: 100, p50: 4, p99: 300, count: 300, failed: 0, sendLagP99: 240 };
    const lines = table('PGlite', [{ route: 'SELECT 1', search: { steps: [late] } }], 100);
    expect(lines.at(-1)).toMatch(/NOTE: in 1 step\(s\) the generator itself sent late .* \(worst 240 ms\)/);
    expect(lines.find((line) => line.startsWith('  SELECT 1'))).toMatch(/none ≤ 100 ms/);
  });
});
