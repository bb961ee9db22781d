// What AJV-standalone validators import as `__fiValidators` (see keyword.ts).
// Each export name is a keyword's `exportName` in keywords.ts; the tests check
// that the two agree. Only pure check modules are imported here: anything that
// reached `ajv`, directly or through keywords.ts, would put AJV into the
// browser bundle.
export { checkPersonalId } from './personal-id.ts';
export { checkFinnishPhone } from './phone.ts';
export { checkPostalCode } from './postal-code.ts';
export { checkFinnishIban } from './iban.ts';
export { checkBusinessId } from './business-id.ts';
export { checkEmail } from './email.ts';
export { checkYearInRange } from './month-year.ts';
