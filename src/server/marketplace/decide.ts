// A lender's answer to one application, by plain rules: age, income left after
// housing and loans, and the debt-service ratio. Deterministic for the same input,
// so a replayed dispatch (after a restart) gives the same offer.
import { createHash } from 'node:crypto';
import type { ApplicantProfile } from './applicant-profile.ts';
import type { Lender } from './catalogue.ts';
import type { Offer } from './offers.ts';
import { annuityPayment, feesWithinCaps, maxNominalRate, repayment, roundCents, type CapRules } from './finance.ts';

/** A lender's answer: the offer as the wire has it, before it is stored (its id) and listed (its logo). */
export type OfferTerms = Omit<Offer, 'id'>;

/** Cost of living a lender assumes per child under 18, euros a month. */
const PER_CHILD = 250;
const AMOUNT_STEP = 500;
/** A downsell below this share of what was asked helps nobody. */
const MIN_DOWNSELL_SHARE = 0.3;

const APPETITE_TOLERANCE = { low: 0.35, medium: 0.65, high: 1 } as const;

/** 0 (safest) … 1 (riskiest), from the applicant alone. */
export function riskScore(profile: ApplicantProfile): number {
  const dsr = profile.grossIncome > 0 ? profile.existingPayments / profile.grossIncome : 1;
  const employment = { permanent: 0, pension: 0.15, work: 0.3, student: 0.6, unemployed: 0.9 }[profile.employment];
  const youth = profile.age !== null && profile.age < 25 ? 0.15 : 0;
  const income = profile.netIncome < 1500 ? 0.2 : profile.netIncome < 2500 ? 0.1 : 0;
  const coApplicant = profile.hasCoApplicant ? -0.1 : 0;
  return Math.max(0, Math.min(1, 0.45 * employment + 0.6 * Math.min(dsr, 0.6) + youth + income + coApplicant));
}

/** A stable small variation per application and lender, ±0.4 percentage points. */
function jitter(seed: string, lender: Lender): number {
  const byte = createHash('sha256').update(`${seed}:${lender.code}`).digest()[0];
  return (byte / 255 - 0.5) * 0.8;
}

/** Down to two decimals; the epsilon keeps 18.37 (stored as 18.369999…) at 18.37. */
function floorHundredths(x: number): number {
  return Math.floor(x * 100 + 1e-6) / 100;
}

function affordable(profile: ApplicantProfile, lender: Lender, newPayment: number): boolean {
  const left = profile.netIncome - profile.expenses - profile.existingPayments - newPayment - PER_CHILD * profile.children;
  const dsr = profile.grossIncome > 0 ? (profile.existingPayments + newPayment) / profile.grossIncome : Infinity;
  return left >= lender.minDisposableIncome && dsr <= lender.maxDebtServiceRatio;
}

export function decide(profile: ApplicantProfile, lender: Lender, caps: CapRules, seed: string): OfferTerms | null {
  if (profile.age === null || profile.age < lender.minAge || profile.age > lender.maxAge) return null;
  const risk = riskScore(profile);
  if (risk > APPETITE_TOLERANCE[lender.riskAppetite]) return null;

  const tenor = Math.min(Math.max(profile.tenor, lender.minTenor), lender.maxTenor);
  // Rounded before capping, and the cap taken down to whole hundredths: rounding a capped
  // rate could lift it up to 0.005 points over a cap that is not (a reference rate of 3.375).
  const priced = Math.round((lender.pricing.baseRate + lender.pricing.riskSpread * risk + jitter(seed, lender)) * 100) / 100;
  const rate = Math.min(priced, floorHundredths(maxNominalRate(caps)));
  const paymentFor = (amount: number) => annuityPayment(amount, rate, tenor) + lender.fees.monthlyFee;

  let amount = Math.min(profile.amount, lender.maxAmount);
  while (amount >= lender.minAmount && !affordable(profile, lender, paymentFor(amount))) amount -= AMOUNT_STEP;
  if (amount < lender.minAmount || amount < profile.amount * MIN_DOWNSELL_SHARE || amount <= 0) return null;

  const fees = feesWithinCaps(amount, tenor, lender.fees, caps);
  const terms = repayment({ amount, tenor, nominalRate: rate, ...fees });
  return {
    partnerCode: lender.code,
    partnerName: lender.name,
    amount,
    totalAmount: terms.totalAmount,
    tenor,
    interest: rate,
    apr: terms.apr,
    monthlyPayment: roundCents(terms.monthlyPayment),
    ...fees,
    downsell: amount < profile.amount,
    additionalInfo: lender.fastTrack ? 'FAST_TRACK' : null,
    lenderInfo: lender.lenderInfo,
    buttonText: lender.buttonText,
  };
}
