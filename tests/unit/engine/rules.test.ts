// Every validation rule of spec consumer-loan-flow §5. The values that break a
// limit and the Finnish messages expected are read from the document (forms/), so
// an editor changing a limit or a message fails no test here; what is tested is
// that each rule is there and the engine applies it.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { finnishCalendarDate } from '../../../custom-validators/calendar.ts';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { FORMS_DIR, readFormDocument, runtimeForDocument } from '../../../engine/core/node.ts';
import { applyLabelTemplate } from '../../../engine/core/sections.ts';
import { personalId, personalIdOfAge } from '../../fixtures/personal-id.ts';
import { validApplication, validApplicationWithCoApplicant } from '../../fixtures/consumer-valid.ts';
import { checkMessage, consumer, errorMap, limitMessage, limitOf, messageOf, schemaOf } from './helpers.ts';

type Row = [name: string, patch: Record<string, unknown>, field: string, message: string];

// The rules read "this month" as the date in Finland, so the tests do too.
const { year: thisYear, month: thisMonth } = finnishCalendarDate(new Date());
const doc = consumer().document;
const P = 'primaryApplicant';
const below = (field: string) => limitOf(doc, field, 'minimum') - 1;
const above = (field: string) => limitOf(doc, field, 'maximum') + 1;
const keyword = (field: string, name: string, code: string) => messageOf(doc, field, [`${name}.${code}`, name]);
const required = (field: string) => messageOf(doc, field, 'required');
const purposes = (schemaOf(doc, 'loanPurposeId').oneOf as Array<{ const: number }>).map((o) => o.const);
const minAge = (schemaOf(doc, `${P}PersonalIdentificationNumber`).fiPersonalId as { minAge: number }).minAge;
const gross = `${P}GrossMonthlyIncome`;
const otherLoans = `${P}OtherLoanInput`;

