// Finnish business ID (Y-tunnus): seven digits, hyphen, check digit.
import { FinnishBusinessIds } from 'finnish-business-ids';

export type BusinessIdCode = 'invalid' | 'checksum';

/**
 * 'invalid' for anything not shaped NNNNNNN-C, 'checksum' when the check digit
 * does not match. Seven digits whose weighted sum leaves remainder 1 can have no
 * valid check digit at all; that is still reported as 'checksum' because such a
 * value is almost always a mistyped digit of a real ID.
 *
 * Old six-digit IDs must be written with a leading zero (123456-7 → 0123456-7),
 * as the Business Information System itself prints them.
 */
export function checkBusinessId(value: string, _options?: unknown): BusinessIdCode | null {
  if (typeof value !== 'string' || !/^\d{7}-\d$/.test(value)) return 'invalid';
  return FinnishBusinessIds.isValidBusinessId(value) ? null : 'checksum';
}
