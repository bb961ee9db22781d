// What lenders look at, read from a stored consumer application. Kept apart from
// the decision rules so the rules stay independent of the form's field names.
import { personalIdAge } from '../../../custom-validators/personal-id.ts';

export interface ApplicantProfile {
  age: number | null;
  /** Net monthly income of the applicants together. */
  netIncome: number;
  grossIncome: number;
  /** Housing and other regular expenses a month. */
  expenses: number;
  /** Payments of loans that remain after this loan (consolidated ones excluded). */
  existingPayments: number;
  children: number;
  /** Employment of the primary applicant: permanent, other work, pension, none. */
  employment: 'permanent' | 'work' | 'pension' | 'student' | 'unemployed';
  amount: number;
  tenor: number;
  hasCoApplicant: boolean;
}

const num = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : 0);
const KINDS = ['Mortgage', 'Carboat', 'StudentLoan', 'OtherLoan'] as const;
const EMPLOYMENT: Record<number, ApplicantProfile['employment']> = { 6: 'permanent', 4: 'work', 5: 'work', 7: 'work', 8: 'pension', 2: 'student', 1: 'unemployed' };

export function profileOf(data: Record<string, unknown>, today = new Date()): ApplicantProfile {
  const withCo = data.hasCoApplicant === true;
  const people = withCo ? ['primaryApplicant', 'coApplicant'] : ['primaryApplicant'];
  const consolidating = data.loanPurposeId === 19;
  let existingPayments = 0;
  for (const who of people) {
    for (const kind of KINDS) {
      const paidOff = consolidating && who === 'primaryApplicant' && data[`useLoanFor${kind}`] === true;
      if (!paidOff) existingPayments += num(data[`${who}MonthlyPayment${kind}`]);
    }
  }
  const sum = (suffix: string) => people.reduce((total, who) => total + num(data[`${who}${suffix}`]), 0);
  const id = data.primaryApplicantPersonalIdentificationNumber;
  return {
    age: typeof id === 'string' ? personalIdAge(id, today) : null,
    netIncome: sum('NetMonthlyIncome'),
    grossIncome: sum('GrossMonthlyIncome'),
    expenses: sum('LivingExpenses') + sum('OtherRegularExpenses'),
    existingPayments,
    children: num(data.primaryApplicantHouseholdPeople),
    employment: EMPLOYMENT[num(data.primaryApplicantEmploymentTypeId)] ?? 'unemployed',
    amount: num(data.appliedAmount ?? data.inputAppliedAmount),
    tenor: num(data.appliedTenor) || num(data.inputAppliedTenor) * 12,
    hasCoApplicant: withCo,
  };
}
