// Business offers' order (spec §9): lowest APR, then closest to the applied amount; fees
// are no key of their own; full ties keep their order.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { orderBusinessOffers } from '../../../src/server/marketplace/business-order.ts';

interface Row {
  id: string;
  apr: number;
  amount: number;
  arrangementFee?: number;
  monthlyFee?: number;
  totalAmount?: number;
}

const ids = (rows: Row[]) => rows.map((row) => row.id);

describe('orderBusinessOffers', () => {
  it('lowest APR first, whatever the amounts', () => {
    const offers: Row[] = [
      { id: 'a', apr: 12.5, amount: 50000 },
      { id: 'b', apr: 8.1, amount: 10000 },
      { id: 'c', apr: 10, amount: 50000 },
    ];
    expect(ids(orderBusinessOffers(offers, 50000))).toEqual(['b', 'c', 'a']);
  });

  it('equal APR: the amount closest to the applied one first, below or above', () => {
    const offers: Row[] = [
      { id: 'far-below', apr: 9, amount: 20000 },
      { id: 'exact', apr: 9, amount: 50000 },
      { id: 'near-below', apr: 9, amount: 45000 },
      { id: 'near-above', apr: 9, amount: 53000 },
    ];
    expect(ids(orderBusinessOffers(offers, 50000))).toEqual(['exact', 'near-above', 'near-below', 'far-below']);
  });

  it('a hundredth of APR outweighs any closeness', () => {
    const offers: Row[] = [
      { id: 'exact', apr: 9.01, amount: 50000 },
      { id: 'small', apr: 9, amount: 15000 },
    ];
    expect(ids(orderBusinessOffers(offers, 50000))).toEqual(['small', 'exact']);
  });

  it('fees do not affect the order: equal APR and closeness keep the input order', () => {
    const offers: Row[] = [
      { id: 'dear', apr: 9, amount: 30000, arrangementFee: 900, monthlyFee: 15, totalAmount: 40000 },
      { id: 'cheap', apr: 9, amount: 30000, arrangementFee: 0, monthlyFee: 0, totalAmount: 33000 },
      { id: 'mid', apr: 9, amount: 30000, arrangementFee: 150, monthlyFee: 5, totalAmount: 35000 },
    ];
    expect(ids(orderBusinessOffers(offers, 50000))).toEqual(['dear', 'cheap', 'mid']);
    expect(ids(orderBusinessOffers([...offers].reverse(), 50000))).toEqual(['mid', 'cheap', 'dear']);
  });

  it('equal distance above and below is a tie: input order', () => {
    const offers: Row[] = [
      { id: 'above', apr: 9, amount: 55000 },
      { id: 'below', apr: 9, amount: 45000 },
    ];
    expect(ids(orderBusinessOffers(offers, 50000))).toEqual(['above', 'below']);
    expect(ids(orderBusinessOffers([...offers].reverse(), 50000))).toEqual(['below', 'above']);
  });

  it('returns a new array and leaves the input alone', () => {
    const offers: Row[] = [
      { id: 'a', apr: 12, amount: 1 },
      { id: 'b', apr: 8, amount: 1 },
    ];
    const ordered = orderBusinessOffers(offers, 1);
    expect(ordered).not.toBe(offers);
    expect(ids(offers)).toEqual(['a', 'b']);
    expect(orderBusinessOffers([], 1)).toEqual([]);
  });

  it('is a sorted permutation: APR ascending, distance ascending within an APR, input order within full ties (property)', () => {
    const row = fc.record({ apr: fc.constantFrom(7.5, 8, 9.25, 12), amount: fc.constantFrom(10000, 20000, 25000, 30000, 40000) });
    fc.assert(
      fc.property(fc.array(row, { maxLength: 12 }), fc.constantFrom(20000, 25000, 30000), (raw, applied) => {
        const offers = raw.map((r, i) => ({ ...r, id: String(i) }));
        const ordered = orderBusinessOffers(offers, applied);
        expect([...ids(ordered)].sort()).toEqual([...ids(offers)].sort());
        for (let i = 1; i < ordered.length; i++) {
          const [a, b] = [ordered[i - 1], ordered[i]];
          const [da, db] = [Math.abs(a.amount - applied), Math.abs(b.amount - applied)];
          expect(a.apr <= b.apr).toBe(true);
          if (a.apr === b.apr) expect(da <= db).toBe(true);
          if (a.apr === b.apr && da === db) expect(Number(a.id) < Number(b.id)).toBe(true);
        }
      }),
    );
  });
});
