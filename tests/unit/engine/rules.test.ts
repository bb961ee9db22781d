// Every validation rule of spec consumer-loan-flow §5, with its exact Finnish message.
import { describe, expect, it } from 'vitest';
import { personalId, personalIdOfAge } from '../../fixtures/personal-id.ts';
import { validApplication, validApplicationWithCoApplicant } from '../../fixtures/consumer-valid.ts';
import { consumer, errorMap } from './helpers.ts';

type Row = [name: string, patch: Record<string, unknown>, field: string, message: string];

const thisYear = new Date().getFullYear();
const thisMonth = new Date().getMonth() + 1;

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
  ['work start next month', { primaryApplicantWorkStartMonth: thisMonth === 12 ? 1 : thisMonth + 1, primaryApplicantWorkStartYear: thisMonth === 12 ? thisYear + 1 : thisYear }, thisMonth === 12 ? 'primaryApplicantWorkStartYear' : 'primaryApplicantWorkStartMonth', thisMonth === 12 ? 'Tarkista vuosi' : 'Aika ei voi olla tulevaisuudessa'],
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

  it('fixed-term end earlier this year is in the past', () => {
    if (thisMonth === 1) return; // no earlier month this year to test with
    const result = runtime.validate({ ...validApplicationWithCoApplicant(), coApplicantTemporaryTillMonth: thisMonth - 1, coApplicantTemporaryTillYear: thisYear });
    expect(errorMap(result).coApplicantTemporaryTillMonth).toBe('Aika ei voi olla menneisyydessä');
  });

  it('move-in later this year is in the future', () => {
    if (thisMonth === 12) return;
    const result = runtime.validate({ ...validApplication(), primaryApplicantMoveCurrentAddressMonth: thisMonth + 1, primaryApplicantMoveCurrentAddressYear: thisYear });
    expect(errorMap(result).primaryApplicantMoveCurrentAddressMonth).toBe('Aika ei voi olla tulevaisuudessa');
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
    const doc = runtime.document;
    const check = doc.rules!.checks!.find((c) => c.id === 'primaryApplicantNoLoansExclusive')!;
    expect(check.message).toBeUndefined();
    expect(doc.messages.default).toBe('Tarkista kentän tiedot');
  });

  it('names fields in Finnish, rows with their number', () => {
    expect(runtime.label('primaryApplicantNetMonthlyIncome')).toBe('Nettotulot');
    expect(runtime.label('coApplicantNetMonthlyIncome')).toBe('Kanssahakijan nettotulot');
    expect(runtime.label('primaryApplicantOtherLoanInput.1.monthlyPayment')).toBe('Muu laina 2: kuukausierä');
  });
});
