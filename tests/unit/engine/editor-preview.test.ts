// The editors' preview server side (src/editor/forms-api.ts) on a copy of forms/:
// it lists documents only, serves a document resolved with its sections, names the
// section file of a finding, and tells a section change from a document change.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { FORMS_DIR, listFormDocuments, readFormDocument } from '../../../engine/core/node.ts';
import { changeOf, readPreview } from '../../../src/editor/forms-api.ts';

const dir = mkdtempSync(join(tmpdir(), 'editor-preview-'));
cpSync(FORMS_DIR, dir, { recursive: true });
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('editor preview', () => {
  it('lists the documents, not the sections, and serves the resolved document', () => {
    expect(listFormDocuments(dir)).toEqual(listFormDocuments());
    const preview = readPreview(dir, 'consumer')!;
    expect(preview.findings).toEqual([]);
    expect(preview.document).toEqual(readFormDocument('consumer'));
    expect(preview.sections.length).toBeGreaterThan(0);
    expect(readPreview(dir, 'sections')).toBeNull();
  });

  it('names the section file of a finding that is in a section', () => {
    const file = join(dir, 'sections', 'housing.json');
    const section = JSON.parse(readFileSync(file, 'utf8'));
    section.fields.Zip.label = 42;
    writeFileSync(file, JSON.stringify(section));
    const preview = readPreview(dir, 'consumer')!;
    expect(preview.findings).toContainEqual(expect.objectContaining({ file: 'sections/housing.json', path: '/fields/Zip/label' }));
  });

  it('tells a section change from a document change', () => {
    expect(changeOf(dir, join(dir, 'consumer.json'))).toEqual({ id: 'consumer' });
    expect(changeOf(dir, join(dir, 'sections', 'housing.json'))).toEqual({ section: 'housing' });
    expect(changeOf(dir, join(dir, 'notes.txt'))).toBeNull();
    expect(changeOf(dir, join(tmpdir(), 'other.json'))).toBeNull();
  });
});
