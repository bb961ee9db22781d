// qa:cases, qa:mutate and qa-verdict read a document from any file (`--file`), so a
// version exported before it goes live can be checked with the same tools.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../..');
const dir = mkdtempSync(join(tmpdir(), 'qa-file-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const run = (tool: string, ...args: string[]) => {
  const result = spawnSync(process.execPath, ['--import', 'tsx', `tools/${tool}.ts`, ...args], { cwd: root, encoding: 'utf8' });
  return { code: result.status, out: result.stdout, err: result.stderr };
};

// A version of the fixture with another amount minimum, saved where no form lives.
const version = join(dir, 'mini-v2.json');
const doc = JSON.parse(readFileSync(join(root, 'tests/fixtures/forms/mini.json'), 'utf8'));
doc.schema.properties.amount.minimum = 200;
writeFileSync(version, JSON.stringify(doc));

describe('QA tools with --file', () => {
  it('qa:cases generates the cases of the file, not of forms/', () => {
    const out = join(dir, 'cases');
    const { code, out: stdout } = run('qa-cases', '--file', version, '--out', out);
    expect(code).toBe(0);
    expect(stdout).toContain('Yhteensä');
    expect(readdirSync(out).sort()).toEqual(['base.csv', 'base.json', 'brand+short.csv', 'brand+short.json', 'brand.csv', 'brand.json', 'short.csv', 'short.json']);
    const ids = JSON.parse(readFileSync(join(out, 'base.json'), 'utf8')).cases.map((c: { id: string }) => c.id);
    expect(ids).toContain('base:boundary:amount:minimum 200');
  }, 60_000);

  it('qa:mutate scores the file', () => {
    const { code, out } = run('qa-mutate', '--file', version, '--sample', '5');
    expect([0, 1]).toContain(code);
    expect(out).toMatch(/Mutaatioita 5, tunnistettu \d/);
  }, 60_000);

  it('qa-verdict prints the changed outcomes per field and exits 1 when the version fails', () => {
    const changed = run('qa-verdict', '--file', version, '--live', 'tests/fixtures/forms/mini.json', '--sample', '10', '--threshold', '0');
    expect(changed.code).toBe(0);
    expect(changed.out).toContain('Summa (amount): 6 tapausta');
    expect(changed.out).toContain('"Vähintään 100" → "Vähintään 200": 2');
    expect(changed.out).toContain('Tulos: hyväksytty');
    const failing = run('qa-verdict', '--file', version, '--new', '--sample', '5', '--threshold', '1.01');
    expect(failing.code).toBe(1);
    expect(failing.out).toContain('Tulos: hylätty');
    expect(failing.out).not.toContain('Muuttuneet tulokset');
  }, 60_000);

  it('a form and a file at once, or a file that is not JSON, is a usage error in Finnish', () => {
    const both = run('qa-cases', 'consumer', '--file', version);
    expect(both.code).toBe(2);
    expect(both.err).toContain('Anna joko lomake (consumer) tai --file, ei molempia');
    const notJson = run('qa-mutate', '--file', join(dir, 'mini-v2.txt'));
    expect(notJson.code).toBe(2);
    expect(notJson.err).toContain('--file: odotettiin .json-tiedostoa');
  }, 60_000);
});
