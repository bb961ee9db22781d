import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkBusinessId } from '../../../custom-validators/business-id.ts';

// The published rule, written independently: null when remainder 1 (no valid digit).
const WEIGHTS = [7, 9, 10, 5, 8, 4, 2];
function checkDigit(sevenDigits: string): number | null {
  const remainder = [...sevenDigits].reduce((sum, d, i) => sum + Number(d) * WEIGHTS[i], 0) % 11;
  if (remainder === 1) return null;
  return remainder === 0 ? 0 : 11 - remainder;
}

describe('checkBusinessId', () => {
  const cases: Array<[string, string | null]> = [
    ['0737546-2', null],
    ['1572860-0', null],
    ['0112038-9', null],
    ['1234567-1', null],
    ['0000001-9', null],
    ['07375462', 'invalid'],
    ['737546-2', 'invalid'],
    ['0737546-22', 'invalid'],
    ['0737546 2', 'invalid'],
    [' 0737546-2', 'invalid'],
    ['FI07375462', 'invalid'], // VAT number, not a business ID
    ['', 'invalid'],
    ['0737546-3', 'checksum'],
    ['1572860-1', 'checksum'],
    ['0737564-2', 'checksum'], // digits swapped
    ['1000008-0', 'checksum'], // remainder 1
    ['1000008-1', 'checksum'],
    ['1000016-9', 'checksum'], // remainder 1
  ];
  it.each(cases)('%j → %s', (input, code) => {
    expect(checkBusinessId(input, true)).toBe(code);
  });

  it('remainder-1 fixtures really have remainder 1, and remainder 0 gives check digit 0', () => {
    expect(checkDigit('1000008')).toBeNull();
    expect(checkDigit('1000016')).toBeNull();
    // 1·7 + 5·9 + 7·10 + 2·5 + 8·8 + 6·4 + 0·2 = 220 = 20 · 11.
    expect(checkDigit('1572860')).toBe(0);
    expect(checkBusinessId('1572860-0', true)).toBeNull();
  });

  it('exactly the computed check digit passes; remainder-1 numbers never pass', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{7}$/), fc.integer({ min: 0, max: 9 }), (digits, c) => {
        const expected = checkDigit(digits);
        expect(checkBusinessId(`${digits}-${c}`, true)).toBe(c === expected ? null : 'checksum');
      }),
      { numRuns: 2000 },
    );
  });
});
