// forms/consumer.json on shared sections (issue 12): what stays true whatever an
// editor changes in a section. The co-applicant gets the primary applicant's
// fields with the prefix swapped (bar the fields a section keeps to one party),
// everything about a co-applicant field comes from a section file, no block in
// forms/ is a renamed copy of another, and the build watches every section.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formsPlugin } from '../../../engine/build/vite-plugin-forms.ts';
import { checkSource } from '../../../engine/core/check.ts';
import { FORMS_DIR, listFormDocuments, listSections, readFormSource, readSection } from '../../../engine/core/node.ts';
import { resolveWritten } from '../../../engine/core/format/index.ts';
import type { Section } from '../../../engine/core/sections.ts';

const PRIMARY = 'primaryApplicant';
const CO = 'coApplicant';
const raw = JSON.parse(readFileSync(join(FORMS_DIR, 'consumer.json'), 'utf8'));
const sectionsDir = join(FORMS_DIR, 'sections');
const resolution = resolveWritten(raw, (id) => readSection(sectionsDir, id));
const doc = resolution.document;
const sections = new Map(resolution.sections.map((id) => [id, readSection(sectionsDir, id) as Section]));
const swap = (value: unknown) => (value === undefined ? undefined : JSON.parse(JSON.stringify(value).replaceAll(PRIMARY, CO)));
const fromSection = (path: string) => resolution.origin(path).section;

/** Fields a section keeps to one party (`only`). */
const onlyFor = (party: string) => [...sections.values()].flatMap((s) => Object.entries(s.fields).filter(([, f]) => f.only && !f.only.includes(party)).map(([name]) => name));

