// The readable diff an editor approves and QA checks: one Finnish sentence per change,
// by field, step, rule, message, constant and variant. Hand-made documents pin every
// kind's wording; the real documents show it stays quiet on no change and says a
// single change once.
import { describe, expect, it } from 'vitest';
import { diffFormDocuments, formatFormDiff, mergeOrder, type FormChange } from '../../engine/core/form-diff.ts';
import { formatNumber } from '../../engine/core/form-diff-format.ts';
import { listFormDocuments, readFormDocument } from '../../engine/core/node.ts';
import type { FormDocument, JsonSchema } from '../../engine/core/types.ts';

/** Two steps, a list of rows from `$defs`, every part a document has; `hasCo` and `ssn` have no label (their schema title names them). */
function smallDoc(): FormDocument {
  return {
    id: 'pieni',
    version: 1,
    title: 'Pieni hakemus',
    constants: { rate: 7.9, bands: [{ premiums: [8.4, 12.6] }] },
    texts: { intro: 'Tervetuloa' },
    schema: {
      type: 'object',
      additionalProperties: false,
      $defs: { row: { type: 'object', required: ['loan'], properties: { loan: { type: 'number', minimum: 1, maximum: 100000 } } } },
      properties: {
        amount: { type: 'number', title: 'Summa', minimum: 500, maximum: 70000, default: 15000 },
        purpose: { type: 'integer', title: 'Tarkoitus', oneOf: [{ const: 1, title: 'Auto' }, { const: 2, title: 'Remontti' }] },
        hasCo: { type: 'boolean', title: 'Kanssahakija mukana', default: false },
        name: { type: 'string', title: 'Nimi', minLength: 1, maxLength: 100, pattern: '^[A-Za-z]+$' },
        ssn: { type: 'string', title: 'Henkilötunnus', fiPersonalId: { minAge: 18 } },
        loans: { type: 'array', title: 'Lainat', minItems: 1, maxItems: 5, items: { $ref: '#/$defs/row' } },
        coName: { type: 'string', title: 'Kanssahakijan nimi', maxLength: 100 },
        total: { type: 'number', readOnly: true },
      },
    },
    steps: [
      { id: 'loan', number: 1, title: 'Laina', button: 'Jatka', progress: 50, sections: [{ fields: ['amount', 'purpose', 'hasCo'] }] },
      {
        id: 'person',
        number: 2,
        title: 'Henkilö',
        button: 'Lähetä',
        progress: 100,
        sections: [
          { title: 'Hakija', fields: ['name', 'ssn', 'loans'] },
          { title: 'Kanssahakija', fields: ['coName'] },
        ],
      },
    ],
    summary: [{ id: 'loan', title: 'Laina', step: 1, showAfterStep: 1, fields: ['amount', 'purpose'] }],
    rules: {
      visible: { coName: { '==': [{ var: 'hasCo' }, true] } },
      required: { amount: true, purpose: true, name: true, coName: { var: 'hasCo' } },
      checks: [{ id: 'nameNotX', field: 'name', rule: { '!=': [{ var: 'name' }, 'x'] }, message: 'Tarkista nimi' }],
      warnings: [{ id: 'bigAmount', field: 'amount', rule: { '<=': [{ var: 'amount' }, 50000] }, message: 'Iso summa' }],
      derived: { total: { sumBy: [{ var: 'loans' }, 'loan'] } },
      computed: { estimate: { '*': [{ var: 'amount' }, 2] } },
    },
    normalize: { amount: 'money', name: 'trim' },
    ui: { amount: { 'ui:widget': 'amountSlider', 'ui:options': { step: 500 } } },
    labels: { amount: 'Lainasumma', purpose: 'Käyttötarkoitus', name: 'Nimi', coName: 'Kanssahakijan nimi', loans: 'Lainat', 'loans.*.loan': 'Laina {n}: määrä', total: 'Yhteensä' },
    messages: { default: 'Tarkista', minimum: 'Vähintään {limit}' },
    fieldMessages: { name: { pattern: 'Tarkista nimi' } },
    sensitive: { ssn: true },
    variants: { kattokorko: [{ op: 'replace', path: '/schema/properties/amount/minimum', value: 2000 }] },
  };
}

type Editable = FormDocument & { schema: { properties: Record<string, Record<string, any>>; $defs: Record<string, any> } };
const prop = (doc: Editable, field: string) => doc.schema.properties[field];

/** The changes a mutation of the small document makes. */
function changesAfter(mutate: (doc: Editable) => void, start: FormDocument = smallDoc()): FormChange[] {
  const after = structuredClone(start) as Editable;
  mutate(after);
  return diffFormDocuments(start, after);
}
const textsAfter = (mutate: (doc: Editable) => void) => changesAfter(mutate).map((change) => change.text);

