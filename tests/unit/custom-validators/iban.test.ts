import { describe, expect, it } from 'vitest';
import { checkFinnishIban, normalizeIban } from '../../../custom-validators/iban.ts';

// Plain ISO 7064 mod 97, written independently of ibantools.
function mod97(iban: string): number {
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  const digits = [...rearranged].map((c) => (/[A-Z]/.test(c) ? String(c.charCodeAt(0) - 55) : c)).join('');
  let remainder = 0;
  for (const d of digits) remainder = (remainder * 10 + Number(d)) % 97;
  return remainder;
}

describe('normalizeIban', () => {
  it.each([
    ['FI21 1234 5600 0007 85', 'FI2112345600000785'],
    ['  fi21 1234 5600 0007 85 ', 'FI2112345600000785'],
    ['FI21\u00a01234\t56', 'FI21123456'],
  ])('%j → %j', (input, expected) => {
    expect(normalizeIban(input)).toBe(expected);
  });
});

describe('checkFinnishIban', () => {
  const cases: Array<[string, string | null]> = [
    ['FI2112345600000785', null],
    ['FI21 1234 5600 0007 85', null],
    ['fi21 1234 5600 0007 85', null],
    ['FI4950009420028730', null],
    ['FI37 1590 3000 0007 76', null],
    ['FI8080001234567891', null],
    // prefix first: a non-Finnish value gets 'format', not a length message
    ['12345600000785', 'format'],
    ['DE89370400440532013000', 'format'],
    ['SE4550000000058398257466', 'format'],
    ['', 'format'],
    // then length
    ['FI', 'tooShort'],
    ['FI21 1234 5600 0007 8', 'tooShort'],
    ['FI211234560000078501', 'tooLong'],
    ['FI2112345600000785 0', 'tooLong'],
    // then FI + 16 digits
    ['FI21123456000007A5', 'format'],
    ['FIXX12345600000785', 'format'],
    ['FI21-1234-5600-000', 'format'], // 18 characters with dashes
    // then the checksum
    ['FI2212345600000785', 'checksum'],
    ['FI2112345600000786', 'checksum'],
    ['FI2112345600007085', 'checksum'], // two digits swapped
  ];
  it.each(cases)('%j → %s', (input, code) => {
    expect(checkFinnishIban(input, true)).toBe(code);
  });

  it('valid cases really satisfy mod 97 = 1, checksum cases do not', () => {
    for (const [input, code] of cases) {
      const iban = normalizeIban(input);
      if (code === null) expect(mod97(iban)).toBe(1);
      if (code === 'checksum') expect(mod97(iban)).not.toBe(1);
    }
  });

  it('rejects the never-issued check numbers 00, 01 and 99 even where mod 97 = 1', () => {
    // Same account; ISO 13616 issues check number 02, and 99 ≡ 02 (mod 97).
    expect(checkFinnishIban('FI0210000000118785', true)).toBeNull();
    expect(mod97('FI9910000000118785')).toBe(1);
    expect(checkFinnishIban('FI9910000000118785', true)).toBe('checksum');
  });
});
