// What a prefilled application (issue 17, /haelainaa) carries over from the customer's latest
// one: src/server/customer/prefill.ts on the shipped form documents.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FORMS_DIR, loadFormRuntime } from '../../../engine/core/node.ts';
import { shippedProducts } from '../../../src/server/applications/products.ts';
import { isPrefillKind, LOAN_FIELDS, LOANS_SECTION_RENAMES, PREFILL_PRODUCTS, prefillData } from '../../../src/server/customer/prefill.ts';
import { validApplicationWithCoApplicant, validConsolidationApplication } from '../../fixtures/consumer-valid.ts';
import { validMortgage, validMortgageWithCoApplicant } from '../../fixtures/mortgage-valid.ts';

type Data = Record<string, unknown>;

const products = shippedProducts();
const form = (product: string, brand = 'lainavertailu') => products.formFor(product, brand);
const consumer = (data: Data) => ({ document: 'consumer', data: loadFormRuntime('consumer', []).prepare(data) });
const mortgage = (data: Data) => ({ document: 'mortgage', data: loadFormRuntime('mortgage', []).prepare(data) });

const CONSENTS = ['AcceptTerms', 'PermissionLoanInfo', 'NotPep'].flatMap((name) => [`primaryApplicant${name}`, `coApplicant${name}`]);
const OWN = ['primaryApplicantPersonalIdentificationNumber', 'primaryApplicantFirstnames', 'primaryApplicantLastname', 'primaryApplicantEmail', 'primaryApplicantAddress', 'primaryApplicantNetMonthlyIncome', 'primaryApplicantEmployer'];

const withCarLoan = (data: Data): Data => ({ ...data, primaryApplicantHasCarboat: true, primaryApplicantCarboatInput: [{ loan: 9000, monthlyPayment: 200 }] });

function expectNoConsentsOrCoApplicant(data: Data): void {
  for (const field of CONSENTS) expect(data, field).not.toHaveProperty(field);
  expect(data).not.toHaveProperty('hasCoApplicant');
  expect(Object.keys(data).filter((field) => field.startsWith('coApplicant'))).toEqual([]);
}

