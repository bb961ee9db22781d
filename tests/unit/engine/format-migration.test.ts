// Format versions (docs/adr/0010-form-format-versions.md): the format-1 → format-2 migration
// of every form as it was when format 2 came (tests/fixtures/format-1/, the input forms/ was
// migrated from) resolves to the flat document the format-1 copy resolved to the old way, an
// old file still reads, and forms/ is in the current format.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CURRENT_FORMAT, FORMAT_2_SHARED_MESSAGES, fieldsToMaps, migrateDocument, resolveWritten } from '../../../engine/core/format/index.ts';
import { v1ToV2 } from '../../../engine/core/format/v1-to-v2.ts';
import { FORMS_DIR, MESSAGES_FILE, listFormDocuments, readFormDocument, readSection, readSharedMessages } from '../../../engine/core/node.ts';
import { resolveDocument } from '../../../engine/core/sections.ts';

const FORMAT_1 = join(import.meta.dirname, '../../fixtures/format-1');
const SECTIONS = join(FORMS_DIR, 'sections');
const read = (file: string) => JSON.parse(readFileSync(file, 'utf8'));
const formatOne = (id: string) => read(join(FORMAT_1, `${id}.json`));
const loadSection = (id: string) => readSection(SECTIONS, id);
const documents = listFormDocuments();

// The format-1 copies were forms/ when format 2 came (the migration wrote forms/ from them,
// npm run forms:migrate); they stay as the migration's input. The tests below are about the
// migration, not about today's content: an editor's change to a form never breaks them.
const fixtures = readdirSync(FORMAT_1).filter((name) => name.endsWith('.json')).map((name) => name.slice(0, -'.json'.length)).sort();

describe('the documents of forms/', () => {
  it('are all in the current format', () => {
    for (const id of documents) expect(read(join(FORMS_DIR, `${id}.json`)).version, id).toBe(CURRENT_FORMAT);
  });

  it('migrating a document of the current format changes nothing', () => {
    for (const id of documents) {
      const current = read(join(FORMS_DIR, `${id}.json`));
      const migration = migrateDocument(current);
      expect(migration).toEqual({ document: current, from: CURRENT_FORMAT, findings: [] });
      expect(migration.document).toBe(current);
    }
  });

  it('no document repeats a shared keyword message it could leave to messages.json', () => {
    const shared = readSharedMessages(join(FORMS_DIR, MESSAGES_FILE));
    expect(Object.keys(shared).length).toBeGreaterThanOrEqual(32);
    for (const id of documents) {
      const written = read(join(FORMS_DIR, `${id}.json`));
      if (written.sharedMessages === false) continue;
      for (const [key, message] of Object.entries(written.messages ?? {})) expect(message, `${id} ${key}`).not.toBe(shared[key]);
    }
  });
});

describe('the migration of the format-1 documents', () => {
  it('has every product and page form of the day format 2 came', () => {
    expect(fixtures).toEqual(['business', 'consumer', 'insurance', 'login', 'login-code', 'mortgage', 'user-details']);
    for (const id of fixtures) expect(formatOne(id).version, id).toBe(1);
  });

  it.each(fixtures)('%s: migrates cleanly to format 2 and resolves to the flat document the format-1 copy resolved to', (id) => {
    // The old way: format 1 is the map shape resolveDocument reads, with no migration at all.
    const before = resolveDocument(formatOne(id), loadSection).document;
    const migration = migrateDocument(formatOne(id));
    expect(migration.from).toBe(1);
    expect(migration.findings).toEqual([]);
    expect((migration.document as { version: number }).version).toBe(CURRENT_FORMAT);
    const after = resolveWritten(migration.document, loadSection).document;
    expect(after).toEqual(before);
    // The flat document is in format 1's shape, and says so.
    expect(after.version).toBe(1);
    // Orders the engine reads: the fields' (errors, renderer, cases) and the derived values' (later use earlier).
    expect(Object.keys(after.schema.properties)).toEqual(Object.keys(before.schema.properties));
    expect(Object.keys(after.rules?.derived ?? {})).toEqual(Object.keys(before.rules?.derived ?? {}));
    expect(after.steps).toEqual(before.steps);
  });

  it('a format-1 file still reads, migrated as it is read', () => {
    for (const id of fixtures) expect(readFormDocument(join(FORMAT_1, `${id}.json`), FORMS_DIR, { sectionsDir: SECTIONS }), id).toEqual(resolveDocument(formatOne(id), loadSection).document);
  });
});

