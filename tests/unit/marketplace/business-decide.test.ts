// The business financiers (issue 16 item 4): the profile read from stored data, each rule
// of business-lenders.json at its boundary, pricing, APR through finance.ts with the fees
// in it, no consumer caps, determinism, and lender codes unique across markets.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { businessCeiling, businessRate, checkBusinessCatalogue, decideBusiness, loadBusinessCatalogue, type BusinessLender } from '../../../src/server/marketplace/business-decide.ts';
import { businessProfileOf, COMPANY_AGES, type BusinessProfile, type CompanyType } from '../../../src/server/marketplace/business-profile.ts';
import { loadCatalogue } from '../../../src/server/marketplace/catalogue.ts';
import { annualPercentageRate, annuityPayment, capViolations, repayment } from '../../../src/server/marketplace/finance.ts';
import { businessMarket, consumerMarket, loadMarkets, marketsOf } from '../../../src/server/marketplace/markets.ts';
import { loadMortgageBanks } from '../../../src/server/marketplace/mortgage-analysis.ts';

const { lenders } = loadBusinessCatalogue();
const TYPES: CompanyType[] = ['soleTrader', 'limitedCompany', 'generalPartnership', 'limitedPartnership'];

/** A profile this lender accepts in full: its first company type, minimum age, minimum amount and tenor, ample turnover. */
function accepted(lender: BusinessLender): BusinessProfile {
  return {
    amount: lender.minAmount,
    tenor: lender.minTenor,
    companyType: lender.companyTypes[0],
    companyAge: lender.minCompanyAge,
    monthlyTurnover: Math.max(lender.minMonthlyTurnover, Math.ceil(lender.maxAmount / lender.maxTurnoverMultiple) + 1000),
  };
}

describe('business profile', () => {
  it('reads the spec §3 fields; appliedTenor as a numeric string or a number', () => {
    const data = { appliedAmount: 25000, appliedTenor: '12', companyType: 220, companyAge: 1, monthlyTurnover: 8000, businessClassification: 230 };
    expect(businessProfileOf(data)).toEqual({ amount: 25000, tenor: 12, companyType: 'limitedCompany', companyAge: 'oneToTenYears', monthlyTurnover: 8000 });
    expect(businessProfileOf({ ...data, appliedTenor: 48 }).tenor).toBe(48);
  });

  it('maps every company type and age code, as numbers or numeric strings', () => {
    expect([219, 220, 221, '222'].map((companyType) => businessProfileOf({ companyType }).companyType)).toEqual(TYPES);
    expect([88, '1', 99].map((companyAge) => businessProfileOf({ companyAge }).companyAge)).toEqual([...COMPANY_AGES]);
  });

  it('missing or malformed values decline instead of guessing', () => {
    expect(businessProfileOf({})).toEqual({ amount: 0, tenor: null, companyType: null, companyAge: null, monthlyTurnover: 0 });
    expect(businessProfileOf({ appliedTenor: '12 kk', companyType: 223, companyAge: 10 })).toMatchObject({ tenor: null, companyType: null, companyAge: null });
    expect(businessProfileOf({ appliedTenor: 1.5 }).tenor).toBeNull();
    for (const lender of lenders) expect(decideBusiness(businessProfileOf({}), lender)).toBeNull();
  });
});

