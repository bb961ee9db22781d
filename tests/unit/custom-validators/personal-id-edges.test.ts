// The codes QA uses for the day someone turns a keyword's minimum age (fiPersonalId `minAge`).
import { describe, expect, it } from 'vitest';
import { checkPersonalId, personalIdAgeEdges, personalIdBornOn } from '../../../custom-validators/personal-id.ts';
import { fiPersonalId } from '../../../custom-validators/keywords.ts';

// Noon UTC is the same calendar day in Finland.
const on = (iso: string) => new Date(`${iso}T12:00:00Z`);

describe('personalIdBornOn', () => {
  it('writes a code with the right century sign and check character', () => {
    expect(personalIdBornOn({ year: 1952, month: 10, day: 13 }, 308)).toBe('131052-308T');
    expect(personalIdBornOn({ year: 2000, month: 2, day: 29 }, 2)).toBe('290200A002C');
    expect(personalIdBornOn({ year: 2001, month: 2, day: 29 })).toBeNull();
    expect(personalIdBornOn({ year: 1750, month: 1, day: 1 })).toBeNull();
  });
});

describe('personalIdAgeEdges', () => {
  it('someone turning 18 today passes, someone turning 18 tomorrow is underage', () => {
    expect(personalIdAgeEdges({ minAge: 18 }, on('2026-11-27'))).toEqual([
      { value: personalIdBornOn({ year: 2008, month: 11, day: 27 }), code: null, note: 'täyttää 18 tänään' },
      { value: personalIdBornOn({ year: 2008, month: 11, day: 28 }), code: 'underage', note: 'täyttää 18 huomenna' },
    ]);
  });

  it('rolls over the end of a month and of a year', () => {
    expect(personalIdAgeEdges({ minAge: 18 }, on('2026-12-31')).map((e) => [e.value, e.code])).toEqual([
      [personalIdBornOn({ year: 2008, month: 12, day: 31 }), null],
      [personalIdBornOn({ year: 2009, month: 1, day: 1 }), 'underage'],
    ]);
  });

  it('leaves out 29 February of a common year rather than moving it', () => {
    const edges = personalIdAgeEdges({ minAge: 18 }, on('2028-02-29'));
    expect(edges.map((e) => e.code)).toEqual(['underage']);
    expect(checkPersonalId(edges[0].value, { minAge: 18 }, on('2028-02-29'))).toBe('underage');
  });

  it('has no edges without an age limit, and is the keyword’s QA metadata', () => {
    expect(personalIdAgeEdges(true, on('2026-11-27'))).toEqual([]);
    expect(fiPersonalId.edges).toBe(personalIdAgeEdges);
  });
});
