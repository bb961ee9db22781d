// The one-time code and marketing-ban endpoints as the browser uses them. Every
// answer becomes an outcome the page can show; nothing throws.
import type { ErrorBody, PrefillAnswer, SavedForm, SendCodeAnswer, Unchecked } from '../../contract/types.ts';
import { applicationsApi, type ProductId } from '../catalogue.ts';

export type SendOutcome =
  | { kind: 'sent'; channel: 'email' | 'sms'; to: string; resendAfterSeconds: number; fresh: boolean }
  | { kind: 'locked'; type: 'RESEND_LOCKED' | 'TOO_MANY_CODES'; retryAfterSeconds: number }
  | { kind: 'noContact' }
  | { kind: 'notFound' }
  | { kind: 'failed' };

export type VerifyOutcome =
  | { kind: 'verified'; saved: Record<string, unknown> }
  | { kind: 'invalid'; triesLeft?: number }
  | { kind: 'expired' }
  | { kind: 'locked' }
  | { kind: 'notFound' }
  | { kind: 'failed' };

async function postRaw(url: string, body: unknown): Promise<{ status: number; json: unknown } | null> {
  try {
    const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    return { status: response.status, json: (await response.json().catch(() => null)) as unknown };
  } catch {
    return null;
  }
}

/** An answer of the contract's type `T` (or an error), its fields still to be checked. */
async function post<T>(url: string, body: unknown): Promise<{ status: number; body: (Unchecked<T & ErrorBody> & Record<string, unknown>) | null } | null> {
  const answer = await postRaw(url, body);
  if (!answer) return null;
  const { json } = answer;
  return { status: answer.status, body: json && typeof json === 'object' && !Array.isArray(json) ? (json as Unchecked<T & ErrorBody> & Record<string, unknown>) : null };
}

export async function sendCode(product: ProductId, applicationId: string, applicationToken: string, forceNewOtp: boolean, domain: string): Promise<SendOutcome> {
  const answer = await post<SendCodeAnswer>(`${applicationsApi(product)}/send-code`, { applicationId, applicationToken, forceNewOtp, domain });
  if (!answer) return { kind: 'failed' };
  const { status, body } = answer;
  if (status === 200 && (body?.channel === 'email' || body?.channel === 'sms') && typeof body.to === 'string') {
    return { kind: 'sent', channel: body.channel, to: body.to, resendAfterSeconds: Number(body.resendAfterSeconds) || 7, fresh: body.sent === true };
  }
  if (status === 429 && (body?.type === 'RESEND_LOCKED' || body?.type === 'TOO_MANY_CODES')) {
    return { kind: 'locked', type: body.type, retryAfterSeconds: Number(body.retryAfterSeconds) || 7 };
  }
  // The shared abuse limits (issue 14) say the same to the applicant: too many codes, wait.
  if (status === 429 && body?.type === 'RATE_LIMITED') return { kind: 'locked', type: 'TOO_MANY_CODES', retryAfterSeconds: Number(body.retryAfterSeconds) || 60 };
  if (status === 409) return { kind: 'noContact' };
  if (status === 404) return { kind: 'notFound' };
  return { kind: 'failed' };
}

export async function verifyCode(product: ProductId, applicationId: string, applicationToken: string, otp: string): Promise<VerifyOutcome> {
  const answer = await post<SavedForm>(`${applicationsApi(product)}/get/verify-with-otp`, { otp, applicationId, applicationToken });
  if (!answer) return { kind: 'failed' };
  const { status, body } = answer;
  if (status === 200 && body) return { kind: 'verified', saved: body };
  if (status === 400 && body?.type === 'OTP_INVALID') return { kind: 'invalid', triesLeft: typeof body.triesLeft === 'number' ? body.triesLeft : undefined };
  if (status === 400 && body?.type === 'OTP_EXPIRED') return { kind: 'expired' };
  if (status === 400 && body?.type === 'OTP_LOCKED') return { kind: 'locked' };
  if (status === 404) return { kind: 'notFound' };
  return { kind: 'failed' };
}

/**
 * The saved form without a code (issue 17): only for the application's own logged-in
 * customer; anything else (not logged in, another person's, a wrong link, a failure) is
 * `refused`, and the page goes on with the code.
 */
export async function loadPrefill(product: ProductId, applicationId: string, applicationToken: string): Promise<{ kind: 'loaded'; saved: Record<string, unknown> } | { kind: 'refused' }> {
  const answer = await post<SavedForm>(`${applicationsApi(product)}/get/prefill`, { applicationId, applicationToken });
  return answer?.status === 200 && answer.body ? { kind: 'loaded', saved: answer.body } : { kind: 'refused' };
}

export async function setMarketingBan(applicationId: string, applicationToken: string): Promise<boolean> {
  const answer = await postRaw('/api/marketing-ban/by-application-token', { applicationId, applicationToken });
  return answer?.status === 200 && answer.json === true;
}

/** The /haelainaa kind of each product a customer may apply for prefilled (the server's `PREFILL_PRODUCTS`). */
const PREFILL_KINDS: Partial<Record<ProductId, string>> = { asuntolaina: 'mortgage', kulutusluotto: 'consumer', yhdistelylaina: 'combine' };

/**
 * The answers a new application of `product` starts with, from the logged-in customer's latest
 * identified application (issue 17; issue 25: nothing is stored until the first save); null when
 * there are none to be had (not logged in, no such kind, a failure).
 */
export async function loadPrefilledAnswers(product: ProductId): Promise<Record<string, unknown> | null> {
  const kind = PREFILL_KINDS[product];
  if (!kind) return null;
  try {
    const response = await fetch(`/api/applications/prefill/${kind}`, { headers: { accept: 'application/json' }, credentials: 'include' });
    const body = (await response.json().catch(() => null)) as Unchecked<PrefillAnswer> | null;
    const data = response.ok ? body?.data : undefined;
    return data && typeof data === 'object' && !Array.isArray(data) ? (data as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}
