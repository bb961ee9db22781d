// The bodies of the login and the user-details calls, answered as every form is: a 400
// VALIDATION_ERROR with a Finnish message per field. The login is checked with the same
// Finnish validators its form document uses (custom-validators, spec §5 "Login"); the
// user's details with their form document itself.
import { checkPersonalId } from '../../../custom-validators/personal-id.ts';
import { checkFinnishPhone, normalizeFinnishPhone } from '../../../custom-validators/phone.ts';
import { isObject } from '../applications/payload.ts';
import type { PageForm } from '../applications/products.ts';
import type { User } from '../../contract/types.ts';
import { badRequest, ValidationError } from '../errors.ts';
import { customerFieldMessages as says, type MessageKey } from '../messages.ts';

/** Anything longer is not an identity code or a phone however it is spaced: refused before any work. */
const MAX_INPUT = 64;
const MIN_PERSONAL_ID = 10;
/** Spec §5: applicants are adults; the same rule as the forms' `fiPersonalId: {minAge: 18}`. */
const MIN_AGE = 18;

function objectBody(body: unknown, allowed: readonly string[], key: MessageKey): Record<string, unknown> {
  if (body === undefined || body === null) throw badRequest('emptyBody');
  if (!isObject(body)) throw badRequest('notAnObject');
  if (Object.keys(body).some((field) => !allowed.includes(field))) throw badRequest(key);
  return body;
}

/** The personal-id message for a typed code (trimmed, upper-cased as the forms' `upper` normaliser does); null when valid. */
export function personalIdMessage(value: string, today: Date): string | null {
  if (value.length < MIN_PERSONAL_ID) return says.personalIdTooShort;
  const code = checkPersonalId(value, { minAge: MIN_AGE }, today);
  if (code === null) return null;
  return { tooLong: says.personalIdTooLong, checksum: says.personalIdChecksum, underage: says.personalIdUnderage, invalid: says.personalIdInvalid }[code];
}

/** The phone message (spec §5: trimmed, 7–11 digits, +358 or 0 first); null when valid. */
export function phoneMessage(value: string): string | null {
  const code = checkFinnishPhone(value.trim());
  if (code === null) return null;
  return { tooShort: says.phoneTooShort, tooLong: says.phoneTooLong, areaCode: says.phoneAreaCode, invalid: says.phoneInvalid }[code];
}

export interface LoginInput {
  /** Trimmed and upper-cased: the form the person key is made of. */
  personalId: string;
  /** The national digit form (`0401234567`), as the forms store phones. */
  phone: string;
}

export function readLogin(body: unknown, today: Date): LoginInput {
  const { loginSsn, loginPhone } = objectBody(body, ['loginSsn', 'loginPhone'], 'loginBodyInvalid');
  const errors: Record<string, string> = {};
  const ssn = typeof loginSsn === 'string' ? loginSsn.trim().toUpperCase() : '';
  const phone = typeof loginPhone === 'string' ? loginPhone.trim() : '';
  if (ssn === '') errors.loginSsn = says.required;
  else if (ssn.length > MAX_INPUT) errors.loginSsn = says.personalIdTooLong;
  else {
    const message = personalIdMessage(ssn, today);
    if (message) errors.loginSsn = message;
  }
  if (phone === '') errors.loginPhone = says.required;
  else if (phone.length > MAX_INPUT) errors.loginPhone = says.phoneTooLong;
  else {
    const message = phoneMessage(phone);
    if (message) errors.loginPhone = message;
  }
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
  return { personalId: ssn, phone: normalizeFinnishPhone(phone) };
}

/** The user's details as posted: all but the read-only name, phone and e-mail normalised as the forms store them. */
export type UserInput = Omit<User, 'name'>;

/**
 * The body of POST /api/user, checked with the document the page shows
 * (forms/user-details.json): the same rules, the same Finnish messages per field, and its
 * normalisers (trimmed, phone in the national digit form, e-mail domain in lower case).
 * `name` may come back with the rest (the page posts what it got) and is ignored: it is
 * read-only.
 */
export function readUser(body: unknown, form: PageForm): UserInput {
  const { name: _readOnly, ...input } = objectBody(body, ['name', 'address', 'zip', 'city', 'phone', 'email', 'hasMarketingBan'], 'userBodyInvalid');
  const checked = form.validate(input);
  if (!checked.valid) throw new ValidationError(Object.fromEntries(checked.errors.map((error) => [error.field, error.message])));
  const { address, zip, city, phone, email, hasMarketingBan } = checked.data as unknown as UserInput;
  return { address, zip, city, phone, email, hasMarketingBan };
}