describe('business financiers as data', () => {
  it('has at least 8 financiers with unique codes and Finnish texts', () => {
    expect(lenders.length).toBeGreaterThanOrEqual(8);
    expect(new Set(lenders.map((l) => l.code)).size).toBe(lenders.length);
    for (const lender of lenders) {
      expect(lender.lenderInfo.length).toBeGreaterThan(10);
      expect(lender.buttonText.length).toBeGreaterThan(3);
      expect(lender.code).toMatch(/^[a-z0-9-]{1,40}$/);
    }
  });

  it('codes are unique across markets (and apart from the mortgage banks)', () => {
    const consumer = loadCatalogue().lenders.map((l) => l.code);
    const mortgage = loadMortgageBanks().banks.map((b) => b.code);
    const all = [...consumer, ...mortgage, ...lenders.map((l) => l.code)];
    expect(new Set(all).size).toBe(all.length);
    expect(() => loadMarkets()).not.toThrow();
    for (const lender of lenders) expect(loadMarkets().ofLender(lender.code)?.id).toBe('business');
    for (const code of consumer) expect(loadMarkets().ofLender(code)?.id).toBe('consumer');
  });

  it('refuses to make markets where two share a code', () => {
    const clash = { lenders: [{ ...lenders[0], code: loadCatalogue().lenders[0].code }] };
    expect(() => marketsOf([consumerMarket(), businessMarket(clash)])).toThrow(/is in the consumer market and again in the business market/);
  });

  it('refuses a catalogue with a missing age spread or unordered turnover bands', () => {
    const young = { ...lenders[0], minCompanyAge: 'underOneYear' as const, pricing: { ...lenders[0].pricing, companyAgeSpread: { overTenYears: 0 } } };
    expect(() => checkBusinessCatalogue({ lenders: [young] })).toThrow(/no companyAgeSpread for underOneYear/);
    const bands = { ...lenders[0], pricing: { ...lenders[0].pricing, turnoverSpread: [{ below: 9000, points: 1 }, { below: 5000, points: 2 }] } };
    expect(() => checkBusinessCatalogue({ lenders: [bands] })).toThrow(/not ascending/);
  });

  it('every financier can lend its minimum amount at its minimum turnover', () => {
    for (const lender of lenders) expect(businessCeiling(lender, lender.minMonthlyTurnover), lender.code).toBeGreaterThanOrEqual(lender.minAmount);
  });
});

describe('each rule at its boundary, for every financier', () => {
  it.each(lenders.map((l) => [l.code, l] as const))('%s', (_code, lender) => {
    const base = accepted(lender);
    const offer = (change: Partial<BusinessProfile>) => decideBusiness({ ...base, ...change }, lender);
    expect(offer({})).not.toBeNull();

    // Company type: each accepted one lends, every other declines.
    for (const companyType of TYPES) expect(offer({ companyType }) !== null, companyType).toBe(lender.companyTypes.includes(companyType));
    // Company age: the minimum class and older lend, younger declines.
    const min = COMPANY_AGES.indexOf(lender.minCompanyAge);
    COMPANY_AGES.forEach((companyAge, rank) => expect(offer({ companyAge }) !== null, companyAge).toBe(rank >= min));

    // Turnover: exactly the minimum lends, a cent less declines.
    const lowest = { amount: lender.minAmount, monthlyTurnover: lender.minMonthlyTurnover };
    expect(offer(lowest)).not.toBeNull();
    expect(offer({ ...lowest, monthlyTurnover: lender.minMonthlyTurnover - 0.01 })).toBeNull();

    // Amount: the minimum lends, a euro less declines (no lender lends more than was asked).
    expect(offer({ amount: lender.minAmount })?.amount).toBe(lender.minAmount);
    expect(offer({ amount: lender.minAmount - 1 })).toBeNull();

    // Turnover multiple: up to the ceiling in full, above it the ceiling as a downsell.
    const turnover = Math.max(lender.minMonthlyTurnover, Math.ceil((lender.minAmount * 2) / lender.maxTurnoverMultiple));
    const ceiling = businessCeiling(lender, turnover);
    expect(ceiling).toBeLessThanOrEqual(lender.maxTurnoverMultiple * turnover);
    expect(ceiling % 500).toBe(0);
    expect(offer({ monthlyTurnover: turnover, amount: ceiling })).toMatchObject({ amount: ceiling, downsell: false });
    expect(offer({ monthlyTurnover: turnover, amount: ceiling + 1 })).toMatchObject({ amount: ceiling, downsell: true });
    // A downsell to 30 % of the ask still lends; below that it helps nobody.
    expect(offer({ monthlyTurnover: turnover, amount: ceiling / 0.3 })).toMatchObject({ amount: ceiling, downsell: true });
    expect(offer({ monthlyTurnover: turnover, amount: ceiling / 0.3 + 1 })).toBeNull();

    // Max amount: with any turnover, never more than maxAmount.
    const rich = lender.maxAmount / lender.maxTurnoverMultiple + 10000;
    expect(offer({ monthlyTurnover: rich, amount: lender.maxAmount })).toMatchObject({ amount: lender.maxAmount, downsell: false });
    expect(offer({ monthlyTurnover: rich, amount: lender.maxAmount + 1 })).toMatchObject({ amount: lender.maxAmount, downsell: true });

    // Tenor: inside the range as applied, outside it at the nearest end.
    expect(offer({ tenor: lender.minTenor })?.tenor).toBe(lender.minTenor);
    expect(offer({ tenor: lender.maxTenor })?.tenor).toBe(lender.maxTenor);
    if (lender.minTenor > 1) expect(offer({ tenor: lender.minTenor - 1 })?.tenor).toBe(lender.minTenor);
    expect(offer({ tenor: lender.maxTenor + 1 })?.tenor).toBe(lender.maxTenor);
    expect(offer({ tenor: null })).toBeNull();
  });
});

