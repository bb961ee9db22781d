// The AJV keywords for Finnish data. Build and server code turn these into AJV
// keyword definitions with `toAjvKeyword`; the browser never loads this module
// (it imports keyword.ts, hence ajv) but only runtime.ts.
//
// The examples are static data that QA generates test cases from, so the
// date-dependent ones are chosen to stay true for years:
// - the minor, 010120A123K, is born 1 January 2020 and turns 18 on 1 January 2038;
// - the future-born 010199A234J (1 January 2099) stays a future date until 2099;
// - the year examples assume a current year between 2020 and 2080.
import type { FinnishKeyword } from './keyword.ts';
import { checkBusinessId } from './business-id.ts';
import { checkEmail } from './email.ts';
import { checkFinnishIban } from './iban.ts';
import { checkYearInRange, type YearRangeOptions } from './month-year.ts';
import { checkPersonalId, personalIdAgeEdges, type PersonalIdOptions } from './personal-id.ts';
import { checkFinnishPhone } from './phone.ts';
import { checkPostalCode } from './postal-code.ts';

// AJV hands the schema value to `check` unvalidated, so each check already copes
// with any options shape; erasing the options type here only lets the keywords
// share one array.
function defineKeyword<Options>(keyword: FinnishKeyword<Options>): FinnishKeyword {
  return keyword as unknown as FinnishKeyword;
}

export const fiPersonalId = defineKeyword<PersonalIdOptions>({
  keyword: 'fiPersonalId',
  type: 'string',
  exportName: 'checkPersonalId',
  check: checkPersonalId,
  codes: ['tooLong', 'invalid', 'checksum', 'underage'],
  edges: personalIdAgeEdges,
  examples: {
    options: { minAge: 18 },
    valid: [
      '131052-308T', // 1952, sign -
      '010594Y9021', // 1994, sign Y (since 2023)
      '280264X236T', // 1964, sign X
      '111111U111C', // 1911, sign U
      '121212V121D', // 1912, sign V
      '230323W323L', // 1923, sign W
      '101010+1232', // 1810, sign +
      '290200A002C', // 29 Feb 2000, sign A, lowest issued individual number
      '050505F999S', // 2005, sign F, temporary-range individual number
      '290288-246Y', // 29 Feb 1988
    ],
    invalid: [
      { value: '131052-308TX', code: 'tooLong' },
      { value: '131052-308', code: 'invalid', note: 'too short' },
      { value: '131052Z308T', code: 'invalid', note: 'unknown century sign' },
      { value: '131052-308t', code: 'invalid', note: 'lower case; the upper normaliser runs first' },
      { value: '310299-1234', code: 'invalid', note: '31 February, otherwise consistent' },
      { value: '290201A123J', code: 'invalid', note: '29 February in a common year' },
      { value: '131052-000V', code: 'invalid', note: 'individual number 000' },
      { value: '131052-001W', code: 'invalid', note: 'individual number 001' },
      { value: '010199A234J', code: 'invalid', note: 'born in 2099' },
      { value: '131052-308A', code: 'checksum' },
      { value: '010594Y9022', code: 'checksum' },
      { value: '010120A123K', code: 'underage', note: 'born 2020; a minor until 2038' },
      { value: '220222C221L', options: { minAge: 18 }, code: 'underage', note: 'born 2022, sign C' },
    ],
  },
});

export const fiPhone = defineKeyword<true>({
  keyword: 'fiPhone',
  type: 'string',
  exportName: 'checkFinnishPhone',
  check: checkFinnishPhone,
  codes: ['invalid', 'areaCode', 'tooShort', 'tooLong'],
  examples: {
    options: true,
    valid: ['+358 40 123 4567', '040 1234567', '040-123 4567', '+358401234567', '09 123 4567', '0457 1234567'],
    invalid: [
      { value: '040 123 abc', code: 'invalid' },
      { value: '040+1234567', code: 'invalid' },
      { value: '12345', code: 'areaCode', note: 'prefix is reported before length' },
      { value: '40 123 4567', code: 'areaCode', note: 'leading 0 forgotten' },
      { value: '+46 70 123 4567', code: 'areaCode', note: 'Swedish number' },
      { value: '040 12', code: 'tooShort' },
      { value: '', code: 'tooShort' },
      { value: '040 1234 5678 9', code: 'tooLong' },
    ],
  },
});

