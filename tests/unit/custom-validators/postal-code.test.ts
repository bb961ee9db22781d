import { describe, expect, it } from 'vitest';
import { checkPostalCode } from '../../../custom-validators/postal-code.ts';

describe('checkPostalCode', () => {
  const cases: Array<[unknown, string | null]> = [
    ['00100', null],
    ['33100', null],
    ['99999', null],
    ['00000', null],
    ['0010', 'invalid'],
    ['001000', 'invalid'],
    ['00 100', 'invalid'],
    [' 00100', 'invalid'],
    ['ABCDE', 'invalid'],
    ['0010O', 'invalid'], // letter O for zero
    ['', 'invalid'],
    ['１２３４５', 'invalid'], // full-width digits
    [100, 'invalid'],
  ];
  it.each(cases)('%j → %s', (input, code) => {
    expect(checkPostalCode(input as string, true)).toBe(code);
  });
});
