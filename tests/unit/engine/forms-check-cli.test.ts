// The forms:check contract a content editor and CI rely on: exit 0 on sound
// documents and sections, exit 1 on a broken one, and every finding on stderr
// naming the file, the JSON path and what is wrong; for a finding in a shared
// section that came through a document, also the document and the party. Broken
// copies are made of the fixture documents, so content edits in forms/ do not matter.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { listSections } from '../../../engine/core/node.ts';

const root = resolve(import.meta.dirname, '../../..');
const fixtures = join(root, 'tests', 'fixtures', 'forms');
const dir = mkdtempSync(join(tmpdir(), 'forms-check-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const write = (name: string, content: unknown) => {
  const path = join(dir, name);
  writeFileSync(path, typeof content === 'string' ? content : JSON.stringify(content, null, 2));
  return path;
};
const fixture = (name: string) => JSON.parse(readFileSync(join(fixtures, name), 'utf8'));
// `npx tsx tools/forms-check.ts …` without npx's start-up cost.
const run = (...files: string[]) => {
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'tools/forms-check.ts', ...files], { cwd: root, encoding: 'utf8' });
  return { code: result.status, out: result.stdout, err: result.stderr };
};

describe('forms:check', () => {
  it('exits 0 on the shipped documents and sections, each section checked on its own', () => {
    const { code, out, err } = run();
    expect(err).toBe('');
    expect(code).toBe(0);
    const lines = out.trim().split('\n');
    for (const id of listSections()) expect(lines).toContain(`forms/sections/${id}.json: kunnossa (osio)`);
    expect(lines).toContainEqual(expect.stringMatching(/^forms\/consumer\.json: kunnossa \(\d+ kenttää, \d+ vaihetta, muunnelmat: .*, osiot: /));
  });

  it('exits 1 on a broken copy, naming the document, each JSON path and the problem', () => {
    const doc = fixture('mini.json');
    doc.steps[0].sections[0].fields.push('nope');
    delete doc.messages['fiEmail.invalid'];
    const file = write('rikki.json', doc);
    const { code, out, err } = run(file);
    expect(code).toBe(1);
    expect(out).toBe('');
    const lines = err.trim().split('\n');
    expect(lines).toContainEqual(expect.stringMatching(/rikki\.json \/steps\/0\/sections\/0\/fields\/4: kenttää "nope" ei ole skeemassa$/));
    expect(lines).toContainEqual(expect.stringMatching(/rikki\.json \/messages: viesti "fiEmail\.invalid" puuttuu \(kenttä email\)$/));
  });

  it('exits 1 when one of several documents is broken, and still reports the sound one', () => {
    const sound = write('ehja.json', fixture('mini.json'));
    const broken = write('ei-json.json', '{"id": "mini",');
    const { code, out, err } = run(sound, broken);
    expect(code).toBe(1);
    expect(out).toMatch(/ehja\.json: kunnossa/);
    expect(err).toMatch(/ei-json\.json: .*ei ole kelvollista JSONia/);
  });
});

describe('forms:check on a broken shared section', () => {
  // The tiny product next to a copy of the shipped sections, as forms/ would hold it.
  const product = mkdtempSync(join(dir, 'product-'));
  cpSync(join(root, 'forms', 'sections'), join(product, 'sections'), { recursive: true });
  const document = join(product, 'tiny-loan.json');
  writeFileSync(document, readFileSync(join(fixtures, 'tiny-loan.json')));
  const housing = join(product, 'sections', 'housing.json');
  const sound = readFileSync(housing, 'utf8');
  const breakHousing = (edit: (section: any) => void) => {
    const section = JSON.parse(sound);
    edit(section);
    writeFileSync(housing, JSON.stringify(section, null, 2));
  };

  it('names the section file and JSON path of what the section alone gets wrong', () => {
    breakHousing((s) => (s.fields.City.schema.minimun = 3));
    const { code, err } = run(housing, document);
    expect(code).toBe(1);
    const lines = err.trim().split('\n');
    expect(lines).toContainEqual(expect.stringMatching(/sections\/housing\.json \/fields\/City\/schema: skeema ei käänny: .*minimun/));
    expect(lines).toContainEqual(expect.stringMatching(/tiny-loan\.json: ei tarkistettu loppuun, koska sen osioissa on havaintoja/));
  });

  it('names the section file, its JSON path, the including document and the party of what only the document shows', () => {
    breakHousing((s) => (s.fields.Zip.visible = { '==': [{ var: '{party}Nope' }, 1] }));
    expect(run(housing).code).toBe(0);
    const { code, err } = run(document);
    expect(code).toBe(1);
    expect(err.trim().split('\n')).toContainEqual(
      expect.stringMatching(/sections\/housing\.json \/fields\/Zip\/visible: sääntö viittaa kenttään "primaryApplicantNope", jota ei ole skeemassa \(dokumentissa .*tiny-loan\.json, osapuoli primaryApplicant\)$/),
    );
  });
});
