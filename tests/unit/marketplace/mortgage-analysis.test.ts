import { describe, expect, it } from 'vitest';
import { mortgageDenialReasons } from '../../../src/server/messages.ts';
import {
  analyseMortgage,
  loadMortgageBanks,
  MORTGAGE_REASONS,
  type MortgageAssumptions,
  type MortgageBank,
  type MortgageBanks,
} from '../../../src/server/marketplace/mortgage-analysis.ts';
import { mortgageProfile, type MortgageApplicant, type MortgageProfile } from '../../../src/server/marketplace/mortgage-profile.ts';
import { personalId } from '../../fixtures/personal-id.ts';

// Noon in Helsinki on 15 June 2026: a 300-month loan's last payment falls on 15 June 2051.
const today = new Date('2026-06-15T09:00:00Z');

const assumptions: MortgageAssumptions = { stressRate: 6, stressMaxTenor: 300, housingCostPerSquareMetre: 5, costPerChild: 300, costPerCar: 200 };

const bank = (overrides: Partial<MortgageBank> = {}): MortgageBank => ({
  code: 'testipankki',
  name: 'Testipankki',
  minAmount: 20000,
  maxAmount: 500000,
  maxTenor: 360,
  maxLoanToValue: 0.9,
  maxAmountWithoutPriceEstimate: 200000,
  minIncomeLeftPerAdult: 600,
  maxAgeAtEnd: 75,
  ...overrides,
});

const banksOf = (...banks: MortgageBank[]): MortgageBanks => ({ assumptions, banks });

const person = (overrides: Partial<MortgageApplicant> = {}): MortgageApplicant => ({
  birthDate: { year: 1985, month: 1, day: 1 },
  grossIncome: 4000,
  netIncome: 3000,
  livingExpenses: 800,
  otherExpenses: 200,
  children: 0,
  mortgagePayments: 0,
  otherLoanPayments: 0,
  ...overrides,
});

const profile = (overrides: Partial<MortgageProfile> = {}): MortgageProfile => ({
  amount: 100000,
  tenor: 300,
  ownFunding: 20000,
  priceEstimate: 150000,
  // Unknown size: the stated housing costs stand (see the housing test).
  apartmentSize: null,
  refinancesCurrentLoan: false,
  applicants: [person()],
  cars: 0,
  ...overrides,
});

/** The annuity at 6 % a year, written out here rather than taken from finance.ts. */
function paymentAtSixPercent(amount: number, months: number): number {
  const r = 0.06 / 12;
  return (amount * r) / (1 - (1 + r) ** -months);
}

const reasonsOf = (p: MortgageProfile, b: MortgageBank = bank()) => {
  const outcome = analyseMortgage(p, banksOf(b), today);
  return outcome.status === 'OTHER' ? [] : outcome.reasons;
};

