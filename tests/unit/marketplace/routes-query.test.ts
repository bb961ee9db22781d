// The offers query: only whitelisted sort pairs and sane paging get through.
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../src/server/errors.ts';
import { parseOffersQuery } from '../../../src/server/marketplace/routes.ts';

describe('parseOffersQuery', () => {
  it('reads repeated sort pairs in order, defaulting to apr,asc', () => {
    expect(parseOffersQuery({ sort: ['amount,desc', 'apr,asc'], page: '2', size: '10' })).toEqual({
      page: 2,
      size: 10,
      sort: [
        ['amount', 'desc'],
        ['apr', 'asc'],
      ],
    });
    expect(parseOffersQuery({})).toEqual({ page: 0, size: 100, sort: [['apr', 'asc']] });
    expect(parseOffersQuery({ sort: 'interest' }).sort).toEqual([['interest', 'asc']]);
    expect(parseOffersQuery({ sort: ['apr,desc', 'apr,asc'] }).sort).toEqual([['apr', 'desc']]);
  });
  it.each<Record<string, unknown>>([
    { sort: 'constructor,asc' },
    { sort: '__proto__,asc' },
    { sort: 'monthly_payment,asc' },
    { sort: 'apr,ASC' },
    { sort: ['apr,asc', 'amount,asc', 'interest,asc', 'monthlyPayment,asc', 'apr,desc'] },
    { size: '1000' },
    { page: '1.5' },
    { page: ['1', '2'] },
    { extra: '1' },
  ])('refuses %o', (query) => {
    expect(() => parseOffersQuery(query)).toThrow(ApiError);
  });
});
