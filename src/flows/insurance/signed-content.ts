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
import { createHash } from 'node:crypto';

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
