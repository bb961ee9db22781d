import fc from 'fast-check';
import { FinnishSSN } from 'finnish-ssn';
import { describe, expect, it } from 'vitest';
import {
  ageOn,
  checkPersonalId,
  parsePersonalId,
  personalIdAge,
  personalIdIndividualNumber,
  personalIdSex,
} from '../../../custom-validators/personal-id.ts';

// Independent of the code under test: the DVV definition written out again.
const CHECK_CHARACTERS = '0123456789ABCDEFHJKLMNPRSTUVWXY';
function hetu(ddmmyy: string, sign: string, nnn: string): string {
  return `${ddmmyy}${sign}${nnn}${CHECK_CHARACTERS[Number(ddmmyy + nnn) % 31]}`;
}
function withWrongCheck(id: string): string {
  const right = id[10];
  return id.slice(0, 10) + (right === 'A' ? 'B' : 'A');
}

// Noon in Helsinki on 15 June 2024, so no time-zone reading can shift the date.
const TODAY = new Date('2024-06-15T12:00:00+03:00');
const ADULT = { minAge: 18 };

describe('independent helper', () => {
  it('reproduces the published examples', () => {
    expect(hetu('131052', '-', '308')).toBe('131052-308T');
    expect(hetu('010594', 'Y', '902')).toBe('010594Y9021');
  });
});

describe('checkPersonalId: valid codes for every century sign', () => {
  const cases: Array<[string, string, string, number]> = [
    ['101010', '+', '123', 1810],
    ['131052', '-', '308', 1952],
    ['010594', 'Y', '902', 1994],
    ['280264', 'X', '236', 1964],
    ['230323', 'W', '323', 1923],
    ['121212', 'V', '121', 1912],
    ['111111', 'U', '111', 1911],
    ['290200', 'A', '002', 2000],
    ['150301', 'B', '457', 2001],
    ['220202', 'C', '221', 2002],
    ['070703', 'D', '700', 2003],
    ['090904', 'E', '909', 2004],
    ['050505', 'F', '999', 2005],
  ];
  it.each(cases)('%s%s%s (%i)', (ddmmyy, sign, nnn, year) => {
    const id = hetu(ddmmyy, sign, nnn);
    expect(checkPersonalId(id, true, TODAY)).toBeNull();
    expect(checkPersonalId(id, ADULT, TODAY)).toBeNull();
    expect(parsePersonalId(id)).toEqual({
      birthDate: { year, month: Number(ddmmyy.slice(2, 4)), day: Number(ddmmyy.slice(0, 2)) },
      individualNumber: Number(nnn),
      sex: Number(nnn) % 2 === 1 ? 'male' : 'female',
      centurySign: sign,
    });
  });
});

describe('checkPersonalId: error codes', () => {
  const cases: Array<[string, string, string]> = [
    ['one character too many', '131052-308TX', 'tooLong'],
    ['long garbage is still tooLong first', 'xxxxxxxxxxxxxxx', 'tooLong'],
    ['one character short', '131052-308', 'invalid'],
    ['empty', '', 'invalid'],
    ['unknown century sign Z', '131052Z308T', 'invalid'],
    ['century sign G (not one of A–F)', '131052G308T', 'invalid'],
    ['lower-case century sign', '010594y9021', 'invalid'],
    ['lower-case check character', '131052-308t', 'invalid'],
    ['letters in the date', '1310AB-308T', 'invalid'],
    ['31 February', hetu('310299', '-', '123'), 'invalid'],
    ['month 13', hetu('011399', '-', '123'), 'invalid'],
    ['day 00', hetu('000199', '-', '123'), 'invalid'],
    ['29 February 1900 (not a leap year)', hetu('290200', '-', '123'), 'invalid'],
    ['individual number 000', hetu('131052', '-', '000'), 'invalid'],
    ['individual number 001', hetu('131052', '-', '001'), 'invalid'],
    ['born after today', hetu('160624', 'A', '123'), 'invalid'],
    ['born in 2099', hetu('010199', 'A', '234'), 'invalid'],
    ['bad date wins over a wrong check character', withWrongCheck(hetu('310299', '-', '123')), 'invalid'],
    ['future date wins over a wrong check character', withWrongCheck(hetu('010199', 'A', '234')), 'invalid'],
    ['wrong check character', withWrongCheck('131052-308T'), 'checksum'],
    ['check character that never occurs (G)', '131052-308G', 'checksum'],
    ['one digit of the number changed', '131052-309T', 'checksum'],
    ['minor with a wrong check character', withWrongCheck(hetu('010120', 'A', '123')), 'checksum'],
  ];
  it.each(cases)('%s: %s → %s', (_label, value, code) => {
    expect(checkPersonalId(value, ADULT, TODAY)).toBe(code);
  });

  it('non-strings are invalid (AJV only calls it for strings, but rules may not)', () => {
    expect(checkPersonalId(131052 as unknown as string, true, TODAY)).toBe('invalid');
  });
});

