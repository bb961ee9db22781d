// The business document (forms/business.json, issue 16): the applicant's identity and
// contact from the shared sections (the rest of them removed for this product), the
// company fields of spec §3, and every §5 rule with its message.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FORMS_DIR, loadFormRuntime, readFormSource } from '../../../engine/core/node.ts';
import { presetAnswers, startAnswers } from '../../../src/app/application/preset.ts';
import { validBusiness } from '../../fixtures/business-valid.ts';
import { errorMap } from './helpers.ts';

const runtime = loadFormRuntime('business');
const doc = runtime.document;
const errorsOf = (change: Record<string, unknown>) => errorMap(runtime.validate({ ...validBusiness(), ...change }));

describe('the business document', () => {
  it('passes forms:check and takes the applicant from the shared sections, nothing else of them', () => {
    expect(readFormSource('business').findings).toEqual([]);
    const written = JSON.parse(readFileSync(join(FORMS_DIR, 'business.json'), 'utf8')) as { fields: object; include: object };
    expect(Object.keys(written.include)).toEqual(['identity', 'housing']);
    expect(Object.keys(written.fields).filter((id) => id.startsWith('primaryApplicant'))).toEqual([]);
    expect(runtime.fieldIds.filter((id) => id.startsWith('primaryApplicant')).sort()).toEqual(
      ['Address', 'City', 'Email', 'Firstnames', 'Lastname', 'Mobilephone', 'PersonalIdentificationNumber', 'Zip'].map((name) => `primaryApplicant${name}`).sort(),
    );
  });

  it('has the spec §3 payload fields and §9 limits', () => {
    for (const field of ['appliedAmount', 'appliedTenor', 'loanPurposeId', 'name', 'businessIdentityCode', 'companyType', 'zip', 'city', 'address', 'email', 'phone', 'companyAge', 'businessClassification', 'ibanNumber', 'monthlyTurnover'])
      expect(runtime.fieldIds, field).toContain(field);
    expect(doc.schema.properties.appliedAmount).toMatchObject({ minimum: 2000, maximum: 350000, default: 20000, title: 'Lainasumma (2000 - 350 000)' });
    expect(doc.constants?.startAmount).toBe(25000);
    const option = (field: string) => (doc.schema.properties[field].oneOf as Array<{ const: unknown }>).map((o) => o.const);
    expect(option('appliedTenor')).toEqual(Array.from({ length: 48 }, (_, i) => String(i + 1)));
    expect(doc.schema.properties.appliedTenor.default).toBe('12');
    expect(option('loanPurposeId')).toEqual([211, 212, 213, 214, 215, 216, 217, 218]);
    expect(option('companyType')).toEqual([219, 220, 221, 222]);
    expect(option('companyAge')).toEqual([88, 1, 99]);
    expect(option('businessClassification')).toEqual(Array.from({ length: 26 }, (_, i) => 223 + i));
    expect(doc.steps.map((step) => step.button)).toEqual(['Lähetä hakemus']);
  });

  it.each<[string, Record<string, unknown>, Record<string, string>]>([
    ['amount under', { appliedAmount: 1999 }, { appliedAmount: 'Vähintään 2000' }],
    ['amount over', { appliedAmount: 350001 }, { appliedAmount: 'Enintään 350000' }],
    ['turnover under 500', { monthlyTurnover: 499 }, { monthlyTurnover: 'Vähintään 500' }],
    ['zip of four digits', { zip: '4032' }, { zip: 'Tarkista postinumero' }],
    ['e-mail without a domain', { email: 'talous@' }, { email: 'Sähköpostin muoto on virheellinen' }],
    ['phone of five characters without spaces', { phone: '12 345' }, { phone: 'Puhelinnumero on liian lyhyt' }],
    ['phone with letters', { phone: '014 12a 4567' }, { phone: 'Puhelinnumeron muoto on virheellinen' }],
    ['identity code of the wrong shape', { primaryApplicantPersonalIdentificationNumber: '1234' }, { primaryApplicantPersonalIdentificationNumber: 'Henkilötunnuksen muoto on virheellinen' }],
    ['Y-tunnus check digit', { businessIdentityCode: '0737546-3' }, { businessIdentityCode: 'Tarkasta Y-tunnus' }],
    ['Y-tunnus with remainder 1', { businessIdentityCode: '1000008-0' }, { businessIdentityCode: 'Tarkasta Y-tunnus' }],
    ['IBAN of another country', { ibanNumber: 'SE4550000000058398257466' }, { ibanNumber: 'Tilinumero on virheellinen' }],
    ['IBAN too short', { ibanNumber: 'FI21 1234 5600 0007' }, { ibanNumber: 'Tarkista tilinumeron pituus' }],
  ])('%s: its §5 message', (_name, change, errors) => {
    expect(errorsOf(change)).toEqual(errors);
  });

  it('accepts what §5 allows: a phone with a leading plus and spaces, a Y-tunnus with remainder 0', () => {
    expect(errorsOf({ phone: '+358 14 123 456' })).toEqual({});
    expect(errorsOf({ businessIdentityCode: '1572860-0' })).toEqual({});
    expect(runtime.validate({ ...validBusiness(), phone: '+358 14 123 456' }).data.phone).toBe('+35814123456');
  });

  it("reads a host page's preset into the amount, the term in months as the field's string and the names", () => {
    expect(presetAnswers(doc, { amount: 40000, tenor: 2, firstname: ' Pekka ', lastname: 'Puuseppä', other: 'x' })).toEqual({
      appliedAmount: 40000,
      appliedTenor: '24',
      primaryApplicantFirstnames: 'Pekka',
      primaryApplicantLastname: 'Puuseppä',
    });
    expect(presetAnswers(doc, { amount: 'paljon', tenor: -1, firstname: 7 })).toEqual({});
    expect(presetAnswers(doc, undefined)).toEqual({});
    // A new application starts at the document's start amount (under a draft and a preset).
    expect(startAnswers(doc)).toEqual({ appliedAmount: 25000 });
    // The consumer form keeps its term in years and has no start amount.
    const consumer = loadFormRuntime('consumer').document;
    expect(presetAnswers(consumer, { amount: 5000, tenor: 3 })).toEqual({ inputAppliedAmount: 5000, inputAppliedTenor: 3 });
    expect(startAnswers(consumer)).toEqual({});
  });
});
