// The offers list's rules from spec §4 and §9.
import { describe, expect, it } from 'vitest';
import {
  cheapestBadgeId,
  isFinal,
  lenderProgress,
  listState,
  lowestTotalId,
  offersQuery,
  parseSortValue,
  pollDelay,
  purchaseValue,
  shouldKeepPolling,
  sortOffers,
  visibleOffers,
  type ListedOffer,
} from '../../../src/app/offers/rules.ts';

let nextId = 1;
function offer(partial: Partial<ListedOffer> = {}): ListedOffer {
  return {
    id: nextId++,
    partnerCode: 'x',
    partnerName: 'X',
    amount: 10000,
    totalAmount: 12000,
    tenor: 60,
    interest: 8,
    apr: 9,
    monthlyPayment: 200,
    downsell: false,
    lenderInfo: '',
    buttonText: 'Siirry',
    logoUrl: '/images/partners/x.svg',
    arrangementFee: 0,
    monthlyFee: 0,
    additionalInfo: null,
    ...partial,
  };
}

describe('cheapest badge', () => {
  it('needs more than two offers', () => {
    expect(cheapestBadgeId([offer({ apr: 5 }), offer({ apr: 6 })])).toBeUndefined();
    const cheap = offer({ apr: 5 });
    expect(cheapestBadgeId([offer({ apr: 7 }), cheap, offer({ apr: 6 })])).toBe(cheap.id);
  });
  it('goes to the lowest APR only when its amount is at least 80 % of the largest', () => {
    const smallCheap = offer({ apr: 4, amount: 7999 });
    expect(cheapestBadgeId([offer({ amount: 10000, apr: 6 }), smallCheap, offer({ apr: 7 })])).toBeUndefined();
    const exactly = offer({ apr: 4, amount: 8000 });
    expect(cheapestBadgeId([offer({ amount: 10000, apr: 6 }), exactly, offer({ apr: 7 })])).toBe(exactly.id);
  });
});

describe('downsell visibility', () => {
  const base = { interestFilter: false, showDownsell: false, showAboveFilter: false };
  it('shows downsell offers alone only after two polls and when no regular ones exist', () => {
    const offers = [offer({ downsell: true }), offer({ downsell: true })];
    expect(visibleOffers({ ...base, offers, polls: 2 }).shown).toHaveLength(0);
    expect(visibleOffers({ ...base, offers, polls: 3 }).shown).toHaveLength(2);
  });
  it('keeps them behind the button beside one or two regular offers', () => {
    const offers = [offer(), offer({ downsell: true }), offer({ downsell: true })];
    const hidden = visibleOffers({ ...base, offers, polls: 5 });
    expect(hidden.shown).toHaveLength(1);
    expect(hidden.hiddenDownsell).toBe(2);
    const revealed = visibleOffers({ ...base, offers, polls: 5, showDownsell: true });
    expect(revealed.shown).toHaveLength(3);
    expect(revealed.hiddenDownsell).toBe(0);
  });
  it('does not offer them beside three or more regular offers', () => {
    const offers = [offer(), offer(), offer(), offer({ downsell: true })];
    const result = visibleOffers({ ...base, offers, polls: 5 });
    expect(result.shown).toHaveLength(3);
    expect(result.hiddenDownsell).toBe(0);
  });
});

describe('the 10 % interest filter', () => {
  const base = { polls: 5, showDownsell: false, showAboveFilter: false };
  it('hides offers above 10 % for the brand that filters, with their count', () => {
    const offers = [offer({ interest: 9.99 }), offer({ interest: 10 }), offer({ interest: 10.01 }), offer({ interest: 15 })];
    const result = visibleOffers({ ...base, offers, interestFilter: true });
    expect(result.shown.map((o) => o.interest)).toEqual([9.99, 10]);
    expect(result.hiddenByInterest).toBe(2);
    expect(result.allFilteredByInterest).toBe(false);
    expect(visibleOffers({ ...base, offers, interestFilter: true, showAboveFilter: true }).shown).toHaveLength(4);
    expect(visibleOffers({ ...base, offers, interestFilter: false }).shown).toHaveLength(4);
  });
  it('says when every offer was filtered', () => {
    const result = visibleOffers({ ...base, offers: [offer({ interest: 12 }), offer({ interest: 14 })], interestFilter: true });
    expect(result).toMatchObject({ shown: [], hiddenByInterest: 2, allFilteredByInterest: true });
  });
});

