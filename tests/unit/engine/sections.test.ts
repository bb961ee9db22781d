// Shared sections resolved into the flat document (engine/core/sections.ts), on
// small sections written here: prefixes and {party}, the party's condition, label
// template and autocomplete, `only`, per-party patches, a document's override,
// where fields, checks and summary lines land, and the findings for includes that
// do not fit. No forms/ content is read.
import { describe, expect, it } from 'vitest';
import { checkSection, checkSource } from '../../../engine/core/check.ts';
import { applyLabelTemplate, mergePatch, resolveDocument, usesSections, type Section } from '../../../engine/core/sections.ts';

const CO_WHEN = { '==': [{ var: 'withPartner' }, true] };

const contact = (): Section => ({
  id: 'contact',
  title: 'Yhteystiedot',
  fields: {
    Email: { schema: { type: 'string', maxLength: 50 }, label: 'Sähköposti', required: true, normalize: 'email', ui: { 'ui:autocomplete': 'email' } },
    Email2: { schema: { type: 'string', maxLength: 50 }, label: 'Sähköposti uudelleen', required: true, ui: { 'ui:options': { repeatOf: '{party}Email' } } },
    Phone: { schema: { type: 'string', maxLength: 20 }, label: 'PEP-puhelin', visible: { '!!': { var: '{party}Email' } }, party: { partner: { label: 'Kumppanin puhelin' } } },
    SameAddress: { only: ['partner'], schema: { type: 'boolean' }, party: { partner: { label: 'Samassa osoitteessa' } } },
    Street: { schema: { type: 'string' }, label: 'Katuosoite', party: { partner: { visible: { '!': { var: '{party}SameAddress' } } } } },
    Rows: {
      schema: { type: 'array', items: { type: 'object', properties: { amount: { type: 'number', minimum: 1 } } } },
      label: 'Rivit',
      rows: { amount: { label: 'Rivi {n}: summa', messages: { minimum: 'Ei nolla' } } },
    },
    Total: { schema: { type: 'number', readOnly: true }, label: 'Yhteensä', derived: { sumBy: [{ var: '{party}Rows' }, 'amount'] } },
  },
  checks: {
    EmailRepeat: { field: 'Email2', rule: { '==': [{ var: '{party}Email2' }, { var: '{party}Email' }] }, message: 'Eivät täsmää' },
    StreetGiven: { only: ['main'], field: 'Street', whenEmpty: true, rule: { '!!': { var: '{party}Street' } } },
  },
  summary: ['Email', { field: 'Phone', only: ['main'] }, 'SameAddress', 'Total'],
});

const document = (extra: Record<string, unknown> = {}) => ({
  id: 'demo',
  version: 1,
  title: 'Demo',
  parties: { main: {}, partner: { when: CO_WHEN, label: 'Kumppanin {label}', autocomplete: 'off' } },
  include: { contact: {} },
  schema: { type: 'object', properties: { withPartner: { type: 'boolean' }, total: { type: 'number' }, accept: { type: 'boolean' } } },
  steps: [
    { id: 'a', number: 1, title: 'A', button: 'Jatka', progress: 10, sections: [{ fields: ['withPartner', { section: 'contact', party: 'main' }] }] },
    { id: 'b', number: 2, title: 'B', button: 'Jatka', progress: 50, when: CO_WHEN, sections: [{ title: 'Kumppani', fields: [{ section: 'contact', party: 'partner' }] }] },
    { id: 'c', number: 3, title: 'C', button: 'Valmis', progress: 100, sections: [{ fields: ['accept'] }] },
  ],
  summary: [{ id: 's', title: 'S', step: 1, showAfterStep: 1, fields: ['withPartner', { section: 'contact', party: 'main' }, { section: 'contact', party: 'partner' }] }],
  rules: {
    checks: [{ id: 'own', field: 'accept', rule: true }, { section: 'contact', party: 'partner' }],
    derived: { total: { '+': [{ var: 'mainTotal' }, { var: 'partnerTotal' }] } },
  },
  labels: { withPartner: 'Kumppani', total: 'Kaikki yhteensä', accept: 'Ehdot' },
  messages: { default: 'Tarkista', required: 'Pakollinen' },
  ...extra,
});

const resolve = (doc: unknown = document(), sections: Record<string, unknown> = { contact: contact() }) =>
  resolveDocument(doc, (id) => {
    if (!(id in sections)) throw new Error(`osiota ei löydy: ${id}`);
    return structuredClone(sections[id]);
  });