const primaryRules: Row[] = [
  ['amount below minimum', { inputAppliedAmount: below('inputAppliedAmount') }, 'inputAppliedAmount', limitMessage(doc, 'inputAppliedAmount', 'minimum')],
  ['amount above maximum', { inputAppliedAmount: above('inputAppliedAmount') }, 'inputAppliedAmount', limitMessage(doc, 'inputAppliedAmount', 'maximum')],
  ['amount not a number', { inputAppliedAmount: 'paljon' }, 'inputAppliedAmount', messageOf(doc, 'inputAppliedAmount', ['type.number', 'type'])],
  ['tenor below minimum', { inputAppliedTenor: below('inputAppliedTenor') }, 'inputAppliedTenor', limitMessage(doc, 'inputAppliedTenor', 'minimum')],
  ['tenor above maximum', { inputAppliedTenor: above('inputAppliedTenor') }, 'inputAppliedTenor', limitMessage(doc, 'inputAppliedTenor', 'maximum')],
  ['purpose missing', { loanPurposeId: undefined }, 'loanPurposeId', required('loanPurposeId')],
  ['purpose outside the list', { loanPurposeId: Math.max(...purposes) + 1 }, 'loanPurposeId', messageOf(doc, 'loanPurposeId', 'oneOf')],
  ['identity code required', { [`${P}PersonalIdentificationNumber`]: '' }, `${P}PersonalIdentificationNumber`, required(`${P}PersonalIdentificationNumber`)],
  ['identity code check character', { [`${P}PersonalIdentificationNumber`]: '131052-308U' }, `${P}PersonalIdentificationNumber`, keyword(`${P}PersonalIdentificationNumber`, 'fiPersonalId', 'checksum')],
  ['identity code too long', { [`${P}PersonalIdentificationNumber`]: '131052-308TT' }, `${P}PersonalIdentificationNumber`, keyword(`${P}PersonalIdentificationNumber`, 'fiPersonalId', 'tooLong')],
  ['identity code individual number under 2', { [`${P}PersonalIdentificationNumber`]: personalId(13, 10, 1952, 1) }, `${P}PersonalIdentificationNumber`, keyword(`${P}PersonalIdentificationNumber`, 'fiPersonalId', 'invalid')],
  ['applicant under the minimum age', { [`${P}PersonalIdentificationNumber`]: personalIdOfAge(minAge - 1, 234) }, `${P}PersonalIdentificationNumber`, keyword(`${P}PersonalIdentificationNumber`, 'fiPersonalId', 'underage')],
  ['phone too short', { [`${P}Mobilephone`]: '040123', [`${P}Mobilephone2`]: '040123' }, `${P}Mobilephone`, keyword(`${P}Mobilephone`, 'fiPhone', 'tooShort')],
  ['phone too long', { [`${P}Mobilephone`]: '040123456789', [`${P}Mobilephone2`]: '040123456789' }, `${P}Mobilephone`, keyword(`${P}Mobilephone`, 'fiPhone', 'tooLong')],
  ['phone area code', { [`${P}Mobilephone`]: '4401234567', [`${P}Mobilephone2`]: '4401234567' }, `${P}Mobilephone`, keyword(`${P}Mobilephone`, 'fiPhone', 'areaCode')],
  ['phone repeat differs', { [`${P}Mobilephone2`]: '0401234568' }, `${P}Mobilephone2`, checkMessage(doc, `${P}PhoneRepeat`)],
  ['e-mail repeat differs', { [`${P}Email2`]: 'maija@example.fi' }, `${P}Email2`, checkMessage(doc, `${P}EmailRepeat`)],
  ['zip not 5 digits', { [`${P}Zip`]: '0010' }, `${P}Zip`, keyword(`${P}Zip`, 'fiPostalCode', 'invalid')],
  ['city with digits', { [`${P}City`]: 'Helsinki 2' }, `${P}City`, messageOf(doc, `${P}City`, 'pattern')],
  ['move-in date in the future', { [`${P}MoveCurrentAddressMonth`]: thisMonth, [`${P}MoveCurrentAddressYear`]: thisYear + 1 }, `${P}MoveCurrentAddressYear`, keyword(`${P}MoveCurrentAddressYear`, 'fiYear', 'outOfRange')],
  ['gross income below minimum', { [gross]: below(gross), [`${P}NetMonthlyIncome`]: limitOf(doc, `${P}NetMonthlyIncome`, 'minimum') }, gross, limitMessage(doc, gross, 'minimum')],
  ['gross income above maximum', { [gross]: above(gross) }, gross, limitMessage(doc, gross, 'maximum')],
  ['net above gross', { [`${P}NetMonthlyIncome`]: (validApplication()[gross] as number) + 1 }, `${P}NetMonthlyIncome`, checkMessage(doc, `${P}NetNotAboveGross`)],
  ['expenses above maximum', { [`${P}OtherRegularExpenses`]: above(`${P}OtherRegularExpenses`) }, `${P}OtherRegularExpenses`, limitMessage(doc, `${P}OtherRegularExpenses`, 'maximum')],
  ['rented housing needs living expenses', { [`${P}AccommodationId`]: 3, [`${P}LivingExpenses`]: 0 }, `${P}LivingExpenses`, checkMessage(doc, `${P}RentedLivingExpenses`)],
  ['spouse income above maximum', { [`${P}MaritalStatusId`]: 1, [`${P}SpouseGrossMonthlyIncome`]: above(`${P}SpouseGrossMonthlyIncome`) }, `${P}SpouseGrossMonthlyIncome`, limitMessage(doc, `${P}SpouseGrossMonthlyIncome`, 'maximum')],
  ['loan amount below minimum', { [otherLoans]: [{ loan: below(`${otherLoans}.0.loan`), monthlyPayment: 0 }] }, `${otherLoans}.0.loan`, limitMessage(doc, `${otherLoans}.0.loan`, 'minimum')],
  ['loan payment below minimum', { [otherLoans]: [{ loan: 100, monthlyPayment: below(`${otherLoans}.0.monthlyPayment`) }] }, `${otherLoans}.0.monthlyPayment`, limitMessage(doc, `${otherLoans}.0.monthlyPayment`, 'minimum')],
  ['payment above loan (second row)', { [otherLoans]: [{ loan: 500, monthlyPayment: 50 }, { loan: 100, monthlyPayment: 200 }] }, `${otherLoans}.1.monthlyPayment`, checkMessage(doc, `${P}OtherLoanPaymentNotAboveLoan`)],
  ['loan row missing payment', { [otherLoans]: [{ loan: 100 }] }, `${otherLoans}.0.monthlyPayment`, required(`${otherLoans}.0.monthlyPayment`)],
  ['no loan selection', { [`${P}HasOtherLoan`]: false }, `${P}HasNoLoans`, checkMessage(doc, `${P}LoansSelected`)],
  ['no loans together with a loan kind', { [`${P}HasNoLoans`]: true }, `${P}HasNoLoans`, checkMessage(doc, `${P}NoLoansExclusive`)],
  ['IBAN too short', { [`${P}IbanNumber`]: 'FI21123456000007' }, `${P}IbanNumber`, keyword(`${P}IbanNumber`, 'fiIban', 'tooShort')],
  ['IBAN too long', { [`${P}IbanNumber`]: 'FI211234560000078500' }, `${P}IbanNumber`, keyword(`${P}IbanNumber`, 'fiIban', 'tooLong')],
  ['IBAN not Finnish', { [`${P}IbanNumber`]: 'SE2112345600000785' }, `${P}IbanNumber`, keyword(`${P}IbanNumber`, 'fiIban', 'format')],
  ['IBAN checksum', { [`${P}IbanNumber`]: 'FI2112345600000786' }, `${P}IbanNumber`, keyword(`${P}IbanNumber`, 'fiIban', 'checksum')],
  ['terms not accepted', { [`${P}AcceptTerms`]: false }, `${P}AcceptTerms`, messageOf(doc, `${P}AcceptTerms`, 'const')],
  ['loan-info permission missing', { [`${P}PermissionLoanInfo`]: undefined }, `${P}PermissionLoanInfo`, required(`${P}PermissionLoanInfo`)],
];