describe('polling', () => {
  it('starts at 5 s and adds 500 ms each poll', () => {
    expect([0, 1, 2, 3].map(pollDelay)).toEqual([5000, 5500, 6000, 6500]);
  });
  it('stops once dispatched, no lender is pending and three polls have passed', () => {
    expect(shouldKeepPolling(null, 5)).toBe(true);
    expect(shouldKeepPolling({ dispatched: false, pendingLenders: 0 }, 5)).toBe(true);
    expect(shouldKeepPolling({ dispatched: true, pendingLenders: 3 }, 5)).toBe(true);
    expect(shouldKeepPolling({ dispatched: true, pendingLenders: 0 }, 3)).toBe(false);
    expect(shouldKeepPolling({ dispatched: true, pendingLenders: 0 }, 7)).toBe(false);
  });
  it('goes on until the verdict polls have passed even when every lender answered before the first poll', () => {
    const allAnswered = { dispatched: true, pendingLenders: 0, totalLenders: 16 };
    expect(isFinal(allAnswered)).toBe(true);
    expect([1, 2, 3].map((polls) => shouldKeepPolling(allAnswered, polls))).toEqual([true, true, false]);
    // A failed poll (no answer) never ends polling, whatever the count.
    expect(shouldKeepPolling(null, 10)).toBe(true);
  });
  it('counts a list final only when dispatched and nothing is pending', () => {
    expect(isFinal(null)).toBe(false);
    expect(isFinal({ dispatched: false, pendingLenders: 0 })).toBe(false);
    expect(isFinal({ dispatched: true, pendingLenders: 1 })).toBe(false);
    expect(isFinal({ dispatched: true, pendingLenders: 0 })).toBe(true);
  });
  it('tells how many lenders have answered out of how many, once the dispatch is known', () => {
    expect(lenderProgress(null)).toBeUndefined();
    expect(lenderProgress({ dispatched: false, pendingLenders: 0, totalLenders: 0 })).toBeUndefined();
    expect(lenderProgress({ dispatched: true, pendingLenders: 3 })).toBeUndefined();
    expect(lenderProgress({ dispatched: true, pendingLenders: 16, totalLenders: 16 })).toEqual({ answered: 0, total: 16 });
    expect(lenderProgress({ dispatched: true, pendingLenders: 5, totalLenders: 16 })).toEqual({ answered: 11, total: 16 });
    expect(lenderProgress({ dispatched: true, pendingLenders: 0, totalLenders: 16 })).toEqual({ answered: 16, total: 16 });
    // A server that counts oddly never shows more answered than asked, nor fewer than none.
    expect(lenderProgress({ dispatched: true, pendingLenders: 20, totalLenders: 16 })).toEqual({ answered: 0, total: 16 });
  });
  it('waits before three polls, then says there are none', () => {
    expect(listState(0, 2)).toBe('waiting');
    expect(listState(0, 3)).toBe('none');
    expect(listState(1, 0)).toBe('offers');
    expect(listState(0, 1, true)).toBe('filtered');
  });
  it('shows downsell-only offers from the poll that polling now always reaches', () => {
    // Every lender answered with a smaller offer before the first poll: the page polls on
    // to the third poll, and that poll lists them.
    const offers = [offer({ downsell: true }), offer({ downsell: true })];
    const base = { offers, interestFilter: false, showDownsell: false, showAboveFilter: false };
    const final = { dispatched: true, pendingLenders: 0, totalLenders: 16 };
    let polls = 1;
    while (shouldKeepPolling(final, polls)) polls += 1;
    expect(polls).toBe(3);
    const shown = visibleOffers({ ...base, polls }).shown;
    expect(shown).toHaveLength(2);
    expect(listState(shown.length, polls)).toBe('offers');
    expect(listState(0, polls)).toBe('none');
  });
});