describe('form diff: nothing changed', () => {
  it('an identical document and a copy with its object keys reordered give no changes', () => {
    const doc = smallDoc();
    expect(diffFormDocuments(doc, doc)).toEqual([]);
    expect(diffFormDocuments(doc, structuredClone(doc))).toEqual([]);
    const reordered = structuredClone(doc) as Editable;
    reordered.schema.properties.amount = Object.fromEntries(Object.entries(prop(reordered, 'amount')).reverse());
    reordered.rules = Object.fromEntries(Object.entries(reordered.rules!).reverse());
    expect(diffFormDocuments(doc, reordered)).toEqual([]);
  });

  it('the version number is what the two documents are, not a change', () => {
    expect(changesAfter((doc) => (doc.version = 2))).toEqual([]);
  });
});

describe('form diff: fields, their schema and names', () => {
  it.each<[string, (doc: Editable) => void, FormChange[]]>([
    ['a raised maximum', (doc) => (prop(doc, 'amount').maximum = 80000), [{ kind: 'limit', text: 'Lainasumma: enimmäismäärä 70\u00a0000 → 80\u00a0000', field: 'amount', step: 'loan' }]],
    ['a minimum', (doc) => (prop(doc, 'amount').minimum = 1000), [{ kind: 'limit', text: 'Lainasumma: vähimmäismäärä 500 → 1\u00a0000', field: 'amount', step: 'loan' }]],
    ['a length limit removed', (doc) => delete prop(doc, 'name').minLength, [{ kind: 'limit', text: 'Nimi: vähimmäispituus poistettu (oli 1)', field: 'name', step: 'person' }]],
    ['a length limit added', (doc) => (prop(doc, 'coName').minLength = 2), [{ kind: 'limit', text: 'Kanssahakijan nimi: vähimmäispituus lisätty: 2', field: 'coName', step: 'person' }]],
    ['a longer maximum length', (doc) => (prop(doc, 'name').maxLength = 120), [{ kind: 'limit', text: 'Nimi: enimmäispituus 100 → 120', field: 'name', step: 'person' }]],
    ['a pattern', (doc) => (prop(doc, 'name').pattern = '^[A-Za-zÅÄÖåäö]+$'), [{ kind: 'limit', text: 'Nimi: sallittu muoto "^[A-Za-z]+$" → "^[A-Za-zÅÄÖåäö]+$"', field: 'name', step: 'person' }]],
    ['a step (multipleOf)', (doc) => (prop(doc, 'amount').multipleOf = 100), [{ kind: 'limit', text: 'Lainasumma: askel lisätty: 100', field: 'amount', step: 'loan' }]],
    ['an exclusive minimum', (doc) => (prop(doc, 'amount').exclusiveMinimum = 0), [{ kind: 'limit', text: 'Lainasumma: poissulkeva alaraja lisätty: 0', field: 'amount', step: 'loan' }]],
    ['more rows allowed', (doc) => (prop(doc, 'loans').maxItems = 10), [{ kind: 'limit', text: 'Lainat: rivejä enintään 5 → 10', field: 'loans', step: 'person' }]],
    ['a type', (doc) => (prop(doc, 'amount').type = 'integer'), [{ kind: 'type', text: 'Lainasumma: tyyppi luku → kokonaisluku', field: 'amount', step: 'loan' }]],
    [
      "a shared definition's limit, on the list row's property",
      (doc) => (doc.schema.$defs.row.properties.loan.maximum = 200000),
      [{ kind: 'limit', text: 'Laina: määrä: enimmäismäärä 100\u00a0000 → 200\u00a0000', field: 'loans.*.loan', step: 'person' }],
    ],
    ["a row's property no longer required", (doc) => (doc.schema.$defs.row.required = []), [{ kind: 'required', text: 'Laina: määrä: ei enää pakollinen', field: 'loans.*.loan', step: 'person' }]],
    ['a label', (doc) => (doc.labels.amount = 'Lainan määrä'), [{ kind: 'label', text: 'Lainasumma: nimi "Lainasumma" → "Lainan määrä"', field: 'amount', step: 'loan' }]],
    ['a title on the page', (doc) => (prop(doc, 'amount').title = 'Lainan summa'), [{ kind: 'field-title', text: 'Lainasumma: otsikko lomakkeella "Summa" → "Lainan summa"', field: 'amount', step: 'loan' }]],
    ['a default, named by the schema title when there is no label', (doc) => (prop(doc, 'hasCo').default = true), [{ kind: 'default', text: 'Kanssahakija mukana: oletusarvo ei → kyllä', field: 'hasCo', step: 'loan' }]],
    ['a required value', (doc) => (prop(doc, 'hasCo').const = true), [{ kind: 'const', text: 'Kanssahakija mukana: vaadittu arvo lisätty: kyllä', field: 'hasCo', step: 'loan' }]],
    ['read-only', (doc) => delete prop(doc, 'total').readOnly, [{ kind: 'read-only', text: 'Yhteensä: ei enää vain luettava', field: 'total' }]],
    ["a Finnish keyword's setting", (doc) => (prop(doc, 'ssn').fiPersonalId = { minAge: 20 }), [{ kind: 'validator', text: 'Henkilötunnus: henkilötunnuksen tarkistus minAge 18 → minAge 20', field: 'ssn', step: 'person' }]],
    ['a Finnish keyword added', (doc) => (prop(doc, 'coName').fiEmail = true), [{ kind: 'validator', text: 'Kanssahakijan nimi: sähköpostiosoitteen tarkistus lisätty: käytössä', field: 'coName', step: 'person' }]],
    ['another keyword, by its name', (doc) => (prop(doc, 'name').format = 'email'), [{ kind: 'schema', text: 'Nimi: format lisätty: "email"', field: 'name', step: 'person' }]],
    ['a normaliser', (doc) => (doc.normalize!.name = ['trim', 'upper']), [{ kind: 'normalize', text: 'Nimi: esikäsittely trim → trim, upper', field: 'name', step: 'person' }]],
    ['a widget option', (doc) => ((doc.ui!.amount['ui:options'] as Record<string, unknown>).step = 1000), [{ kind: 'ui', text: 'Lainasumma: asetus step 500 → 1\u00a0000', field: 'amount', step: 'loan' }]],
    ['a widget', (doc) => (doc.ui!.amount['ui:widget'] = 'number'), [{ kind: 'ui', text: 'Lainasumma: syöttötapa "amountSlider" → "number"', field: 'amount', step: 'loan' }]],
    ['a help text added', (doc) => (doc.ui!.name = { 'ui:help': 'Kuten passissa' }), [{ kind: 'ui', text: 'Nimi: ohjeteksti lisätty: "Kuten passissa"', field: 'name', step: 'person' }]],
    ["a field's own message", (doc) => (doc.fieldMessages!.name.pattern = 'Vain kirjaimia'), [{ kind: 'message', text: 'Nimi: virheilmoitus (pattern) "Tarkista nimi" → "Vain kirjaimia"', field: 'name', step: 'person' }]],
    ['sensitive', (doc) => (doc.sensitive!.name = true), [{ kind: 'sensitive', text: 'Nimi: merkitty henkilötiedoksi (ei kirjoiteta lokiin)', field: 'name', step: 'person' }]],
  ])('%s', (_name, mutate, expected) => {
    expect(changesAfter(mutate)).toEqual(expected);
  });

  it('options of a oneOf enumeration: added, removed, renamed (matched by code) and reordered', () => {
    const purpose = (doc: Editable) => prop(doc, 'purpose').oneOf as Array<{ const: number; title: string }>;
    expect(changesAfter((doc) => purpose(doc).push({ const: 3, title: 'Muu' }))).toEqual([{ kind: 'option-added', text: 'Käyttötarkoitus: uusi vaihtoehto "Muu" (3)', field: 'purpose', step: 'loan' }]);
    expect(changesAfter((doc) => purpose(doc).pop())).toEqual([{ kind: 'option-removed', text: 'Käyttötarkoitus: vaihtoehto "Remontti" (2) poistettu', field: 'purpose', step: 'loan' }]);
    expect(changesAfter((doc) => (purpose(doc)[0].title = 'Ajoneuvo'))).toEqual([{ kind: 'option-label', text: 'Käyttötarkoitus: vaihtoehdon 1 nimi "Auto" → "Ajoneuvo"', field: 'purpose', step: 'loan' }]);
    expect(changesAfter((doc) => purpose(doc).reverse())).toEqual([{ kind: 'option-order', text: 'Käyttötarkoitus: vaihtoehtojen järjestys muuttui', field: 'purpose', step: 'loan' }]);
  });

  it('a new field is one change, with its step and whether it is required', () => {
    const changes = changesAfter((doc) => {
      doc.schema.properties.email = { type: 'string', title: 'Sähköposti', maxLength: 254 };
      doc.steps[1].sections[0].fields.push('email');
      doc.labels.email = 'Sähköpostiosoite';
      doc.rules!.required!.email = true;
      doc.ui!.email = { 'ui:widget': 'email' };
    });
    expect(changes).toEqual([{ kind: 'field-added', text: 'Sähköpostiosoite: uusi kenttä vaiheessa "Henkilö" (pakollinen)', field: 'email', step: 'person' }]);
  });

  it('a removed field is one change, named as it was', () => {
    const changes = changesAfter((doc) => {
      delete doc.schema.properties.coName;
      doc.steps[1].sections.pop();
      delete doc.labels.coName;
      delete doc.rules!.visible!.coName;
      delete doc.rules!.required!.coName;
    });
    expect(changes).toEqual([
      { kind: 'step-section', text: 'Vaihe "Henkilö": osio "Kanssahakija" poistettu', step: 'person' },
      { kind: 'field-removed', text: 'Kanssahakijan nimi: kenttä poistettu vaiheesta "Henkilö"', field: 'coName', step: 'person' },
    ]);
  });

  it('a field moved to another step, to another section of its step, or within its step', () => {
    expect(
      changesAfter((doc) => {
        doc.steps[1].sections[0].fields = ['ssn', 'loans'];
        doc.steps[0].sections[0].fields.push('name');
      }),
    ).toEqual([{ kind: 'field-moved', text: 'Nimi: siirtyi vaiheesta "Henkilö" vaiheeseen "Laina"', field: 'name', step: 'loan' }]);
    expect(
      changesAfter((doc) => {
        doc.steps[1].sections[1].fields = [];
        doc.steps[1].sections[0].fields.push('coName');
      }),
    ).toEqual([{ kind: 'field-section', text: 'Kanssahakijan nimi: siirtyi osioon "Hakija"', field: 'coName', step: 'person' }]);
    expect(changesAfter((doc) => doc.steps[0].sections[0].fields.reverse())).toEqual([{ kind: 'field-order', text: 'Vaihe "Laina": kenttien järjestys muuttui', step: 'loan' }]);
    expect(changesAfter((doc) => (doc.steps[1].sections[0].fields = ['ssn', 'loans']))).toEqual([
      { kind: 'field-moved', text: 'Nimi: poistettiin vaiheesta "Henkilö" (ei enää näkyvissä lomakkeella)', field: 'name', step: 'person' },
    ]);
  });

  it("a new property of a list's rows, and the document schema's own keywords", () => {
    expect(changesAfter((doc) => (doc.schema.$defs.row.properties.monthly = { type: 'number', minimum: 0 }))).toEqual([
      { kind: 'field-added', text: 'Lainat / rivi / monthly: uusi osa', field: 'loans.*.monthly', step: 'person' },
    ]);
    expect(changesAfter((doc) => ((doc.schema as JsonSchema).additionalProperties = true))).toEqual([{ kind: 'schema', text: 'Lomakkeen skeema: additionalProperties ei → kyllä' }]);
  });
});

