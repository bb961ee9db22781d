// The lenders' wordmarks show the whole name inside the box (issue 25 item 15: business
// financiers' longer names were cut at its right edge).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { estimatedWidth, logoSvg, NAME_ROOM, nameLines } from '../../../src/server/marketplace/logos.ts';

const catalogue = (file: string) => {
  const json = JSON.parse(readFileSync(new URL(`../../../src/server/marketplace/${file}`, import.meta.url), 'utf8'));
  return (Array.isArray(json) ? json : json.lenders) as Array<{ name: string; color: string }>;
};

describe('lender wordmarks', () => {
  const lenders = [...catalogue('lenders.json'), ...catalogue('business-lenders.json')];

  it('fit every name in the room right of the mark, on one line or two', () => {
    for (const lender of lenders) {
      const { lines, fontSize } = nameLines(lender.name);
      expect(lines.join(' '), lender.name).toBe(lender.name);
      for (const line of lines) expect(estimatedWidth(line, fontSize), `${lender.name}: ${line}`).toBeLessThanOrEqual(NAME_ROOM);
    }
  });

  it("splits 'Kompassi Yritysluotto' in two lines and keeps short names on one", () => {
    expect(nameLines('Kompassi Yritysluotto').lines).toEqual(['Kompassi', 'Yritysluotto']);
    expect(nameLines('Tammi').lines).toEqual(['Tammi']);
    const svg = logoSvg({ name: 'Kompassi Yritysluotto', color: '#123456' }, 3);
    expect(svg.match(/<text /g)).toHaveLength(2);
    expect(svg).toContain('aria-label="Kompassi Yritysluotto"');
  });

  it('squeezes a single word too long for the room instead of cutting it', () => {
    expect(logoSvg({ name: 'Yritysrahoitusosakeyhtiö', color: '#123456' }, 0)).toContain(`textLength="${NAME_ROOM}"`);
  });
});
