// What a payment-protection insurance signature binds to (issue 27 item 6): exactly what the
// person applied for, nothing they could change afterwards without a new signature. The
// content is a fixed, versioned text (so the development provider can show it and a later
// reader can recompute it), and its SHA-256 is what the repository stores with every version
// of the application and what a signature must match.
//
// In it: the insurance application's id (a signature for one application is no signature for
// another with the same choices), the tier, the monthly fee in cents (the server's, derived
// from the price table), the due date, the three assurances and the version of the terms.
// Contact details are not: they are where the insurer writes, not what was agreed.
import { createHash, timingSafeEqual } from 'node:crypto';

export const SIGNED_CONTENT_FORMAT = 'lainavertailu-maksuturva-v1';

export interface InsuranceTerms {
  insuranceApplicationId: number;
  paymentTier: number;
  /** Euros, as derived from the price table. */
  monthlyPayment: number;
  /** Day of the month. */
  appliedDueDate: number;
  assureAge: boolean;
  hasWorked: boolean;
  assureInformation: boolean;
  termsVersion: string;
}

/** Content that is not a complete, validated application: a programming error, never a customer's. */
export class IncompleteInsuranceError extends Error {}

/** The terms of an application from its stored data and the terms version it was made under. */
export function insuranceTerms(insuranceApplicationId: number, data: Record<string, unknown>, termsVersion: string): InsuranceTerms {
  return {
    insuranceApplicationId,
    paymentTier: data.paymentTier as number,
    monthlyPayment: data.monthlyPayment as number,
    appliedDueDate: data.appliedDueDate as number,
    assureAge: data.assureAge as boolean,
    hasWorked: data.hasWorked as boolean,
    assureInformation: data.assureInformation as boolean,
    termsVersion,
  };
}

const positiveInteger = (value: unknown) => Number.isSafeInteger(value) && (value as number) > 0;

/** One line per term in a fixed order: the text that is signed. */
export function signedContent(terms: InsuranceTerms): string {
  const problems = [
    !positiveInteger(terms.insuranceApplicationId) && 'insuranceApplicationId',
    !positiveInteger(terms.paymentTier) && 'paymentTier',
    !(typeof terms.monthlyPayment === 'number' && Number.isFinite(terms.monthlyPayment) && terms.monthlyPayment > 0) && 'monthlyPayment',
    !(Number.isInteger(terms.appliedDueDate) && terms.appliedDueDate >= 1 && terms.appliedDueDate <= 31) && 'appliedDueDate',
    terms.assureAge !== true && 'assureAge',
    terms.hasWorked !== true && 'hasWorked',
    terms.assureInformation !== true && 'assureInformation',
    !(typeof terms.termsVersion === 'string' && terms.termsVersion !== '' && !/[\r\n]/.test(terms.termsVersion)) && 'termsVersion',
  ].filter(Boolean);
  if (problems.length) throw new IncompleteInsuranceError(`insurance content incomplete: ${problems.join(', ')}`);
  return [
    SIGNED_CONTENT_FORMAT,
    `insuranceApplicationId=${terms.insuranceApplicationId}`,
    `paymentTier=${terms.paymentTier}`,
    `monthlyPaymentCents=${Math.round(terms.monthlyPayment * 100)}`,
    `appliedDueDate=${terms.appliedDueDate}`,
    `assureAge=${terms.assureAge}`,
    `hasWorked=${terms.hasWorked}`,
    `assureInformation=${terms.assureInformation}`,
    `termsVersion=${terms.termsVersion}`,
  ].join('\n');
}

/** SHA-256 of the signed content: 32 bytes. */
export function signedContentHash(terms: InsuranceTerms): Buffer {
  return createHash('sha256').update(signedContent(terms), 'utf8').digest();
}

/** Separates this nonce's hash input from every other SHA-256 the service makes. */
const NONCE_TAG = 'lainavertailu-maksuturva-signature-nonce-v1\0';
export const NONCE_SALT_BYTES = 16;

/**
 * The OpenID Connect nonce of a signature: base64url(SHA-256(tag || content hash || salt)), the
 * salt 16 random bytes kept with the request and then with the evidence. The provider puts the
 * nonce in the ID token it signs, so the broker-signed token itself commits to the content;
 * the salt keeps the nonce unguessable (the content hash alone could be recomputed by anyone
 * who knows the choices) and different for every attempt.
 */
export function signatureNonce(contentHash: Uint8Array, salt: Uint8Array): string {
  if (contentHash.length !== 32 || salt.length !== NONCE_SALT_BYTES) throw new Error('signatureNonce needs a 32-byte content hash and a 16-byte salt');
  return createHash('sha256').update(NONCE_TAG, 'utf8').update(contentHash).update(salt).digest('base64url');
}

/** Does a stored signature's nonce (its ID token claim) commit to `contentHash` with `salt`? Constant time. */
export function nonceCommitsTo(nonce: unknown, contentHash: Uint8Array, salt: Uint8Array): boolean {
  if (typeof nonce !== 'string') return false;
  const expected = Buffer.from(signatureNonce(contentHash, salt), 'utf8');
  const given = Buffer.from(nonce, 'utf8');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
