// Input clean-up applied before validation and storage, named in form documents.
// Anything that is not a string (already normalised, or a number from a number
// input) passes through untouched.
import { normalizeEmail } from './email.ts';
import { normalizeIban } from './iban.ts';
import { parseMoney } from './money.ts';
import { normalizeFinnishPhone } from './phone.ts';

function forStrings(fn: (value: string) => unknown): (value: unknown) => unknown {
  return (value) => (typeof value === 'string' ? fn(value) : value);
}

export const normalizers: Record<string, (value: unknown) => unknown> = {
  trim: forStrings((value) => value.trim()),
  email: forStrings(normalizeEmail),
  phone: forStrings(normalizeFinnishPhone),
  iban: forStrings(normalizeIban),
  upper: forStrings((value) => value.trim().toUpperCase()),
  // Text without a single digit stays as typed: '' is then an empty field
  // ("required") and 'paljon' fails the schema's `type: number` ("only
  // digits"), both more accurate than turning either into null or undefined.
  money: forStrings((value) => parseMoney(value) ?? value),
};
