// Calendar-date arithmetic shared by the age and month/year rules.
//
// "Today" is read as the date in Finland, not in the machine's own time zone: the
// same form is validated in the applicant's browser and again on a server that
// may run in UTC, and between midnight and 02:00/03:00 Finnish time the two
// would otherwise disagree on whether someone has turned 18 or whether this
// month has started.

export interface CalendarDate {
  year: number;
  /** 1–12 */
  month: number;
  /** 1–31 */
  day: number;
}

const FINNISH_DATE = new Intl.DateTimeFormat('en-US', {
  timeZone: 'Europe/Helsinki',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
});

// Formatting costs about a tenth of a millisecond, and rules ask for today's date many
// times a second (an age from an identity code, on every keystroke's rules). Time zone
// offsets and their changes have one-second resolution (the IANA tz database), so all
// instants within one UTC second share their date in Finland: one answer per second.
let last: { second: number; date: CalendarDate } | undefined;

export function finnishCalendarDate(instant: Date): CalendarDate {
  const second = Math.floor(instant.getTime() / 1000);
  if (last !== undefined && last.second === second) return { ...last.date };
  const parts = FINNISH_DATE.formatToParts(instant);
  const field = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const date = { year: field('year'), month: field('month'), day: field('day') };
  last = { second, date };
  return { ...date };
}

export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

export function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

export function isRealDate(date: CalendarDate): boolean {
  return (
    Number.isInteger(date.year) &&
    Number.isInteger(date.month) &&
    Number.isInteger(date.day) &&
    date.month >= 1 &&
    date.month <= 12 &&
    date.day >= 1 &&
    date.day <= daysInMonth(date.year, date.month)
  );
}

/** Negative when `a` is earlier than `b`, zero on the same day, positive when later. */
export function compareDates(a: CalendarDate, b: CalendarDate): number {
  return a.year - b.year || a.month - b.month || a.day - b.day;
}

/**
 * Whole years from `birth` to `on`. The birthday counts as reached once the
 * calendar passes its month and day, so a 29 February birthday is reached on
 * 1 March in common years, never on 28 February (being a day early would let a
 * 17-year-old through an age limit).
 */
export function yearsBetween(birth: CalendarDate, on: CalendarDate): number {
  const birthdayReached = on.month > birth.month || (on.month === birth.month && on.day >= birth.day);
  return on.year - birth.year - (birthdayReached ? 0 : 1);
}
