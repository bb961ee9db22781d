// The mortgage pre-analysis (issue 15): plain rules decide which partner banks an
// application is forwarded to (status OTHER), or that none would look at it (DENIED,
// with the reasons the denied page shows). Pure and deterministic: the same profile,
// banks and day give the same outcome, so a replay after a restart changes nothing.
// The numbers and why they are what they are: docs/decisions.md ("Mortgage pre-analysis").
import { readFileSync } from 'node:fs';
import { daysInMonth, finnishCalendarDate, yearsBetween, type CalendarDate } from '../../../custom-validators/calendar.ts';
import { annuityPayment } from './finance.ts';
import type { MortgageProfile } from './mortgage-profile.ts';

/** Every reason code, in the order that breaks ties between equally common reasons. */
export const MORTGAGE_REASONS = [
  'missingInformation',
  'noPriceEstimate',
  'loanToValue',
  'ownFunding',
  'incomeAfterCosts',
  'ageAtEnd',
  'amount',
  'tenor',
] as const;

export type MortgageReason = (typeof MORTGAGE_REASONS)[number];

export interface MortgageBank {
  code: string;
  name: string;
  minAmount: number;
  maxAmount: number;
  /** Months. */
  maxTenor: number;
  /** Largest loan as a share of the home's value. */
  maxLoanToValue: number;
  /** Largest loan without a price estimate; null: no application without one. */
  maxAmountWithoutPriceEstimate: number | null;
  /** Euros a month each applicant must have left after every cost and loan payment. */
  minIncomeLeftPerAdult: number;
  /** Age in whole years on the day of the last payment, at most. */
  maxAgeAtEnd: number;
}

/** What every bank assumes alike. */
export interface MortgageAssumptions {
  /**
   * Nominal rate (percent) the new loan's payment is estimated at: 6, the rate FIN-FSA has
   * lenders test a housing-loan borrower's ability to pay at, since the rate of the day says
   * little about a loan that runs for decades.
   */
  stressRate: number;
  /** Longest tenor (months) that estimate may spread the loan over, so a long term cannot hide a heavy payment. */
  stressMaxTenor: number;
  /** Housing costs a month per m² of the bought home (maintenance charge and water), replacing the current ones. */
  housingCostPerSquareMetre: number;
  /** Living costs a month per child under 18 and per car, on top of what the applicants state. */
  costPerChild: number;
  costPerCar: number;
}

export interface MortgageBanks {
  assumptions: MortgageAssumptions;
  banks: MortgageBank[];
}

export interface MortgageAnalysis {
  status: 'OTHER' | 'DENIED';
  /** Codes of the banks that accept, in catalogue order; empty when denied. */
  forwardedTo: string[];
  /** Only when denied: every bank's reasons, each once, the most common first. */
  reasons: MortgageReason[];
}

let cached: MortgageBanks | undefined;

export function loadMortgageBanks(): MortgageBanks {
  cached ??= JSON.parse(readFileSync(new URL('./mortgage-banks.json', import.meta.url), 'utf8')) as MortgageBanks;
  return cached;
}

/** Float slack in euro comparisons (0.85 × 100 001 is 85 000.84999999999 in binary); far below a cent. */
const EPSILON = 1e-6;

/** The new loan's monthly payment at the stress rate, over at most the stress tenor. */
export function stressedPayment(profile: MortgageProfile, assumptions: MortgageAssumptions): number {
  return annuityPayment(profile.amount, assumptions.stressRate, Math.min(profile.tenor, assumptions.stressMaxTenor));
}

/**
 * The household's housing costs a month once the loan is drawn. Buying a home the size of
 * which is known, the applicants move: today's rent or charge ends and the new home's
 * costs begin. Refinancing, they stay; with no home in view, today's costs are all we know.
 */
export function housingCosts(profile: MortgageProfile, assumptions: MortgageAssumptions): number {
  if (!profile.refinancesCurrentLoan && profile.apartmentSize !== null) return profile.apartmentSize * assumptions.housingCostPerSquareMetre;
  return profile.applicants.reduce((sum, applicant) => sum + applicant.livingExpenses, 0);
}