describe('resolving a document with sections', () => {
  const { document: flat, findings } = resolve();

  it('names every field with its party prefix, placed where the steps reference them', () => {
    expect(findings).toEqual([]);
    expect(flat.steps.map((s) => s.sections.map((c) => c.fields))).toEqual([
      [['withPartner', 'mainEmail', 'mainEmail2', 'mainPhone', 'mainStreet', 'mainRows']],
      [['partnerEmail', 'partnerEmail2', 'partnerPhone', 'partnerSameAddress', 'partnerStreet', 'partnerRows']],
      [['accept']],
    ]);
    expect(flat.steps[1].sections[0].title).toBe('Kumppani');
    // The schema follows the steps; a derived field comes after the one written before it.
    expect(Object.keys(flat.schema.properties)).toEqual([
      'withPartner', 'total',
      'mainEmail', 'mainEmail2', 'mainPhone', 'mainStreet', 'mainRows', 'mainTotal',
      'partnerEmail', 'partnerEmail2', 'partnerPhone', 'partnerSameAddress', 'partnerStreet', 'partnerRows', 'partnerTotal',
      'accept',
    ]);
  });

  it('replaces {party} in rules and ui options, and keeps no include machinery', () => {
    expect(flat.rules?.visible?.mainPhone).toEqual({ '!!': { var: 'mainEmail' } });
    expect(flat.ui?.partnerEmail2).toEqual({ 'ui:options': { repeatOf: 'partnerEmail' } });
    expect(flat.rules?.derived?.partnerTotal).toEqual({ sumBy: [{ var: 'partnerRows' }, 'amount'] });
    expect(flat).not.toHaveProperty('parties');
    expect(flat).not.toHaveProperty('include');
    expect(usesSections(flat)).toBe(false);
  });

  it("gives every field of a conditional party the party's condition, with its own rule", () => {
    expect(flat.rules?.visible?.partnerEmail).toEqual(CO_WHEN);
    expect(flat.rules?.visible?.partnerPhone).toEqual({ and: [CO_WHEN, { '!!': { var: 'partnerEmail' } }] });
    expect(flat.rules?.visible?.partnerTotal).toEqual(CO_WHEN);
    expect(flat.rules?.visible?.mainEmail).toBeUndefined();
    expect(flat.rules?.required).toMatchObject({ mainEmail: true, partnerEmail: true });
  });

  it('applies the label template (first letter in lower case), the party patch as written, and autocomplete', () => {
    expect(flat.labels).toMatchObject({
      mainEmail: 'Sähköposti',
      partnerEmail: 'Kumppanin sähköposti',
      'partnerRows.*.amount': 'Kumppanin rivi {n}: summa',
      mainPhone: 'PEP-puhelin',
      partnerPhone: 'Kumppanin puhelin',
      partnerSameAddress: 'Samassa osoitteessa',
    });
    expect(applyLabelTemplate('{label} (kumppani)', 'Nimi')).toBe('Nimi (kumppani)');
    // An abbreviation or a name keeps its capital inside the sentence.
    expect(applyLabelTemplate('Kanssahakijan {label}', 'PEP-selvitys')).toBe('Kanssahakijan PEP-selvitys');
    expect(applyLabelTemplate('Kanssahakijan {label}', 'Y-tunnus')).toBe('Kanssahakijan Y-tunnus');
    expect(applyLabelTemplate('Kanssahakijan {label}', 'Äidinkieli')).toBe('Kanssahakijan äidinkieli');
    expect(flat.ui?.mainEmail).toEqual({ 'ui:autocomplete': 'email' });
    expect(flat.ui?.partnerEmail).toEqual({ 'ui:autocomplete': 'off' });
    expect(flat.fieldMessages?.['mainRows.*.amount']).toEqual({ minimum: 'Ei nolla' });
  });

  it('keeps `only` fields, checks and summary lines to their parties, and a party patch replaces a rule', () => {
    expect(flat.schema.properties).not.toHaveProperty('mainSameAddress');
    expect(flat.rules?.visible?.mainStreet).toBeUndefined();
    expect(flat.rules?.visible?.partnerStreet).toEqual({ and: [CO_WHEN, { '!': { var: 'partnerSameAddress' } }] });
    expect(flat.summary?.[0].fields).toEqual(['withPartner', 'mainEmail', 'mainPhone', 'mainTotal', 'partnerEmail', 'partnerSameAddress', 'partnerTotal']);
  });

  it('runs a section’s checks where the document places them, the others after its own', () => {
    expect(flat.rules?.checks?.map((c) => c.id)).toEqual(['own', 'partnerEmailRepeat', 'mainEmailRepeat', 'mainStreetGiven']);
    expect(flat.rules?.checks?.[3]).toEqual({ id: 'mainStreetGiven', field: 'mainStreet', whenEmpty: true, rule: { '!!': { var: 'mainStreet' } } });
  });

  it("evaluates sections' derived values before the document's own, which may use them", () => {
    expect(Object.keys(flat.rules?.derived ?? {})).toEqual(['mainTotal', 'partnerTotal', 'total']);
  });

  it('applies a document override to every party: a label, a limit, a message, a rule replaced whole', () => {
    const override = {
      fields: { Email: { label: 'Työsähköposti', schema: { maxLength: 80 } }, Phone: { visible: { var: 'withPartner' } } },
      checks: { EmailRepeat: { message: 'Tarkista toistettu osoite' } },
    };
    const { document: changed, findings: none } = resolve(document({ include: { contact: { override } } }));
    expect(none).toEqual([]);
    expect(changed.labels).toMatchObject({ mainEmail: 'Työsähköposti', partnerEmail: 'Kumppanin työsähköposti' });
    expect(changed.schema.properties.partnerEmail).toEqual({ type: 'string', maxLength: 80 });
    expect(changed.rules?.visible?.mainPhone).toEqual({ var: 'withPartner' });
    expect(changed.rules?.checks?.find((c) => c.id === 'mainEmailRepeat')?.message).toBe('Tarkista toistettu osoite');
    expect(mergePatch({ a: { b: 1, c: 2 }, rule: { or: [1] } }, { a: { c: null, d: 3 }, rule: { and: [2] } })).toEqual({ a: { b: 1, d: 3 }, rule: { and: [2] } });
  });

  it('maps a path of the flat document back to the section, the party and the path in the section file', () => {
    const { origin } = resolve();
    expect(origin('/rules/visible/partnerStreet')).toEqual({ path: '/fields/Street/party/partner/visible', section: 'contact', party: 'partner' });
    expect(origin('/schema/properties/mainRows/items')).toEqual({ path: '/fields/Rows/schema/items', section: 'contact', party: 'main' });
    expect(origin('/rules/checks/1/rule')).toEqual({ path: '/checks/EmailRepeat/rule', section: 'contact', party: 'partner' });
    expect(origin('/steps/0/sections/0/fields/2')).toEqual({ path: '/fields/Email2', section: 'contact', party: 'main' });
    expect(origin('/steps/2/sections/0/fields/0')).toEqual({ path: '/steps/2/sections/0/fields/0' });
    expect(origin('/labels/total')).toEqual({ path: '/labels/total' });
  });

  it("renames fields the product's contract spells differently, with every reference to them", () => {
    const rename = { Email: 'EmailAddress', Rows: 'RowList' };
    const { document: renamed, findings } = resolve(document({ include: { contact: { rename } } }));
    expect(findings).toEqual([]);
    const ids = Object.keys(renamed.schema.properties);
    expect(ids).toEqual(expect.arrayContaining(['mainEmailAddress', 'partnerEmailAddress', 'mainRowList', 'mainEmail2']));
    expect(ids).not.toContain('mainEmail');
    // A whole-name reference is renamed; `{party}Email2` is another field and stays.
    expect(renamed.rules?.checks?.find((c) => c.id === 'mainEmailRepeat')).toMatchObject({ field: 'mainEmail2', rule: { '==': [{ var: 'mainEmail2' }, { var: 'mainEmailAddress' }] } });
    expect(renamed.rules?.visible?.mainPhone).toEqual({ '!!': { var: 'mainEmailAddress' } });
    expect(renamed.rules?.derived?.mainTotal).toEqual({ sumBy: [{ var: 'mainRowList' }, 'amount'] });
    expect(renamed.labels['mainRowList.*.amount']).toBe('Rivi {n}: summa');
    expect(renamed.summary![0].fields).toContain('mainEmailAddress');
    // The override is written in the section's own names and applies before the rename.
    const both = resolve(document({ include: { contact: { rename, override: { fields: { Email: { label: 'Osoite' } } } } } })).document;
    expect(both.labels.mainEmailAddress).toBe('Osoite');
  });

  it.each([
    ['a field the section does not have', { Fax: 'Telefax' }, /ei ole kenttää "Fax"/],
    ['a name another field has', { Email: 'Phone' }, /on jo kenttä "Phone"/],
    ['a name that is not a field name', { Email: 'e-mail' }, /iso alkukirjain/],
  ])('a rename to %s is a finding', (_name, rename, message) => {
    expect(resolve(document({ include: { contact: { rename } } })).findings).toContainEqual({ path: `/include/contact/rename/${Object.keys(rename)[0]}`, message: expect.stringMatching(message) });
  });

  it('gives one person plain names with an empty prefix, and only the fields the document asks for', () => {
    // The insurance and the customer's details name their fields as the spec does (`email`, `phone`).
    const plain = document({
      parties: { main: {}, partner: { when: CO_WHEN }, self: { prefix: '' } },
      include: { contact: { rename: { Phone: 'Mobile' }, fields: ['Email', 'Email2', 'Mobile', 'Street'] } },
      steps: [
        ...document().steps,
        { id: 'd', number: 4, title: 'D', button: 'Tallenna', progress: 100, sections: [{ fields: [{ section: 'contact', party: 'self' }] }] },
      ],
    });
    const { document: flat, findings, origin } = resolve(plain);
    expect(findings).toEqual([]);
    expect(flat.steps[3].sections[0].fields).toEqual(['email', 'email2', 'mobile', 'street']);
    expect(flat.steps[0].sections[0].fields).toEqual(['withPartner', 'mainEmail', 'mainEmail2', 'mainMobile', 'mainStreet']);
    // `{party}Email` is `email` in rules and options; the check comes along, its id plain too.
    expect(flat.rules?.visible?.mobile).toEqual({ '!!': { var: 'email' } });
    expect(flat.ui?.email2).toEqual({ 'ui:options': { repeatOf: 'email' } });
    expect(flat.rules?.checks?.find((c) => c.id === 'emailRepeat')).toEqual({ id: 'emailRepeat', field: 'email2', rule: { '==': [{ var: 'email2' }, { var: 'email' }] }, message: 'Eivät täsmää' });
    // The section's other fields stay out.
    expect(Object.keys(flat.schema.properties)).not.toContain('rows');
    expect(Object.keys(flat.schema.properties)).not.toContain('mainRows');
    expect(origin('/schema/properties/mobile/maxLength')).toEqual({ path: '/fields/Mobile/schema/maxLength', section: 'contact', party: 'self' });
  });

  it('leaves out a check whose rule reads a field the document left out', () => {
    const { document: flat, findings } = resolve(document({ include: { contact: { fields: ['Email2', 'Phone', 'Street', 'Rows', 'Total'] } } }));
    expect(findings).toEqual([]);
    expect(flat.rules?.checks?.map((c) => c.id)).toEqual(['own', 'mainStreetGiven']);
  });

  it('names a field the section does not have in `fields` as a finding', () => {
    expect(resolve(document({ include: { contact: { fields: ['Email', 'Fax'] } } })).findings).toContainEqual({ path: '/include/contact/fields/1', message: 'osiossa ei ole kenttää "Fax"' });
  });

  it("lists the document's warnings, then each section's for every party it is placed for", () => {
    const warnings = { BigTotal: { field: 'Total', rule: { '<=': [{ var: '{party}Total' }, 100] }, message: 'Tarkista summa' } };
    const own = { id: 'late', field: 'total', rule: true, message: 'Oma' };
    const { document: warned, findings, origin } = resolve(document({ rules: { ...document().rules, warnings: [own] } }), { contact: { ...contact(), warnings } });
    expect(findings).toEqual([]);
    expect(warned.rules?.warnings).toEqual([
      own,
      { id: 'mainBigTotal', field: 'mainTotal', rule: { '<=': [{ var: 'mainTotal' }, 100] }, message: 'Tarkista summa' },
      { id: 'partnerBigTotal', field: 'partnerTotal', rule: { '<=': [{ var: 'partnerTotal' }, 100] }, message: 'Tarkista summa' },
    ]);
    expect(origin('/rules/warnings/2/rule')).toEqual({ path: '/warnings/BigTotal/rule', section: 'contact', party: 'partner' });
  });

  it('leaves a document without sections as it is', () => {
    const flatDoc = { id: 'x', steps: [{ sections: [{ fields: ['a'] }] }] };
    expect(resolveDocument(flatDoc, () => ({})).document).toBe(flatDoc);
  });
});

