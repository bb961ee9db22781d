// Month/year pairs ("employed since 03/2019") and year fields ("car model year").
// Requiredness and the 1–12 range belong to the schema: these rules pass
// whenever a part is missing or not a usable number, so one bad input is never
// reported twice.
import { finnishCalendarDate } from './calendar.ts';

export interface YearRangeOptions {
  past?: number;
  future?: number;
}

export type YearCode = 'outOfRange';

// Select inputs deliver months as '03', number inputs as 3.
function wholeNumber(value: unknown): number | null {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isInteger(n) ? n : null;
}

/** Months since year 0, or null when the pair cannot be compared. */
function monthIndex(month: unknown, year: unknown): number | null {
  const m = wholeNumber(month);
  const y = wholeNumber(year);
  if (m === null || y === null || m < 1 || m > 12) return null;
  return y * 12 + (m - 1);
}

function currentMonthIndex(today: Date): number {
  const { year, month } = finnishCalendarDate(today);
  return year * 12 + (month - 1);
}

/** True for the current month or earlier. */
export function monthYearNotInFuture(month: unknown, year: unknown, today: Date = new Date()): boolean {
  const index = monthIndex(month, year);
  return index === null || index <= currentMonthIndex(today);
}

/** True for the current month or later. */
export function monthYearNotInPast(month: unknown, year: unknown, today: Date = new Date()): boolean {
  const index = monthIndex(month, year);
  return index === null || index >= currentMonthIndex(today);
}

/**
 * `past` years back and `future` years ahead of the current year, inclusive.
 * A side that is not given ends at the current year, so `{}` (or `fiYear: true`)
 * admits only the current year.
 */
export function yearRange(options: YearRangeOptions, today: Date = new Date()): { min: number; max: number } {
  const { year } = finnishCalendarDate(today);
  const past = typeof options?.past === 'number' ? options.past : 0;
  const future = typeof options?.future === 'number' ? options.future : 0;
  return { min: year - past, max: year + future };
}

export function checkYearInRange(
  value: number,
  options: YearRangeOptions,
  today: Date = new Date(),
): YearCode | null {
  const { min, max } = yearRange(options, today);
  return Number.isInteger(value) && value >= min && value <= max ? null : 'outOfRange';
}