describe('pricing', () => {
  const lender = lenders.find((l) => l.pricing.turnoverSpread.length >= 2)!;
  const [first, second] = lender.pricing.turnoverSpread;
  const age = lender.minCompanyAge;
  const base = lender.pricing.baseRate + lender.pricing.companyAgeSpread[age]!;
  const round = (x: number) => Math.round(x * 100) / 100;

  it('adds the first turnover band whose limit is above the turnover; at the limit the next band', () => {
    expect(businessRate(lender, age, first.below - 0.01)).toBe(round(base + first.points));
    expect(businessRate(lender, age, first.below)).toBe(round(base + second.points));
    expect(businessRate(lender, age, second.below - 0.01)).toBe(round(base + second.points));
    expect(businessRate(lender, age, second.below)).toBe(round(base));
  });

  it('an older company pays no more than a younger one, a larger turnover no more than a smaller', () => {
    for (const each of lenders) {
      const ages = COMPANY_AGES.slice(COMPANY_AGES.indexOf(each.minCompanyAge));
      const rates = ages.map((a) => businessRate(each, a, 100000));
      expect(rates, each.code).toEqual([...rates].sort((a, b) => b - a));
      const byTurnover = [500, 2000, 5000, 10000, 20000, 50000, 100000].map((t) => businessRate(each, each.minCompanyAge, t));
      expect(byTurnover, each.code).toEqual([...byTurnover].sort((a, b) => b - a));
    }
  });

  it('the offer carries the rate, the fees (fixed + percent of the amount) and its payment', () => {
    const offered = decideBusiness({ ...accepted(lender), amount: 10000 + lender.minAmount }, lender)!;
    expect(offered.interest).toBe(businessRate(lender, age, accepted(lender).monthlyTurnover));
    expect(offered.arrangementFee).toBe(round(lender.fees.arrangementFee + (offered.amount * lender.fees.arrangementFeePercent) / 100));
    expect(offered.monthlyFee).toBe(lender.fees.monthlyFee);
    expect(offered).toMatchObject({ partnerCode: lender.code, partnerName: lender.name, lenderInfo: lender.lenderInfo, buttonText: lender.buttonText });
    expect(offered.additionalInfo).toBe(lender.fastTrack ? 'FAST_TRACK' : null);
  });
});

const profiles = fc.record({
  amount: fc.integer({ min: 2000, max: 350000 }),
  tenor: fc.option(fc.integer({ min: 1, max: 48 }), { nil: null }),
  companyType: fc.option(fc.constantFrom(...TYPES), { nil: null }),
  companyAge: fc.option(fc.constantFrom(...COMPANY_AGES), { nil: null }),
  monthlyTurnover: fc.integer({ min: 500, max: 500000 }),
}) as fc.Arbitrary<BusinessProfile>;

