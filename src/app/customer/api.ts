// The customer login and area calls (marketplace spec §7 "Session", "Customer area") as
// the pages use them. Nothing throws: every answer becomes an outcome the page shows;
// network and parse failures on login and verify are only logged (§8). The session check
// and the logout every page makes are in session-api.ts: this module, with the offers
// calls it uses, is loaded with the pages that need it.
import type { ApplicationSummary, ErrorBody, LoginVerifyAnswer, Overview, ResponseOf, Unchecked } from '../../contract/types.ts';
import type { FieldError } from '../../../engine/core/index.ts';
import { readAcceptedUrl, readOffers, type OffersPage } from '../offers/api.ts';
import { offersQuery, type SortChoice } from '../offers/rules.ts';

export type LoginOutcome =
  | { kind: 'sent' }
  | { kind: 'invalid'; errors: FieldError[] }
  | { kind: 'refused' }
  /** 429: too many logins for now (issue 24 why 5), not a wrong phone. */
  | { kind: 'limited'; retryAfterSeconds: number }
  | { kind: 'failed' };
export type VerifyOutcome = 'success' | 'error' | 'failed';

const json = { 'content-type': 'application/json' };

export async function login(loginSsn: string, loginPhone: string): Promise<LoginOutcome> {
  try {
    const response = await fetch('/api/auth/login', { method: 'POST', headers: json, credentials: 'include', body: JSON.stringify({ loginSsn, loginPhone }) });
    const body = (await response.json().catch(() => null)) as Partial<ErrorBody> | ResponseOf<'POST /api/auth/login'> | null;
    if (response.ok) return body ? { kind: 'sent' } : { kind: 'refused' };
    if (response.status === 429) {
      const seconds = Number((typeof body === 'object' && body?.retryAfterSeconds) || response.headers.get('retry-after'));
      return { kind: 'limited', retryAfterSeconds: Number.isFinite(seconds) && seconds > 0 ? seconds : 60 };
    }
    if (response.status === 400 && typeof body === 'object' && body?.type === 'VALIDATION_ERROR' && body.errors) {
      return { kind: 'invalid', errors: Object.entries(body.errors).map(([field, message]) => ({ field, message })) };
    }
    return { kind: 'refused' };
  } catch (error) {
    console.error('login failed', error);
    return { kind: 'failed' };
  }
}

export async function verify(otp: string): Promise<VerifyOutcome | null> {
  try {
    const response = await fetch(`/api/auth/verify?otp=${encodeURIComponent(otp)}`, { method: 'POST', credentials: 'include' });
    const body = JSON.parse(await response.text()) as Unchecked<LoginVerifyAnswer>;
    return body.login === 'success' || body.login === 'error' ? body.login : 'failed';
  } catch (error) {
    console.error('code check failed', error);
    return null;
  }
}

export type { ApplicationSummary, Overview };

/** Spec §8: a failed overview says so on the page; null is that failure. */
export async function fetchOverview(): Promise<Overview | null> {
  try {
    const response = await fetch('/api/applications', { headers: { accept: 'application/json' }, credentials: 'include' });
    if (!response.ok) {
      await response.text();
      return null;
    }
    return (await response.json()) as Overview;
  } catch {
    return null;
  }
}

/** One application's offers (the latest's by its own call, spec §7); throws as the offers page's fetch does. */
export async function fetchApplicationOffers(applicationId: number | 'latest', sort: SortChoice, signal?: AbortSignal): Promise<OffersPage> {
  const path = applicationId === 'latest' ? '/api/applications/latest-offers' : `/api/applications/${applicationId}/offers`;
  return readOffers(await fetch(`${path}?${offersQuery(0, sort)}`, { headers: { accept: 'application/json' }, credentials: 'include', signal }));
}

export async function acceptApplicationOffer(applicationId: number, offerId: number): Promise<string> {
  return readAcceptedUrl(await fetch('/api/applications/accept', { method: 'POST', headers: json, credentials: 'include', body: JSON.stringify({ applicationId, offerId }) }));
}

/** Spec §8: a failed cancel is only logged; the page then shows what the server has. */
export async function cancelApplication(applicationId: number): Promise<void> {
  try {
    await (await fetch('/api/applications/cancel', { method: 'POST', headers: json, credentials: 'include', body: JSON.stringify({ applicationId }) })).text();
  } catch (error) {
    console.error('cancel failed', error);
  }
}