describe('mortgage pre-analysis', () => {
  it('forwards a solid applicant, with no reasons', () => {
    expect(analyseMortgage(profile(), banksOf(bank(), bank({ code: 'toinen' })), today)).toEqual({
      status: 'OTHER',
      forwardedTo: ['testipankki', 'toinen'],
      reasons: [],
    });
  });

  it('loan-to-value: exactly at the bank limit passes, a euro or a slider step above does not', () => {
    const estimate = { priceEstimate: 200000 };
    expect(reasonsOf(profile({ ...estimate, amount: 180000 }))).toEqual([]);
    expect(reasonsOf(profile({ ...estimate, amount: 180001 }))).toEqual(['loanToValue']);
    expect(reasonsOf(profile({ ...estimate, amount: 180500 }))).toEqual(['loanToValue']);
    // Each bank its own limit: 95 % is fine where 90 % is not.
    expect(reasonsOf(profile({ ...estimate, amount: 190000 }), bank({ maxLoanToValue: 0.95 }))).toEqual([]);
  });

  it('income after costs: the new loan at 6 % over at most 25 years, to the cent', () => {
    const payment = paymentAtSixPercent(100000, 300);
    expect(payment).toBeCloseTo(644.3, 2);
    // 600 € must be left after housing 800 €, other costs 200 € and the stressed payment.
    const atLimit = Math.ceil((600 + 800 + 200 + payment) * 100) / 100;
    expect(reasonsOf(profile({ applicants: [person({ netIncome: atLimit })] }))).toEqual([]);
    expect(reasonsOf(profile({ applicants: [person({ netIncome: atLimit - 0.01 })] }))).toEqual(['incomeAfterCosts']);
    // A 30-year loan is tested as if paid in 25 years: the same boundary.
    expect(reasonsOf(profile({ tenor: 360, applicants: [person({ netIncome: atLimit - 0.01 })] }))).toEqual(['incomeAfterCosts']);
    // A shorter loan is tested over its own term (a larger payment).
    const shortLimit = Math.ceil((1600 + paymentAtSixPercent(100000, 120)) * 100) / 100;
    expect(reasonsOf(profile({ tenor: 120, applicants: [person({ netIncome: shortLimit })] }))).toEqual([]);
    expect(reasonsOf(profile({ tenor: 120, applicants: [person({ netIncome: shortLimit - 0.01 })] }))).toEqual(['incomeAfterCosts']);
  });

  it('income after costs counts existing loans, children once per household and cars', () => {
    const base = person({ netIncome: 2500 }); // 2500 − 1000 − 644.30 = 855.70 left
    expect(reasonsOf(profile({ applicants: [base] }))).toEqual([]);
    expect(reasonsOf(profile({ applicants: [{ ...base, otherLoanPayments: 256 }] }))).toEqual(['incomeAfterCosts']);
    expect(reasonsOf(profile({ applicants: [base], cars: 2 }))).toEqual(['incomeAfterCosts']);
    expect(reasonsOf(profile({ applicants: [{ ...base, children: 1 }] }))).toEqual(['incomeAfterCosts']);
    // Two applicants listing the same two children: 600 € for them, not 1200 €.
    const couple = [person({ netIncome: 2500, children: 2 }), person({ netIncome: 1500, livingExpenses: 0, otherExpenses: 0, children: 2 })];
    // 4000 − 1000 − 644.30 − 600 = 1755.70 ≥ 2 × 600; counted twice it would be 1155.70.
    expect(reasonsOf(profile({ applicants: couple }))).toEqual([]);
  });

  it('buying a home of known size, its costs replace today\'s rent; refinancing, today\'s costs stay', () => {
    const renter = person({ netIncome: 2000, livingExpenses: 800 }); // 2000 − 800 − 200 − 644.30 = 355.70
    expect(reasonsOf(profile({ applicants: [renter] }))).toEqual(['incomeAfterCosts']);
    // A 60 m² flat at 5 €/m²: 300 € instead of 800 € rent leaves 855.70.
    expect(reasonsOf(profile({ applicants: [renter], apartmentSize: 60 }))).toEqual([]);
    // Someone living rent-free today pays the new home's costs too: 1700 − 200 − 644.30 − 300 < 600.
    expect(reasonsOf(profile({ applicants: [person({ netIncome: 1700, livingExpenses: 0 })], apartmentSize: 60 }))).toEqual(['incomeAfterCosts']);
    // A couple moves together: both today's costs end, the new home's are paid once.
    const couple = [person({ netIncome: 1500, livingExpenses: 700 }), person({ netIncome: 1500, livingExpenses: 700, otherExpenses: 0 })];
    expect(reasonsOf(profile({ applicants: couple }))).toEqual(['incomeAfterCosts']); // 3000 − 1600 − 644.30 = 755.70
    expect(reasonsOf(profile({ applicants: couple, apartmentSize: 60 }))).toEqual([]); // 3000 − 500 − 644.30 = 1855.70
    // Refinancing, the applicant stays where the charge is today's.
    expect(reasonsOf(profile({ applicants: [renter], apartmentSize: 60, refinancesCurrentLoan: true }))).toEqual(['incomeAfterCosts']);
  });

  it("a co-applicant's income adds, and each applicant needs the bank's minimum left", () => {
    const stretched = person({ netIncome: 2000 }); // 355.70 left alone
    expect(reasonsOf(profile({ applicants: [stretched] }))).toEqual(['incomeAfterCosts']);
    const earner = person({ netIncome: 1800, livingExpenses: 0, otherExpenses: 100 });
    expect(reasonsOf(profile({ applicants: [stretched, earner] }))).toEqual([]);
    // 855.70 left is enough for one adult, not for two (2 × 600).
    const alone = person({ netIncome: 2500 });
    expect(reasonsOf(profile({ applicants: [alone] }))).toEqual([]);
    expect(reasonsOf(profile({ applicants: [alone, person({ netIncome: 0, livingExpenses: 0, otherExpenses: 0 })] }))).toEqual(['incomeAfterCosts']);
  });

  it('competeCurrentLoan: the mortgage it replaces is not paid twice; other loans still count', () => {
    const owner = person({ netIncome: 3000, mortgagePayments: 900 }); // 3000 − 1000 − 900 − 644.30 = 455.70
    expect(reasonsOf(profile({ applicants: [owner] }))).toEqual(['incomeAfterCosts']);
    expect(reasonsOf(profile({ applicants: [owner], refinancesCurrentLoan: true }))).toEqual([]);
    const withCarLoan = { ...owner, otherLoanPayments: 800 };
    expect(reasonsOf(profile({ applicants: [withCarLoan], refinancesCurrentLoan: true }))).toEqual(['incomeAfterCosts']);
  });

  it('age at the end of the term: the oldest applicant, in whole years on the day of the last payment', () => {
    // The 300-month term ends on 15 June 2051; the bank lends until the age of 75.
    const bornOn = (year: number, month: number, day: number) => profile({ applicants: [person({ birthDate: { year, month, day } })] });
    expect(reasonsOf(bornOn(1975, 6, 16))).toEqual([]); // 75, turning 76 the day after
    expect(reasonsOf(bornOn(1975, 6, 15))).toEqual(['ageAtEnd']); // turns 76 on that day
    // Five years shorter, the same applicant is fine.
    expect(reasonsOf({ ...bornOn(1975, 6, 15), tenor: 240 })).toEqual([]);
    // A young primary applicant does not cover an older co-applicant.
    const couple = [person({ birthDate: { year: 1995, month: 1, day: 1 } }), person({ birthDate: { year: 1975, month: 6, day: 15 }, netIncome: 1200 })];
    expect(reasonsOf(profile({ applicants: couple }))).toEqual(['ageAtEnd']);
  });

  it('amount and tenor outside the bank limits', () => {
    expect(reasonsOf(profile({ amount: 19999 }))).toEqual(['amount']);
    expect(reasonsOf(profile({ amount: 20000 }))).toEqual([]);
    expect(reasonsOf(profile({ amount: 100000, tenor: 300 }), bank({ maxAmount: 99500 }))).toEqual(['amount']);
    expect(reasonsOf(profile({ tenor: 360 }), bank({ maxTenor: 300 }))).toEqual(['tenor']);
    expect(reasonsOf(profile({ tenor: 300 }), bank({ maxTenor: 300 }))).toEqual([]);
  });

  it('without a price estimate each bank follows its policy, and own funding must cover the share it does not lend', () => {
    const noEstimate = profile({ priceEstimate: null, amount: 100000, ownFunding: 20000 });
    expect(reasonsOf(noEstimate)).toEqual([]);
    expect(reasonsOf(noEstimate, bank({ maxAmountWithoutPriceEstimate: null }))).toEqual(['noPriceEstimate']);
    expect(reasonsOf(noEstimate, bank({ maxAmountWithoutPriceEstimate: 99500 }))).toEqual(['noPriceEstimate']);
    expect(reasonsOf(noEstimate, bank({ maxAmountWithoutPriceEstimate: 100000 }))).toEqual([]);
    // 90 000 € of a 100 000 € home is 90 % exactly; a euro less of own funding is not.
    expect(reasonsOf(profile({ priceEstimate: null, amount: 90000, ownFunding: 10000 }))).toEqual([]);
    expect(reasonsOf(profile({ priceEstimate: null, amount: 90000, ownFunding: 9999 }))).toEqual(['ownFunding']);
    // With an estimate, the loan is measured against it and own funding plays no part.
    expect(reasonsOf(profile({ priceEstimate: 150000, amount: 100000, ownFunding: 0 }))).toEqual([]);
  });

  it('denies when every bank refuses, with each reason once, the most common first', () => {
    const applicant = profile({ amount: 100000, priceEstimate: 120000 }); // 83 % of the estimate
    const banks = banksOf(
      bank({ code: 'a', maxAmount: 90000, maxLoanToValue: 0.8 }),
      bank({ code: 'b', maxAmount: 90000 }),
      bank({ code: 'c', maxAmount: 90000, minIncomeLeftPerAdult: 2000 }),
    );
    // amount by three banks, loanToValue and incomeAfterCosts by one each: the tie keeps the catalogue order.
    expect(analyseMortgage(applicant, banks, today)).toEqual({ status: 'DENIED', forwardedTo: [], reasons: ['amount', 'loanToValue', 'incomeAfterCosts'] });
    // One bank that accepts is enough to forward, and the others' reasons are not shown.
    const oneAccepts = banksOf(...banks.banks, bank({ code: 'd' }));
    expect(analyseMortgage(applicant, oneAccepts, today)).toEqual({ status: 'OTHER', forwardedTo: ['d'], reasons: [] });
  });

  it('is deterministic: the same input and day give the same outcome, whatever the clock says', () => {
    const applicant = profile({ amount: 150000, priceEstimate: 160000 });
    const banks = loadMortgageBanks();
    const first = analyseMortgage(applicant, banks, today);
    expect(analyseMortgage(structuredClone(applicant), banks, new Date(today.getTime()))).toEqual(first);
    // Later the same Finnish day: the same ages, so the same outcome.
    expect(analyseMortgage(applicant, banks, new Date('2026-06-15T20:59:59Z'))).toEqual(first);
  });

  it('an application missing what the rules need is denied as incomplete, not guessed at', () => {
    expect(analyseMortgage(profile({ applicants: [person({ birthDate: null })] }), banksOf(bank()), today)).toEqual({
      status: 'DENIED',
      forwardedTo: [],
      reasons: ['missingInformation'],
    });
    expect(analyseMortgage(profile({ amount: 0 }), banksOf(bank()), today).reasons).toEqual(['missingInformation']);
  });
});

