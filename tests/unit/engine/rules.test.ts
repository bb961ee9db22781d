// Every validation rule of spec consumer-loan-flow §5, with its exact Finnish message.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { finnishCalendarDate } from '../../../custom-validators/calendar.ts';
import { readFormDocument, runtimeForDocument } from '../../../engine/core/node.ts';
import { personalId, personalIdOfAge } from '../../fixtures/personal-id.ts';
import { validApplication, validApplicationWithCoApplicant } from '../../fixtures/consumer-valid.ts';
import { consumer, errorMap } from './helpers.ts';

type Row = [name: string, patch: Record<string, unknown>, field: string, message: string];

// The rules read "this month" as the date in Finland, so the tests do too.
const { year: thisYear, month: thisMonth } = finnishCalendarDate(new Date());

const primaryRules: Row[] = [
  ['amount below minimum', { inputAppliedAmount: 499 }, 'inputAppliedAmount', 'Vähintään 500'],
  ['amount above maximum', { inputAppliedAmount: 70001 }, 'inputAppliedAmount', 'Enintään 70000'],
  ['amount not a number', { inputAppliedAmount: 'paljon' }, 'inputAppliedAmount', 'Vain numeroita'],
  ['tenor below 1 year', { inputAppliedTenor: 0 }, 'inputAppliedTenor', 'Vähintään 1 vuosi'],
  ['tenor above 20 years', { inputAppliedTenor: 21 }, 'inputAppliedTenor', 'Enintään 20 vuotta'],
  ['purpose missing', { loanPurposeId: undefined }, 'loanPurposeId', 'Pakollinen tieto'],
  ['purpose outside the list', { loanPurposeId: 99 }, 'loanPurposeId', 'Valitse jokin vaihtoehdoista'],
  ['identity code required', { primaryApplicantPersonalIdentificationNumber: '' }, 'primaryApplicantPersonalIdentificationNumber', 'Pakollinen tieto'],
  ['identity code check character', { primaryApplicantPersonalIdentificationNumber: '131052-308U' }, 'primaryApplicantPersonalIdentificationNumber', 'Tarkistusmerkki ei täsmää'],
  ['identity code too long', { primaryApplicantPersonalIdentificationNumber: '131052-308TT' }, 'primaryApplicantPersonalIdentificationNumber', 'Henkilötunnus on liian pitkä'],
  ['identity code individual number under 2', { primaryApplicantPersonalIdentificationNumber: personalId(13, 10, 1952, 1) }, 'primaryApplicantPersonalIdentificationNumber', 'Henkilötunnus on virheellinen'],
  ['applicant under 18', { primaryApplicantPersonalIdentificationNumber: personalIdOfAge(17, 234) }, 'primaryApplicantPersonalIdentificationNumber', 'Hakijan tulee olla täysi-ikäinen'],
  ['phone too short', { primaryApplicantMobilephone: '040123', primaryApplicantMobilephone2: '040123' }, 'primaryApplicantMobilephone', 'Puhelinnumero on liian lyhyt'],
  ['phone too long', { primaryApplicantMobilephone: '040123456789', primaryApplicantMobilephone2: '040123456789' }, 'primaryApplicantMobilephone', 'Puhelinnumero on liian pitkä'],
  ['phone area code', { primaryApplicantMobilephone: '4401234567', primaryApplicantMobilephone2: '4401234567' }, 'primaryApplicantMobilephone', 'Tarkasta suuntanumero'],
  ['phone repeat differs', { primaryApplicantMobilephone2: '0401234568' }, 'primaryApplicantMobilephone2', 'Puhelinnumerot eivät täsmää'],
  ['e-mail repeat differs', { primaryApplicantEmail2: 'maija@example.fi' }, 'primaryApplicantEmail2', 'Sähköpostiosoitteet eivät täsmää'],
  ['zip not 5 digits', { primaryApplicantZip: '0010' }, 'primaryApplicantZip', 'Tarkista postinumero'],
  ['city with digits', { primaryApplicantCity: 'Helsinki 2' }, 'primaryApplicantCity', 'Tarkista postitoimipaikka'],
  ['move-in date in the future', { primaryApplicantMoveCurrentAddressMonth: thisMonth, primaryApplicantMoveCurrentAddressYear: thisYear + 1 }, 'primaryApplicantMoveCurrentAddressYear', 'Tarkista vuosi'],
  ['gross income below 850', { primaryApplicantGrossMonthlyIncome: 849, primaryApplicantNetMonthlyIncome: 700 }, 'primaryApplicantGrossMonthlyIncome', 'Vähintään 850'],
  ['gross income above 50000', { primaryApplicantGrossMonthlyIncome: 50001 }, 'primaryApplicantGrossMonthlyIncome', 'Enintään 50000'],
  ['net above gross', { primaryApplicantNetMonthlyIncome: 3801 }, 'primaryApplicantNetMonthlyIncome', 'Nettotulot eivät voi olla bruttotuloja suuremmat'],
  ['expenses above 100000', { primaryApplicantOtherRegularExpenses: 100001 }, 'primaryApplicantOtherRegularExpenses', 'Enintään 100000'],
  ['rented housing needs living expenses', { primaryApplicantAccommodationId: 3, primaryApplicantLivingExpenses: 0 }, 'primaryApplicantLivingExpenses', 'Vähintään 1'],
  ['spouse income above 50000', { primaryApplicantMaritalStatusId: 1, primaryApplicantSpouseGrossMonthlyIncome: 50001 }, 'primaryApplicantSpouseGrossMonthlyIncome', 'Enintään 50000'],
  ['loan amount zero', { primaryApplicantOtherLoanInput: [{ loan: 0, monthlyPayment: 0 }] }, 'primaryApplicantOtherLoanInput.0.loan', 'Laina ei voi olla nolla'],
  ['loan payment zero', { primaryApplicantOtherLoanInput: [{ loan: 100, monthlyPayment: 0 }] }, 'primaryApplicantOtherLoanInput.0.monthlyPayment', 'Lyhennys ei voi olla nolla'],
  ['payment above loan (second row)', { primaryApplicantOtherLoanInput: [{ loan: 500, monthlyPayment: 50 }, { loan: 100, monthlyPayment: 200 }] }, 'primaryApplicantOtherLoanInput.1.monthlyPayment', 'Lyhennys ei voi olla lainaa suurempi'],
  ['loan row missing payment', { primaryApplicantOtherLoanInput: [{ loan: 100 }] }, 'primaryApplicantOtherLoanInput.0.monthlyPayment', 'Pakollinen tieto'],
  ['no loan selection', { primaryApplicantHasOtherLoan: false }, 'primaryApplicantHasNoLoans', '* Valitse vähintään yksi.'],
  ['no loans together with a loan kind', { primaryApplicantHasNoLoans: true }, 'primaryApplicantHasNoLoans', 'Tarkista kentän tiedot'],
  ['IBAN too short', { primaryApplicantIbanNumber: 'FI21123456000007' }, 'primaryApplicantIbanNumber', 'Tilinumero on liian lyhyt'],
  ['IBAN too long', { primaryApplicantIbanNumber: 'FI211234560000078500' }, 'primaryApplicantIbanNumber', 'Tilinumero on liian pitkä'],
  ['IBAN not Finnish', { primaryApplicantIbanNumber: 'SE2112345600000785' }, 'primaryApplicantIbanNumber', 'Tilinumero on väärää muotoa'],
  ['IBAN checksum', { primaryApplicantIbanNumber: 'FI2112345600000786' }, 'primaryApplicantIbanNumber', 'Tarkasta tilinumero'],
  ['terms not accepted', { primaryApplicantAcceptTerms: false }, 'primaryApplicantAcceptTerms', 'Pakollinen tieto'],
  ['loan-info permission missing', { primaryApplicantPermissionLoanInfo: undefined }, 'primaryApplicantPermissionLoanInfo', 'Pakollinen tieto'],
];

