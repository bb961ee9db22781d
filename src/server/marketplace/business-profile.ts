// What business financiers look at, read from a stored business application (spec §3
// "Business application payload"). The one place that knows the business form's field
// names and option codes, so the rules in business-decide.ts and the lenders in
// business-lenders.json speak of 'limitedCompany' and 'overTenYears', never of 220 and 99.

export type CompanyType = 'soleTrader' | 'limitedCompany' | 'generalPartnership' | 'limitedPartnership';

/** Youngest first: the order the lenders' minimum age class is compared in. */
export const COMPANY_AGES = ['underOneYear', 'oneToTenYears', 'overTenYears'] as const;
export type CompanyAge = (typeof COMPANY_AGES)[number];

export interface BusinessProfile {
  /** Euros; 0 when missing. */
  amount: number;
  /** Months; null when missing or not a whole number of months. */
  tenor: number | null;
  companyType: CompanyType | null;
  companyAge: CompanyAge | null;
  /** Euros a month; 0 when missing. */
  monthlyTurnover: number;
}

const COMPANY_TYPES: Record<number, CompanyType> = { 219: 'soleTrader', 220: 'limitedCompany', 221: 'generalPartnership', 222: 'limitedPartnership' };
// 88 and 99 are the payload's codes for the open-ended classes, not years.
const AGE_CLASSES: Record<number, CompanyAge> = { 88: 'underOneYear', 1: 'oneToTenYears', 99: 'overTenYears' };

/** A number, or a decimal string of one: the payload sends appliedTenor as "12", option ids may come either way. */
function numberOf(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && /^\s*\d{1,9}(\.\d+)?\s*$/.test(value)) return Number(value);
  return null;
}

export function businessProfileOf(data: Record<string, unknown>): BusinessProfile {
  const amount = numberOf(data.appliedAmount);
  const tenor = numberOf(data.appliedTenor);
  const turnover = numberOf(data.monthlyTurnover);
  return {
    amount: amount !== null && amount > 0 ? amount : 0,
    tenor: tenor !== null && Number.isInteger(tenor) && tenor > 0 ? tenor : null,
    companyType: COMPANY_TYPES[numberOf(data.companyType) ?? -1] ?? null,
    companyAge: AGE_CLASSES[numberOf(data.companyAge) ?? -1] ?? null,
    monthlyTurnover: turnover !== null && turnover > 0 ? turnover : 0,
  };
}
