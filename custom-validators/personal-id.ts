// Finnish personal identity code (henkilötunnus): DDMMYY, century sign, individual
// number NNN, check character.
//
// Own parser rather than a wrapper around finnish-ssn: its format regex only
// admits `+` for 1850–1899 and A–F for 2000–2029 (it would start rejecting real
// codes in 2030), its validate() folds format, date and checksum failures into
// one `false` where we need distinct codes, it accepts individual numbers
// 000/001 and future birth dates, and its age reads the machine clock in the
// machine's time zone. The tests use it as an independent oracle instead.
//
// Only the official upper-case form is accepted. Forms run the `upper`
// normaliser (trim + upper-case) before validation, so a user typing
// `010594y9021` is not rejected; the validator itself stays exact so that what
// gets stored is the canonical code.
import { type CalendarDate, compareDates, daysInMonth, finnishCalendarDate, isRealDate, yearsBetween } from './calendar.ts';

export type PersonalIdCode = 'tooLong' | 'invalid' | 'checksum' | 'underage';

export interface ParsedPersonalId {
  birthDate: CalendarDate;
  individualNumber: number;
  sex: 'male' | 'female';
  centurySign: string;
}

export type PersonalIdOptions = true | { minAge?: number };

const CHECK_CHARACTERS = '0123456789ABCDEFHJKLMNPRSTUVWXY';

// Signs Y–U and B–F were added on 1 January 2023 because the old `-` and `A`
// ranges were running out of individual numbers.
const CENTURY_BY_SIGN: Readonly<Record<string, number>> = {
  '+': 1800,
  '-': 1900, Y: 1900, X: 1900, W: 1900, V: 1900, U: 1900,
  A: 2000, B: 2000, C: 2000, D: 2000, E: 2000, F: 2000,
};

const LENGTH = 11;

// Any upper-case letter or digit is accepted in the last position so that a
// mistyped check character is reported as `checksum`, the more useful message.
const SHAPE = /^(\d{2})(\d{2})(\d{2})([-+A-FU-Y])(\d{3})([0-9A-Z])$/;

// 000 and 001 have never been issued.
const LOWEST_INDIVIDUAL_NUMBER = 2;

type Reading =
  | { error: 'tooLong' | 'invalid' }
  | { error: null; id: ParsedPersonalId; checksumMatches: boolean };

function read(value: unknown): Reading {
  if (typeof value !== 'string') return { error: 'invalid' };
  if (value.length > LENGTH) return { error: 'tooLong' };
  const match = SHAPE.exec(value);
  if (!match) return { error: 'invalid' };
  const [, dd, mm, yy, sign, nnn, checkCharacter] = match;
  const birthDate = { year: CENTURY_BY_SIGN[sign] + Number(yy), month: Number(mm), day: Number(dd) };
  const individualNumber = Number(nnn);
  if (!isRealDate(birthDate) || individualNumber < LOWEST_INDIVIDUAL_NUMBER) return { error: 'invalid' };
  const expected = CHECK_CHARACTERS[Number(dd + mm + yy + nnn) % 31];
  return {
    error: null,
    id: { birthDate, individualNumber, sex: individualNumber % 2 === 1 ? 'male' : 'female', centurySign: sign },
    checksumMatches: checkCharacter === expected,
  };
}

/**
 * The parts of a well-formed code with a real birth date and a matching check
 * character, else null. Timeless: whether the birth date has already happened
 * is decided by the functions that take a `today`.
 */
export function parsePersonalId(value: unknown): ParsedPersonalId | null {
  const reading = read(value);
  return reading.error === null && reading.checksumMatches ? reading.id : null;
}

/** Whole years on `today`'s date in Finland. */
export function ageOn(birth: CalendarDate, today: Date): number {
  return yearsBetween(birth, finnishCalendarDate(today));
}

export function checkPersonalId(
  value: string,
  options: PersonalIdOptions,
  today: Date = new Date(),
): PersonalIdCode | null {
  const reading = read(value);
  if (reading.error !== null) return reading.error;
  const todayInFinland = finnishCalendarDate(today);
  if (compareDates(reading.id.birthDate, todayInFinland) > 0) return 'invalid';
  if (!reading.checksumMatches) return 'checksum';
  const minAge = typeof options === 'object' && options !== null ? options.minAge : undefined;
  if (typeof minAge === 'number' && yearsBetween(reading.id.birthDate, todayInFinland) < minAge) return 'underage';
  return null;
}

/** Age in whole years, or null for anything but a valid code born by `today`. */
export function personalIdAge(value: unknown, today: Date = new Date()): number | null {
  const id = parsePersonalId(value);
  if (!id) return null;
  const age = ageOn(id.birthDate, today);
  return age < 0 ? null : age;
}

export function personalIdIndividualNumber(value: unknown): number | null {
  return parsePersonalId(value)?.individualNumber ?? null;
}

export function personalIdSex(value: unknown): 'male' | 'female' | null {
  return parsePersonalId(value)?.sex ?? null;
}

const SIGN_BY_CENTURY: Readonly<Record<number, string>> = { 1800: '+', 1900: '-', 2000: 'A' };

/** A well-formed code (check character included) of someone born on `birth`; null for a date no code can carry. */
export function personalIdBornOn(birth: CalendarDate, individualNumber = 234): string | null {
  const sign = SIGN_BY_CENTURY[Math.floor(birth.year / 100) * 100];
  if (!sign || !isRealDate(birth)) return null;
  const two = (n: number) => String(n).padStart(2, '0');
  const [dd, mm, yy, nnn] = [two(birth.day), two(birth.month), two(birth.year % 100), String(individualNumber).padStart(3, '0')];
  return `${dd}${mm}${yy}${sign}${nnn}${CHECK_CHARACTERS[Number(dd + mm + yy + nnn) % 31]}`;
}

/** The codes on both sides of `minAge` today: someone turning it today, and someone turning it tomorrow. */
export function personalIdAgeEdges(options: PersonalIdOptions, today: Date): { value: string; code: PersonalIdCode | null; note: string }[] {
  const minAge = typeof options === 'object' && options !== null ? options.minAge : undefined;
  if (typeof minAge !== 'number') return [];
  const now = finnishCalendarDate(today);
  const last = now.day === daysInMonth(now.year, now.month);
  const tomorrow = last ? (now.month === 12 ? { year: now.year + 1, month: 1, day: 1 } : { year: now.year, month: now.month + 1, day: 1 }) : { ...now, day: now.day + 1 };
  const edges = [
    { birth: { ...now, year: now.year - minAge }, note: `täyttää ${minAge} tänään` },
    { birth: { ...tomorrow, year: tomorrow.year - minAge }, note: `täyttää ${minAge} huomenna` },
  ];
  // 29 February has no twin in a common year: that edge is left out rather than moved a day.
  return edges.flatMap(({ birth, note }) => {
    const value = personalIdBornOn(birth);
    return value === null ? [] : [{ value, code: checkPersonalId(value, options, today), note }];
  });
}