const C = 'coApplicant';
const coApplicantRules: Row[] = [
  ['same identity codes', { [`${C}PersonalIdentificationNumber`]: personalId(13, 10, 1952, 308) }, `${C}PersonalIdentificationNumber`, checkMessage(doc, 'applicantsIdsDiffer')],
  ['same phones', { [`${C}Mobilephone`]: '0401234567', [`${C}Mobilephone2`]: '0401234567' }, `${C}Mobilephone`, checkMessage(doc, 'applicantsPhonesDiffer')],
  ['same e-mails (co-applicant field)', { [`${C}Email`]: 'maija.meikalainen@example.fi', [`${C}Email2`]: 'maija.meikalainen@example.fi' }, `${C}Email`, checkMessage(doc, 'applicantsEmailsDiffer')],
  ['same e-mails (primary field)', { [`${C}Email`]: 'maija.meikalainen@example.fi', [`${C}Email2`]: 'maija.meikalainen@example.fi' }, `${P}Email`, checkMessage(doc, 'applicantsEmailsDifferPrimary')],
  ['co-applicant expenses required', { [`${C}OtherRegularExpenses`]: undefined }, `${C}OtherRegularExpenses`, required(`${C}OtherRegularExpenses`)],
  ['co-applicant expenses not below minimum', { [`${C}OtherRegularExpenses`]: below(`${C}OtherRegularExpenses`) }, `${C}OtherRegularExpenses`, limitMessage(doc, `${C}OtherRegularExpenses`, 'minimum')],
  ['co-applicant living expenses required', { [`${C}LivingExpenses`]: undefined }, `${C}LivingExpenses`, required(`${C}LivingExpenses`)],
  ['fixed-term end in the past', { [`${C}TemporaryTillMonth`]: 1, [`${C}TemporaryTillYear`]: thisYear - 1 }, `${C}TemporaryTillYear`, keyword(`${C}TemporaryTillYear`, 'fiYear', 'outOfRange')],
  ['co-applicant terms required', { [`${C}AcceptTerms`]: false }, `${C}AcceptTerms`, messageOf(doc, `${C}AcceptTerms`, 'const')],
  ['co-applicant loan-info permission required', { [`${C}PermissionLoanInfo`]: undefined }, `${C}PermissionLoanInfo`, required(`${C}PermissionLoanInfo`)],
];

