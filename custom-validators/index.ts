// Public API of the Finnish validators, safe to import from browser code.
//
// The AJV keyword definitions are deliberately not re-exported: keywords.ts
// imports keyword.ts and with it ajv, which must stay out of the browser
// bundle. Build and server code import `finnishKeywords` from './keywords.ts'
// and `toAjvKeyword` from './keyword.ts' directly.
export type { CalendarDate } from './calendar.ts';
export {
  ageOn,
  checkPersonalId,
  parsePersonalId,
  personalIdAge,
  personalIdIndividualNumber,
  personalIdSex,
  type ParsedPersonalId,
  type PersonalIdCode,
  type PersonalIdOptions,
} from './personal-id.ts';
export { checkFinnishPhone, normalizeFinnishPhone, type PhoneCode } from './phone.ts';
export { checkPostalCode, type PostalCodeCode } from './postal-code.ts';
export { checkFinnishIban, normalizeIban, type IbanCode } from './iban.ts';
export { checkBusinessId, type BusinessIdCode } from './business-id.ts';
export {
  checkYearInRange,
  monthYearNotInFuture,
  monthYearNotInPast,
  yearRange,
  type YearCode,
  type YearRangeOptions,
} from './month-year.ts';
export { isOtherNumberNotation, normalizeMoneyInput, numberInputValue, parseMoney } from './money.ts';
export {
  checkEmail,
  COMMON_EMAIL_DOMAINS,
  COMMON_TLDS,
  normalizeEmail,
  suggestEmail,
  type EmailCode,
} from './email.ts';
export { annuity, countTrue, isEmpty, logicOperations, round, sumBy } from './logic-operations.ts';
export { insurancePremium, type PremiumBand, type PremiumTable } from './insurance-premium.ts';
export { normalizers } from './normalizers.ts';
