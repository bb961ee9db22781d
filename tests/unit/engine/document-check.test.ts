// forms:check: the meta-schema and the cross-references refuse broken documents,
// naming the JSON path and what is wrong. Broken copies are made of the small
// fixture document (tests/fixtures/forms/mini.json), not of forms/ content.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkDocument } from '../../../engine/core/check.ts';
import { FORMS_DIR, FormDocumentError, FormLoadError, loadFormRuntime, readFormDocument, runtimeForDocument } from '../../../engine/core/node.ts';
import type { FormDocument } from '../../../engine/core/types.ts';

const FIXTURES = join(import.meta.dirname, '../../fixtures/forms');
const base = () => readFormDocument(join(FIXTURES, 'mini.json'));
const broken = (edit: (doc: FormDocument & Record<string, any>) => void) => {
  const doc = base() as FormDocument & Record<string, any>;
  edit(doc);
  return checkDocument(doc);
};

describe('document check', () => {
  it('passes the fixture and the shipped consumer document', () => {
    expect(checkDocument(base())).toEqual([]);
    expect(checkDocument(readFormDocument('consumer'))).toEqual([]);
  });

  it('refuses a document whose sections are not resolved', () => {
    const raw = JSON.parse(readFileSync(join(FORMS_DIR, 'consumer.json'), 'utf8'));
    expect(checkDocument(raw)).toEqual([{ path: '/', message: expect.stringMatching(/osioita .* ei ole ratkaistu/) }]);
  });

  it.each<[string, (doc: any) => void, string, RegExp]>([
    ['a missing required part', (d) => delete d.messages, '/', /messages/],
    ['an unknown top-level part', (d) => (d.colour = 'red'), '/', /colour/],
    ['a step without a button', (d) => delete d.steps[0].button, '/steps/0', /button/],
    ['a step naming a missing field', (d) => d.steps[0].sections[0].fields.push('nope'), '/steps/0/sections/0/fields/4', /"nope"/],
    ['a field on two steps', (d) => d.steps[1].sections[0].fields.push('amount'), '/steps/1/sections/0/fields/5', /jo vaiheella/],
    ['a field on no step', (d) => (d.schema.properties.orphan = { type: 'string' }), '/schema/properties/orphan', /ei ole millään vaiheella/],
    ['a field without a label', (d) => delete d.labels.amount, '/labels', /amount/],
    ['a rule on a missing field', (d) => (d.rules.visible.ghost = true), '/rules/visible/ghost', /"ghost"/],
    ['a rule reading a missing field', (d) => (d.rules.visible.name = { var: 'ghost' }), '/rules/visible/name', /"ghost"/],
    ['an unknown rule operation', (d) => (d.rules.checks[0].rule = { teleport: [1] }), '/rules/checks/0/rule', /teleport/],
    ['a missing constant', (d) => (d.rules.computed.x = { var: '$const.nothing' }), '/rules/computed/x', /\$const.nothing/],
    ['a check on a missing row property', (d) => (d.rules.checks[0].field = 'loans.*.colour'), '/rules/checks/0/field', /colour/],
    ['a custom keyword without its messages', (d) => delete d.messages['fiEmail.invalid'], '/messages', /fiEmail.invalid/],
    ['an unknown schema keyword', (d) => (d.schema.properties.amount.minimun = 5), '/schema', /minimun/],
    ['a summary naming a missing field', (d) => d.summary[0].fields.push('nope'), '/summary/0/fields/3', /"nope"/],
    ['a variant patching a missing path', (d) => d.variants.brand.push({ op: 'replace', path: '/schema/properties/nope/minimum', value: 1 }), '/variants/brand', /ei voi soveltaa/],
    ['an unknown normaliser', (d) => (d.normalize.name = 'shout'), '/normalize/name', /shout/],
    ['a section reference left in a flat document', (d) => d.steps[0].sections[0].fields.push({ section: 'contact', party: 'main' }), '/', /ei ole ratkaistu/],
    ['progress going backwards', (d) => (d.steps[2].progress = 5), '/steps/2/progress', /pienempi/],
    ['progress on some steps only', (d) => delete d.steps[1].progress, '/steps/1', /puuttuu edistyminen/],
  ])('refuses %s', (_name, edit, path, message) => {
    const findings = broken(edit);
    expect(findings.length).toBeGreaterThan(0);
    expect(findings).toContainEqual({ path, message: expect.stringMatching(message) });
  });
});