describe('checkPersonalId: minimum age', () => {
  it('a minor born in 2020 is underage', () => {
    expect(checkPersonalId(hetu('010120', 'A', '123'), ADULT, TODAY)).toBe('underage');
  });
  it('turns 18 exactly today: passes', () => {
    expect(checkPersonalId(hetu('150606', 'A', '246'), ADULT, TODAY)).toBeNull();
  });
  it('turns 18 tomorrow: underage', () => {
    expect(checkPersonalId(hetu('160606', 'A', '246'), ADULT, TODAY)).toBe('underage');
  });
  it('turned 18 yesterday: passes', () => {
    expect(checkPersonalId(hetu('140606', 'A', '246'), ADULT, TODAY)).toBeNull();
  });
  it('leap-day birthday: a year older on 1 March in a common year, not on 28 February', () => {
    const id = hetu('290208', 'A', '135');
    expect(checkPersonalId(id, ADULT, new Date('2026-02-28T12:00:00+02:00'))).toBe('underage');
    expect(checkPersonalId(id, ADULT, new Date('2026-03-01T12:00:00+02:00'))).toBeNull();
  });
  it('born today is valid (age 0) when no minimum age is asked', () => {
    expect(checkPersonalId(hetu('150624', 'A', '124'), true, TODAY)).toBeNull();
    expect(personalIdAge(hetu('150624', 'A', '124'), TODAY)).toBe(0);
  });
  it('without minAge a minor passes', () => {
    const minor = hetu('010120', 'A', '123');
    expect(checkPersonalId(minor, true, TODAY)).toBeNull();
    expect(checkPersonalId(minor, {}, TODAY)).toBeNull();
  });
  it('ignores a minAge that is not a number rather than guessing', () => {
    const minor = hetu('010120', 'A', '123');
    expect(checkPersonalId(minor, { minAge: '18' } as unknown as { minAge: number }, TODAY)).toBeNull();
  });
  it('uses the date in Finland: 01:30 Helsinki time is already the birthday, though UTC is a day behind', () => {
    const helsinkiAfterMidnight = new Date('2024-06-14T22:30:00Z');
    expect(checkPersonalId(hetu('150606', 'A', '246'), ADULT, helsinkiAfterMidnight)).toBeNull();
    expect(checkPersonalId(hetu('150606', 'A', '246'), ADULT, new Date('2024-06-14T20:30:00Z'))).toBe('underage');
  });
  it('minAge 20 for a 19-year-old', () => {
    expect(checkPersonalId(hetu('010105', 'A', '246'), { minAge: 20 }, TODAY)).toBe('underage');
    expect(checkPersonalId(hetu('010105', 'A', '246'), { minAge: 19 }, TODAY)).toBeNull();
  });
});

describe('ageOn', () => {
  const cases: Array<[string, { year: number; month: number; day: number }, string, number]> = [
    ['day before birthday', { year: 1990, month: 6, day: 16 }, '2024-06-15T12:00:00+03:00', 33],
    ['on birthday', { year: 1990, month: 6, day: 15 }, '2024-06-15T12:00:00+03:00', 34],
    ['leap-day, 28 Feb common year', { year: 2000, month: 2, day: 29 }, '2023-02-28T12:00:00+02:00', 22],
    ['leap-day, 1 Mar common year', { year: 2000, month: 2, day: 29 }, '2023-03-01T12:00:00+02:00', 23],
    ['leap-day, 29 Feb leap year', { year: 2000, month: 2, day: 29 }, '2024-02-29T12:00:00+02:00', 24],
    ['31 Dec birth on 1 Jan', { year: 2000, month: 12, day: 31 }, '2001-01-01T12:00:00+02:00', 0],
  ];
  it.each(cases)('%s', (_label, birth, today, age) => {
    expect(ageOn(birth, new Date(today))).toBe(age);
  });
});