describe('form diff: rules', () => {
  it.each<[string, (doc: Editable) => void, FormChange[]]>([
    ['a visibility rule changed', (doc) => (doc.rules!.visible!.coName = { '!': { var: 'hasCo' } }), [{ kind: 'visible', text: 'Kanssahakijan nimi: näkyvyyden ehto muuttui', field: 'coName', step: 'person' }]],
    ['a visibility rule removed', (doc) => delete doc.rules!.visible!.coName, [{ kind: 'visible', text: 'Kanssahakijan nimi: näkyvyyden ehto poistettu: näkyy aina', field: 'coName', step: 'person' }]],
    ['a visibility rule added', (doc) => (doc.rules!.visible!.name = { var: 'hasCo' }), [{ kind: 'visible', text: 'Nimi: näkyy nyt vain ehdolla', field: 'name', step: 'person' }]],
    ['always required now', (doc) => (doc.rules!.required!.coName = true), [{ kind: 'required', text: 'Kanssahakijan nimi: nyt aina pakollinen', field: 'coName', step: 'person' }]],
    ['no longer required', (doc) => delete doc.rules!.required!.name, [{ kind: 'required', text: 'Nimi: ei enää pakollinen', field: 'name', step: 'person' }]],
    ['required only when a rule holds', (doc) => (doc.rules!.required!.amount = { var: 'hasCo' }), [{ kind: 'required', text: 'Lainasumma: nyt pakollinen vain ehdolla', field: 'amount', step: 'loan' }]],
    ['required by a rule, newly', (doc) => (doc.rules!.required!.ssn = { var: 'hasCo' }), [{ kind: 'required', text: 'Henkilötunnus: nyt pakollinen ehdolla', field: 'ssn', step: 'person' }]],
    ['the requiredness rule changed', (doc) => (doc.rules!.required!.coName = { '!': { var: 'hasCo' } }), [{ kind: 'required', text: 'Kanssahakijan nimi: pakollisuuden ehto muuttui', field: 'coName', step: 'person' }]],
    [
      'a check added',
      (doc) => doc.rules!.checks!.push({ id: 'ssnNotName', field: 'ssn', rule: { '!=': [{ var: 'ssn' }, { var: 'name' }] }, message: 'Tarkista henkilötunnus' }),
      [{ kind: 'check-added', text: 'Henkilötunnus: uusi tarkistus ssnNotName ("Tarkista henkilötunnus")', field: 'ssn', step: 'person' }],
    ],
    ['a check removed', (doc) => doc.rules!.checks!.pop(), [{ kind: 'check-removed', text: 'Nimi: tarkistus nameNotX poistettu ("Tarkista nimi")', field: 'name', step: 'person' }]],
    ["a check's rule", (doc) => (doc.rules!.checks![0].rule = { '!=': [{ var: 'name' }, 'y'] }), [{ kind: 'check-rule', text: 'Nimi: tarkistuksen nameNotX ehto muuttui', field: 'name', step: 'person' }]],
    ["a check's message", (doc) => (doc.rules!.checks![0].message = 'Nimi ei kelpaa'), [{ kind: 'check-message', text: 'Nimi: tarkistuksen nameNotX viesti "Tarkista nimi" → "Nimi ei kelpaa"', field: 'name', step: 'person' }]],
    ["a check's field", (doc) => (doc.rules!.checks![0].field = 'coName'), [{ kind: 'check-field', text: 'Kanssahakijan nimi: tarkistus nameNotX siirtyi tänne kentältä "Nimi"', field: 'coName', step: 'person' }]],
    ['a check run on an empty field too', (doc) => (doc.rules!.checks![0].whenEmpty = true), [{ kind: 'check-rule', text: 'Nimi: tarkistus nameNotX tehdään nyt myös tyhjälle kentälle', field: 'name', step: 'person' }]],
    ["a warning's message", (doc) => (doc.rules!.warnings![0].message = 'Tarkista summa'), [{ kind: 'warning-message', text: 'Lainasumma: huomautuksen bigAmount viesti "Iso summa" → "Tarkista summa"', field: 'amount', step: 'loan' }]],
    ["a warning's rule", (doc) => (doc.rules!.warnings![0].rule = { '<=': [{ var: 'amount' }, 60000] }), [{ kind: 'warning-rule', text: 'Lainasumma: huomautuksen bigAmount ehto muuttui', field: 'amount', step: 'loan' }]],
    ['a warning removed', (doc) => doc.rules!.warnings!.pop(), [{ kind: 'warning-removed', text: 'Lainasumma: huomautus bigAmount poistettu ("Iso summa")', field: 'amount', step: 'loan' }]],
    ['a derived value', (doc) => (doc.rules!.derived!.total = { sumBy: [{ var: 'loans' }, 'monthly'] }), [{ kind: 'derived', text: 'Yhteensä: laskentakaava muuttui', field: 'total' }]],
    ['a display-only value, named by its id', (doc) => (doc.rules!.computed!.estimate = { '*': [{ var: 'amount' }, 3] }), [{ kind: 'computed', text: 'estimate: näytettävän arvon kaava muuttui', field: 'estimate' }]],
  ])('%s', (_name, mutate, expected) => {
    expect(changesAfter(mutate)).toEqual(expected);
  });
});

