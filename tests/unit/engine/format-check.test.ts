// forms:check of a format-2 document names the place the editor wrote (inside the
// field), a format-1 document still gets its own paths, and a format newer than this
// program is refused in Finnish rather than read wrong.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkSharedMessages, checkSource } from '../../../engine/core/check.ts';
import { CURRENT_FORMAT, migrateDocument } from '../../../engine/core/format/index.ts';
import { FORMS_DIR, FormDocumentError, FormLoadError, MESSAGES_FILE, readFormDocument, readFormSource, readSection, readSharedMessages } from '../../../engine/core/node.ts';

const SECTIONS = join(FORMS_DIR, 'sections');
const sharedMessages = readSharedMessages(join(FORMS_DIR, MESSAGES_FILE));
const written = (id: string) => JSON.parse(readFileSync(join(FORMS_DIR, `${id}.json`), 'utf8'));
const check = (raw: unknown) => checkSource(raw, (id) => readSection(SECTIONS, id), { sharedMessages }).findings;
const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

describe('findings in a format-2 document', () => {
  it('a rule of a field is named at the field', () => {
    const login = written('login');
    login.fields.loginPhone.visible = { var: 'nope' };
    expect(check(login)).toEqual([{ path: '/fields/loginPhone/visible', message: expect.stringContaining('"nope"') }]);
  });

  it('in a document with sections too: a normaliser, a schema keyword, a row label, a check', () => {
    const consumer = written('consumer');
    consumer.fields.inputAppliedAmount.normalize = 'shout';
    expect(check(consumer)).toEqual([{ path: '/fields/inputAppliedAmount/normalize', message: expect.stringContaining('"shout"') }]);

    const broken = written('consumer');
    const firstCheck = broken.checks.findIndex((item: { section?: string }) => !item.section);
    broken.checks[firstCheck].rule = { var: 'ghost' };
    expect(check(broken)).toEqual([{ path: `/checks/${firstCheck}/rule`, message: expect.stringContaining('"ghost"') }]);
  });

  it('the meta-schema names the field part as written', () => {
    const login = written('login');
    login.fields.loginSsn.label = '';
    login.fields.loginSsn.colour = 'red';
    const findings = check(login);
    expect(findings.map((finding) => finding.path).sort()).toEqual(['/fields/loginSsn', '/fields/loginSsn/label']);
  });

  it('a field without a label: the fields, and the message names the field', () => {
    const login = written('login');
    delete login.fields.loginSsn.label;
    expect(check(login)).toEqual([{ path: '/fields', message: 'kentältä "loginSsn" puuttuu nimi (labels)' }]);
  });

  it('a section\'s finding still names the section, the document and the party', () => {
    const consumer = written('consumer');
    consumer.include.housing = { override: { fields: { Zip: { visible: { var: '{party}Nope' } } } } };
    expect(check(consumer)).toContainEqual({ path: '/fields/Zip/visible', message: expect.stringContaining('primaryApplicantNope'), section: 'housing', party: 'primaryApplicant' });
  });

  it('a shared message a document drops with null is gone from its flat messages; its own wins', () => {
    const login = written('login-code');
    delete login.sharedMessages;
    login.messages = { pattern: 'Koodissa on kuusi numeroa', fiIban: null, 'fiIban.checksum': null };
    const { document, findings } = checkSource(login, () => ({}), { sharedMessages });
    expect(findings).toEqual([]);
    expect(document.messages.pattern).toBe('Koodissa on kuusi numeroa');
    expect(document.messages).not.toHaveProperty('fiIban.checksum');
    expect(document.messages.minimum).toBe(sharedMessages.minimum);
  });
});

describe('format versions', () => {
  it('a format-1 document is checked with its own paths', () => {
    const login = JSON.parse(readFileSync(join(import.meta.dirname, '../../fixtures/format-1/login.json'), 'utf8'));
    login.rules.visible = { loginPhone: { var: 'nope' } };
    expect(check(login)).toEqual([{ path: '/rules/visible/loginPhone', message: expect.stringContaining('"nope"') }]);
  });

  it('a document of an unknown, newer format is refused with a Finnish finding', () => {
    const future = { ...written('login'), version: CURRENT_FORMAT + 1 };
    const refusal = [{ path: '/version', message: `lomakkeen muotoa ${CURRENT_FORMAT + 1} ei tunneta: tämä ohjelma lukee muotoja 1–${CURRENT_FORMAT} (päivitä ohjelma tai tallenna lomake muodossa ${CURRENT_FORMAT})` }];
    expect(migrateDocument(future)).toEqual({ document: future, from: CURRENT_FORMAT + 1, findings: refusal });
    expect(check(future)).toEqual(refusal);

    const dir = mkdtempSync(join(tmpdir(), 'lv-format-'));
    dirs.push(dir);
    writeFileSync(join(dir, 'future.json'), JSON.stringify(future));
    expect(readFormSource(join(dir, 'future.json')).findings).toEqual(refusal);
    expect(() => readFormDocument(join(dir, 'future.json'))).toThrow(FormDocumentError);
    expect(() => readFormDocument(join(dir, 'future.json'))).toThrow(/muotoa 3 ei tunneta/);
  });
});

describe('forms/messages.json', () => {
  it('is checked against its meta-schema', () => {
    expect(checkSharedMessages(JSON.parse(readFileSync(join(FORMS_DIR, MESSAGES_FILE), 'utf8')))).toEqual([]);
    expect(checkSharedMessages({ messages: { default: 'x', required: '' } })).toEqual([{ path: '/messages/required', message: expect.stringMatching(/^ei vastaa yhteisten viestien rakennetta/) }]);
    expect(checkSharedMessages({ messages: { required: 'x' } })).toEqual([{ path: '/messages', message: expect.stringContaining('default') }]);
  });

  it("a document reads its own folder's messages.json, and a broken one stops it", () => {
    const dir = mkdtempSync(join(tmpdir(), 'lv-messages-'));
    dirs.push(dir);
    writeFileSync(join(dir, 'mortgage.json'), readFileSync(join(FORMS_DIR, 'mortgage.json')));
    expect(readFormDocument(join(dir, 'mortgage.json'), dir, { sectionsDir: SECTIONS }).messages).toEqual(sharedMessages);
    writeFileSync(join(dir, MESSAGES_FILE), JSON.stringify({ messages: { ...sharedMessages, minimum: 'Vähintään {limit} euroa' } }));
    expect(readFormDocument(join(dir, 'mortgage.json'), dir, { sectionsDir: SECTIONS }).messages.minimum).toBe('Vähintään {limit} euroa');
    writeFileSync(join(dir, MESSAGES_FILE), JSON.stringify({ messages: { default: 'x' } }));
    expect(() => readFormDocument(join(dir, 'mortgage.json'), dir, { sectionsDir: SECTIONS })).toThrow(FormLoadError);
    expect(() => readFormDocument(join(dir, 'mortgage.json'), dir, { sectionsDir: SECTIONS })).toThrow(/yhteiset viestit eivät kelpaa/);
  });
});