const coApplicantRules: Row[] = [
  ['same identity codes', { coApplicantPersonalIdentificationNumber: personalId(13, 10, 1952, 308) }, 'coApplicantPersonalIdentificationNumber', 'Hakijoilla ei voi olla sama henkilötunnus'],
  ['same phones', { coApplicantMobilephone: '0401234567', coApplicantMobilephone2: '0401234567' }, 'coApplicantMobilephone', 'Puhelinnumerot eivät voi olla samat'],
  ['same e-mails (co-applicant field)', { coApplicantEmail: 'maija.meikalainen@example.fi', coApplicantEmail2: 'maija.meikalainen@example.fi' }, 'coApplicantEmail', 'Hakijoiden sähköpostit eivät saa olla samat'],
  ['same e-mails (primary field)', { coApplicantEmail: 'maija.meikalainen@example.fi', coApplicantEmail2: 'maija.meikalainen@example.fi' }, 'primaryApplicantEmail', 'Hakijoilla ei voi olla sama sähköpostiosoite'],
  ['co-applicant expenses required', { coApplicantOtherRegularExpenses: undefined }, 'coApplicantOtherRegularExpenses', 'Pakollinen tieto'],
  ['co-applicant expenses not negative', { coApplicantOtherRegularExpenses: -1 }, 'coApplicantOtherRegularExpenses', 'Vähintään 0'],
  ['fixed-term end in the past', { coApplicantTemporaryTillMonth: 1, coApplicantTemporaryTillYear: thisYear - 1 }, 'coApplicantTemporaryTillYear', 'Tarkista vuosi'],
  ['co-applicant terms required', { coApplicantAcceptTerms: false }, 'coApplicantAcceptTerms', 'Pakollinen tieto'],
  ['co-applicant loan-info permission required', { coApplicantPermissionLoanInfo: undefined }, 'coApplicantPermissionLoanInfo', 'Pakollinen tieto'],
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
    expect(errorMap(result).favouriteColour).toBe('Tuntematon kenttä');
  });

  it('uses the default message for a rule without its own', () => {
    const exclusive = (doc: ReturnType<typeof readFormDocument>) => doc.rules!.checks!.find((c) => c.id === 'primaryApplicantNoLoansExclusive')!;
    const data = { ...validApplication(), primaryApplicantHasNoLoans: true };
    expect(exclusive(runtime.document).message).toBeUndefined();
    expect(errorMap(runtime.validate(data)).primaryApplicantHasNoLoans).toBe('Tarkista kentän tiedot');

    const newDefault = readFormDocument('consumer');
    newDefault.messages.default = 'Tarkista tämä kohta';
    expect(errorMap(runtimeForDocument(newDefault).validate(data)).primaryApplicantHasNoLoans).toBe('Tarkista tämä kohta');

    const ownMessage = readFormDocument('consumer');
    exclusive(ownMessage).message = 'Valitse joko lainat tai "ei lainoja"';
    ownMessage.messages.default = 'Tarkista tämä kohta';
    expect(errorMap(runtimeForDocument(ownMessage).validate(data)).primaryApplicantHasNoLoans).toBe('Valitse joko lainat tai "ei lainoja"');
  }, 60_000);

  it('names fields in Finnish, rows with their number', () => {
    expect(runtime.label('primaryApplicantNetMonthlyIncome')).toBe('Nettotulot');
    expect(runtime.label('coApplicantNetMonthlyIncome')).toBe('Kanssahakijan nettotulot');
    expect(runtime.label('primaryApplicantOtherLoanInput.1.monthlyPayment')).toBe('Muu laina 2: kuukausierä');
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
      expect(past.coApplicantTemporaryTillMonth).toBe('Aika ei voi olla menneisyydessä');
      // The year list starts at the current year, so last December is also not on it.
      expect(past.coApplicantTemporaryTillYear).toBe(last.year < now.year ? 'Tarkista vuosi' : undefined);

      const current = runtime.validate({ ...validApplicationWithCoApplicant(), coApplicantTemporaryTillMonth: now.month, coApplicantTemporaryTillYear: now.year });
      expect(current.errors).toEqual([]);
    });

    it.each([
      ['move-in', 'primaryApplicantMoveCurrentAddressMonth', 'primaryApplicantMoveCurrentAddressYear'],
      ['work start', 'primaryApplicantWorkStartMonth', 'primaryApplicantWorkStartYear'],
    ])('%s next month is in the future; this month is not', (_name, monthField, yearField) => {
      const future = errorMap(runtime.validate({ ...validApplication(), [monthField]: next.month, [yearField]: next.year }));
      expect(future[monthField]).toBe('Aika ei voi olla tulevaisuudessa');
      // The year list ends at the current year, so next January is also not on it.
      expect(future[yearField]).toBe(next.year > now.year ? 'Tarkista vuosi' : undefined);

      const current = runtime.validate({ ...validApplication(), [monthField]: now.month, [yearField]: now.year });
      expect(current.errors).toEqual([]);
    });
  });

  it('the clocks cover both edges of the year in Finnish time', () => {
    expect(clocks.map(([, instant]) => finnishCalendarDate(new Date(instant)).month)).toEqual([1, 6, 12, 1]);
  });
});
