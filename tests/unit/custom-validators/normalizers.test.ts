import { describe, expect, it } from 'vitest';
import { checkBusinessId } from '../../../custom-validators/business-id.ts';
import { checkEmail } from '../../../custom-validators/email.ts';
import { checkFinnishIban } from '../../../custom-validators/iban.ts';
import { normalizers } from '../../../custom-validators/normalizers.ts';
import { checkPersonalId } from '../../../custom-validators/personal-id.ts';
import { checkFinnishPhone } from '../../../custom-validators/phone.ts';
import { checkPostalCode } from '../../../custom-validators/postal-code.ts';

describe('normalizers', () => {
  const cases: Array<[string, unknown, unknown]> = [
    ['trim', '  00100 ', '00100'],
    ['email', ' Matti@Example.FI ', 'Matti@example.fi'],
    ['phone', '+358 40-123 4567', '0401234567'],
    ['iban', 'fi21 1234 5600 0007 85', 'FI2112345600000785'],
    ['upper', ' 010594y9021 ', '010594Y9021'],
    ['upper', '0737546-2', '0737546-2'],
    ['money', '1 234,50', 1234.5],
    ['money', '10 000 €', 10000],
    ['money', '', ''],
    ['money', 'paljon', 'paljon'],
    ['money', '12,5', 12.5],
    // Not a number: kept as typed so the schema says 'Vain numeroita' (it was read as 1309).
    ['money', '1e309', '1e309'],
    ['money', 1234.5, 1234.5],
  ];
  it.each(cases)('%s(%j) → %j', (name, input, expected) => {
    expect(normalizers[name](input)).toBe(expected);
  });

  it('passes non-strings through unchanged', () => {
    const object = { a: 1 };
    for (const normalize of Object.values(normalizers)) {
      for (const value of [undefined, null, 42, true, object]) expect(normalize(value)).toBe(value);
    }
  });

  it('turns typical user input into values the checks accept', () => {
    expect(checkPersonalId(normalizers.upper(' 010594y9021') as string, true)).toBeNull();
    expect(checkBusinessId(normalizers.upper('0737546-2 ') as string, true)).toBeNull();
    expect(checkPostalCode(normalizers.trim(' 33100 ') as string, true)).toBeNull();
    expect(checkFinnishPhone(normalizers.phone('+358 40 123 4567') as string, true)).toBeNull();
    expect(checkFinnishIban(normalizers.iban('fi21 1234 5600 0007 85') as string, true)).toBeNull();
    expect(checkEmail(normalizers.email(' Matti@GMAIL.com ') as string, true)).toBeNull();
  });

  it('is idempotent', () => {
    const inputs = [' Matti@Example.FI ', '+358 40-123 4567', 'fi21 1234', ' 010594y9021 ', '  x  '];
    for (const [name, normalize] of Object.entries(normalizers)) {
      if (name === 'money') continue; // string → number by design
      for (const input of inputs) {
        const once = normalize(input);
        expect(normalize(once)).toBe(once);
      }
    }
  });
});