describe('form diff: steps, summary, messages, texts, constants', () => {
  it.each<[string, (doc: Editable) => void, FormChange[]]>([
    ["the document's title", (doc) => (doc.title = 'Pienempi hakemus'), [{ kind: 'title', text: 'Lomakkeen otsikko: "Pieni hakemus" → "Pienempi hakemus"' }]],
    ['a step retitled', (doc) => (doc.steps[1].title = 'Hakija'), [{ kind: 'step-title', text: 'Vaihe "Henkilö": otsikko "Henkilö" → "Hakija"', step: 'person' }]],
    [
      'a step removed: its fields are listed under it, no longer on the form',
      (doc) => doc.steps.pop(),
      [
        { kind: 'step-removed', text: 'Vaihe "Henkilö": vaihe poistettu', step: 'person' },
        { kind: 'field-moved', text: 'Nimi: poistettiin vaiheesta "Henkilö" (ei enää näkyvissä lomakkeella)', field: 'name', step: 'person' },
        { kind: 'field-moved', text: 'Henkilötunnus: poistettiin vaiheesta "Henkilö" (ei enää näkyvissä lomakkeella)', field: 'ssn', step: 'person' },
        { kind: 'field-moved', text: 'Lainat: poistettiin vaiheesta "Henkilö" (ei enää näkyvissä lomakkeella)', field: 'loans', step: 'person' },
        { kind: 'field-moved', text: 'Kanssahakijan nimi: poistettiin vaiheesta "Henkilö" (ei enää näkyvissä lomakkeella)', field: 'coName', step: 'person' },
      ],
    ],
    ['a step added', (doc) => doc.steps.push({ id: 'extra', number: 3, title: 'Lisätiedot', button: 'Lähetä', progress: 100, sections: [] }), [{ kind: 'step-added', text: 'Vaihe "Lisätiedot": uusi vaihe (3.)', step: 'extra' }]],
    [
      'steps reordered',
      (doc) => {
        doc.steps[0].number = 2;
        doc.steps[1].number = 1;
      },
      [{ kind: 'step-order', text: 'Vaiheiden järjestys: Laina, Henkilö → Henkilö, Laina' }],
    ],
    ["a step's button", (doc) => (doc.steps[0].button = 'Seuraava'), [{ kind: 'step-button', text: 'Vaihe "Laina": painike "Jatka" → "Seuraava"', step: 'loan' }]],
    ["a step's progress", (doc) => (doc.steps[0].progress = 40), [{ kind: 'step-progress', text: 'Vaihe "Laina": edistyminen 50\u00a0% → 40\u00a0%', step: 'loan' }]],
    ["a step's condition", (doc) => (doc.steps[1].when = { var: 'hasCo' }), [{ kind: 'step-when', text: 'Vaihe "Henkilö": vaihe on nyt mukana vain ehdolla', step: 'person' }]],
    ['a section retitled: its fields stay in it', (doc) => (doc.steps[1].sections[1].title = 'Toinen hakija'), [{ kind: 'step-section', text: 'Vaihe "Henkilö": osion 2 otsikko "Kanssahakija" → "Toinen hakija"', step: 'person' }]],
    ['a section added to a step', (doc) => doc.steps[1].sections.push({ title: 'Lisää', fields: [] }), [{ kind: 'step-section', text: 'Vaihe "Henkilö": uusi osio "Lisää"', step: 'person' }]],
    ['a field added to a summary section', (doc) => doc.summary![0].fields.push('hasCo'), [{ kind: 'summary', text: 'Yhteenvedon osio "Laina": uusi kenttä "Kanssahakija mukana"', field: 'hasCo' }]],
    ['a summary section retitled', (doc) => (doc.summary![0].title = 'Lainatiedot'), [{ kind: 'summary', text: 'Yhteenvedon osio "Laina": otsikko "Laina" → "Lainatiedot"' }]],
    ['a summary section added', (doc) => doc.summary!.push({ id: 'person', title: 'Henkilö', step: 2, showAfterStep: 2, fields: ['name', 'ssn'] }), [{ kind: 'summary-added', text: 'Yhteenvedon osio "Henkilö": uusi osio (Nimi, Henkilötunnus)' }]],
    ['a summary section removed', (doc) => doc.summary!.pop(), [{ kind: 'summary-removed', text: 'Yhteenvedon osio "Laina": osio poistettu' }]],
    ['a message', (doc) => (doc.messages.minimum = 'Vähintään {limit} €'), [{ kind: 'message', text: 'Virheilmoitus (minimum): "Vähintään {limit}" → "Vähintään {limit} €"' }]],
    ['a message added', (doc) => (doc.messages.maximum = 'Enintään {limit}'), [{ kind: 'message', text: 'Virheilmoitus (maximum): lisätty "Enintään {limit}"' }]],
    ['a text', (doc) => (doc.texts!.intro = 'Hei'), [{ kind: 'text', text: 'Teksti intro: "Tervetuloa" → "Hei"' }]],
    ['a constant deep in a table, by its dotted path', (doc) => ((doc.constants!.bands as Array<{ premiums: number[] }>)[0].premiums[1] = 12.9), [{ kind: 'constant', text: 'Vakio bands[0].premiums[1]: 12,6 → 12,9' }]],
    ['a constant added', (doc) => (doc.constants!.limit = 25000), [{ kind: 'constant', text: 'Vakio limit: lisätty 25\u00a0000' }]],
  ])('%s', (_name, mutate, expected) => {
    expect(changesAfter(mutate)).toEqual(expected);
  });
});

