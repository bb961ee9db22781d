// The forms:check contract a content editor and CI rely on: exit 0 on a sound
// document, exit 1 on a broken one, and every finding on stderr naming the
// document, the JSON path and what is wrong.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readFormDocument } from '../../../engine/core/node.ts';

const root = resolve(import.meta.dirname, '../../..');
const dir = mkdtempSync(join(tmpdir(), 'forms-check-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const write = (name: string, content: unknown) => {
  const path = join(dir, name);
  writeFileSync(path, typeof content === 'string' ? content : JSON.stringify(content, null, 2));
  return path;
};
// `npx tsx tools/forms-check.ts …` without npx's start-up cost.
const run = (...files: string[]) => {
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'tools/forms-check.ts', ...files], { cwd: root, encoding: 'utf8' });
  return { code: result.status, out: result.stdout, err: result.stderr };
};

describe('forms:check', () => {
  it('exits 0 on the shipped consumer document', () => {
    const { code, out, err } = run(join(root, 'forms', 'consumer.json'));
    expect(err).toBe('');
    expect(code).toBe(0);
    expect(out).toMatch(/^forms\/consumer\.json: kunnossa \(\d+ kenttää, \d+ vaihetta, muunnelmat: /);
  });

  it('exits 1 on a broken copy, naming the document, each JSON path and the problem', () => {
    const doc = readFormDocument('consumer') as any;
    doc.steps[0].sections[0].fields.push('nope');
    delete doc.messages['fiIban.checksum'];
    const file = write('rikki.json', doc);
    const { code, out, err } = run(file);
    expect(code).toBe(1);
    expect(out).toBe('');
    const lines = err.trim().split('\n');
    expect(lines).toContainEqual(expect.stringMatching(/rikki\.json \/steps\/0\/sections\/0\/fields\/4: kenttää "nope" ei ole skeemassa$/));
    expect(lines).toContainEqual(expect.stringMatching(/rikki\.json \/messages: viesti "fiIban\.checksum" puuttuu \(kenttä primaryApplicantIbanNumber\)$/));
  });

  it('exits 1 when one of several documents is broken, and still reports the sound one', () => {
    const sound = write('ehja.json', readFormDocument('consumer'));
    const broken = write('ei-json.json', '{"id": "consumer",');
    const { code, out, err } = run(sound, broken);
    expect(code).toBe(1);
    expect(out).toMatch(/ehja\.json: kunnossa/);
    expect(err).toMatch(/ei-json\.json: .*ei ole kelvollista JSONia/);
  });
});