export const fiPostalCode = defineKeyword<true>({
  keyword: 'fiPostalCode',
  type: 'string',
  exportName: 'checkPostalCode',
  check: checkPostalCode,
  codes: ['invalid'],
  examples: {
    options: true,
    valid: ['00100', '33100', '99999'],
    invalid: [
      { value: '0010', code: 'invalid' },
      { value: '001000', code: 'invalid' },
      { value: '00 100', code: 'invalid' },
      { value: 'ABCDE', code: 'invalid' },
      { value: ' 00100', code: 'invalid', note: 'the trim normaliser runs first' },
    ],
  },
});

export const fiIban = defineKeyword<true>({
  keyword: 'fiIban',
  type: 'string',
  exportName: 'checkFinnishIban',
  check: checkFinnishIban,
  codes: ['format', 'tooShort', 'tooLong', 'checksum'],
  examples: {
    options: true,
    valid: ['FI2112345600000785', 'FI21 1234 5600 0007 85', 'fi49 5000 9420 0287 30', 'FI3715903000000776'],
    invalid: [
      { value: 'FI21 1234 5600 0007 8', code: 'tooShort' },
      { value: 'FI211234560000078501', code: 'tooLong' },
      { value: 'FI21123456000007A5', code: 'format' },
      { value: '12345600000785', code: 'format', note: 'domestic account number without FI' },
      { value: 'DE89370400440532013000', code: 'format', note: 'foreign IBAN' },
      { value: 'FI2212345600000785', code: 'checksum' },
      { value: 'FI2112345600000786', code: 'checksum' },
      { value: 'FI9910000000118785', code: 'checksum', note: 'mod 97 = 1 but 99 is never a valid check number' },
    ],
  },
});

export const fiBusinessId = defineKeyword<true>({
  keyword: 'fiBusinessId',
  type: 'string',
  exportName: 'checkBusinessId',
  check: checkBusinessId,
  codes: ['invalid', 'checksum'],
  examples: {
    options: true,
    valid: ['0737546-2', '1572860-0', '0112038-9', '1234567-1'],
    invalid: [
      { value: '07375462', code: 'invalid' },
      { value: '737546-2', code: 'invalid', note: 'old six-digit form needs the leading zero' },
      { value: '0737546-22', code: 'invalid' },
      { value: '0737546-3', code: 'checksum' },
      { value: '1000008-0', code: 'checksum', note: 'remainder 1: no check digit can be valid' },
    ],
  },
});

export const fiEmail = defineKeyword<true>({
  keyword: 'fiEmail',
  type: 'string',
  exportName: 'checkEmail',
  check: checkEmail,
  codes: ['invalid'],
  examples: {
    options: true,
    valid: [
      'matti.meikalainen@example.fi',
      'Matti.Meikalainen@Example.FI',
      'liisa+laina@posti.example.com',
      'info@äänekoski.fi',
    ],
    invalid: [
      { value: 'matti@', code: 'invalid' },
      { value: '@example.fi', code: 'invalid' },
      { value: 'matti@example', code: 'invalid', note: 'no top-level domain' },
      { value: 'matti@example.f', code: 'invalid', note: 'one-letter top-level domain' },
      { value: 'matti@@example.fi', code: 'invalid' },
      { value: 'matti meikalainen@example.fi', code: 'invalid' },
      { value: 'matti..m@example.fi', code: 'invalid' },
      { value: 'matti@example.fi, liisa@example.fi', code: 'invalid', note: 'one address only' },
      {
        value: `${'a'.repeat(64)}@${'b'.repeat(62)}.${'c'.repeat(62)}.${'d'.repeat(61)}.fi`,
        code: 'invalid',
        note: '255 characters, one over the limit',
      },
    ],
  },
});

export const fiYear = defineKeyword<YearRangeOptions>({
  keyword: 'fiYear',
  // Not ['integer', 'number']: AJV files the keyword under each listed type and
  // an integer belongs to both, so the check would run and report twice.
  type: 'number',
  exportName: 'checkYearInRange',
  check: checkYearInRange,
  codes: ['outOfRange'],
  examples: {
    options: { past: 100, future: 10 },
    valid: [1980, 2000, 2020],
    invalid: [
      { value: 1800, code: 'outOfRange' },
      { value: 2200, code: 'outOfRange' },
      { value: 2000.5, code: 'outOfRange' },
      { value: 2020, options: { past: 0, future: 0 }, code: 'outOfRange', note: 'only the current year allowed' },
    ],
  },
});

export const finnishKeywords: FinnishKeyword[] = [
  fiPersonalId,
  fiPhone,
  fiPostalCode,
  fiIban,
  fiBusinessId,
  fiEmail,
  fiYear,
];
