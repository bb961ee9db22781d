import { describe, expect, it } from 'vitest';
import {
  checkYearInRange,
  monthYearNotInFuture,
  monthYearNotInPast,
  yearRange,
} from '../../../custom-validators/month-year.ts';

const TODAY = new Date('2024-06-15T12:00:00+03:00');

describe('monthYearNotInFuture / monthYearNotInPast (today June 2024)', () => {
  const cases: Array<[string, unknown, unknown, boolean, boolean]> = [
    // label, month, year, notInFuture, notInPast
    ['current month', 6, 2024, true, true],
    ['previous month', 5, 2024, true, false],
    ['next month', 7, 2024, false, true],
    ['December last year', 12, 2023, true, false],
    ['January next year', 1, 2025, false, true],
    ['long ago', 1, 1970, true, false],
    ['strings from a select', '06', '2024', true, true],
    ['string month in the future', '07', '2024', false, true],
    ['month missing', undefined, 2024, true, true],
    ['year missing', 7, null, true, true],
    ['both empty strings', '', '', true, true],
    ['month out of range is the schema’s job', 13, 2030, true, true],
    ['not a number', 'kesäkuu', 2030, true, true],
  ];
  it.each(cases)('%s', (_label, month, year, notInFuture, notInPast) => {
    expect(monthYearNotInFuture(month, year, TODAY)).toBe(notInFuture);
    expect(monthYearNotInPast(month, year, TODAY)).toBe(notInPast);
  });

  it('uses the month in Finland: 00:30 on 1 July Helsinki time is July, though UTC is still June', () => {
    const firstOfJulyInHelsinki = new Date('2024-06-30T21:30:00Z');
    expect(monthYearNotInFuture(7, 2024, firstOfJulyInHelsinki)).toBe(true);
    expect(monthYearNotInPast(6, 2024, firstOfJulyInHelsinki)).toBe(false);
  });
});

describe('yearRange', () => {
  const cases: Array<[string, { past?: number; future?: number }, { min: number; max: number }]> = [
    ['past 76', { past: 76 }, { min: 1948, max: 2024 }],
    ['future 30', { future: 30 }, { min: 2024, max: 2054 }],
    ['both', { past: 76, future: 30 }, { min: 1948, max: 2054 }],
    ['neither: the current year only', {}, { min: 2024, max: 2024 }],
  ];
  it.each(cases)('%s', (_label, options, range) => {
    expect(yearRange(options, TODAY)).toEqual(range);
  });
  it('on New Year’s Eve just after midnight in Helsinki it is already the new year', () => {
    expect(yearRange({ past: 1 }, new Date('2024-12-31T22:30:00Z'))).toEqual({ min: 2024, max: 2025 });
  });
});

describe('checkYearInRange', () => {
  const cases: Array<[number, { past?: number; future?: number }, string | null]> = [
    [1948, { past: 76 }, null],
    [2024, { past: 76 }, null],
    [1947, { past: 76 }, 'outOfRange'],
    [2025, { past: 76 }, 'outOfRange'],
    [2054, { future: 30 }, null],
    [2055, { future: 30 }, 'outOfRange'],
    [2023, { future: 30 }, 'outOfRange'],
    [2000.5, { past: 76 }, 'outOfRange'],
    [Number.NaN, { past: 76 }, 'outOfRange'],
  ];
  it.each(cases)('%d with %j → %s', (value, options, code) => {
    expect(checkYearInRange(value, options, TODAY)).toBe(code);
  });
  it('uses the real date when none is given', () => {
    const thisYear = Number(
      new Intl.DateTimeFormat('en-US', { timeZone: 'Europe/Helsinki', year: 'numeric' }).format(new Date()),
    );
    expect(checkYearInRange(thisYear, {})).toBeNull();
    expect(checkYearInRange(thisYear + 1, {})).toBe('outOfRange');
  });
});
