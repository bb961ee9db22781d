// The offers list's rules (spec §4, §9) as pure functions: what is shown, which offer
// gets the badge, when to poll next and what the sort query says.
import type { Offer } from '../../contract/types.ts';

/** An offer as every offers list gets it (src/contract). */
export type ListedOffer = Offer;

export const PAGE_SIZE = 100;
export const FIRST_POLL_MS = 5000;
export const POLL_STEP_MS = 500;
/** Polls before an empty list may say there are no offers. */
export const POLLS_BEFORE_VERDICT = 3;
/** Polls that must pass before downsell offers are shown on their own. */
export const POLLS_BEFORE_DOWNSELL = 2;
/** The second brand hides offers above this nominal rate until asked. */
export const INTEREST_FILTER_PERCENT = 10;
export const BADGE_MIN_OFFERS = 3;
export const BADGE_MIN_AMOUNT_SHARE = 0.8;
export const PURCHASE_VALUE_SHARE = 0.0085;

/**
 * Delay before timed poll number `n` (0-based): 5 s, 5.5 s, 6 s … The page's first
 * fetch is at once (issue 25: offers the server already has show at once) and a sort
 * change fetches at once too; this rhythm applies to the polls after either.
 */
export function pollDelay(pollsDone: number): number {
  return FIRST_POLL_MS + POLL_STEP_MS * pollsDone;
}

/** What a poll says about the lenders. */
export interface LenderState {
  dispatched: boolean;
  pendingLenders: number;
  /** Lenders the application was sent to (0 before the dispatch). */
  totalLenders?: number;
}

/**
 * The list is final once the server has dispatched the application and no lender is
 * pending: nothing new can arrive. Before the dispatch it is not, the finishing step
 * may still be on its way.
 */
export function isFinal(state: LenderState | null): boolean {
  return state !== null && state.dispatched && state.pendingLenders === 0;
}

/**
 * Polling goes on until the list is final and the verdict polls have passed. Spec §4
 * counts polls: the wait text is for fewer than 3, and only after them do downsell
 * offers show by themselves and an empty list say 'Ei lainatarjouksia'. Stopping as
 * soon as every lender has answered would leave the page on the wait text for good
 * when they all answer before the third poll.
 */
export function shouldKeepPolling(state: LenderState | null, pollsDone: number): boolean {
  return !isFinal(state) || pollsDone < POLLS_BEFORE_VERDICT;
}

export interface LenderProgress {
  answered: number;
  total: number;
}

/** How many of the lenders the application went to have answered; undefined before the dispatch is known. */
export function lenderProgress(state: LenderState | null): LenderProgress | undefined {
  const total = state?.totalLenders ?? 0;
  if (!state || !state.dispatched || total <= 0) return undefined;
  return { answered: Math.min(total, Math.max(0, total - state.pendingLenders)), total };
}

export type SortKey = 'apr' | 'interest' | 'monthlyPayment';
export type SortDirection = 'asc' | 'desc';
export interface SortChoice {
  field: SortKey;
  direction: SortDirection;
}
export const SORT_KEYS: SortKey[] = ['apr', 'interest', 'monthlyPayment'];
export const DEFAULT_SORT: SortChoice = { field: 'apr', direction: 'asc' };

/**
 * Spec §7, as written: `size=100&sort=amount,desc&sort={field,dir}`. The one page holds
 * every offer; the list then shows them in the chosen order (`sortOffers`).
 */
export function offersQuery(page: number, sort: SortChoice): string {
  const params = new URLSearchParams({ page: String(page), size: String(PAGE_SIZE) });
  params.append('sort', 'amount,desc');
  params.append('sort', `${sort.field},${sort.direction}`);
  return params.toString();
}

/**
 * The order a person sees (issue 25): the field and direction they chose, then the
 * larger amount first (spec §7's server sort, which keeps full-amount offers ahead of
 * smaller ones among equals), then the server's order. The server's `amount,desc`
 * first would otherwise put every smaller (downsell) offer below every larger one
 * whatever the label says (docs/decisions.md).
 */
export function sortOffers<T extends Pick<ListedOffer, SortKey | 'amount'>>(offers: readonly T[], sort: SortChoice): T[] {
  const sign = sort.direction === 'asc' ? 1 : -1;
  return offers
    .map((offer, index) => ({ offer, index }))
    .sort((a, b) => sign * (a.offer[sort.field] - b.offer[sort.field]) || b.offer.amount - a.offer.amount || a.index - b.index)
    .map(({ offer }) => offer);
}