describe('mortgage profile', () => {
  const data = {
    appliedAmount: 200000,
    appliedTenor: 300,
    ownFunding: 25000,
    hasInfoOnHousing: true,
    apartmentPriceEstimate: 230000,
    apartmentSize: 58,
    competeCurrentLoan: false,
    hasCoApplicant: true,
    amountOfCars: 1,
    primaryApplicantPersonalIdentificationNumber: personalId(15, 6, 1980, 123),
    primaryApplicantGrossMonthlyIncome: 4200,
    primaryApplicantNetMonthlyIncome: 3100,
    primaryApplicantLivingExpenses: 900,
    primaryApplicantOtherRegularExpenses: 150,
    primaryApplicantHouseholdPeople: 1,
    primaryApplicantMonthlyPaymentCarboat: 210,
    primaryApplicantMonthlyPaymentStudentLoan: 90,
    coApplicantPersonalIdentificationNumber: personalId(2, 3, 1983, 456),
    coApplicantGrossMonthlyIncome: 3500,
    coApplicantNetMonthlyIncome: 2600,
    coApplicantLivingExpenses: 0,
    coApplicantOtherRegularExpenses: 100,
    coApplicantHouseholdPeople: 1,
    coApplicantMonthlyPaymentMortgage: 700,
    coApplicantMonthlyPaymentOtherLoan: 50,
  };

  it('reads both applicants, absent loan sums as 0', () => {
    expect(mortgageProfile(data)).toEqual({
      amount: 200000,
      tenor: 300,
      ownFunding: 25000,
      priceEstimate: 230000,
      apartmentSize: 58,
      refinancesCurrentLoan: false,
      cars: 1,
      applicants: [
        { birthDate: { year: 1980, month: 6, day: 15 }, grossIncome: 4200, netIncome: 3100, livingExpenses: 900, otherExpenses: 150, children: 1, mortgagePayments: 0, otherLoanPayments: 300 },
        { birthDate: { year: 1983, month: 3, day: 2 }, grossIncome: 3500, netIncome: 2600, livingExpenses: 0, otherExpenses: 100, children: 1, mortgagePayments: 700, otherLoanPayments: 50 },
      ],
    });
  });

  it('reads the co-applicant only with hasCoApplicant, and the estimate only with hasInfoOnHousing', () => {
    const single = mortgageProfile({ ...data, hasCoApplicant: false });
    expect(single.applicants).toHaveLength(1);
    expect(mortgageProfile({ ...data, hasInfoOnHousing: false })).toMatchObject({ priceEstimate: null, apartmentSize: null });
    expect(mortgageProfile({ ...data, competeCurrentLoan: true }).refinancesCurrentLoan).toBe(true);
    expect(mortgageProfile({ ...data, primaryApplicantPersonalIdentificationNumber: '010180-9016' }).applicants[0].birthDate).toBeNull();
  });

  it('gives the analysis the age from the identity code', () => {
    const banks = banksOf(bank({ maxAgeAtEnd: 70, minIncomeLeftPerAdult: 100 }));
    // Born 15 June 1980, a 25-year loan from 15 June 2026 ends on the 71st birthday.
    const outcome = analyseMortgage(mortgageProfile({ ...data, hasCoApplicant: false, appliedAmount: 150000, ownFunding: 0 }), banks, today);
    expect(outcome).toEqual({ status: 'DENIED', forwardedTo: [], reasons: ['ageAtEnd'] });
    expect(analyseMortgage(mortgageProfile({ ...data, hasCoApplicant: false, appliedAmount: 150000, appliedTenor: 288 }), banks, today).status).toBe('OTHER');
  });
});