describe('includes that do not fit are findings, naming where', () => {
  const findingsOf = (edit: (doc: any) => void, sections?: Record<string, unknown>) => {
    const doc = document() as any;
    edit(doc);
    return resolve(doc, sections).findings;
  };

  it.each<[string, (doc: any) => void, object]>([
    ['a section that does not exist', (d) => (d.include.nothing = {}), { path: '/include/nothing', message: expect.stringMatching(/ei löydy/) }],
    ['a reference to a section not in include', (d) => d.steps[2].sections[0].fields.push({ section: 'other', party: 'main' }), { path: '/steps/2/sections/0/fields/1', message: expect.stringMatching(/include/) }],
    ['an unknown party', (d) => d.steps[2].sections[0].fields.push({ section: 'contact', party: 'guest' }), { path: '/steps/2/sections/0/fields/1', message: expect.stringMatching(/"guest"/) }],
    ['a section placed twice for one party', (d) => d.steps[2].sections[0].fields.push({ section: 'contact', party: 'main' }), { path: '/steps/2/sections/0/fields/1', message: expect.stringMatching(/jo vaiheilla/) }],
    ['checks placed for a party that is on no step', (d) => d.rules.checks.push({ section: 'contact', party: 'tertiary' }), { path: '/rules/checks/2', message: expect.stringMatching(/"tertiary"/) }],
    ['a field the document defines too', (d) => (d.schema.properties.mainEmail = { type: 'string' }), { path: '/schema/properties/mainEmail', message: expect.stringMatching(/"mainEmail" on jo määritelty \(osio contact\)/) }],
  ])('%s', (_name, edit, finding) => {
    expect(findingsOf(edit)).toContainEqual(finding);
  });

  it('an included section no step places', () => {
    const findings = findingsOf((d) => {
      d.steps[0].sections[0].fields.splice(1, 1);
      d.steps[1].sections[0].fields = ['total'];
      d.summary[0].fields = ['withPartner'];
      d.rules.checks = [];
    });
    expect(findings).toContainEqual({ path: '/include/contact', message: expect.stringMatching(/ei ole millään vaiheella/) });
  });
});

