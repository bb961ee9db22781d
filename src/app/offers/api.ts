// The offers API as the offers page uses it. Failures come back as values: the page
// logs them and carries on polling (spec §8: no message to the applicant).
import type { OffersPage as WireOffersPage, RedirectUrl, Unchecked } from '../../contract/types.ts';
import { applicationsApi, type ProductId } from '../catalogue.ts';
import { offersQuery, PAGE_SIZE, type SortChoice } from './rules.ts';

/** What the offers pages read of an offers answer (src/contract). */
export type OffersPage = Pick<WireOffersPage, 'content' | 'totalElements' | 'pendingLenders' | 'totalLenders' | 'dispatched'>;

const path = (id: string, token: string) => `${encodeURIComponent(id)}/${encodeURIComponent(token)}`;

export async function fetchOffers(id: string, token: string, sort: SortChoice, signal?: AbortSignal): Promise<OffersPage> {
  return readOffers(await fetch(`/api/lainavertailu22/offers/${path(id, token)}?${offersQuery(0, sort)}`, { headers: { accept: 'application/json' }, signal }));
}

/** Spec §7: a business application's offers, on its own API, in the server's order (APR, then closeness to the amount). */
export async function fetchBusinessOffers(product: ProductId, id: string, token: string, signal?: AbortSignal): Promise<OffersPage> {
  return readOffers(await fetch(`${applicationsApi(product)}/offers/${path(id, token)}?page=0&size=${PAGE_SIZE}`, { headers: { accept: 'application/json' }, signal }));
}

/** The server knows no such application (or not with this token): polling again will not help. */
export class OffersNotFound extends Error {}

/** An offers answer of any offers API (the offers page's, the business's, the customer area's). */
export async function readOffers(response: Response): Promise<OffersPage> {
  if (response.status === 404) throw new OffersNotFound('offers: 404');
  if (!response.ok) throw new Error(`offers: ${response.status}`);
  const body = (await response.json()) as Partial<WireOffersPage>;
  if (!Array.isArray(body.content)) throw new Error('offers: no content list');
  return {
    content: body.content,
    totalElements: Number(body.totalElements ?? body.content.length),
    pendingLenders: Number(body.pendingLenders ?? 0),
    totalLenders: Number(body.totalLenders ?? 0),
    dispatched: body.dispatched === true,
  };
}

/** The lender page's address for the accepted offer. */
export async function acceptOffer(product: ProductId, id: string, token: string, offerId: number): Promise<string> {
  const response = await fetch(`${applicationsApi(product)}/offers/${path(id, token)}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ offerId }),
  });
  return readAcceptedUrl(response);
}

/** The url of an accept answer: only our own path, so the answer cannot send the new window anywhere else. */
export async function readAcceptedUrl(response: Response): Promise<string> {
  if (!response.ok) throw new Error(`accept: ${response.status}`);
  const body = (await response.json()) as Unchecked<RedirectUrl>;
  if (typeof body.url !== 'string' || !body.url.startsWith('/') || body.url.startsWith('//')) throw new Error('accept: no url');
  return body.url;
}