describe('sort parameters', () => {
  it('sends repeated sort pairs: amount,desc then the choice', () => {
    const query = new URLSearchParams(offersQuery(0, { field: 'monthlyPayment', direction: 'desc' }));
    expect(query.get('page')).toBe('0');
    expect(query.get('size')).toBe('100');
    expect(query.getAll('sort')).toEqual(['amount,desc', 'monthlyPayment,desc']);
  });
  it('reads a select value back, falling back to apr,asc', () => {
    expect(parseSortValue('interest,desc')).toEqual({ field: 'interest', direction: 'desc' });
    expect(parseSortValue('amount,desc')).toEqual({ field: 'apr', direction: 'asc' });
    expect(parseSortValue('apr,sideways')).toEqual({ field: 'apr', direction: 'asc' });
  });
});

describe('purchase value', () => {
  it('is 0.85 % of the largest offer amount', () => {
    expect(purchaseValue([offer({ amount: 10000 }), offer({ amount: 20000 })])).toBe(170);
    expect(purchaseValue([])).toBe(0);
  });
});

describe('the order a person sees (issue 25)', () => {
  // A downsell list as spec §7's server sends it: amount,desc first, then the choice.
  const fromServer = [
    offer({ amount: 20000, apr: 10.54, interest: 9.7, monthlyPayment: 301 }),
    offer({ amount: 18000, apr: 9.05, interest: 8.2, monthlyPayment: 262 }),
    offer({ amount: 16000, apr: 10.4, interest: 9.6, monthlyPayment: 240 }),
    offer({ amount: 12000, apr: 12.07, interest: 11.3, monthlyPayment: 190 }),
    offer({ amount: 8000, apr: 6.09, interest: 5.3, monthlyPayment: 99 }),
  ];
  it('follows the chosen field and direction whatever the amounts', () => {
    expect(sortOffers(fromServer, { field: 'apr', direction: 'asc' }).map((o) => o.apr)).toEqual([6.09, 9.05, 10.4, 10.54, 12.07]);
    expect(sortOffers(fromServer, { field: 'apr', direction: 'desc' }).map((o) => o.apr)).toEqual([12.07, 10.54, 10.4, 9.05, 6.09]);
    expect(sortOffers(fromServer, { field: 'monthlyPayment', direction: 'asc' }).map((o) => o.monthlyPayment)).toEqual([99, 190, 240, 262, 301]);
    expect(sortOffers(fromServer, { field: 'interest', direction: 'desc' }).map((o) => o.interest)).toEqual([11.3, 9.7, 9.6, 8.2, 5.3]);
  });
  it('puts the larger amount first among equals, then keeps the server order; the input is left alone', () => {
    const small = offer({ amount: 9000, apr: 7 });
    const large = offer({ amount: 15000, apr: 7 });
    const first = offer({ amount: 15000, apr: 7 });
    const input = [small, large, first];
    expect(sortOffers(input, { field: 'apr', direction: 'asc' }).map((o) => o.id)).toEqual([large.id, first.id, small.id]);
    expect(input.map((o) => o.id)).toEqual([small.id, large.id, first.id]);
  });
  it('marks the smallest total repayable amount; none in an empty list', () => {
    const lowest = offer({ totalAmount: 9500 });
    expect(lowestTotalId([offer({ totalAmount: 12000 }), lowest, offer({ totalAmount: 9600 })])).toBe(lowest.id);
    expect(lowestTotalId([])).toBeUndefined();
  });
});