describe('APR, fees and determinism', () => {
  it('APR is finance.ts Annex I with every fee in it, above the fee-free rate when there are fees (property)', () => {
    fc.assert(
      fc.property(profiles, fc.constantFrom(...lenders), (profile, lender) => {
        const offer = decideBusiness(profile, lender);
        if (!offer) return;
        const terms = repayment({ amount: offer.amount, tenor: offer.tenor, nominalRate: offer.interest, arrangementFee: offer.arrangementFee, monthlyFee: offer.monthlyFee });
        expect(offer).toMatchObject(terms);
        const feeFree = Math.round(annualPercentageRate(offer.amount, annuityPayment(offer.amount, offer.interest, offer.tenor), offer.tenor) * 100) / 100;
        if (offer.arrangementFee > 0 || offer.monthlyFee > 0) expect(offer.apr).toBeGreaterThan(feeFree);
        else expect(offer.apr).toBe(feeFree);
        // The rules hold whatever the profile.
        expect(offer.amount).toBeLessThanOrEqual(Math.min(profile.amount, lender.maxAmount, lender.maxTurnoverMultiple * profile.monthlyTurnover));
        expect(offer.amount).toBeGreaterThanOrEqual(Math.max(lender.minAmount, 0.3 * profile.amount));
        expect(offer.tenor).toBeGreaterThanOrEqual(lender.minTenor);
        expect(offer.tenor).toBeLessThanOrEqual(lender.maxTenor);
        expect(offer.downsell).toBe(offer.amount < profile.amount);
        // Fits the offers table: numeric(6, 2) for the APR.
        expect(offer.apr).toBeLessThan(10000);
      }),
      { numRuns: 500 },
    );
  });

  it('the Annex I equation holds at the stated APR: the payments discount back to the amount', () => {
    const lender = lenders.find((l) => l.fees.arrangementFee > 0 && l.fees.monthlyFee > 0)!;
    const offer = decideBusiness({ ...accepted(lender), amount: lender.minAmount + 5000, tenor: 24 }, lender)!;
    const x = offer.apr / 100;
    let presentValue = 0;
    for (let k = 1; k <= offer.tenor; k++) presentValue += offer.monthlyPayment * (1 + x) ** (-k / 12);
    // Two-decimal APR and cent payments: within a few euros of the amount drawn.
    expect(Math.abs(presentValue - offer.amount)).toBeLessThan(offer.amount * 0.0002 + offer.tenor * 0.01);
  });

  it('no consumer cap: rates over 20 % and fees over 150 € a year are offered to businesses', () => {
    const caps = loadCatalogue().caps;
    const risky = { amount: 10000, tenor: 12, companyType: 'soleTrader', companyAge: 'underOneYear', monthlyTurnover: 6000 } as const;
    const offers = lenders.map((lender) => decideBusiness(risky, lender)).filter((offer) => offer !== null);
    expect(offers.some((offer) => offer.interest > caps.absoluteMaxRate)).toBe(true);
    const broken = offers.flatMap((offer) => capViolations({ ...offer, nominalRate: offer.interest }, caps).map((v) => v.rule));
    expect(new Set(broken)).toEqual(new Set(['nominalRate', 'otherCosts']));
  });

  it('the same profile gives the same answers, from stored data as well (property)', () => {
    fc.assert(
      fc.property(profiles, (profile) => {
        expect(lenders.map((l) => decideBusiness(profile, l))).toEqual(lenders.map((l) => decideBusiness({ ...profile }, l)));
      }),
      { numRuns: 200 },
    );
    const stored = { appliedAmount: 50000, appliedTenor: '24', companyType: 220, companyAge: 1, monthlyTurnover: 20000 };
    const market = businessMarket();
    const answers = lenders.map((l) => market.answer(l.code, stored, { seed: '1' }));
    expect(lenders.map((l) => market.answer(l.code, { ...stored }, { seed: '2' }))).toEqual(answers);
    expect(answers).toEqual(lenders.map((l) => decideBusiness(businessProfileOf(stored), l)));
    expect(answers.filter(Boolean).length).toBeGreaterThanOrEqual(3);
    expect(market.answer('aurinkopankki', stored, { seed: '1' })).toBeNull();
  });
});
