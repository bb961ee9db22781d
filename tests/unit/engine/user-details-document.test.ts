// The customer's details (forms/user-details.json, issue 17, marketplace spec §2 "User
// details", §3 "User"): exactly the spec's fields, the name shown and never edited, every
// rule with its Finnish message, the rules the application forms have for the same
// details, and the server's POST /api/user checking with this very document.
import { describe, expect, it } from 'vitest';
import { FORMS_DIR, loadFormRuntime, readFormSource, readSection } from '../../../engine/core/node.ts';
import { sensitiveFields } from '../../../engine/core/sensitive.ts';
import type { JsonSchema } from '../../../engine/core/types.ts';
import { loadProducts } from '../../../src/server/applications/products.ts';
import { ValidationError } from '../../../src/server/errors.ts';
import { readUser } from '../../../src/server/customer/validation.ts';
import { errorMap } from './helpers.ts';

const runtime = loadFormRuntime('user-details');
const doc = runtime.document;

const valid = () => ({
  name: 'Maija Meikäläinen',
  address: 'Mannerheimintie 1 A 2',
  zip: '00100',
  city: 'Helsinki',
  phone: '0401234567',
  email: 'maija@example.fi',
  hasMarketingBan: false,
});
const errorsOf = (change: Record<string, unknown>) => errorMap(runtime.validate({ ...valid(), ...change }));
const without = (field: string) => Object.fromEntries(Object.entries(valid()).filter(([key]) => key !== field));

describe('the user-details document', () => {
  it('passes forms:check and has exactly the fields of spec §3 "User", on one step that saves', () => {
    expect(readFormSource('user-details').findings).toEqual([]);
    expect(runtime.fieldIds).toEqual(['name', 'address', 'zip', 'city', 'phone', 'email', 'hasMarketingBan']);
    expect(doc.steps).toHaveLength(1);
    expect(doc.steps[0].button).toBe('Tallenna tiedot');
    expect(doc.schema.properties.hasMarketingBan).toMatchObject({ type: 'boolean', default: false, title: 'En halua vastaanottaa markkinointiviestejä' });
  });

  it('is a plain form: no step has a progress (no bar, no "Vaihe 1/1"), as the login documents', () => {
    for (const id of ['user-details', 'login', 'login-code']) {
      for (const step of loadFormRuntime(id).document.steps) expect(step.progress, id).toBeUndefined();
    }
  });

  it('shows the name read-only: never required, never checked, whatever comes in it', () => {
    expect(doc.schema.properties.name.readOnly).toBe(true);
    expect(doc.rules?.required?.name).toBeUndefined();
    expect(runtime.validate(without('name')).valid).toBe(true);
    expect(errorsOf({ name: '' })).toEqual({});
    expect(errorsOf({ name: 'Joku Muu 123' })).toEqual({});
  });

  it('fills the town from the postal code as the application forms do', () => {
    expect(doc.ui?.zip).toMatchObject({ 'ui:widget': 'postalCode', 'ui:options': { cityField: 'city' } });
  });

  it('accepts valid details, the phone in either form and the ban either way', () => {
    for (const change of [
      {},
      { hasMarketingBan: true },
      { phone: '+358 40 123 4567' },
      { phone: '040-123 4567' },
      { address: 'Ab' },
      { address: 'K'.repeat(100) },
      { zip: ' 99999 ' },
      { city: 'Pyhäjärvi' },
      { city: 'Mänttä-Vilppula' },
      { city: 'Ii' },
      { email: 'Maija.Meikalainen@Example.FI' },
      { email: 'info@äänekoski.fi' },
    ])
      expect(errorsOf(change), JSON.stringify(change)).toEqual({});
  });

  it.each<[string, Record<string, unknown>, Record<string, string>]>([
    ['no address', { address: '' }, { address: 'Pakollinen tieto' }],
    ['an address of spaces', { address: '   ' }, { address: 'Pakollinen tieto' }],
    ['an address of one character', { address: 'K' }, { address: 'Tarkista katuosoite' }],
    ['an address over 100 characters', { address: 'K'.repeat(101) }, { address: 'Tarkista katuosoite' }],
    ['an address that is no text', { address: 12 }, { address: 'Tarkista katuosoite' }],
    ['no postal code', { zip: '' }, { zip: 'Pakollinen tieto' }],
    ['a postal code of four digits', { zip: '0010' }, { zip: 'Tarkista postinumero' }],
    ['a postal code of six digits', { zip: '001000' }, { zip: 'Tarkista postinumero' }],
    ['a postal code with a space', { zip: '00 100' }, { zip: 'Tarkista postinumero' }],
    ['a postal code of letters', { zip: 'ABCDE' }, { zip: 'Tarkista postinumero' }],
    ['no town', { city: '' }, { city: 'Pakollinen tieto' }],
    ['a town of one letter', { city: 'H' }, { city: 'Tarkista postitoimipaikka' }],
    ['a town with a digit', { city: 'Hel1nki' }, { city: 'Tarkista postitoimipaikka' }],
    ['a town over 60 characters', { city: 'A'.repeat(61) }, { city: 'Tarkista postitoimipaikka' }],
    ['no phone', { phone: '' }, { phone: 'Pakollinen tieto' }],
    ['a phone of six digits', { phone: '040123' }, { phone: 'Puhelinnumero on liian lyhyt' }],
    ['a phone of twelve digits', { phone: '040123456789' }, { phone: 'Puhelinnumero on liian pitkä' }],
    ['a phone with letters', { phone: '040 12a 4567' }, { phone: 'Puhelinnumeron muoto on virheellinen' }],
    ['a foreign phone', { phone: '+46 70 123 4567' }, { phone: 'Tarkasta suuntanumero' }],
    ['a phone without the 0', { phone: '40 123 4567' }, { phone: 'Tarkasta suuntanumero' }],
    ['a phone over 20 characters', { phone: '0'.repeat(21) }, { phone: 'Puhelinnumero on liian pitkä' }],
    ['no e-mail', { email: '' }, { email: 'Pakollinen tieto' }],
    ['an e-mail without a domain', { email: 'maija@' }, { email: 'Sähköpostin muoto on virheellinen' }],
    ['an e-mail without an @', { email: 'maija.example.fi' }, { email: 'Sähköpostin muoto on virheellinen' }],
    ['an e-mail over 254 characters', { email: `${'m'.repeat(250)}@example.fi` }, { email: 'Sähköpostin muoto on virheellinen' }],
    ['no marketing-ban answer', { hasMarketingBan: undefined }, { hasMarketingBan: 'Pakollinen tieto' }],
    ['a marketing ban that is no yes or no', { hasMarketingBan: 'kyllä' }, { hasMarketingBan: 'Valitse kyllä tai ei' }],
    ['a field the document does not know', { nickname: 'Maikki' }, { nickname: 'Tarkista kentän tiedot' }],
  ])('refuses %s', (_name, change, expected) => {
    expect(errorsOf(change)).toEqual(expected);
  });

  it('stores what the application forms store: trimmed, the phone in digits, the e-mail domain in lower case', () => {
    const { data } = runtime.validate({ ...valid(), address: ' Aleksanterinkatu 5 B 6 ', zip: ' 33100', city: 'Tampere ', phone: '+358 50 765 4321', email: ' Anna.Uusi@Example.FI ' });
    expect(data).toMatchObject({ address: 'Aleksanterinkatu 5 B 6', zip: '33100', city: 'Tampere', phone: '0507654321', email: 'Anna.Uusi@example.fi' });
  });

  it('has the rules of the application forms for the same details (housing and identity sections)', () => {
    const fieldsOf = (section: string) => (readSection(`${FORMS_DIR}/sections`, section) as { fields: Record<string, { schema: JsonSchema }> }).fields;
    const housing = fieldsOf('housing');
    const identity = fieldsOf('identity');
    const rules = (schema: JsonSchema) => Object.fromEntries(Object.entries(schema).filter(([key]) => key !== 'title'));
    expect(rules(doc.schema.properties.address)).toEqual(rules(housing.Address.schema));
    expect(rules(doc.schema.properties.zip)).toEqual(rules(housing.Zip.schema));
    expect(rules(doc.schema.properties.city)).toEqual(rules(housing.City.schema));
    expect(rules(doc.schema.properties.phone)).toEqual(rules(identity.Mobilephone.schema));
    expect(rules(doc.schema.properties.email)).toEqual(rules(identity.Email.schema));
  });

  it('marks every personal detail sensitive, so no log shows one', () => {
    expect(sensitiveFields(doc).sort()).toEqual(['address', 'city', 'email', 'name', 'phone', 'zip']);
  });
});