describe('form diff: variants', () => {
  it("a variant's own limit, as a value of the field under that variant", () => {
    const changes = changesAfter((doc) => ((doc.variants!.kattokorko[0] as { value: unknown }).value = 2500));
    expect(changes).toEqual([{ kind: 'limit', text: 'Lainasumma (muunnelma kattokorko): vähimmäismäärä 2\u00a0000 → 2\u00a0500', field: 'amount', step: 'loan', variant: 'kattokorko' }]);
  });

  it('a base change is said once, not again for each variant; one a variant overrides is not a change of the variant', () => {
    expect(textsAfter((doc) => (prop(doc, 'amount').maximum = 80000))).toEqual(['Lainasumma: enimmäismäärä 70\u00a0000 → 80\u00a0000']);
    expect(textsAfter((doc) => (prop(doc, 'amount').minimum = 600))).toEqual(['Lainasumma: vähimmäismäärä 500 → 600']);
  });

  it('a new variant is named with what it does; a removed one is named', () => {
    const added = changesAfter((doc) => (doc.variants!.toinen = [{ op: 'replace', path: '/schema/properties/amount/maximum', value: 50000 }]));
    expect(added).toEqual([
      { kind: 'variant-added', text: 'Muunnelma toinen: uusi muunnelma', variant: 'toinen' },
      { kind: 'limit', text: 'Lainasumma (muunnelma toinen): enimmäismäärä 70\u00a0000 → 50\u00a0000', field: 'amount', step: 'loan', variant: 'toinen' },
    ]);
    expect(changesAfter((doc) => delete doc.variants!.kattokorko)).toEqual([{ kind: 'variant-removed', text: 'Muunnelma kattokorko: poistettu', variant: 'kattokorko' }]);
  });

  it('the order variants are applied in', () => {
    const start = smallDoc();
    start.variants!.toinen = [{ op: 'replace', path: '/schema/properties/amount/maximum', value: 50000 }];
    const changes = changesAfter((doc) => (doc.variants = { toinen: doc.variants!.toinen, kattokorko: doc.variants!.kattokorko }), start);
    expect(changes).toEqual([{ kind: 'variant-order', text: 'Muunnelmien soveltamisjärjestys: kattokorko, toinen → toinen, kattokorko' }]);
  });

  it('a variant that did not apply before either is no change', () => {
    const start = smallDoc();
    start.variants!.rikki = [{ op: 'replace', path: '/schema/properties/missing/minimum', value: 1 }];
    expect(diffFormDocuments(start, structuredClone(start))).toEqual([]);
  });

  it('a base change that leaves a variant patching nothing is said', () => {
    expect(changesAfter((doc) => delete prop(doc, 'amount').minimum)).toEqual([
      { kind: 'limit', text: 'Lainasumma: vähimmäismäärä poistettu (oli 500)', field: 'amount', step: 'loan' },
      { kind: 'variant-invalid', text: 'Muunnelma kattokorko: ei sovellu lomakkeeseen (muutos replace kohteeseen /schema/properties/amount/minimum ei onnistu)', variant: 'kattokorko' },
    ]);
  });
});

