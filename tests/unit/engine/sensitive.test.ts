// Sensitive data marked in the form documents (issue 12 item 6): `"sensitive": true`
// on a section's field or a list's row property, or a document's own `sensitive`
// map, comes out in the flat document for every party that has the field, and
// sensitiveFields() lists it; forms:check accepts the marker where it belongs and
// refuses it elsewhere. Then the shipped documents: every field a section marks is
// marked for both applicants in the consumer document and in the tiny fixture
// product that includes the same sections, and what the issue names is marked.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkDocument, checkSection, checkSource } from '../../../engine/core/check.ts';
import { FORMS_DIR, readFormSource, readSection } from '../../../engine/core/node.ts';
import { resolveDocument, type Section } from '../../../engine/core/sections.ts';
import { sensitiveFields } from '../../../engine/core/sensitive.ts';
import type { FormDocument } from '../../../engine/core/types.ts';

const section = (): Section => ({
  id: 'contact',
  title: 'Yhteystiedot',
  fields: {
    Email: { schema: { type: 'string', maxLength: 50 }, label: 'Sähköposti', sensitive: true },
    Phone: { schema: { type: 'string', maxLength: 20 }, label: 'Puhelin', sensitive: true, party: { partner: { sensitive: false } } },
    Spouse: { only: ['main'], schema: { type: 'number' }, label: 'Puolison tulot', sensitive: true },
    Count: { schema: { type: 'integer' }, label: 'Lapsia' },
    Debts: {
      schema: { type: 'array', items: { type: 'object', properties: { amount: { type: 'number' }, kind: { type: 'integer' } } } },
      label: 'Velat',
      rows: { amount: { label: 'Velka {n}', sensitive: true }, kind: { label: 'Laji {n}' } },
    },
  },
});

const document = (extra: Record<string, unknown> = {}) => ({
  id: 'demo',
  version: 1,
  title: 'Demo',
  parties: { main: {}, partner: { when: { var: 'withPartner' }, label: 'Kumppanin {label}' } },
  include: { contact: {} },
  schema: { type: 'object', properties: { withPartner: { type: 'boolean' }, account: { type: 'string' } } },
  steps: [
    { id: 'a', number: 1, title: 'A', button: 'Jatka', progress: 10, sections: [{ fields: ['withPartner', 'account', { section: 'contact', party: 'main' }] }] },
    { id: 'b', number: 2, title: 'B', button: 'Valmis', progress: 100, sections: [{ fields: [{ section: 'contact', party: 'partner' }] }] },
  ],
  labels: { withPartner: 'Kumppani', account: 'Tilinumero' },
  messages: { default: 'Tarkista', required: 'Pakollinen' },
  sensitive: { account: true },
  ...extra,
});

const resolve = (doc: unknown = document(), contact: unknown = section()) => resolveDocument(doc, () => structuredClone(contact));

describe('the sensitive marker', () => {
  it('marks a section field for every party, a row property as list.*.row, beside the document’s own', () => {
    const { document: flat, findings } = resolve();
    expect(findings).toEqual([]);
    expect(checkDocument(flat)).toEqual([]);
    expect(sensitiveFields(flat)).toEqual(['account', 'mainEmail', 'mainPhone', 'mainSpouse', 'mainDebts.*.amount', 'partnerEmail', 'partnerDebts.*.amount']);
  });

  it('follows `only`, a party patch and a document override (null or false unmarks)', () => {
    const { document: flat } = resolve();
    expect(sensitiveFields(flat)).not.toContain('partnerSpouse');
    expect(sensitiveFields(flat)).not.toContain('partnerPhone');
    const overridden = resolve(document({ include: { contact: { override: { fields: { Email: { sensitive: null }, Count: { sensitive: true } } } } } })).document;
    expect(sensitiveFields(overridden)).toEqual(expect.arrayContaining(['mainCount', 'partnerCount']));
    expect(sensitiveFields(overridden).filter((id) => id.endsWith('Email'))).toEqual([]);
  });

  it('names where a marker came from, like every other part of the flat document', () => {
    const resolution = resolve();
    expect(resolution.origin('/sensitive/partnerEmail')).toEqual({ path: '/fields/Email/sensitive', section: 'contact', party: 'partner' });
    expect(resolution.origin('/sensitive/mainDebts.*.amount')).toEqual({ path: '/fields/Debts/rows/amount/sensitive', section: 'contact', party: 'main' });
    expect(resolution.origin('/sensitive/account')).toEqual({ path: '/sensitive/account' });
  });

  it('includes a field a variant marks', () => {
    const flat = resolve(document({ variants: { extra: [{ op: 'add', path: '/sensitive/withPartner', value: true }] } })).document;
    expect(sensitiveFields(flat)).toContain('withPartner');
  });

  it('forms:check accepts it on fields and rows, and refuses it on an unknown field or with another value', () => {
    expect(checkSection(section(), 'contact')).toEqual([]);
    expect(checkSource(document(), () => section()).findings).toEqual([]);
    const wrongValue = checkSection({ ...section(), fields: { Email: { schema: { type: 'string' }, label: 'Sähköposti', sensitive: 'yes' } } }, 'contact');
    expect(wrongValue.map((f) => f.path)).toContain('/fields/Email/sensitive');
    const flat = resolve().document;
    expect(checkDocument({ ...flat, sensitive: { ...flat.sensitive, nowhere: true } })).toEqual([{ path: '/sensitive/nowhere', message: expect.stringContaining('"nowhere"') }]);
    expect(checkDocument({ ...flat, sensitive: { account: false } }).map((f) => f.path)).toEqual(['/sensitive/account']);
    // A row property the list does not have.
    expect(checkDocument({ ...flat, sensitive: { 'mainDebts.*.nope': true } }).map((f) => f.path)).toEqual(['/sensitive/mainDebts.*.nope']);
  });
});