// Loading in Node (server, tools, the build that feeds the browser) runs the same
// check, so a broken document fails at load with forms:check's findings instead of
// surfacing later as a wrong message or a crash in the middle of a validation.
describe('loading a document checks it', () => {
  const dir = mkdtempSync(join(tmpdir(), 'forms-load-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const breakIt = (doc: any) => {
    doc.steps[0].sections[0].fields.push('nope');
    delete doc.messages['fiEmail.invalid'];
    return doc as FormDocument;
  };
  const brokenFile = join(dir, 'mini.json');
  writeFileSync(brokenFile, JSON.stringify(breakIt(base())));

  const thrown = (load: () => unknown): FormDocumentError => {
    try {
      load();
    } catch (error) {
      expect(error).toBeInstanceOf(FormDocumentError);
      return error as FormDocumentError;
    }
    throw new Error('the broken document loaded');
  };
  const expectNamed = (error: FormDocumentError, source: string) => {
    expect(error).toBeInstanceOf(FormLoadError); // the CLIs report load errors as bad input (exit 2)
    expect(error.source).toBe(source);
    expect(error.message.split('\n')[0]).toContain(source);
    expect(error.message).toContain('  /steps/0/sections/0/fields/4: kenttää "nope" ei ole skeemassa');
    expect(error.message).toContain('  /messages: viesti "fiEmail.invalid" puuttuu (kenttä email)');
    expect(error.findings).toEqual(checkDocument(breakIt(base())));
  };

  it('loadFormRuntime refuses a broken document, naming the file, each JSON path and the problem', () => {
    expectNamed(thrown(() => loadFormRuntime('mini', [], dir)), brokenFile);
  });

  it('readFormDocument refuses it too, unless forms:check asks for the raw document', () => {
    expectNamed(thrown(() => readFormDocument(brokenFile)), brokenFile);
    expect(readFormDocument(brokenFile, undefined, { check: false }).steps[0].sections[0].fields).toContain('nope');
  });

  // The server's logger reads every document unchecked before the products load and check them
  // (src/server/logging.ts): an unchecked reading checks the folder's shared messages no more than
  // the document (checking them compiled a schema, issue 31 goal 5).
  it('an unchecked reading checks neither the document nor the shared messages beside it', () => {
    const folder = mkdtempSync(join(dir, 'messages-'));
    const file = join(folder, 'mini.json');
    writeFileSync(file, JSON.stringify(base()));
    writeFileSync(join(folder, 'messages.json'), JSON.stringify({ messages: { required: 42 }, unknown: true }));
    expect(() => readFormDocument(file)).toThrow(FormLoadError);
    expect(readFormDocument(file, undefined, { check: false }).id).toBe('mini');
  });

  it('runtimeForDocument refuses a broken document object, also one broken after it was loaded', () => {
    const doc = base();
    expect(runtimeForDocument(doc).document.id).toBe('mini');
    breakIt(doc);
    expectNamed(thrown(() => runtimeForDocument(doc)), 'lomake mini');
    expectNamed(thrown(() => runtimeForDocument(doc, [], 'muokattu kopio')), 'muokattu kopio');
  });

  it('refuses a document whose section is broken, naming the section file, its path and the party', () => {
    const product = mkdtempSync(join(dir, 'product-'));
    cpSync(join(FORMS_DIR, 'sections'), join(product, 'sections'), { recursive: true });
    const file = join(product, 'tiny-loan.json');
    writeFileSync(file, readFileSync(join(FIXTURES, 'tiny-loan.json')));
    const housing = join(product, 'sections', 'housing.json');
    const section = JSON.parse(readFileSync(housing, 'utf8'));
    section.fields.Zip.visible = { var: '{party}Nope' };
    writeFileSync(housing, JSON.stringify(section));
    const error = thrown(() => readFormDocument(file));
    expect(error.source).toBe(file);
    expect(error.message).toContain('  sections/housing.json /fields/Zip/visible: sääntö viittaa kenttään "primaryApplicantNope", jota ei ole skeemassa (osapuoli primaryApplicant)');
    expect(error.findings).toContainEqual({ path: '/fields/Zip/visible', message: expect.any(String), section: 'housing', party: 'primaryApplicant' });
  });

  it('refuses JSON that is not a document at all', () => {
    const file = join(dir, 'null.json');
    writeFileSync(file, 'null');
    const error = thrown(() => readFormDocument(file));
    expect(error.message).toMatch(/null\.json: lomakedokumentti ei kelpaa/);
    expect(error.findings).toContainEqual({ path: '/', message: expect.stringMatching(/ei vastaa lomakedokumentin rakennetta/) });
  });
});
