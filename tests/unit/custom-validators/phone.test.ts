import { describe, expect, it } from 'vitest';
import { checkFinnishPhone, normalizeFinnishPhone } from '../../../custom-validators/phone.ts';

describe('normalizeFinnishPhone', () => {
  const cases: Array<[string, string]> = [
    ['+358 40 123 4567', '0401234567'],
    ['  040-123 4567 ', '0401234567'],
    ['+358-9-123 4567', '091234567'],
    ['+ 358 40 1234567', '0401234567'],
    ['0401234567', '0401234567'],
    ['+46 70 123 4567', '+46701234567'],
    ['040\u00a0123\t4567', '0401234567'],
    ['', ''],
  ];
  it.each(cases)('%j → %j', (input, expected) => {
    expect(normalizeFinnishPhone(input)).toBe(expected);
  });
  it('is idempotent', () => {
    for (const [input] of cases) {
      const once = normalizeFinnishPhone(input);
      expect(normalizeFinnishPhone(once)).toBe(once);
    }
  });
});

describe('checkFinnishPhone', () => {
  const cases: Array<[string, string | null]> = [
    ['+358 40 123 4567', null],
    ['040 1234567', null],
    ['040-123 4567', null],
    ['09 123 4567', null], // Helsinki landline, 9 digits
    ['0457 1234567', null], // 11 digits, the longest accepted
    ['0123456', null], // 7 digits, the shortest accepted
    ['+358 9 12345', null], // 0912345: 7 digits after normalising
    // order: invalid → areaCode → tooShort/tooLong
    ['040 123 abc', 'invalid'],
    ['abc', 'invalid'],
    ['040+1234567', 'invalid'],
    ['(09) 123 4567', 'invalid'],
    ['12345', 'areaCode'], // prefix reported before length
    ['123', 'areaCode'],
    ['40 123 4567', 'areaCode'],
    ['+46 70 123 4567', 'areaCode'],
    ['+44 20 7946 0958', 'areaCode'],
    ['1234567890123', 'areaCode'],
    ['040 12', 'tooShort'],
    ['012345', 'tooShort'], // 6 digits
    ['', 'tooShort'],
    ['+358', 'tooShort'], // only the country code: "0"
    ['040 1234 5678 9', 'tooLong'],
    ['012345678901', 'tooLong'], // 12 digits
    ['+358 40 1234 56789', 'tooLong'],
    ['+3 58 40 123', 'tooShort'], // spaces inside the country code are still +358
  ];
  it.each(cases)('%j → %s', (input, code) => {
    expect(checkFinnishPhone(input, true)).toBe(code);
  });
});