describe('forms/consumer.json on shared sections', () => {
  it('resolves without findings', () => {
    expect(resolution.findings).toEqual([]);
    expect(checkSource(raw, (id) => readSection(sectionsDir, id)).findings).toEqual([]);
  });

  it("gives the co-applicant the primary applicant's section fields with the prefix swapped", () => {
    const sectionFields = (party: string) => Object.keys(doc.schema.properties).filter((id) => id.startsWith(party) && fromSection(`/schema/properties/${id}`));
    const primary = sectionFields(PRIMARY).filter((id) => !onlyFor(CO).includes(id.slice(PRIMARY.length)));
    const co = sectionFields(CO).filter((id) => !onlyFor(PRIMARY).includes(id.slice(CO.length)));
    expect(co.length).toBeGreaterThan(40);
    expect(co).toEqual(primary.map(swap));
    // Same schema, normaliser, messages and requiredness; the co-applicant's rules are the primary's under the party's condition.
    const when = raw.parties[CO].when;
    for (const id of primary) {
      const other = swap(id);
      expect(doc.schema.properties[other], other).toEqual(swap(doc.schema.properties[id]));
      expect(doc.normalize?.[other], other).toEqual(swap(doc.normalize?.[id]));
      expect(doc.fieldMessages?.[other], other).toEqual(swap(doc.fieldMessages?.[id]));
      expect(doc.rules?.required?.[other], other).toEqual(swap(doc.rules?.required?.[id]));
      expect(doc.rules?.derived?.[other], other).toEqual(swap(doc.rules?.derived?.[id]));
      const own = doc.rules?.visible?.[id];
      const patched = resolution.origin(`/rules/visible/${other}`).path.includes('/party/');
      if (!patched) expect(doc.rules?.visible?.[other], other).toEqual(own === undefined ? when : { and: [when, swap(own)] });
    }
  });

  it('writes nothing about a co-applicant field in consumer.json itself: every part comes from a section', () => {
    const coKeys = (map: object | undefined) => Object.keys(map ?? {}).filter((key) => key.startsWith(CO));
    const parts: Array<[string, object | undefined]> = [
      ['schema/properties', doc.schema.properties],
      ['labels', doc.labels],
      ['ui', doc.ui],
      ['normalize', doc.normalize],
      ['fieldMessages', doc.fieldMessages],
      ['sensitive', doc.sensitive],
      ['rules/visible', doc.rules?.visible],
      ['rules/required', doc.rules?.required],
      ['rules/derived', doc.rules?.derived],
    ];
    for (const [part, map] of parts) for (const key of coKeys(map)) expect(fromSection(`/${part}/${key}`), `${part}/${key}`).toBeDefined();
    doc.rules?.checks?.forEach((check, index) => {
      if (check.id.startsWith(CO)) expect(fromSection(`/rules/checks/${index}`), check.id).toBeDefined();
    });
    expect(JSON.stringify(raw.fields)).not.toContain(CO);
  });

  // `duplicates` ignores JSON, so this is the check over forms/: a block (a field's
  // schema, ui, rule, a check, a list of fields…) that equals another once the party
  // prefixes of field ids are made the same is a renamed copy, and so is a map
  // defining one field for two parties (`primaryApplicantX` next to `coApplicantX`).
  it('has no block in forms/ that is a renamed copy of another (party prefixes swapped)', () => {
    const MIN_CHARS = 100;
    const FIELD_PREFIX = /(primaryApplicant|coApplicant|\{party\})(?=[A-Z])/g;
    const blocks = new Map<string, Array<{ where: string; text: string }>>();
    const copies: string[] = [];
    const walk = (value: unknown, where: string) => {
      if (!value || typeof value !== 'object') return;
      const text = JSON.stringify(value);
      if (text.length >= MIN_CHARS || (!Array.isArray(value) && 'rule' in value)) {
        const key = text.replace(FIELD_PREFIX, '<party>');
        blocks.set(key, [...(blocks.get(key) ?? []), { where, text }]);
      }
      if (!Array.isArray(value)) {
        const keys = Object.keys(value);
        for (const key of keys) if (/^primaryApplicant[A-Z]/.test(key) && keys.includes(swap(key))) copies.push(`${where}/${key} ≈ ${where}/${swap(key)}`);
      }
      for (const [k, v] of Object.entries(value)) walk(v, `${where}/${k}`);
    };
    const files = (dir: string): string[] => readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(join(dir, e.name)) : e.name.endsWith('.json') ? [join(dir, e.name)] : []));
    for (const file of files(FORMS_DIR)) walk(JSON.parse(readFileSync(file, 'utf8')), relative(FORMS_DIR, file));
    for (const found of blocks.values()) if (new Set(found.map((b) => b.text)).size > 1) copies.push(found.map((b) => b.where).join(' ≈ '));
    expect(copies).toEqual([]);
    // The check sees a renamed copy where there is one: the flat document of before had 80 and more.
    const before = structuredClone(doc);
    blocks.clear();
    copies.length = 0;
    walk(before, 'resolved');
    for (const found of blocks.values()) if (new Set(found.map((b) => b.text)).size > 1) copies.push(found.map((b) => b.where).join(' ≈ '));
    expect(copies.length).toBeGreaterThan(80);
  });

  it('only top-level files are documents; sections/ holds the sections', () => {
    expect(listFormDocuments()).toContain('consumer');
    expect(listFormDocuments()).not.toContain('sections');
    expect(listSections()).toEqual(expect.arrayContaining(resolution.sections));
  });

  it('the Vite plugin watches the document and every section it includes', async () => {
    const watched: string[] = [];
    const context = { addWatchFile: (file: string) => watched.push(file) };
    const plugin = formsPlugin();
    await (plugin.load as (this: unknown, id: string) => unknown).call(context, '\0virtual:form/consumer');
    expect(watched).toEqual(expect.arrayContaining([join(FORMS_DIR, 'consumer.json'), ...readFormSource('consumer').sectionFiles]));
    expect(watched.filter((file) => file.startsWith(sectionsDir))).toHaveLength(resolution.sections.length);
  });
});