describe('a section on its own', () => {
  const findingsOf = (edit: (section: any) => void) => {
    const section = contact() as any;
    edit(section);
    return checkSection(section, 'contact');
  };

  it('passes when sound', () => {
    expect(checkSection(contact(), 'contact')).toEqual([]);
  });

  it.each<[string, (section: any) => void, string, RegExp]>([
    ['a part the format does not have', (s) => (s.fields.Email.colour = 'red'), '/fields/Email', /colour/],
    ['a field without a label', (s) => delete s.fields.Email.label, '/fields/Email', /label/],
    ['an id that is not the file name', (s) => (s.id = 'yhteys'), '/id', /yhteys/],
    ['a check on a field it does not have', (s) => (s.checks.EmailRepeat.field = 'Fax'), '/checks/EmailRepeat/field', /"Fax"/],
    ['a row the list does not have', (s) => (s.fields.Rows.rows.colour = { label: 'Väri' }), '/fields/Rows/rows/colour', /colour/],
    ['an unknown rule operation', (s) => (s.fields.Phone.visible = { teleport: [1] }), '/fields/Phone/visible', /teleport/],
    ['an unknown normaliser', (s) => (s.fields.Email.normalize = 'shout'), '/fields/Email/normalize', /shout/],
    ['a summary line for a missing field', (s) => s.summary.push('Fax'), '/summary/4', /"Fax"/],
    ['a schema that does not compile', (s) => (s.fields.Street.schema.minimun = 3), '/fields/Street/schema', /minimun/],
  ])('refuses %s', (_name, edit, path, message) => {
    expect(findingsOf(edit)).toContainEqual({ path, message: expect.stringMatching(message), section: 'contact' });
  });

  it('a document check names the section file path and the party of what came through the include', () => {
    const broken = contact() as any;
    broken.fields.Phone.visible = { '!!': { var: '{party}Fax' } };
    const { findings } = checkSource(document(), (id) => (id === 'contact' ? broken : {}));
    expect(findings).toContainEqual({ path: '/fields/Phone/visible', message: expect.stringMatching(/"mainFax"/), section: 'contact', party: 'main' });
    expect(findings).toContainEqual({ path: '/fields/Phone/visible', message: expect.stringMatching(/"partnerFax"/), section: 'contact', party: 'partner' });
  });
});

describe('reading without checks (the logger’s field scan at start-up)', () => {
  const load = (id: string) => {
    if (id !== 'contact') throw new Error(`osiota ei löydy: ${id}`);
    return contact();
  };
  const misshapen = () => ({ ...document(), unknownTopLevel: true });

  it('checks the written shape first by default: a misshapen document is not resolved', () => {
    const checked = checkSource(misshapen(), load);
    expect(checked.findings).toContainEqual(expect.objectContaining({ path: '/', message: expect.stringMatching(/unknownTopLevel/) }));
    expect(checked.sections).toEqual([]);
  });

  it('with a no-op shape check, resolves it all the same and finds nothing', () => {
    const read = checkSource(misshapen(), load, { checkShape: () => [], checkFlat: () => [], checkOneSection: () => [] });
    expect(read.findings).toEqual([]);
    expect(read.sections).toEqual(['contact']);
    expect(Object.keys(read.document.schema.properties ?? {})).toContain('mainEmail');
  });
});
