// Finnish phone numbers, national (040 123 4567) or international (+358 40 123 4567).

export type PhoneCode = 'tooShort' | 'tooLong' | 'areaCode' | 'invalid';

const MIN_DIGITS = 7;
const MAX_DIGITS = 11;

/** The national digit form: `+358 40-123 4567` → `0401234567`. */
export function normalizeFinnishPhone(value: string): string {
  return value.trim().replace(/[\s-]+/g, '').replace(/^\+358/, '0');
}

/**
 * Order: 'invalid' (characters other than digits, or a `+` anywhere but at the
 * start), then 'areaCode', then the length codes.
 *
 * The prefix is checked before the length because a wrong prefix is already
 * certain from the first characters and typing more digits never fixes it:
 * with length first, someone who typed `12345` would be told "too short", add
 * digits, and only then learn the prefix was wrong. Reporting the prefix first
 * also catches the common `40 123 4567` (forgot the 0) and foreign numbers such
 * as `+46 …` with one accurate message. Letters come first of all because for
 * `abc` neither a prefix nor a length message would make sense.
 */
export function checkFinnishPhone(value: string, _options?: unknown): PhoneCode | null {
  if (typeof value !== 'string') return 'invalid';
  const normalized = normalizeFinnishPhone(value);
  if (!/^\+?\d*$/.test(normalized)) return 'invalid';
  if (normalized === '') return 'tooShort';
  // After normalisation both accepted prefixes, `0` and `+358`, begin with `0`.
  if (!normalized.startsWith('0')) return 'areaCode';
  if (normalized.length < MIN_DIGITS) return 'tooShort';
  if (normalized.length > MAX_DIGITS) return 'tooLong';
  return null;
}