/** The offer with the smallest total repayable amount (the chart marks it); undefined for an empty list. */
export function lowestTotalId(offers: readonly ListedOffer[]): number | undefined {
  if (offers.length === 0) return undefined;
  return offers.reduce((best, offer) => (offer.totalAmount < best.totalAmount ? offer : best)).id;
}

export const sortValue = (sort: SortChoice) => `${sort.field},${sort.direction}`;

export function parseSortValue(value: string): SortChoice {
  const [field, direction] = value.split(',');
  return SORT_KEYS.includes(field as SortKey) && (direction === 'asc' || direction === 'desc') ? { field: field as SortKey, direction } : DEFAULT_SORT;
}

/** The badge goes to the lowest-APR offer when there are more than two and it is not a small one. */
export function cheapestBadgeId(offers: ListedOffer[]): number | undefined {
  if (offers.length < BADGE_MIN_OFFERS) return undefined;
  const cheapest = offers.reduce((best, offer) => (offer.apr < best.apr ? offer : best));
  const largest = Math.max(...offers.map((offer) => offer.amount));
  return cheapest.amount >= BADGE_MIN_AMOUNT_SHARE * largest ? cheapest.id : undefined;
}

export interface Visibility {
  /** Offers to list, in the server's order. */
  shown: ListedOffer[];
  /** Downsell offers kept back behind 'Näytä pienemmät lainatarjoukset'. */
  hiddenDownsell: number;
  /** Offers above the interest filter kept back behind 'Näytä lisää lainatarjouksia'. */
  hiddenByInterest: number;
  /** Every offer there was fell to the interest filter. */
  allFilteredByInterest: boolean;
}

export interface VisibilityInput {
  offers: ListedOffer[];
  polls: number;
  /** The second brand's 10 % filter applies. */
  interestFilter: boolean;
  showDownsell: boolean;
  showAboveFilter: boolean;
}

/**
 * Spec §4: downsell offers show by themselves only when no regular ones exist and more
 * than two polls passed; beside one or two regular ones they wait for the button; beside
 * three or more they stay hidden. The interest filter then applies to what is left.
 */
export function visibleOffers({ offers, polls, interestFilter, showDownsell, showAboveFilter }: VisibilityInput): Visibility {
  const regular = offers.filter((offer) => !offer.downsell);
  const downsell = offers.length - regular.length;
  let candidates: ListedOffer[];
  let hiddenDownsell = 0;
  if (regular.length === 0) {
    candidates = polls > POLLS_BEFORE_DOWNSELL ? offers : [];
  } else if (regular.length <= 2 && downsell > 0 && !showDownsell) {
    candidates = regular;
    hiddenDownsell = downsell;
  } else if (regular.length <= 2 && showDownsell) {
    candidates = offers;
  } else {
    candidates = regular;
  }
  if (!interestFilter || showAboveFilter) return { shown: candidates, hiddenDownsell, hiddenByInterest: 0, allFilteredByInterest: false };
  const shown = candidates.filter((offer) => offer.interest <= INTEREST_FILTER_PERCENT);
  const hiddenByInterest = candidates.length - shown.length;
  return { shown, hiddenDownsell, hiddenByInterest, allFilteredByInterest: hiddenByInterest > 0 && shown.length === 0 };
}

export type ListState = 'waiting' | 'none' | 'filtered' | 'offers';

/**
 * 'Odota hetki…' until the third poll, then 'Ei lainatarjouksia' when nothing is shown.
 * Offers that all fell to the 10 % filter are a verdict at once: there is something to show.
 */
export function listState(shownCount: number, polls: number, allFilteredByInterest = false): ListState {
  if (shownCount > 0) return 'offers';
  if (allFilteredByInterest) return 'filtered';
  return polls < POLLS_BEFORE_VERDICT ? 'waiting' : 'none';
}

/** Spec §9: the purchase event's value, 0.85 % of the largest offer, in euros and cents. */
export function purchaseValue(offers: ListedOffer[]): number {
  if (offers.length === 0) return 0;
  return Math.round(Math.max(...offers.map((offer) => offer.amount)) * PURCHASE_VALUE_SHARE * 100) / 100;
}