describe('form diff: order and rendering', () => {
  it('title first, then step by step (the step, then its fields in form order), fields on no step, summary, messages, texts, constants, variants', () => {
    const changes = changesAfter((doc) => {
      (doc.variants!.kattokorko[0] as { value: unknown }).value = 2500;
      doc.constants!.rate = 8.1;
      doc.texts!.intro = 'Hei';
      doc.messages.default = 'Tarkista tieto';
      doc.summary![0].title = 'Lainatiedot';
      doc.rules!.derived!.total = { sumBy: [{ var: 'loans' }, 'monthly'] };
      prop(doc, 'coName').maxLength = 80;
      prop(doc, 'name').maxLength = 80;
      doc.steps[1].title = 'Hakija';
      prop(doc, 'hasCo').default = true;
      prop(doc, 'amount').maximum = 80000;
      doc.steps[0].button = 'Seuraava';
      doc.title = 'Uusi';
    });
    expect(formatFormDiff(changes)).toEqual([
      'Lomakkeen otsikko: "Pieni hakemus" → "Uusi"',
      'Vaihe "Laina": painike "Jatka" → "Seuraava"',
      'Lainasumma: enimmäismäärä 70\u00a0000 → 80\u00a0000',
      'Kanssahakija mukana: oletusarvo ei → kyllä',
      'Vaihe "Henkilö": otsikko "Henkilö" → "Hakija"',
      'Nimi: enimmäispituus 100 → 80',
      'Kanssahakijan nimi: enimmäispituus 100 → 80',
      'Yhteensä: laskentakaava muuttui',
      'Yhteenvedon osio "Laina": otsikko "Laina" → "Lainatiedot"',
      'Virheilmoitus (default): "Tarkista" → "Tarkista tieto"',
      'Teksti intro: "Tervetuloa" → "Hei"',
      'Vakio rate: 7,9 → 8,1',
      'Lainasumma (muunnelma kattokorko): vähimmäismäärä 2\u00a0000 → 2\u00a0500',
    ]);
  });

  it('no changes render as one line saying so', () => {
    expect(formatFormDiff([])).toEqual(['Ei muutoksia.']);
  });

  it('numbers are written the Finnish way: no-break space between thousands, decimal comma', () => {
    expect([70000, 500, 2000, 1234567.5, 15.9, -2500, 0].map(formatNumber)).toEqual(['70\u00a0000', '500', '2\u00a0000', '1\u00a0234\u00a0567,5', '15,9', '-2\u00a0500', '0']);
  });

  it("merging two orders keeps the new one's and places what was dropped beside its old neighbour", () => {
    expect(mergeOrder(['a', 'b', 'c', 'd'], ['a', 'c', 'e', 'd'])).toEqual(['a', 'b', 'c', 'e', 'd']);
    expect(mergeOrder(['x', 'a'], ['a'])).toEqual(['x', 'a']);
  });
});

