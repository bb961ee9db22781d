// Who may apply for the payment-protection insurance (issue 27, spec §2 "Insurance page"):
// age 20–63, 12 months of residence in Finland, 6 months of work of at least 16 h/week or
// 64 h/month, not laid off, healthy, no payment defaults. A pure function of what the
// service knows about the person, so the landing view, the server's submit and the tests
// read one answer.
//
// What the service knows decides only what it can decide for sure: the age (from the
// identity code, exact), and from the customer's latest identified application the kind of
// employment, when it started and when they moved in. Anything it cannot be sure of is left
// for the person to assure on the form, and an assurance never overrides a fact: an
// unemployed customer cannot tick their way in. Which gate reads which age range is in
// docs/decisions.md (issue 27): this function gates on the landing view's 20–63, the
// form's assurance text and the price table read the insurer's 18–63.
import type { FormDocument } from './types.ts';

/** The limits, from forms/insurance.json (eligibilityLimits). */
export interface EligibilityLimits {
  minAge: number;
  maxAge: number;
  residenceMonths: number;
  workMonths: number;
}

export interface MonthYear {
  year: number;
  /** 1–12. */
  month: number;
}

export interface Employment {
  /** The application forms' EmploymentTypeId (forms/sections/work.json); null when not answered. */
  typeId: number | null;
  start: MonthYear | null;
}

export interface InsuranceFacts {
  /** Whole years, from the identity code; null when the service does not know it. */
  age: number | null;
  /** From the latest identified application; null when there is none. */
  employment: Employment | null;
  /** Moved in to the current (Finnish) address, from the latest identified application. */
  moveIn: MonthYear | null;
}

/** The three checkboxes of the form (forms/insurance.json). */
export interface Assurances {
  assureAge?: boolean;
  hasWorked?: boolean;
  assureInformation?: boolean;
}

export const CRITERIA = ['age', 'residence', 'work', 'notLaidOff', 'healthy', 'noPaymentDefaults'] as const;
export type Criterion = (typeof CRITERIA)[number];
/** `assure`: the service cannot tell; the person's assurance decides. */
export type CriterionStatus = 'met' | 'notMet' | 'assure';

export interface Eligibility {
  status: 'eligible' | 'notEligible' | 'needsAssurance';
  criteria: Record<Criterion, CriterionStatus>;
  /** The criteria the service knows are not met (notEligible). */
  reasons: Criterion[];
  /** The criteria left to the person's assurance (needsAssurance). */
  assure: Criterion[];
}

/** EmploymentTypeId values (forms/sections/work.json). */
export const EMPLOYMENT = { unemployed: 1, student: 2, fixedTerm: 4, partTime: 5, permanent: 6, entrepreneur: 7, retired: 8 } as const;
/** Working full time by the kind of employment: at least 16 h/week for sure. */
const FULL_TIME: ReadonlySet<number> = new Set([EMPLOYMENT.permanent, EMPLOYMENT.fixedTerm, EMPLOYMENT.entrepreneur]);
/** No work to protect: the insurance cannot be granted whatever is assured. */
const NOT_WORKING: ReadonlySet<number> = new Set([EMPLOYMENT.unemployed, EMPLOYMENT.retired]);

/** Which checkbox covers which criterion (the texts of forms/insurance.json say so). */
export const ASSURED_BY: Record<keyof Assurances, readonly Criterion[]> = {
  assureAge: ['healthy'],
  hasWorked: ['work', 'notLaidOff'],
  assureInformation: ['residence', 'noPaymentDefaults'],
};

/**
 * Whole months surely passed since a month: something that began in `since` began at the
 * latest on its last day, so only months after that count (March → May 1st is one).
 * Negative when `since` is in the future.
 */
export function monthsSurelySince(since: MonthYear, today: Date): number {
  return today.getFullYear() * 12 + today.getMonth() + 1 - (since.year * 12 + since.month) - 1;
}

export function insuranceEligibility(facts: InsuranceFacts, limits: EligibilityLimits, today: Date, assurances: Assurances = {}): Eligibility {
  const criteria: Record<Criterion, CriterionStatus> = {
    age: facts.age === null ? 'assure' : facts.age >= limits.minAge && facts.age <= limits.maxAge ? 'met' : 'notMet',
    residence: facts.moveIn && monthsSurelySince(facts.moveIn, today) >= limits.residenceMonths ? 'met' : 'assure',
    work: work(facts.employment, limits, today),
    notLaidOff: 'assure',
    healthy: 'assure',
    noPaymentDefaults: 'assure',
  };
  for (const [box, covers] of Object.entries(ASSURED_BY) as Array<[keyof Assurances, readonly Criterion[]]>)
    if (assurances[box] === true) for (const criterion of covers) if (criteria[criterion] === 'assure') criteria[criterion] = 'met';
  const reasons = CRITERIA.filter((criterion) => criteria[criterion] === 'notMet');
  const assure = CRITERIA.filter((criterion) => criteria[criterion] === 'assure');
  const status = reasons.length ? 'notEligible' : assure.length ? 'needsAssurance' : 'eligible';
  return { status, criteria, reasons, assure };
}

function work(employment: Employment | null, limits: EligibilityLimits, today: Date): CriterionStatus {
  if (!employment || employment.typeId === null) return 'assure';
  if (NOT_WORKING.has(employment.typeId)) return 'notMet';
  // A student's or a part-timer's hours, and the job before a recent start, only the person knows.
  if (!FULL_TIME.has(employment.typeId) || !employment.start) return 'assure';
  return monthsSurelySince(employment.start, today) >= limits.workMonths ? 'met' : 'assure';
}

const monthYear = (month: unknown, year: unknown): MonthYear | null =>
  Number.isInteger(month) && Number.isInteger(year) && (month as number) >= 1 && (month as number) <= 12 ? { month: month as number, year: year as number } : null;

/**
 * The facts an application's data holds about its primary applicant (the consumer and
 * mortgage documents' field names); `age` comes from the identity code, not from here.
 */
export function factsFromApplication(data: Record<string, unknown> | null, age: number | null, prefix = 'primaryApplicant'): InsuranceFacts {
  if (!data) return { age, employment: null, moveIn: null };
  const typeId = data[`${prefix}EmploymentTypeId`];
  return {
    age,
    employment: Number.isInteger(typeId)
      ? { typeId: typeId as number, start: monthYear(data[`${prefix}WorkStartMonth`], data[`${prefix}WorkStartYear`]) }
      : null,
    moveIn: monthYear(data[`${prefix}MoveCurrentAddressMonth`], data[`${prefix}MoveCurrentAddressYear`]),
  };
}

/**
 * The limits as forms/insurance.json writes them: the service's ages are the `age` field's
 * minimum and maximum (so the form refuses what the landing view refuses, from one place),
 * the months are `constants.insuranceEligibility`. Throws on a document without them.
 */
export function eligibilityLimits(doc: Pick<FormDocument, 'schema' | 'constants'>): EligibilityLimits {
  const age = doc.schema.properties.age ?? {};
  const months = (doc.constants?.insuranceEligibility ?? {}) as Record<string, unknown>;
  const limits = { minAge: age.minimum, maxAge: age.maximum, residenceMonths: months.residenceMonths, workMonths: months.workMonths };
  for (const [key, limit] of Object.entries(limits)) if (!Number.isInteger(limit)) throw new Error(`the insurance document has no ${key} (age minimum/maximum, constants.insuranceEligibility)`);
  return limits as EligibilityLimits;
}
