// The server's validator cache (engine/build/validator-cache.ts, issue 13 goal 5): the
// first load checks the document and compiles its validator into the cache folder, a
// later load of the same bytes reads both back and runs no AJV compile at all, a changed
// document gets entries of its own, and a broken one stops the load with the same error
// as without the cache.
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import AjvCore from 'ajv/dist/core.js';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { cachedForms } from '../../../engine/build/validator-cache.ts';
import { FORMS_DIR, FormDocumentError, loadFormRuntime, readCatalogue, readFormDocument } from '../../../engine/core/node.ts';
import { validApplication, validApplicationWithCoApplicant } from '../../fixtures/consumer-valid.ts';

const work = mkdtempSync(join(tmpdir(), 'lv-validator-cache-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));
afterEach(() => vi.restoreAllMocks());

/** A forms folder of its own holding the consumer document and the shared sections. */
function formsFolder(name: string): string {
  const dir = join(work, name);
  cpSync(join(FORMS_DIR, 'consumer.json'), join(dir, 'consumer.json'));
  cpSync(join(FORMS_DIR, 'sections'), join(dir, 'sections'), { recursive: true });
  return dir;
}

const entries = (dir: string) => new Map(readdirSync(dir).map((name) => [name, statSync(join(dir, name)).mtimeMs]));
/** Every AJV compile in this process, the check's meta-schemas included: Ajv2020 inherits it from the core class. */
const Core = ((AjvCore as unknown as { default?: typeof AjvCore }).default ?? AjvCore) as typeof AjvCore;
const compiles = () => vi.spyOn(Core.prototype, 'compile');

const samples = [
  validApplication(),
  validApplicationWithCoApplicant(),
  { ...validApplication(), inputAppliedAmount: 499, primaryApplicantZip: '123', primaryApplicantEmail: 'x@' },
  { hasCoApplicant: 'yes', inputAppliedTenor: 2.5, unknownThing: true },
];

describe('validator cache', () => {
  const formsDir = formsFolder('forms');
  const cacheDir = join(work, 'cache');

  it('compiles on the first load, writes the entries, and validates like the run-time compiled validator', () => {
    const spy = compiles();
    const first = cachedForms(formsDir, cacheDir);
    const runtime = first.runtime('consumer', ['kattokorko']);
    expect(first.made).toEqual({ checked: 1, compiled: 1 });
    expect(spy).toHaveBeenCalled();
    expect([...entries(cacheDir).keys()].map((name) => name.replace(/^[0-9a-f]{64}/, 'HASH')).sort()).toEqual(['HASH.cjs', 'HASH.json']);
    const reference = loadFormRuntime('consumer', ['kattokorko'], formsDir);
    for (const data of samples) {
      expect(runtime.validateSubmission(data, { uptoStep: 7 })).toEqual(reference.validateSubmission(data, { uptoStep: 7 }));
    }
  });

  it('reads the same document back with no check and no compile', () => {
    const before = entries(cacheDir);
    const spy = compiles();
    const again = cachedForms(formsDir, cacheDir);
    const runtime = again.runtime('consumer', ['kattokorko']);
    expect(spy).not.toHaveBeenCalled();
    expect(again.made).toEqual({ checked: 0, compiled: 0 });
    expect(entries(cacheDir)).toEqual(before);
    expect(runtime.document).toEqual(loadFormRuntime('consumer', ['kattokorko'], formsDir).document);
    expect(runtime.validateSubmission(samples[2], { uptoStep: 7 }).valid).toBe(false);
  });

  it('gives a changed document entries of its own', () => {
    const doc = JSON.parse(readFileSync(join(formsDir, 'consumer.json'), 'utf8'));
    doc.title = `${doc.title} (muutettu)`;
    writeFileSync(join(formsDir, 'consumer.json'), JSON.stringify(doc));
    const before = entries(cacheDir);
    const changed = cachedForms(formsDir, cacheDir);
    expect(changed.runtime('consumer', ['kattokorko']).document.title).toMatch(/muutettu/);
    // A new document entry; the schema did not change, so its validator is the one already there.
    expect(changed.made).toEqual({ checked: 1, compiled: 0 });
    const after = entries(cacheDir);
    expect(after.size).toBe(before.size + 1);
    for (const [name, mtime] of before) expect(after.get(name)).toBe(mtime);

    doc.fields.inputAppliedAmount.schema.maximum = 12345;
    writeFileSync(join(formsDir, 'consumer.json'), JSON.stringify(doc));
    const stricter = cachedForms(formsDir, cacheDir);
    const amount = stricter.runtime('consumer', []).validateSubmission({ ...validApplication(), inputAppliedAmount: 15000 }, { uptoStep: 7 });
    expect(stricter.made).toEqual({ checked: 1, compiled: 1 });
    expect(amount.errors.map((error) => error.field)).toContain('inputAppliedAmount');
  });

  it('stops at a broken document with the error it gives without the cache, and stores nothing for it', () => {
    const brokenDir = formsFolder('broken');
    const doc = JSON.parse(readFileSync(join(brokenDir, 'consumer.json'), 'utf8'));
    doc.steps[0].sections[0].fields.push('noSuchField');
    writeFileSync(join(brokenDir, 'consumer.json'), JSON.stringify(doc));
    const before = entries(cacheDir);
    const uncached = (() => {
      try {
        readFormDocument('consumer', brokenDir);
      } catch (error) {
        return error as Error;
      }
    })();
    expect(uncached).toBeInstanceOf(FormDocumentError);
    expect(() => cachedForms(brokenDir, cacheDir).runtime('consumer', [])).toThrow(uncached!.message);
    expect(entries(cacheDir)).toEqual(before);
  });

  it('caches the checked catalogue', () => {
    const catalogueCache = join(work, 'catalogue-cache');
    const expected = readCatalogue();
    expect(cachedForms(FORMS_DIR, catalogueCache).catalogue()).toEqual(expected);
    const spy = compiles();
    const again = cachedForms(FORMS_DIR, catalogueCache);
    expect(again.catalogue()).toEqual(expected);
    expect(again.made.checked).toBe(0);
    expect(spy).not.toHaveBeenCalled();
  });
});