// The shipped documents: what a section marks is marked for each party that has the field.
const SECTIONS_DIR = join(FORMS_DIR, 'sections');
const FIXTURE = join(import.meta.dirname, '../../fixtures/forms/tiny-loan.json');

function expectedFrom(file: string): string[] {
  const raw = JSON.parse(readFileSync(file, 'utf8')) as { parties: Record<string, unknown>; include: Record<string, unknown> };
  return Object.keys(raw.include).flatMap((id) => {
    const written = readSection(SECTIONS_DIR, id) as Section;
    return Object.keys(raw.parties).flatMap((party) =>
      Object.entries(written.fields).flatMap(([name, field]) => {
        if (field.only && !field.only.includes(party)) return [];
        const marked = field.party?.[party]?.sensitive ?? field.sensitive;
        const rows = Object.entries(field.rows ?? {}).filter(([, row]) => row.sensitive === true).map(([row]) => `${party}${name}.*.${row}`);
        return [...(marked === true ? [`${party}${name}`] : []), ...rows];
      }),
    );
  });
}

describe.each([
  ['forms/consumer.json', join(FORMS_DIR, 'consumer.json')],
  ['the tiny fixture product', FIXTURE],
])('%s', (_name, file) => {
  const source = readFormSource(file, undefined, { sectionsDir: SECTIONS_DIR });
  const doc: FormDocument = source.document;
  const marked = sensitiveFields(doc);

  it('passes forms:check with its markers', () => {
    expect(source.findings).toEqual([]);
  });

  it('marks every field its sections mark, for both applicants', () => {
    const expected = expectedFrom(file);
    expect(expected.length).toBeGreaterThan(20);
    expect(marked).toEqual(expect.arrayContaining(expected));
    for (const id of expected.filter((id) => id.startsWith('primaryApplicant'))) {
      const co = id.replace('primaryApplicant', 'coApplicant');
      if (Object.hasOwn(doc.schema.properties, co.split('.')[0])) expect(marked, co).toContain(co);
    }
  });

  it('marks the identity code, names, e-mail, phone, address and incomes of both applicants (issue 12 item 6)', () => {
    for (const party of ['primaryApplicant', 'coApplicant'])
      for (const name of ['PersonalIdentificationNumber', 'Firstnames', 'Lastname', 'Email', 'Email2', 'Mobilephone', 'Mobilephone2', 'Address', 'GrossMonthlyIncome', 'NetMonthlyIncome'])
        expect(marked).toContain(`${party}${name}`);
    expect(marked).toContain('primaryApplicantSpouseGrossMonthlyIncome');
  });

  it('marks only fields the document has', () => {
    for (const id of marked) expect(Object.keys(doc.schema.properties), id).toContain(id.split('.')[0]);
  });
});

it('the consumer document marks its own IBAN field', () => {
  expect(sensitiveFields(readFormSource('consumer').document)).toContain('primaryApplicantIbanNumber');
});
