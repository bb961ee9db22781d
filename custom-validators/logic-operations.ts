// Extra JSON-Logic operations for form rules. The engine registers them with
// json-logic-js (`add_operation`); this module stays free of that library and
// of AJV so it can ship in the browser bundle as is.
//
// Rules are evaluated against whatever the user has typed so far, so every
// operation tolerates missing or half-typed input and answers null (or 0 for
// sums) instead of throwing.
import { personalIdAge, personalIdIndividualNumber, personalIdSex } from './personal-id.ts';
import { monthYearNotInFuture, monthYearNotInPast } from './month-year.ts';
import { roundHalfAwayFromZero } from './rounding.ts';
import { insurancePremium } from './insurance-premium.ts';

// Numbers, and numeric strings from inputs that have not been normalised yet.
function toNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && value.trim() !== '') {
    const n = Number(value);
    return Number.isFinite(n) ? n : null;
  }
  return null;
}

/**
 * Monthly payment of an annuity loan in whole euros. With a zero rate it is
 * principal / months. Null when an input is missing, months is not positive,
 * or the result is not a finite number.
 */
export function annuity(principal: unknown, annualRatePercent: unknown, months: unknown): number | null {
  const p = toNumber(principal);
  const rate = toNumber(annualRatePercent);
  const n = toNumber(months);
  if (p === null || rate === null || n === null || n <= 0) return null;
  const r = rate / 100 / 12;
  const payment = r === 0 ? p / n : (p * r) / (1 - Math.pow(1 + r, -n));
  return Number.isFinite(payment) ? roundHalfAwayFromZero(payment) : null;
}

export function sumBy(list: unknown, key: unknown): number {
  if (!Array.isArray(list) || typeof key !== 'string') return 0;
  let sum = 0;
  for (const item of list) {
    const value = item !== null && typeof item === 'object' ? (item as Record<string, unknown>)[key] : undefined;
    if (typeof value === 'number' && Number.isFinite(value)) sum += value;
  }
  return sum;
}

/** How many arguments are exactly `true`; an array argument counts its items. */
export function countTrue(...values: unknown[]): number {
  return values.flat().filter((value) => value === true).length;
}

export function isEmpty(value: unknown): boolean {
  return value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);
}

export function round(x: unknown, digits: unknown = 0): number | null {
  const n = toNumber(x);
  const d = digits === undefined || digits === null ? 0 : toNumber(digits);
  if (n === null || d === null || !Number.isInteger(d)) return null;
  return roundHalfAwayFromZero(n, d);
}

export const logicOperations: Record<string, (...args: any[]) => unknown> = {
  personalIdAge: (id: unknown) => personalIdAge(id),
  personalIdIndividualNumber: (id: unknown) => personalIdIndividualNumber(id),
  personalIdSex: (id: unknown) => personalIdSex(id),
  monthYearNotInFuture: (month: unknown, year: unknown) => monthYearNotInFuture(month, year),
  monthYearNotInPast: (month: unknown, year: unknown) => monthYearNotInPast(month, year),
  annuity,
  sumBy,
  countTrue,
  isEmpty,
  round,
  insurancePremium,
};
