// The bodies of the login and the user-details calls, checked with the same Finnish
// validators the form documents use (custom-validators) and answered as every form is: a
// 400 VALIDATION_ERROR with a Finnish message per field (spec §5 "Login").
import { checkEmail, normalizeEmail } from '../../../custom-validators/email.ts';
import { checkPersonalId } from '../../../custom-validators/personal-id.ts';
import { checkFinnishPhone, normalizeFinnishPhone } from '../../../custom-validators/phone.ts';
import { checkPostalCode } from '../../../custom-validators/postal-code.ts';
import { isObject } from '../applications/payload.ts';
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

export interface UserInput {
  address: string;
  zip: string;
  city: string;
  /** National digit form, as the forms store it. */
  phone: string;
  /** Domain lower-cased, as the forms store it. */
  email: string;
  hasMarketingBan: boolean;
}

/** As the housing section of the forms has them: street address 2–100 characters, town 2–60 letters. */
const CITY = /^[A-Za-zÅÄÖåäöÉéÜüŠšŽž -]+$/;

/** `name` may come back with the rest (the page posts what it got) and is ignored: it is read-only. */
export function readUser(body: unknown): UserInput {
  const input = objectBody(body, ['name', 'address', 'zip', 'city', 'phone', 'email', 'hasMarketingBan'], 'userBodyInvalid');
  const errors: Record<string, string> = {};
  const text = (field: string): string | undefined => {
    const value = input[field];
    if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) {
      errors[field] = says.required;
      return undefined;
    }
    if (typeof value !== 'string') throw badRequest('userBodyInvalid');
    return value.trim();
  };
  const address = text('address');
  const zip = text('zip');
  const city = text('city');
  const phone = text('phone');
  const email = text('email');
  if (address !== undefined && (address.length < 2 || address.length > 100)) errors.address = says.address;
  if (zip !== undefined && checkPostalCode(zip) !== null) errors.zip = says.zip;
  if (city !== undefined && (city.length < 2 || city.length > 60 || !CITY.test(city))) errors.city = says.city;
  if (phone !== undefined) {
    const message = phone.length > MAX_INPUT ? says.phoneTooLong : phoneMessage(phone);
    if (message) errors.phone = message;
  }
  if (email !== undefined && checkEmail(email) !== null) errors.email = says.email;
  const ban = input.hasMarketingBan;
  if (typeof ban !== 'boolean') errors.hasMarketingBan = ban === undefined || ban === null ? says.required : says.marketingBan;
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
  return { address: address!, zip: zip!, city: city!, phone: normalizeFinnishPhone(phone!), email: normalizeEmail(email!), hasMarketingBan: ban as boolean };
}
