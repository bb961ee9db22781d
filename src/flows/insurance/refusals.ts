// What a refused insurance write tells the customer (issue 27): the repository's outcomes as
// API errors with the server's Finnish messages, one place for every route that updates or
// signs. Another person's application and an unknown id are the same 404, so neither can be
// probed; a signed application and one that changed under a signature are conflicts (409);
// a signature by someone else is forbidden (403).
import { ApiError } from '../../server/errors.ts';
import type { SignOutcome, UpdateOutcome } from './repository.ts';

export type Refusal = Exclude<UpdateOutcome | SignOutcome, 'updated' | 'signed'> | 'signedAlready';

const REFUSALS = {
  notFound: () => new ApiError(404, 'NOT_FOUND', 'insuranceNotFound'),
  signedAlready: () => new ApiError(409, 'INSURANCE_SIGNED', 'insuranceSigned'),
  alreadySigned: () => new ApiError(409, 'INSURANCE_SIGNED', 'insuranceSigned'),
  wrongSigner: () => new ApiError(403, 'INSURANCE_WRONG_SIGNER', 'insuranceWrongSigner'),
  changed: () => new ApiError(409, 'INSURANCE_CHANGED', 'insuranceChanged'),
} satisfies Record<Refusal, () => ApiError>;

/** The error for an update that did not happen; null when it did. */
export function updateRefusal(outcome: UpdateOutcome): ApiError | null {
  return outcome === 'updated' ? null : outcome === 'signed' ? REFUSALS.signedAlready() : REFUSALS[outcome]();
}

/** The error for a signature that was not stored; null when it was. */
export function signRefusal(outcome: SignOutcome): ApiError | null {
  return outcome === 'signed' ? null : REFUSALS[outcome]();
}

/** A customer the eligibility function refuses: 403 with the message to update their details. */
export function notEligible(reasons: readonly string[]): ApiError {
  return new ApiError(403, 'INSURANCE_NOT_ELIGIBLE', 'insuranceNotEligible', { reasons: reasons.join(', ') });
}