describe('helpers for form rules', () => {
  it('personalIdAge', () => {
    expect(personalIdAge('131052-308T', TODAY)).toBe(71);
    expect(personalIdAge(hetu('160624', 'A', '123'), TODAY)).toBeNull();
    expect(personalIdAge('131052-308A', TODAY)).toBeNull();
    expect(personalIdAge(undefined, TODAY)).toBeNull();
  });
  it('personalIdIndividualNumber', () => {
    expect(personalIdIndividualNumber('131052-308T')).toBe(308);
    expect(personalIdIndividualNumber(hetu('050505', 'F', '999'))).toBe(999);
    expect(personalIdIndividualNumber('131052-308A')).toBeNull();
  });
  it('personalIdSex: odd individual number is male, even female', () => {
    expect(personalIdSex('131052-308T')).toBe('female');
    expect(personalIdSex(hetu('150380', '-', '123'))).toBe('male');
    expect(personalIdSex('garbage')).toBeNull();
  });
  it('parsePersonalId rejects what check rejects as invalid or checksum', () => {
    for (const value of ['131052-308TX', '131052-308', '131052-308A', hetu('131052', '-', '001'), 42, null]) {
      expect(parsePersonalId(value)).toBeNull();
    }
  });
});

describe('properties', () => {
  const birth = fc
    .record({
      year: fc.integer({ min: 1800, max: 2023 }),
      month: fc.integer({ min: 1, max: 12 }),
      day: fc.integer({ min: 1, max: 28 }),
    })
    .chain((d) =>
      fc.record({
        date: fc.constant(d),
        sign: fc.constantFrom(
          ...(d.year < 1900 ? ['+'] : d.year < 2000 ? ['-', 'Y', 'X', 'W', 'V', 'U'] : ['A', 'B', 'C', 'D', 'E', 'F']),
        ),
        nnn: fc.integer({ min: 2, max: 999 }),
      }),
    );
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  const build = ({ date, sign, nnn }: { date: { year: number; month: number; day: number }; sign: string; nnn: number }) =>
    hetu(`${pad(date.day)}${pad(date.month)}${pad(date.year % 100)}`, sign, pad(nnn, 3));

  it('every generated valid code passes and parses back to its parts', () => {
    fc.assert(
      fc.property(birth, (b) => {
        const id = build(b);
        expect(checkPersonalId(id, true, TODAY)).toBeNull();
        const parsed = parsePersonalId(id);
        expect(parsed?.birthDate).toEqual(b.date);
        expect(parsed?.individualNumber).toBe(b.nnn);
        expect(parsed?.centurySign).toBe(b.sign);
      }),
    );
  });

  it('any other check character gives checksum', () => {
    fc.assert(
      fc.property(birth, fc.constantFrom(...'0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ'), (b, c) => {
        const id = build(b);
        fc.pre(c !== id[10]);
        expect(checkPersonalId(id.slice(0, 10) + c, true, TODAY)).toBe('checksum');
      }),
    );
  });

  // finnish-ssn only admits + for 1850–1899 and A–F for 2000–2029 and knows
  // nothing of 000/001 or future dates; inside that domain it must agree.
  it('agrees with finnish-ssn on well-formed candidates within its domain', () => {
    const candidate = fc
      .record({
        dd: fc.integer({ min: 1, max: 31 }),
        mm: fc.integer({ min: 1, max: 12 }),
        yy: fc.integer({ min: 0, max: 99 }),
        sign: fc.constantFrom('+', '-', 'Y', 'X', 'W', 'V', 'U', 'A', 'B', 'C', 'D', 'E', 'F'),
        nnn: fc.integer({ min: 2, max: 999 }),
        // undefined: use the right check character, so that half the runs are valid codes
        check: fc.option(fc.constantFrom(...CHECK_CHARACTERS), { nil: undefined, freq: 2 }),
      })
      .filter(({ yy, sign }) => (sign === '+' ? yy >= 50 : /[A-F]/.test(sign) ? yy <= 23 : true));
    fc.assert(
      fc.property(candidate, ({ dd, mm, yy, sign, nnn, check }) => {
        const body = `${pad(dd)}${pad(mm)}${pad(yy)}`;
        const id = check === undefined ? hetu(body, sign, pad(nnn, 3)) : `${body}${sign}${pad(nnn, 3)}${check}`;
        expect(parsePersonalId(id) !== null).toBe(FinnishSSN.validate(id));
      }),
      { numRuns: 2000 },
    );
  });
});
