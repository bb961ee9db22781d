// Issue 27 item 1: the insurance and the customer's details take the contact fields they
// share with the loan forms from the shared sections, so an editor's change to a field
// there (a limit, the phone rule) reaches them too; only their spec names are plain.
import { describe, expect, it } from 'vitest';
import { readFormDocument, readFormSource } from '../../../engine/core/node.ts';

const CONTACT = { address: 'Address', zip: 'Zip', city: 'City', phone: 'Mobilephone', email: 'Email' } as const;

describe.each(['insurance', 'user-details'])('%s: contact fields from the shared sections', (id) => {
  const source = readFormSource(id);
  const doc = source.document;
  const consumer = readFormDocument('consumer');

  it('includes the sections the loan forms use for them', () => {
    expect(source.findings).toEqual([]);
    expect(source.sectionFiles.map((file) => file.replace(/^.*\//, ''))).toEqual(['housing.json', 'identity.json']);
  });

  it.each(Object.entries(CONTACT))('%s has the schema, normaliser and widget of the applicant\'s %s', (field, sectionName) => {
    const applicant = `primaryApplicant${sectionName}`;
    expect(doc.schema.properties[field]).toEqual(consumer.schema.properties[applicant]);
    expect(doc.normalize?.[field]).toEqual(consumer.normalize?.[applicant]);
    expect(doc.sensitive?.[field]).toBe(true);
    expect(doc.rules?.required?.[field]).toBe(true);
    // The postal code's town lookup fills this document's own city field.
    if (field === 'zip') expect(doc.ui?.zip).toMatchObject({ 'ui:widget': 'postalCode', 'ui:options': { cityField: 'city' } });
  });

  it("keeps the spec's own messages for one person's details", () => {
    expect(doc.fieldMessages?.address).toMatchObject({ minLength: 'Tarkista katuosoite' });
    expect(doc.fieldMessages?.city).toMatchObject({ pattern: 'Tarkista postitoimipaikka', minLength: 'Tarkista postitoimipaikka' });
    expect(doc.fieldMessages?.phone).toMatchObject({ maxLength: 'Puhelinnumero on liian pitkä' });
  });
});
