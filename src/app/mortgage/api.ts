// The mortgage status calls (marketplace spec §7) as the pages use them. Nothing
// throws: a network failure or an unexpected answer is `null`, which the pages send
// to the error page (spec §8).
import { MORTGAGE_STATUSES } from '../../contract/enums.ts';
import type { MortgageOutcome, MortgageStatus } from '../../contract/types.ts';
import { isSessionRequired } from '../session-required.ts';

export type { MortgageOutcome, MortgageStatus };

const STATUS_API = '/api/mortgage-applications';
const STATUSES: readonly string[] = MORTGAGE_STATUSES;

const path = (what: string, id: string, token: string) => `${STATUS_API}/${what}/${encodeURIComponent(id)}/${encodeURIComponent(token)}`;

/** `SESSION_REQUIRED`: the server wants this browser's session for the application (issue 25: the code dialog, then again). */
export async function fetchMortgageStatus(id: string, token: string): Promise<MortgageStatus | 'SESSION_REQUIRED' | null> {
  try {
    const response = await fetch(path('status', id, token));
    if (await isSessionRequired(response)) return 'SESSION_REQUIRED';
    if (!response.ok) return null;
    const text = (await response.text()).trim();
    return STATUSES.includes(text) ? (text as MortgageStatus) : null;
  } catch {
    return null;
  }
}

export async function fetchMortgageOutcome(id: string, token: string): Promise<MortgageOutcome | null> {
  try {
    const response = await fetch(path('outcome', id, token), { headers: { accept: 'application/json' } });
    if (!response.ok) return null;
    const body = (await response.json()) as Partial<MortgageOutcome>;
    if (typeof body.status !== 'string' || !STATUSES.includes(body.status) || !Array.isArray(body.banks) || !Array.isArray(body.reasons)) return null;
    return { status: body.status as MortgageStatus, banks: body.banks.map(String), reasons: body.reasons.map(String) };
  } catch {
    return null;
  }
}

/** Spec §7 `GET /api/auth/visma/status/{id}/{token}`: true once identification is complete; null when it could not be asked. */
export async function fetchIdentified(id: string, token: string): Promise<boolean | null> {
  try {
    const response = await fetch(`/api/auth/visma/status/${encodeURIComponent(id)}/${encodeURIComponent(token)}`);
    if (!response.ok) return null;
    return (await response.text()).trim() === 'true';
  } catch {
    return null;
  }
}
