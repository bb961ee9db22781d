import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normalizeMoneyInput, parseMoney } from '../../../custom-validators/money.ts';

describe('normalizeMoneyInput', () => {
  const cases: Array<[string, string]> = [
    ['1 234,50', '1234.50'],
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
    ['10 000 e', '10000'],
    ['€', ''],
  ];
  it.each(cases)('%j → %j', (raw, expected) => {
    expect(normalizeMoneyInput(raw)).toBe(expected);
  });

  it('always leaves only digits and at most one dot, and is idempotent', () => {
    fc.assert(
      fc.property(fc.string(), (raw) => {
        const out = normalizeMoneyInput(raw);
        expect(out).toMatch(/^\d*\.?\d*$/);
        expect(normalizeMoneyInput(out)).toBe(out);
      }),
    );
  });
});

describe('parseMoney', () => {
  const cases: Array<[string, number | null]> = [
    ['1 234,50', 1234.5],
    ['12.3.4', 12.34],
    ['abc', null],
    ['', null],
    ['.', null],
    [',5', 0.5],
    ['5,', 5],
    ['0', 0],
    ['10 000', 10000],
    ['9'.repeat(400), null],
  ];
  it.each(cases)('%j → %s', (raw, expected) => {
    expect(parseMoney(raw)).toBe(expected);
  });
});
