import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isOtherNumberNotation, normalizeMoneyInput, numberInputValue, parseMoney } from '../../../custom-validators/money.ts';

describe('normalizeMoneyInput (what a money input shows while typing)', () => {
  const cases: Array<[string, string]> = [
    ['1 234,50', '1234.50'],
    ['12,5', '12.5'],
    ['2.5', '2.5'],
    ['12.3.4', '12.34'],
    ['abc', ''],
    ['', ''],
    ['1234', '1234'],
    ['1234.50', '1234.50'],
    ['1\u00a0234,50 €', '1234.50'], // fi-FI formatting uses a no-break space
    ['12,3,4', '12.34'],
    ['1,2.3', '1.23'],
    [',5', '.5'],
    ['5,', '5.'],
    ['-100', '100'],
    ['10 000 e', '10000'], // 'e' for euros, not an exponent
    ['500e', '500'],
    ['8x0000', '80000'],
    ['€', ''],
    // Another notation of a number stays as typed, to be refused: dropping its letter
    // would make '1e309' the amount 1309.
    ['1e309', '1e309'],
    ['2E3', '2E3'],
    ['1e+4', '1e+4'],
    ['1,5e3', '1,5e3'],
    ['0x10', '0x10'],
  ];
  it.each(cases)('%j → %j', (raw, expected) => {
    expect(normalizeMoneyInput(raw)).toBe(expected);
  });

  it('leaves only digits and at most one dot unless the text is another notation of a number, and is idempotent', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.stringMatching(/^[\d ,.e+-]{0,12}$/)), (raw) => {
        const out = normalizeMoneyInput(raw);
        if (isOtherNumberNotation(raw)) expect(out).toBe(raw);
        else expect(out).toMatch(/^\d*\.?\d*$/);
        expect(normalizeMoneyInput(out)).toBe(out);
      }),
    );
  });
});

describe('parseMoney (how the engine and the server read an amount)', () => {
  const cases: Array<[string, number | null]> = [
    ['1 234,50', 1234.5],
    ['1\u00a0234,50\u00a0€', 1234.5],
    ['10 000 €', 10000],
    ['12,5', 12.5],
    ['2.5', 2.5],
    [' 850.50 ', 850.5],
    ['abc', null],
    ['', null],
    ['.', null],
    [',5', 0.5],
    ['5,', 5],
    ['0', 0],
    ['10 000', 10000],
    ['9'.repeat(400), null],
    // Not amounts: no letter is dropped and no second separator guessed at.
    ['1e309', null],
    ['2e3', null],
    ['1E+4', null],
    ['0x10', null],
    ['Infinity', null],
    ['12.3.4', null],
    ['1.234,50', null],
    ['-100', null],
    ['12abc', null],
    ['10 000 e', null],
  ];
  it.each(cases)('%j → %s', (raw, expected) => {
    expect(parseMoney(raw)).toBe(expected);
  });

  it('reads whatever the input filter leaves with digits in it, as the same number', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[\d ,.]{0,12}$/), (raw) => {
        const shown = normalizeMoneyInput(raw);
        if (/\d/.test(shown)) expect(parseMoney(shown)).toBe(Number(shown));
      }),
    );
  });
});

describe('numberInputValue (what a number input hands the form)', () => {
  it('is nothing without digits, a number for an amount, and the text itself otherwise', () => {
    expect(numberInputValue('')).toBeUndefined();
    expect(numberInputValue('.')).toBeUndefined();
    expect(numberInputValue('12.5')).toBe(12.5);
    expect(numberInputValue('12.')).toBe(12);
    expect(numberInputValue('1e309')).toBe('1e309');
    expect(numberInputValue('9'.repeat(400))).toBe('9'.repeat(400));
  });
});
