// The insurance calls as /maksuturva and the customer area make them (marketplace spec §7
// "Insurance"; the signing calls are the e-signing server's). Nothing throws: every answer
// becomes an outcome the page shows, and the failures the spec keeps quiet (§8: the
// signature check, signing) are logged here.
import type { ErrorBody, ResponseOf } from '../../contract/types.ts';
import type { FieldError, FormData } from '../../../engine/core/index.ts';

export type InsuranceAnswer = ResponseOf<'GET /api/insuranceApplication'>;
export type InsuranceApplication = NonNullable<InsuranceAnswer['insuranceApplication']>;

const API = '/api/insuranceApplication';
const accept = { accept: 'application/json' };

/** `signedOut`: the session ended (401); the guard sends the customer to the login. */
export type InsuranceRead = { kind: 'found'; answer: InsuranceAnswer } | { kind: 'signedOut' } | { kind: 'failed' };

const isAnswer = (body: unknown): body is InsuranceAnswer =>
  typeof body === 'object' && body !== null && typeof (body as InsuranceAnswer).eligibility?.status === 'string' && 'insuranceApplication' in body;

export async function fetchInsurance(): Promise<InsuranceRead> {
  try {
    const response = await fetch(API, { headers: accept, credentials: 'include' });
    const body: unknown = await response.json().catch(() => null);
    if (response.status === 401) return { kind: 'signedOut' };
    return response.ok && isAnswer(body) ? { kind: 'found', answer: body } : { kind: 'failed' };
  } catch (error) {
    console.error('insurance application fetch failed', error);
    return { kind: 'failed' };
  }
}

export type InsuranceSave =
  | { kind: 'saved'; application: InsuranceApplication }
  | { kind: 'invalid'; errors: FieldError[] }
  /** Signed meanwhile (409): it takes no more changes. */
  | { kind: 'signed' }
  | { kind: 'signedOut' }
  /** Refused for a reason the server words (not eligible, not found); `message` is its Finnish text. */
  | { kind: 'refused'; message?: string }
  | { kind: 'failed' };

/** Creates the application, or updates `existing` (spec §4: "creates a new application or updates an existing one"). */
export async function saveInsurance(existing: InsuranceApplication | null, form: FormData, brand: string): Promise<InsuranceSave> {
  const path = existing ? `${API}/update/${existing.insuranceApplicationId}` : `${API}/create`;
  const body = { ...form, brand, ...(existing?.applicationId ? { applicationId: existing.applicationId } : {}) };
  try {
    const response = await fetch(path, { method: 'POST', headers: { ...accept, 'content-type': 'application/json' }, credentials: 'include', body: JSON.stringify(body) });
    const answer = (await response.json().catch(() => null)) as (Partial<ErrorBody> & Partial<InsuranceApplication>) | null;
    if (response.ok && typeof answer?.insuranceApplicationId === 'number') return { kind: 'saved', application: answer as InsuranceApplication };
    if (response.status === 401) return { kind: 'signedOut' };
    if (response.status === 400 && answer?.type === 'VALIDATION_ERROR' && answer.errors) {
      return { kind: 'invalid', errors: Object.entries(answer.errors).map(([field, message]) => ({ field, message })) };
    }
    if (response.status === 409 && answer?.type === 'INSURANCE_SIGNED') return { kind: 'signed' };
    if (response.status >= 400 && response.status < 500) return { kind: 'refused', message: typeof answer?.message === 'string' ? answer.message : undefined };
    return { kind: 'failed' };
  } catch (error) {
    console.error('insurance application save failed', error);
    return { kind: 'failed' };
  }
}

/** The address to sign at (the e-signing server's GET /api/auth/visma/{id}/{method}); null when it cannot be had. */
export async function fetchSigningUrl(insuranceApplicationId: number, method: string): Promise<string | null> {
  try {
    const response = await fetch(`/api/auth/visma/${insuranceApplicationId}/${encodeURIComponent(method)}`, { credentials: 'include' });
    const url = (await response.text()).trim();
    if (response.ok && /^https?:\/\//.test(url)) return url;
    console.error(`insurance signing redirect failed (${response.status}, method ${method})`);
    return null;
  } catch (error) {
    console.error('insurance signing redirect failed', error);
    return null;
  }
}

/** Spec §7: 'true' when signed. Null when the check failed (§8: only logged). */
export async function fetchSignatureStatus(insuranceApplicationId: number): Promise<boolean | null> {
  try {
    const response = await fetch(`/api/auth/visma/status/${insuranceApplicationId}`, { credentials: 'include' });
    const text = (await response.text()).trim();
    if (!response.ok) {
      console.error(`insurance signature check failed (${response.status})`);
      return null;
    }
    return text === 'true';
  } catch (error) {
    console.error('insurance signature check failed', error);
    return null;
  }
}