describe('consumer rules (spec §5)', () => {
  const runtime = consumer();

  it('accepts the complete fixtures', () => {
    expect(runtime.validate(validApplication()).errors).toEqual([]);
    expect(runtime.validate(validApplicationWithCoApplicant()).errors).toEqual([]);
  });

  it.each(primaryRules)('%s', (_name, patch, field, message) => {
    const result = runtime.validate({ ...validApplication(), ...patch });
    expect(errorMap(result)[field]).toBe(message);
  });

  it.each(coApplicantRules)('co-applicant: %s', (_name, patch, field, message) => {
    const result = runtime.validate({ ...validApplicationWithCoApplicant(), ...patch });
    expect(errorMap(result)[field]).toBe(message);
  });

  // Issue 11, item 5: the ">= 1 for rented housing" rule is the primary applicant's.
  it('a co-applicant at the same rented address may enter 0 living expenses; the primary applicant may not', () => {
    const rented = { ...validApplicationWithCoApplicant(), [`${P}AccommodationId`]: 3, [`${C}AccommodationId`]: 3, [`${C}SameAddressAsPrimary`]: true };
    expect(runtime.validate({ ...rented, [`${C}LivingExpenses`]: 0 }).errors).toEqual([]);
    expect(errorMap(runtime.validate({ ...rented, [`${P}LivingExpenses`]: 0 }))[`${P}LivingExpenses`]).toBe(checkMessage(doc, `${P}RentedLivingExpenses`));
    expect(doc.rules?.checks?.some((c) => c.id === `${C}RentedLivingExpenses`)).toBe(false);
  });

  it('normalises before checking: +358 and spaces, trimmed e-mail, IBAN with spaces', () => {
    const result = runtime.validate({
      ...validApplication(),
      primaryApplicantMobilephone: '+358 40 123 4567',
      primaryApplicantMobilephone2: '040 1234567',
      primaryApplicantEmail: '  maija.meikalainen@example.fi ',
      primaryApplicantIbanNumber: 'fi21 1234 5600 0007 85',
    });
    expect(result.errors).toEqual([]);
    expect(result.data.primaryApplicantMobilephone).toBe('0401234567');
    expect(result.data.primaryApplicantIbanNumber).toBe('FI2112345600000785');
  });

  it('lists errors in form order with one message per field', () => {
    const result = runtime.validate({ ...validApplication(), inputAppliedAmount: 1, primaryApplicantZip: 'x', primaryApplicantIbanNumber: 'x' });
    expect(result.errors.map((e) => e.field)).toEqual(['inputAppliedAmount', 'primaryApplicantZip', 'primaryApplicantIbanNumber']);
  });

  it('refuses an object in a rule-driving field with a type error instead of throwing', () => {
    const hostile = { toString: 1, valueOf: 1 };
    const result = runtime.validate({ ...validApplication(), hasCoApplicant: hostile, loanPurposeId: hostile });
    expect(errorMap(result).hasCoApplicant).toBeDefined();
    expect(errorMap(result).loanPurposeId).toBeDefined();
  });

  it('reports unknown fields', () => {
    const result = runtime.validate({ ...validApplication(), favouriteColour: 'blue' });
    expect(errorMap(result).favouriteColour).toBe(messageOf(doc, 'favouriteColour', 'additionalProperties'));
  });

  it('uses the default message for a rule without its own', () => {
    const exclusive = (doc: ReturnType<typeof readFormDocument>) => doc.rules!.checks!.find((c) => c.id === 'primaryApplicantNoLoansExclusive')!;
    const data = { ...validApplication(), primaryApplicantHasNoLoans: true };
    expect(exclusive(runtime.document).message).toBeUndefined();
    expect(errorMap(runtime.validate(data)).primaryApplicantHasNoLoans).toBe(doc.messages.default);

    const newDefault = readFormDocument('consumer');
    newDefault.messages.default = 'Tarkista tämä kohta';
    expect(errorMap(runtimeForDocument(newDefault).validate(data)).primaryApplicantHasNoLoans).toBe('Tarkista tämä kohta');

    const ownMessage = readFormDocument('consumer');
    exclusive(ownMessage).message = 'Valitse joko lainat tai "ei lainoja"';
    ownMessage.messages.default = 'Tarkista tämä kohta';
    expect(errorMap(runtimeForDocument(ownMessage).validate(data)).primaryApplicantHasNoLoans).toBe('Valitse joko lainat tai "ei lainoja"');
  }, 60_000);

  it("names fields in Finnish, the co-applicant's with the party's label template, rows with their number", () => {
    const template = JSON.parse(readFileSync(join(FORMS_DIR, 'consumer.json'), 'utf8')).parties.coApplicant.label as string;
    expect(runtime.label('primaryApplicantNetMonthlyIncome')).toBe(doc.labels.primaryApplicantNetMonthlyIncome);
    expect(runtime.label('coApplicantNetMonthlyIncome')).toBe(applyLabelTemplate(template, doc.labels.primaryApplicantNetMonthlyIncome));
    expect(runtime.label('primaryApplicantOtherLoanInput.1.monthlyPayment')).toBe(doc.labels['primaryApplicantOtherLoanInput.*.monthlyPayment'].replace('{n}', '2'));
  });
});

