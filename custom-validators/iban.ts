// Finnish IBAN: FI + 2 check digits + 14-digit domestic account number.
import { isValidIBAN } from 'ibantools';
import { normalizeIban } from './iban-normalize.ts';

export { normalizeIban };

export type IbanCode = 'tooShort' | 'tooLong' | 'format' | 'checksum';

const FINNISH_IBAN_LENGTH = 18;

/**
 * Order: 'format' when the value does not start with `FI`, then the length
 * codes, then 'format' for non-digits, then 'checksum'.
 *
 * The country prefix goes first because "too short/too long" would send the
 * user counting digits of an account we cannot accept at all (a foreign IBAN,
 * or a domestic account number typed without `FI`).
 *
 * The checksum is ibantools' ISO 13616 check. It is slightly stricter than a
 * bare "mod 97 = 1": it also rejects the check digits 00, 01 and 99, which
 * satisfy mod 97 but are never issued (valid check digits are 02–98).
 */
export function checkFinnishIban(value: string, _options?: unknown): IbanCode | null {
  if (typeof value !== 'string') return 'format';
  const iban = normalizeIban(value);
  if (!iban.startsWith('FI')) return 'format';
  if (iban.length < FINNISH_IBAN_LENGTH) return 'tooShort';
  if (iban.length > FINNISH_IBAN_LENGTH) return 'tooLong';
  if (!/^FI\d{16}$/.test(iban)) return 'format';
  return isValidIBAN(iban) ? null : 'checksum';
}