/** Net income left a month after housing, other expenses, every loan payment and the new loan's stressed payment. */
export function incomeLeft(profile: MortgageProfile, assumptions: MortgageAssumptions): number {
  let left = -stressedPayment(profile, assumptions) - housingCosts(profile, assumptions);
  for (const applicant of profile.applicants) {
    // A refinanced mortgage is paid off by the new loan, whose payment is already counted.
    const mortgages = profile.refinancesCurrentLoan ? 0 : applicant.mortgagePayments;
    left += applicant.netIncome - applicant.otherExpenses - mortgages - applicant.otherLoanPayments;
  }
  // Applicants applying together usually share a household: its children are counted once.
  const children = Math.max(0, ...profile.applicants.map((applicant) => applicant.children));
  return left - children * assumptions.costPerChild - profile.cars * assumptions.costPerCar;
}

function addMonths(date: CalendarDate, months: number): CalendarDate {
  const index = date.year * 12 + (date.month - 1) + months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  return { year, month, day: Math.min(date.day, daysInMonth(year, month)) };
}

/**
 * The oldest applicant's age in whole years on the day of the last payment, or null
 * when a birth date is unknown. Every applicant counts: the income rule relies on
 * each one's income for the whole term.
 */
export function ageAtEnd(profile: MortgageProfile, today: Date): number | null {
  const start = finnishCalendarDate(today);
  const end = addMonths(start, Math.ceil(profile.tenor));
  let oldest: number | null = null;
  for (const { birthDate } of profile.applicants) {
    if (!birthDate || yearsBetween(birthDate, start) < 0) return null;
    oldest = Math.max(oldest ?? 0, yearsBetween(birthDate, end));
  }
  return oldest;
}

/** Why one bank would not look at the application; empty when it would. */
export function bankReasons(profile: MortgageProfile, bank: MortgageBank, assumptions: MortgageAssumptions, today: Date): MortgageReason[] {
  const reasons: MortgageReason[] = [];
  if (profile.amount < bank.minAmount || profile.amount > bank.maxAmount) reasons.push('amount');
  if (profile.tenor > bank.maxTenor) reasons.push('tenor');
  if (profile.priceEstimate !== null) {
    if (profile.amount > bank.maxLoanToValue * profile.priceEstimate + EPSILON) reasons.push('loanToValue');
  } else {
    if (bank.maxAmountWithoutPriceEstimate === null || profile.amount > bank.maxAmountWithoutPriceEstimate) reasons.push('noPriceEstimate');
    // No value to lend against: the home the applicant can buy costs the loan plus
    // the own funding, so the own funding must cover the share the bank does not lend.
    if (profile.amount > bank.maxLoanToValue * (profile.amount + profile.ownFunding) + EPSILON) reasons.push('ownFunding');
  }
  if (incomeLeft(profile, assumptions) < bank.minIncomeLeftPerAdult * profile.applicants.length - EPSILON) reasons.push('incomeAfterCosts');
  const age = ageAtEnd(profile, today);
  if (age !== null && age > bank.maxAgeAtEnd) reasons.push('ageAtEnd');
  return reasons;
}

const isComplete = (profile: MortgageProfile, today: Date) => profile.amount > 0 && profile.tenor > 0 && ageAtEnd(profile, today) !== null;

export function analyseMortgage(profile: MortgageProfile, { assumptions, banks }: MortgageBanks, today: Date): MortgageAnalysis {
  // Stored applications passed the form's validation, so this is a safeguard, not a path.
  if (!isComplete(profile, today)) return { status: 'DENIED', forwardedTo: [], reasons: ['missingInformation'] };
  const counts = new Map<MortgageReason, number>();
  const forwardedTo: string[] = [];
  for (const bank of banks) {
    const reasons = bankReasons(profile, bank, assumptions, today);
    if (reasons.length === 0) forwardedTo.push(bank.code);
    for (const reason of reasons) counts.set(reason, (counts.get(reason) ?? 0) + 1);
  }
  if (forwardedTo.length > 0) return { status: 'OTHER', forwardedTo, reasons: [] };
  const reasons = MORTGAGE_REASONS.filter((reason) => counts.has(reason)).sort((a, b) => counts.get(b)! - counts.get(a)!);
  return { status: 'DENIED', forwardedTo: [], reasons };
}
