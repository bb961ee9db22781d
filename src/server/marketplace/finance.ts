// Loan arithmetic the offers rely on: annuity payments, the EU consumer credit
// directive's APR (Directive 2008/48/EC, Annex I; kept in Directive (EU) 2023/2225)
// and the Finnish cost caps of the Consumer Protection Act (kuluttajansuojalaki 7:17 a).

export interface LoanTerms {
  /** What the borrower receives (luoton määrä), euros. */
  amount: number;
  /** Months. */
  tenor: number;
  /** Nominal annual rate, percent. */
  nominalRate: number;
  /** One-off arrangement fee, added to the balance (financed). */
  arrangementFee?: number;
  /** Fee added to every monthly payment. */
  monthlyFee?: number;
}

export interface Repayment {
  /** Monthly payment including the monthly fee, euros with cents. */
  monthlyPayment: number;
  /** Everything the borrower pays back. */
  totalAmount: number;
  /** Annual percentage rate of charge, percent with two decimals. */
  apr: number;
}

export const roundCents = (x: number) => Math.round(x * 100) / 100;

/** Payment that amortises `principal` over `months` at a nominal annual rate (percent). */
export function annuityPayment(principal: number, nominalRate: number, months: number): number {
  const r = nominalRate / 100 / 12;
  if (months <= 0) return Number.NaN;
  if (r === 0) return principal / months;
  return (principal * r) / (1 - (1 + r) ** -months);
}

/**
 * APR: the X that equates the credit drawn at t = 0 with the payments at t = k/12
 * years, Σ D_k (1 + X)^(−t_k) = amount (Annex I, with a month as 1/12 of a year).
 * Bisection on a monotone function: no convergence surprises.
 */
export function annualPercentageRate(amount: number, monthlyPayment: number, months: number): number {
  const presentValue = (x: number) => {
    let sum = 0;
    for (let k = 1; k <= months; k++) sum += monthlyPayment * (1 + x) ** (-k / 12);
    return sum;
  };
  let low = -0.99;
  let high = 10;
  if (presentValue(high) > amount) return Number.POSITIVE_INFINITY;
  for (let i = 0; i < 200 && high - low > 1e-12; i++) {
    const mid = (low + high) / 2;
    if (presentValue(mid) > amount) low = mid;
    else high = mid;
  }
  return ((low + high) / 2) * 100;
}

export function repayment(terms: LoanTerms): Repayment {
  const fee = terms.arrangementFee ?? 0;
  const monthlyFee = terms.monthlyFee ?? 0;
  const exact = annuityPayment(terms.amount + fee, terms.nominalRate, terms.tenor) + monthlyFee;
  const monthlyPayment = roundCents(exact);
  return {
    monthlyPayment,
    totalAmount: roundCents(monthlyPayment * terms.tenor),
    apr: Math.round(annualPercentageRate(terms.amount, exact, terms.tenor) * 100) / 100,
  };
}

// ---- Finnish caps --------------------------------------------------------------

export interface CapRules {
  /** The reference rate of the Interest Act (korkolaki 12 §), percent. */
  referenceRate: number;
  /** Percentage points allowed above the reference rate. */
  marginAboveReference: number;
  /** Absolute ceiling of the nominal rate, percent. */
  absoluteMaxRate: number;
  /** Other costs per day as a share of the credit. */
  otherCostsPerDayShare: number;
  /** Other costs per year, euros. */
  otherCostsPerYear: number;
}

export function maxNominalRate(rules: CapRules): number {
  return Math.min(rules.referenceRate + rules.marginAboveReference, rules.absoluteMaxRate);
}

/** The most that costs other than interest may be in any one year of the loan. */
export function maxOtherCostsPerYear(amount: number, rules: CapRules): number {
  return Math.min(amount * rules.otherCostsPerDayShare * 365, rules.otherCostsPerYear);
}

/** Other costs falling in each 12-month period: the arrangement fee in the first. */
export function otherCostsByYear(terms: LoanTerms): number[] {
  const years = Math.ceil(terms.tenor / 12);
  return Array.from({ length: years }, (_, y) => {
    const months = Math.min(12, terms.tenor - y * 12);
    return (y === 0 ? (terms.arrangementFee ?? 0) : 0) + months * (terms.monthlyFee ?? 0);
  });
}

export interface CapViolation {
  rule: 'nominalRate' | 'otherCosts';
  detail: string;
}

export function capViolations(terms: LoanTerms, rules: CapRules): CapViolation[] {
  const violations: CapViolation[] = [];
  const maxRate = maxNominalRate(rules);
  if (terms.nominalRate > maxRate + 1e-9) violations.push({ rule: 'nominalRate', detail: `${terms.nominalRate} % > ${maxRate} %` });
  const cap = maxOtherCostsPerYear(terms.amount, rules);
  otherCostsByYear(terms).forEach((costs, year) => {
    if (costs > cap + 1e-9) violations.push({ rule: 'otherCosts', detail: `year ${year + 1}: ${costs.toFixed(2)} € > ${cap.toFixed(2)} €` });
  });
  return violations;
}

/**
 * Fees trimmed to fit the cap: the monthly fee first keeps room for the
 * arrangement fee in year one, as lenders price the set-up cost up front.
 */
export function feesWithinCaps(amount: number, tenor: number, fees: { arrangementFee: number; monthlyFee: number }, rules: CapRules) {
  const cap = maxOtherCostsPerYear(amount, rules);
  const firstYearMonths = Math.min(12, tenor);
  const monthlyFee = Math.min(fees.monthlyFee, Math.floor((cap / firstYearMonths) * 100) / 100);
  const arrangementFee = Math.max(0, Math.min(fees.arrangementFee, Math.floor((cap - monthlyFee * firstYearMonths) * 100) / 100));
  return { arrangementFee, monthlyFee };
}
