// Input clean-up applied before validation and storage, named in form documents.
// Anything that is not a string (already normalised, or a number from a number
// input) passes through untouched.
import { normalizeEmail } from './email.ts';
import { normalizeIban } from './iban-normalize.ts';
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
  // A company's phone number as typed, spaces left out (business form, spec §5: the length counts without them).
  compact: forStrings((value) => value.replace(/\s+/g, '')),
  // Text that is not an amount stays as typed: '' is then an empty field
  // ("required"), and 'paljon' or '1e309' fail the schema's `type: number`
  // ("only digits") rather than being guessed into null or into 1309.
  money: forStrings((value) => parseMoney(value) ?? value),
};