describe('the partner banks (mortgage-banks.json)', () => {
  const { assumptions: shared, banks } = loadMortgageBanks();

  it('has at least 6 banks with unique codes and limits inside Finnish practice', () => {
    expect(banks.length).toBeGreaterThanOrEqual(6);
    expect(new Set(banks.map((b) => b.code)).size).toBe(banks.length);
    for (const b of banks) {
      expect(b.maxLoanToValue).toBeGreaterThanOrEqual(0.85);
      expect(b.maxLoanToValue).toBeLessThanOrEqual(0.95);
      expect(b.maxTenor).toBeLessThanOrEqual(360);
      expect(b.maxAgeAtEnd).toBeGreaterThanOrEqual(70);
      expect(b.maxAgeAtEnd).toBeLessThanOrEqual(75);
      expect(b.minAmount).toBeLessThan(b.maxAmount);
      if (b.maxAmountWithoutPriceEstimate !== null) expect(b.maxAmountWithoutPriceEstimate).toBeLessThan(b.maxAmount);
    }
    expect(shared.stressRate).toBe(6);
    // Some banks look at an application without a price estimate, some do not.
    expect(banks.some((b) => b.maxAmountWithoutPriceEstimate === null)).toBe(true);
    expect(banks.some((b) => b.maxAmountWithoutPriceEstimate !== null)).toBe(true);
  });

  it('forwards an ordinary family buying a home to every bank', () => {
    const family = profile({
      amount: 250000,
      priceEstimate: 300000,
      ownFunding: 40000,
      applicants: [person({ netIncome: 3200, livingExpenses: 900, children: 1 }), person({ netIncome: 2700, livingExpenses: 0, otherExpenses: 150, children: 1 })],
      cars: 1,
    });
    expect(analyseMortgage(family, loadMortgageBanks(), today)).toEqual({ status: 'OTHER', forwardedTo: banks.map((b) => b.code), reasons: [] });
  });

  it('has a polite Finnish text for every reason code, in the message catalogue', () => {
    for (const reason of MORTGAGE_REASONS) expect(mortgageDenialReasons[reason]).toMatch(/^[A-ZÄÖ].{15,}\.$/);
    expect(Object.keys(mortgageDenialReasons).sort()).toEqual([...MORTGAGE_REASONS].sort());
  });
});
