// A business financier's answer to one application, by the rules it has as data in
// business-lenders.json: company type, company age class, monthly turnover and amount.
// Pure and deterministic (no per-application variation), so a replayed dispatch after a
// restart gives the same offer. Business credit is not consumer credit: the consumer
// caps of finance.ts (KSL 7:17 a) do not apply, but the APR is the same Annex I
// equation with every fee in it, so business and consumer APRs compare like for like.
import { readFileSync } from 'node:fs';
import { COMPANY_AGES, type BusinessProfile, type CompanyAge, type CompanyType } from './business-profile.ts';
import type { OfferTerms } from './decide.ts';
import { repayment, roundCents } from './finance.ts';

export interface BusinessLender {
  code: string;
  name: string;
  color: string;
  minAmount: number;
  maxAmount: number;
  /** Months; an applied tenor outside the range is offered at the nearest end of it. */
  minTenor: number;
  maxTenor: number;
  companyTypes: CompanyType[];
  /** The youngest age class lent to. */
  minCompanyAge: CompanyAge;
  minMonthlyTurnover: number;
  /** The largest loan is this many months of turnover (and at most maxAmount). */
  maxTurnoverMultiple: number;
  pricing: {
    baseRate: number;
    /** Percentage points per accepted age class. */
    companyAgeSpread: Partial<Record<CompanyAge, number>>;
    /** Ascending bands: the first whose `below` exceeds the turnover adds its points. */
    turnoverSpread: Array<{ below: number; points: number }>;
  };
  /** arrangementFee euros + arrangementFeePercent of the amount, financed; monthlyFee on every payment. */
  fees: { arrangementFee: number; arrangementFeePercent: number; monthlyFee: number };
  responseDelayMs: number;
  fastTrack: boolean;
  lenderInfo: string;
  buttonText: string;
}

export interface BusinessCatalogue {
  lenders: BusinessLender[];
}

/** A turnover ceiling is rounded down to this, as a financier quotes round sums. */
const AMOUNT_STEP = 500;
/** A downsell below this share of what was asked helps nobody (as for consumers). */
const MIN_DOWNSELL_SHARE = 0.3;

const ageRank = (age: CompanyAge) => COMPANY_AGES.indexOf(age);

/** The checks a hand edit of the JSON could break and a decision would not notice. */
export function checkBusinessCatalogue(catalogue: BusinessCatalogue): BusinessCatalogue {
  for (const lender of catalogue.lenders) {
    const fail = (why: string) => {
      throw new Error(`business-lenders.json: ${lender.code}: ${why}`);
    };
    if (!COMPANY_AGES.includes(lender.minCompanyAge)) fail(`unknown minCompanyAge ${lender.minCompanyAge}`);
    for (const age of COMPANY_AGES.slice(ageRank(lender.minCompanyAge))) {
      if (typeof lender.pricing.companyAgeSpread[age] !== 'number') fail(`no companyAgeSpread for ${age}`);
    }
    const bands = lender.pricing.turnoverSpread.map((band) => band.below);
    if (bands.some((below, i) => i > 0 && below <= bands[i - 1])) fail('turnoverSpread bands not ascending');
    if (lender.minAmount > lender.maxAmount || lender.minTenor > lender.maxTenor || lender.minTenor < 1) fail('empty amount or tenor range');
  }
  return catalogue;
}

let cached: BusinessCatalogue | undefined;

export function loadBusinessCatalogue(): BusinessCatalogue {
  cached ??= checkBusinessCatalogue(JSON.parse(readFileSync(new URL('./business-lenders.json', import.meta.url), 'utf8')) as BusinessCatalogue);
  return cached;
}

/** Nominal rate: base + the company age's spread + the turnover band's, to hundredths. */
export function businessRate(lender: BusinessLender, age: CompanyAge, monthlyTurnover: number): number {
  const turnover = lender.pricing.turnoverSpread.find((band) => monthlyTurnover < band.below)?.points ?? 0;
  return Math.round((lender.pricing.baseRate + (lender.pricing.companyAgeSpread[age] ?? 0) + turnover) * 100) / 100;
}

/** The most this lender lends to a company with this turnover. */
export function businessCeiling(lender: BusinessLender, monthlyTurnover: number): number {
  const byTurnover = Math.floor((lender.maxTurnoverMultiple * monthlyTurnover) / AMOUNT_STEP + 1e-9) * AMOUNT_STEP;
  return Math.min(lender.maxAmount, byTurnover);
}

export function decideBusiness(profile: BusinessProfile, lender: BusinessLender): OfferTerms | null {
  const { companyType, companyAge, tenor: applied } = profile;
  if (companyType === null || !lender.companyTypes.includes(companyType)) return null;
  if (companyAge === null || ageRank(companyAge) < ageRank(lender.minCompanyAge)) return null;
  if (profile.monthlyTurnover < lender.minMonthlyTurnover) return null;
  if (applied === null) return null;

  const amount = Math.min(profile.amount, businessCeiling(lender, profile.monthlyTurnover));
  if (amount < lender.minAmount || amount < profile.amount * MIN_DOWNSELL_SHARE || amount <= 0) return null;

  const tenor = Math.min(Math.max(applied, lender.minTenor), lender.maxTenor);
  const interest = businessRate(lender, companyAge, profile.monthlyTurnover);
  const arrangementFee = roundCents(lender.fees.arrangementFee + (amount * lender.fees.arrangementFeePercent) / 100);
  const monthlyFee = lender.fees.monthlyFee;
  const terms = repayment({ amount, tenor, nominalRate: interest, arrangementFee, monthlyFee });
  // Beyond the bisection's range (over 1000 %) no financier would quote it, nor could it be stored.
  if (!Number.isFinite(terms.apr)) return null;
  return {
    partnerCode: lender.code,
    partnerName: lender.name,
    amount,
    totalAmount: terms.totalAmount,
    tenor,
    interest,
    apr: terms.apr,
    monthlyPayment: terms.monthlyPayment,
    arrangementFee,
    monthlyFee,
    downsell: amount < profile.amount,
    additionalInfo: lender.fastTrack ? 'FAST_TRACK' : null,
    lenderInfo: lender.lenderInfo,
    buttonText: lender.buttonText,
  };
}