describe('format 1 → 2', () => {
  const mini = read(join(import.meta.dirname, '../../fixtures/forms/mini.json'));

  it('writes everything about a field in one place, a list row\'s label and messages under rows', () => {
    const migrated = v1ToV2(mini) as any;
    expect(Object.keys(migrated.fields)).toEqual(Object.keys(mini.schema.properties));
    expect(migrated.fields.loans).toEqual({
      schema: mini.schema.properties.loans,
      label: mini.labels.loans,
      rows: { loan: { label: mini.labels['loans.*.loan'], messages: mini.fieldMessages['loans.*.loan'] }, payment: { label: mini.labels['loans.*.payment'] } },
      ...(mini.rules.visible.loans ? { visible: mini.rules.visible.loans } : {}),
      ...(mini.rules.required.loans ? { required: mini.rules.required.loans } : {}),
      ...(mini.ui?.loans ? { ui: mini.ui.loans } : {}),
    });
    expect(migrated.$defs).toEqual(mini.schema.$defs);
    expect(migrated.computed).toEqual(mini.rules.computed);
    expect(migrated.checks).toEqual(mini.rules.checks);
    for (const gone of ['schema', 'labels', 'ui', 'normalize', 'fieldMessages', 'sensitive', 'rules']) expect(migrated, gone).not.toHaveProperty(gone);
  });

  it('and back to the maps, the same document', () => {
    const { document } = fieldsToMaps(v1ToV2(mini), {});
    expect(document).toEqual(mini);
  });

  it('a document that lacks some shared messages drops them (null) or keeps its own list, whichever is shorter', () => {
    const business = read(join(FORMS_DIR, 'business.json'));
    expect(business.sharedMessages).toBeUndefined();
    expect(business.messages.minItems).toBeNull();
    expect(readFormDocument('business').messages).toEqual(formatOne('business').messages);
    const loginCode = read(join(FORMS_DIR, 'login-code.json'));
    expect(loginCode.sharedMessages).toBe(false);
    expect(loginCode.messages).toEqual(formatOne('login-code').messages);
  });
});

describe('npm run forms:migrate', () => {
  const dir = mkdtempSync(join(tmpdir(), 'lv-forms-migrate-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('rewrites format-1 files as the migration makes them, writes the shared messages, and leaves current ones alone', () => {
    symlinkSync(SECTIONS, join(dir, 'sections'));
    for (const id of fixtures) cpSync(join(FORMAT_1, `${id}.json`), join(dir, `${id}.json`));
    const files = fixtures.map((id) => join(dir, `${id}.json`));
    const run = () => spawnSync(process.execPath, ['--import', 'tsx', 'tools/forms-migrate.ts', ...files], { cwd: resolve(import.meta.dirname, '../../..'), encoding: 'utf8' });
    const first = run();
    expect(first.status, first.stderr).toBe(0);
    expect(read(join(dir, MESSAGES_FILE)).messages).toEqual(FORMAT_2_SHARED_MESSAGES);
    for (const id of fixtures) expect(readFileSync(join(dir, `${id}.json`), 'utf8'), id).toBe(`${JSON.stringify(migrateDocument(formatOne(id)).document, null, 2)}\n`);
    const second = run();
    expect(second.status).toBe(0);
    expect(second.stdout).toMatch(/jo muodossa 2/);
  }, 120_000);
});