describe('POST /api/user checks the body with the same document', () => {
  const form = loadProducts().pageForm('user-details');
  const refusal = (body: unknown): unknown => {
    try {
      readUser(body, form);
    } catch (error) {
      return error instanceof ValidationError ? { validation: error.errors } : { status: (error as { statusCode?: number }).statusCode };
    }
    return 'accepted';
  };

  it('answers the normalised details, the name left out', () => {
    expect(readUser({ ...valid(), name: 'Ei Muutu', phone: '+358 40 123 4567', email: 'Maija@Example.FI', hasMarketingBan: true }, form)).toEqual({
      address: 'Mannerheimintie 1 A 2',
      zip: '00100',
      city: 'Helsinki',
      phone: '0401234567',
      email: 'Maija@example.fi',
      hasMarketingBan: true,
    });
    expect(refusal(without('name'))).toBe('accepted');
  });

  it("gives the document's message per field, as the page shows them", () => {
    expect(refusal({ address: 'K', zip: '123', city: 'Hel1nki', phone: '+46 70 123 4567', email: 'anna@', hasMarketingBan: 'kyllä' })).toEqual({
      validation: {
        address: 'Tarkista katuosoite',
        zip: 'Tarkista postinumero',
        city: 'Tarkista postitoimipaikka',
        phone: 'Tarkasta suuntanumero',
        email: 'Sähköpostin muoto on virheellinen',
        hasMarketingBan: 'Valitse kyllä tai ei',
      },
    });
    expect(refusal({ address: 'Katu 1' })).toEqual({
      validation: { zip: 'Pakollinen tieto', city: 'Pakollinen tieto', phone: 'Pakollinen tieto', email: 'Pakollinen tieto', hasMarketingBan: 'Pakollinen tieto' },
    });
  });

  it('refuses a body that is no object or names another field with a plain 400', () => {
    expect(refusal(null)).toEqual({ status: 400 });
    expect(refusal([])).toEqual({ status: 400 });
    expect(refusal({ ...valid(), personalId: '010180-9015' })).toEqual({ status: 400 });
  });
});
