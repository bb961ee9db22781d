// The identification API as the pages use it (spec §7). Nothing throws: every answer
// becomes an outcome the page knows how to show.
import type { ErrorBody, IdentificationMethods, ResponseOf, Unchecked } from '../../contract/types.ts';
import { applicationsApi, type ProductId } from '../catalogue.ts';
import { isSessionRequired } from '../session-required.ts';

export type Party = 'PRIMARY' | 'CO_APPLICANT';

/** An identification method (a bank) as the server lists it. */
export type Method = IdentificationMethods['methods'][number];

export async function fetchMethods(): Promise<Method[] | null> {
  try {
    const response = await fetch('/api/auth/visma/get-methods', { headers: { accept: 'application/json' } });
    if (!response.ok) return null;
    const body = (await response.json()) as Unchecked<IdentificationMethods>;
    if (!Array.isArray(body.methods)) return null;
    return body.methods.filter(
      (method): method is Method => typeof method?.identifier === 'string' && typeof method.image === 'string' && typeof method.name === 'string',
    );
  } catch {
    return null;
  }
}

/**
 * The provider URL to send the browser to; `sessionRequired` when this browser has no
 * session for the application (a link opened on another device, issue 25); `failed` otherwise.
 */
export type RedirectOutcome = { kind: 'url'; url: string } | { kind: 'sessionRequired' } | { kind: 'failed' };

export async function fetchRedirectUrl(id: string, token: string, method: string, party: Party): Promise<RedirectOutcome> {
  try {
    const response = await fetch(`/api/auth/visma/${encodeURIComponent(id)}/${encodeURIComponent(token)}/${encodeURIComponent(method)}?party=${party}`);
    if (await isSessionRequired(response)) return { kind: 'sessionRequired' };
    if (!response.ok) return { kind: 'failed' };
    const url = (await response.text()).trim();
    return /^https?:\/\//.test(url) ? { kind: 'url', url } : { kind: 'failed' };
  } catch {
    return { kind: 'failed' };
  }
}

export type Completion =
  | { kind: 'completed' }
  | { kind: 'stateMismatch' }
  | { kind: 'missing'; parties: Party[] }
  | { kind: 'sessionRequired' }
  | { kind: 'failed' };

export async function completeAuthentication(product: ProductId, id: string, token: string): Promise<Completion> {
  let response: Response;
  try {
    response = await fetch(`${applicationsApi(product)}/authentication/complete/${encodeURIComponent(id)}/${encodeURIComponent(token)}`, {
      method: 'POST',
    });
  } catch {
    return { kind: 'failed' };
  }
  const body = (await response.json().catch(() => null)) as Unchecked<ResponseOf<'POST {api}/authentication/complete/:id/:token'> & ErrorBody> | null;
  if (response.ok && body?.status === 'COMPLETED') return { kind: 'completed' };
  if (response.status === 401 && body?.type === 'SESSION_REQUIRED') return { kind: 'sessionRequired' };
  if (body?.type === 'APPLICATION_STATE_MISMATCH') return { kind: 'stateMismatch' };
  if (body?.type === 'STRONG_AUTHENTICATION_MISSING' && Array.isArray(body.parties)) {
    const parties = (['PRIMARY', 'CO_APPLICANT'] as const).filter((party) => (body.parties as unknown[]).includes(party));
    if (parties.length > 0) return { kind: 'missing', parties };
  }
  return { kind: 'failed' };
}

export function partyFrom(search: string): Party {
  return new URLSearchParams(search).get('party') === 'CO_APPLICANT' ? 'CO_APPLICANT' : 'PRIMARY';
}