describe('prefillData', () => {
  it('consumer to consumer: the applicant and the loan carry over, consents and the co-applicant do not', () => {
    const source = consumer(withCarLoan(validApplicationWithCoApplicant()));
    const data = prefillData(source, form('kulutusluotto'));
    for (const field of [...OWN, 'primaryApplicantIbanNumber', 'primaryApplicantCarboatInput', 'loanPurposeId', 'inputAppliedAmount', 'inputAppliedTenor']) expect(data[field], field).toEqual(source.data[field]);
    expectNoConsentsOrCoApplicant(data);
    // What the form derives is derived again.
    expect(data.appliedTenor).toBe(96);
  });

  it('consumer to consolidation: a purpose the variant does not allow is dropped, the payoff choices stay', () => {
    expect(prefillData(consumer(validApplicationWithCoApplicant()), form('yhdistelylaina'))).not.toHaveProperty('loanPurposeId');
    const fromConsolidation = prefillData(consumer(validConsolidationApplication()), form('yhdistelylaina'));
    expect(fromConsolidation).toMatchObject({ loanPurposeId: 19, inputAppliedAmount: 8000, useLoanForOtherLoan: true });
  });

  it('keeps only what the target brand\'s variant accepts', () => {
    // The second brand's minimum amount is 2000 €.
    const small = consumer({ ...validApplicationWithCoApplicant(), inputAppliedAmount: 1000 });
    expect(prefillData(small, form('kulutusluotto'))).toHaveProperty('inputAppliedAmount', 1000);
    expect(prefillData(small, form('kulutusluotto', 'kattokorko'))).not.toHaveProperty('inputAppliedAmount');
  });

  it('consumer to mortgage: the loans section under the mortgage\'s names, no consumer loan, nothing the mortgage does not know', () => {
    const source = consumer(withCarLoan(validApplicationWithCoApplicant()));
    const data = prefillData(source, form('asuntolaina'));
    for (const field of OWN) expect(data[field], field).toEqual(source.data[field]);
    expect(data).toMatchObject({ primaryApplicantHasCarboatLoan: true, primaryApplicantCarBoatInput: [{ loan: 9000, monthlyPayment: 200 }] });
    for (const field of ['primaryApplicantHasCarboat', 'primaryApplicantCarboatInput', 'loanPurposeId', 'inputAppliedAmount', 'inputAppliedTenor', 'primaryApplicantIbanNumber', 'primaryApplicantMaritalStatusId']) {
      expect(data, field).not.toHaveProperty(field);
    }
    expectNoConsentsOrCoApplicant(data);
  });

  it('mortgage to consumer: back to the consumer\'s names, without the mortgage, its home or its financing', () => {
    const source = mortgage(validMortgage());
    const data = prefillData(source, form('kulutusluotto'));
    for (const field of OWN) expect(data[field], field).toEqual(source.data[field]);
    expect(data).toMatchObject({ primaryApplicantHasCarboat: true, primaryApplicantCarboatInput: [{ loan: 12000, monthlyPayment: 250 }] });
    for (const field of ['inputAppliedAmount', 'inputAppliedTenor', 'ownFunding', 'apartmentAddress', 'bestTimeToContactId', 'amountOfCars']) expect(data, field).not.toHaveProperty(field);
  });

  it('mortgage to mortgage: the loan and the home carry over as a starting point; the co-applicant and consents do not', () => {
    const source = mortgage(validMortgageWithCoApplicant());
    const data = prefillData(source, form('asuntolaina'));
    expect(data).toMatchObject({ inputAppliedAmount: source.data.inputAppliedAmount, apartmentAddress: source.data.apartmentAddress, bestTimeToContactId: source.data.bestTimeToContactId });
    expectNoConsentsOrCoApplicant(data);
  });

  it('drops a value the target finds invalid (a mortgage\'s zero loan is no consumer loan row)', () => {
    const source = mortgage({ ...validMortgage(), primaryApplicantCarBoatInput: [{ loan: 0, monthlyPayment: 0 }] });
    expect(prefillData(source, form('asuntolaina'))).toHaveProperty('primaryApplicantCarBoatInput');
    expect(prefillData(source, form('kulutusluotto'))).not.toHaveProperty('primaryApplicantCarboatInput');
  });

  it('leaves the source as it was', () => {
    const source = consumer(withCarLoan(validApplicationWithCoApplicant()));
    const before = structuredClone(source.data);
    const data = prefillData(source, form('asuntolaina'));
    (data.primaryApplicantCarBoatInput as Data[])[0].loan = 1;
    expect(source.data).toEqual(before);
  });
});

describe('the tables prefill.ts keeps', () => {
  it('the loans section renames are those of forms/mortgage.json', () => {
    const document = JSON.parse(readFileSync(join(FORMS_DIR, 'mortgage.json'), 'utf8')) as { include: { loans: { rename: Record<string, string> } } };
    expect(LOANS_SECTION_RENAMES).toEqual(document.include.loans.rename);
  });

  it('every loan field is a field of a product\'s document', () => {
    const known = new Set(['kulutusluotto', 'yhdistelylaina', 'asuntolaina'].flatMap((product) => [...form(product).fieldIds]));
    for (const field of LOAN_FIELDS) expect(known.has(field), field).toBe(true);
  });

  it('the kinds are the three cards, each a product of the catalogue', () => {
    expect(Object.keys(PREFILL_PRODUCTS)).toEqual(['mortgage', 'consumer', 'combine']);
    for (const product of Object.values(PREFILL_PRODUCTS)) expect(products.product(product), product).toBeDefined();
    expect(isPrefillKind('consumer')).toBe(true);
    expect(isPrefillKind('toString')).toBe(false);
    expect(isPrefillKind('Consumer')).toBe(false);
  });
});