// Month/year rules against a fixed clock, so the edges of the year are checked on
// every run instead of only in the months where "last month" and "next month"
// fall in the same year. Only Date is faked: the engine reads the time through
// `new Date()` in the rule operations and in the compiled fiYear keyword alike.
describe('month/year rules against the calendar (spec §5 Dates)', () => {
  const runtime = consumer();
  const year = thisYear;
  const clocks: Array<[label: string, instant: string]> = [
    ['mid-January', `${year}-01-15T10:00:00Z`],
    ['mid-June', `${year}-06-15T10:00:00Z`],
    ['mid-December', `${year}-12-15T10:00:00Z`],
    // 00:30 on 1 January in Finland while UTC (and a server in UTC) is still in December.
    ['New Year, 22:30 UTC on 31 December', `${year}-12-31T22:30:00Z`],
  ];

  describe.each(clocks)('%s', (_label, instant) => {
    const now = finnishCalendarDate(new Date(instant));
    const last = now.month === 1 ? { month: 12, year: now.year - 1 } : { month: now.month - 1, year: now.year };
    const next = now.month === 12 ? { month: 1, year: now.year + 1 } : { month: now.month + 1, year: now.year };

    beforeEach(() => {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(new Date(instant));
    });
    afterEach(() => vi.useRealTimers());

    it('fixed-term end last month is in the past; this month is not', () => {
      const past = errorMap(runtime.validate({ ...validApplicationWithCoApplicant(), coApplicantTemporaryTillMonth: last.month, coApplicantTemporaryTillYear: last.year }));
      expect(past.coApplicantTemporaryTillMonth).toBe(checkMessage(doc, 'coApplicantFixedTermNotInPast'));
      // The year list starts at the current year, so last December is also not on it.
      expect(past.coApplicantTemporaryTillYear).toBe(last.year < now.year ? keyword('coApplicantTemporaryTillYear', 'fiYear', 'outOfRange') : undefined);

      const current = runtime.validate({ ...validApplicationWithCoApplicant(), coApplicantTemporaryTillMonth: now.month, coApplicantTemporaryTillYear: now.year });
      expect(current.errors).toEqual([]);
    });

    it.each([
      ['move-in', 'primaryApplicantMoveCurrentAddressMonth', 'primaryApplicantMoveCurrentAddressYear', 'primaryApplicantMoveNotInFuture'],
      ['work start', 'primaryApplicantWorkStartMonth', 'primaryApplicantWorkStartYear', 'primaryApplicantWorkStartNotInFuture'],
    ])('%s next month is in the future; this month is not', (_name, monthField, yearField, checkId) => {
      const future = errorMap(runtime.validate({ ...validApplication(), [monthField]: next.month, [yearField]: next.year }));
      expect(future[monthField]).toBe(checkMessage(doc, checkId));
      // The year list ends at the current year, so next January is also not on it.
      expect(future[yearField]).toBe(next.year > now.year ? keyword(yearField, 'fiYear', 'outOfRange') : undefined);

      const current = runtime.validate({ ...validApplication(), [monthField]: now.month, [yearField]: now.year });
      expect(current.errors).toEqual([]);
    });
  });

  it('the clocks cover both edges of the year in Finnish time', () => {
    expect(clocks.map(([, instant]) => finnishCalendarDate(new Date(instant)).month)).toEqual([1, 6, 12, 1]);
  });
});
