// What the mortgage pre-analysis looks at, read from a stored mortgage application
// (spec §3). The one place that knows the form's field names, so the rules in
// mortgage-analysis.ts stay independent of them. No date here: ages depend on when
// the analysis runs, so the profile keeps birth dates, never the identity code.
import type { CalendarDate } from '../../../custom-validators/calendar.ts';
import { parsePersonalId } from '../../../custom-validators/personal-id.ts';

export interface MortgageApplicant {
  /** From the identity code; null when it is missing or not a valid code. */
  birthDate: CalendarDate | null;
  grossIncome: number;
  netIncome: number;
  /** Housing costs a month (rent, maintenance charge). */
  livingExpenses: number;
  otherExpenses: number;
  /** Children under 18 in the household. */
  children: number;
  /** Monthly payments of existing mortgages, kept apart: a refinancing replaces them. */
  mortgagePayments: number;
  /** Monthly payments of car/boat, student and other loans. */
  otherLoanPayments: number;
}

export interface MortgageProfile {
  amount: number;
  /** Months. */
  tenor: number;
  ownFunding: number;
  /** The home's price estimate; null when the applicant gave none (no home in view yet). */
  priceEstimate: number | null;
  /** The new home's floor area, m²; null when not given. */
  apartmentSize: number | null;
  /** competeCurrentLoan: the applied loan replaces the applicants' current mortgage. */
  refinancesCurrentLoan: boolean;
  /** The primary applicant first, then the co-applicant when there is one. */
  applicants: MortgageApplicant[];
  cars: number;
}

const num = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : 0);

function applicant(data: Record<string, unknown>, who: 'primaryApplicant' | 'coApplicant'): MortgageApplicant {
  const field = (suffix: string) => num(data[`${who}${suffix}`]);
  return {
    birthDate: parsePersonalId(data[`${who}PersonalIdentificationNumber`])?.birthDate ?? null,
    grossIncome: field('GrossMonthlyIncome'),
    netIncome: field('NetMonthlyIncome'),
    livingExpenses: field('LivingExpenses'),
    otherExpenses: field('OtherRegularExpenses'),
    children: field('HouseholdPeople'),
    // The form's derived sums of each loan list; a kind not ticked is absent.
    mortgagePayments: field('MonthlyPaymentMortgage'),
    otherLoanPayments: field('MonthlyPaymentCarboat') + field('MonthlyPaymentStudentLoan') + field('MonthlyPaymentOtherLoan'),
  };
}

export function mortgageProfile(data: Record<string, unknown>): MortgageProfile {
  // Details of the home count only while hasInfoOnHousing is ticked: values left behind
  // from before the applicant unticked it describe no home.
  const housing = data.hasInfoOnHousing === true;
  const estimate = num(data.apartmentPriceEstimate);
  const size = num(data.apartmentSize);
  return {
    // Derived by the form from the slider inputs (euros, years) and stored with them; the
    // inputs stand in should a stored application lack the derived value.
    amount: num(data.appliedAmount) || num(data.inputAppliedAmount),
    tenor: num(data.appliedTenor) || num(data.inputAppliedTenor) * 12,
    ownFunding: num(data.ownFunding),
    priceEstimate: housing && estimate > 0 ? estimate : null,
    apartmentSize: housing && size > 0 ? size : null,
    refinancesCurrentLoan: data.competeCurrentLoan === true,
    applicants: data.hasCoApplicant === true ? [applicant(data, 'primaryApplicant'), applicant(data, 'coApplicant')] : [applicant(data, 'primaryApplicant')],
    cars: num(data.amountOfCars),
  };
}
