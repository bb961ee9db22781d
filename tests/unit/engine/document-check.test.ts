// forms:check: the meta-schema and the cross-references refuse broken documents,
// naming the JSON path and what is wrong.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkDocument } from '../../../engine/core/check.ts';
import { FormDocumentError, FormLoadError, loadFormRuntime, readFormDocument, runtimeForDocument } from '../../../engine/core/node.ts';
import type { FormDocument } from '../../../engine/core/types.ts';

const base = () => readFormDocument('consumer');
const broken = (edit: (doc: FormDocument & Record<string, any>) => void) => {
  const doc = base() as FormDocument & Record<string, any>;
  edit(doc);
  return checkDocument(doc);
};

describe('document check', () => {
  it('passes the shipped consumer document', () => {
    expect(checkDocument(base())).toEqual([]);
  });

  it.each<[string, (doc: any) => void, string, RegExp]>([
    ['a missing required part', (d) => delete d.messages, '/', /messages/],
    ['an unknown top-level part', (d) => (d.colour = 'red'), '/', /colour/],
    ['a step without a button', (d) => delete d.steps[0].button, '/steps/0', /button/],
    ['a step naming a missing field', (d) => d.steps[0].sections[0].fields.push('nope'), '/steps/0/sections/0/fields/4', /"nope"/],
    ['a field on two steps', (d) => d.steps[1].sections[0].fields.push('loanPurposeId'), '/steps/1/sections/0/fields/9', /jo vaiheella/],
    ['a field on no step', (d) => (d.schema.properties.orphan = { type: 'string' }), '/schema/properties/orphan', /ei ole millään vaiheella/],
    ['a field without a label', (d) => delete d.labels.inputAppliedAmount, '/labels', /inputAppliedAmount/],
    ['a rule on a missing field', (d) => (d.rules.visible.ghost = true), '/rules/visible/ghost', /"ghost"/],
    ['a rule reading a missing field', (d) => (d.rules.visible.primaryApplicantFirstnames = { var: 'ghost' }), '/rules/visible/primaryApplicantFirstnames', /"ghost"/],
    ['an unknown rule operation', (d) => (d.rules.checks[0].rule = { teleport: [1] }), '/rules/checks/0/rule', /teleport/],
    ['a missing constant', (d) => (d.rules.computed.x = { var: '$const.nothing' }), '/rules/computed/x', /\$const.nothing/],
    ['a check on a missing row property', (d) => (d.rules.checks[0].field = 'primaryApplicantOtherLoanInput.*.colour'), '/rules/checks/0/field', /colour/],
    ['a custom keyword without its messages', (d) => delete d.messages['fiIban.checksum'], '/messages', /fiIban.checksum/],
    ['an unknown schema keyword', (d) => (d.schema.properties.inputAppliedAmount.minimun = 5), '/schema', /minimun/],
    ['a summary naming a missing field', (d) => d.summary[0].fields.push('nope'), '/summary/0/fields/4', /"nope"/],
    ['a variant patching a missing path', (d) => d.variants.kattokorko.push({ op: 'replace', path: '/schema/properties/nope/minimum', value: 1 }), '/variants/kattokorko', /ei voi soveltaa/],
    ['an unknown normaliser', (d) => (d.normalize.primaryApplicantZip = 'shout'), '/normalize/primaryApplicantZip', /shout/],
    ['progress going backwards', (d) => (d.steps[2].progress = 5), '/steps/2/progress', /pienempi/],
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
    delete doc.messages['fiIban.checksum'];
    return doc as FormDocument;
  };
  const brokenFile = join(dir, 'consumer.json');
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
    expect(error.message).toContain('  /messages: viesti "fiIban.checksum" puuttuu (kenttä primaryApplicantIbanNumber)');
    expect(error.findings).toEqual(checkDocument(breakIt(base())));
  };

  it('loadFormRuntime refuses a broken document, naming the file, each JSON path and the problem', () => {
    expectNamed(thrown(() => loadFormRuntime('consumer', [], dir)), brokenFile);
  });

  it('readFormDocument refuses it too, unless forms:check asks for the raw document', () => {
    expectNamed(thrown(() => readFormDocument(brokenFile)), brokenFile);
    expect(readFormDocument(brokenFile, undefined, { check: false }).steps[0].sections[0].fields).toContain('nope');
  });

  it('runtimeForDocument refuses a broken document object, also one broken after it was loaded', () => {
    const doc = base();
    expect(runtimeForDocument(doc).document.id).toBe('consumer');
    breakIt(doc);
    expectNamed(thrown(() => runtimeForDocument(doc)), 'lomake consumer');
    expectNamed(thrown(() => runtimeForDocument(doc, [], 'muokattu kopio')), 'muokattu kopio');
  });

  it('refuses JSON that is not a document at all', () => {
    const file = join(dir, 'null.json');
    writeFileSync(file, 'null');
    const error = thrown(() => readFormDocument(file));
    expect(error.message).toMatch(/null\.json: lomakedokumentti ei kelpaa/);
    expect(error.findings).toContainEqual({ path: '/', message: expect.stringMatching(/ei vastaa lomakedokumentin rakennetta/) });
  });
});