// The real documents, resolved from their sections. Their limits and names are read from
// the document, as the engine's tests do, so an editor's change in forms/ fails no test here.
describe('form diff: the real documents', () => {
  const fi = formatNumber;

  it('consumer: a raised maximum, a new purpose, a label, a visibility rule and a variant limit, each in one line', () => {
    const before = readFormDocument('consumer');
    const after = structuredClone(before) as Editable;
    const amount = prop(after, 'inputAppliedAmount');
    const oldMaximum = amount.maximum as number;
    amount.maximum = oldMaximum + 10000;
    (prop(after, 'loanPurposeId').oneOf as unknown[]).push({ const: 999, title: 'Testitarkoitus' });
    const oldTenorLabel = after.labels.inputAppliedTenor;
    after.labels.inputAppliedTenor = 'Laina-aika vuosina';
    after.rules!.visible!.coApplicantFirstnames = { '==': [{ var: 'hasCoApplicant' }, false] };
    const kattokorko = after.variants!.kattokorko.find((op) => op.path === '/schema/properties/inputAppliedAmount/minimum') as { value: number };
    const oldVariantMinimum = kattokorko.value;
    kattokorko.value = oldVariantMinimum + 500;

    const changes = diffFormDocuments(before, after);
    expect(formatFormDiff(changes)).toEqual([
      `${before.labels.loanPurposeId}: uusi vaihtoehto "Testitarkoitus" (999)`,
      `${before.labels.inputAppliedAmount}: enimmäismäärä ${fi(oldMaximum)} → ${fi(oldMaximum + 10000)}`,
      `${oldTenorLabel}: nimi "${oldTenorLabel}" → "Laina-aika vuosina"`,
      `${before.labels.coApplicantFirstnames}: näkyvyyden ehto muuttui`,
      `${before.labels.inputAppliedAmount} (muunnelma kattokorko): vähimmäismäärä ${fi(oldVariantMinimum)} → ${fi(oldVariantMinimum + 500)}`,
    ]);
    expect(changes.map((change) => [change.kind, change.field, change.variant])).toEqual([
      ['option-added', 'loanPurposeId', undefined],
      ['limit', 'inputAppliedAmount', undefined],
      ['label', 'inputAppliedTenor', undefined],
      ['visible', 'coApplicantFirstnames', undefined],
      ['limit', 'inputAppliedAmount', 'kattokorko'],
    ]);
  });

  const ids = listFormDocuments();
  it('there are real documents to diff', () => expect(ids).toEqual(expect.arrayContaining(['consumer', 'mortgage', 'business', 'insurance'])));

  /** A top-level field with this numeric keyword, in form order. */
  const firstWith = (doc: FormDocument, keyword: string) => Object.keys(doc.schema.properties).find((field) => typeof (doc.schema.properties[field] as JsonSchema)[keyword] === 'number');

  describe.each(ids)('%s', (id) => {
    const doc = readFormDocument(id);
    it('against itself: no changes', () => {
      expect(diffFormDocuments(doc, structuredClone(doc))).toEqual([]);
    });

    it('one label, one limit, one message, one step title changed: one entry each', () => {
      const field = Object.keys(doc.schema.properties)[0];
      const limited = firstWith(doc, 'maxLength') ?? firstWith(doc, 'maximum');
      expect(limited).toBeDefined();
      const keyword = (doc.schema.properties[limited!] as JsonSchema).maxLength !== undefined ? 'maxLength' : 'maximum';
      const message = Object.keys(doc.messages)[0];
      const edits: Array<[FormChange['kind'], (copy: Editable) => void]> = [
        ['label', (copy) => (copy.labels[field] = `${copy.labels[field] ?? field} (uusi)`)],
        ['limit', (copy) => (prop(copy, limited!)[keyword] = (prop(copy, limited!)[keyword] as number) + 1)],
        ['message', (copy) => (copy.messages[message] = `${copy.messages[message]} (uusi)`)],
        ['step-title', (copy) => (copy.steps[0].title = `${copy.steps[0].title} (uusi)`)],
      ];
      for (const [kind, edit] of edits) {
        const changes = changesAfter(edit, doc);
        expect(changes.map((change) => change.kind)).toEqual([kind]);
      }
    });
  });

  it("consumer: a change inside a variant's patch alone is one entry, under that variant", () => {
    const doc = readFormDocument('consumer');
    for (const name of Object.keys(doc.variants ?? {})) {
      const changes = changesAfter((copy) => copy.variants![name].push({ op: 'replace', path: '/title', value: 'Testiotsikko' }), doc);
      expect(changes.map((change) => [change.kind, change.variant])).toEqual([['title', name]]);
    }
  });
});
