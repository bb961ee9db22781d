// npm run forms:migrate [-- file.json ...]: rewrites form documents written in an older
// format in the current one (engine/core/format/, docs/adr/0010-form-format-versions.md),
// by default every document of forms/, and writes forms/messages.json (the shared keyword
// messages) when there is none. A document is written only when its migrated form passes
// forms:check and resolves to the same flat document as before; the files keep the
// folder's formatting: 2-space JSON and a trailing newline.
import { existsSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { checkSource } from '../engine/core/check.ts';
import { resolveDocument } from '../engine/core/sections.ts';
import { CURRENT_FORMAT, FORMAT_2_SHARED_MESSAGES, migrateDocument } from '../engine/core/format/index.ts';
import { FORMS_DIR, MESSAGES_FILE, describeFinding, listFormDocuments, readJsonFile, readSection, readSharedMessages, sectionsDirOf } from '../engine/core/node.ts';

const args = process.argv.slice(2);
const files = args.length ? args : listFormDocuments().map((id) => join(FORMS_DIR, `${id}.json`));
const shown = (file: string) => relative(process.cwd(), file) || file;
const asJson = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;
let failed = 0;

for (const dir of new Set(files.map((file) => dirname(file)))) {
  const file = join(dir, MESSAGES_FILE);
  if (existsSync(file)) continue;
  writeFileSync(file, asJson({ $schema: '../engine/core/form-messages.schema.json', messages: FORMAT_2_SHARED_MESSAGES }));
  console.log(`${shown(file)}: kirjoitettu (yhteiset viestit)`);
}

for (const file of files) {
  const name = shown(file);
  const raw = readJsonFile(file);
  const migration = migrateDocument(raw);
  if (migration.findings.length) {
    failed++;
    for (const finding of migration.findings) console.error(`${name} ${describeFinding(finding)}`);
    continue;
  }
  if (migration.from === CURRENT_FORMAT) {
    console.log(`${name}: jo muodossa ${CURRENT_FORMAT}`);
    continue;
  }
  const loadSection = (id: string) => readSection(sectionsDirOf(file), id);
  const sharedMessages = readSharedMessages(join(dirname(file), MESSAGES_FILE));
  const before = checkSource(raw, loadSection, { sharedMessages });
  const after = checkSource(migration.document, loadSection, { sharedMessages });
  const problems = [...before.findings, ...after.findings];
  if (problems.length) {
    failed++;
    console.error(`${name}: ei muunnettu, koska lomakkeessa on havaintoja (npm run forms:check):`);
    for (const finding of problems) console.error(`  ${describeFinding(finding)}`);
    continue;
  }
  // The old way, without the migration: format 1 was the map shape resolveDocument reads.
  const flatBefore = resolveDocument(raw, loadSection).document;
  if (!isDeepStrictEqual(normalised(flatBefore), normalised(after.document))) {
    failed++;
    console.error(`${name}: ei muunnettu, koska muunnettu lomake ei ratkea samaksi lomakkeeksi`);
    continue;
  }
  writeFileSync(file, asJson(migration.document));
  console.log(`${name}: muunnettu muodosta ${migration.from} muotoon ${CURRENT_FORMAT}`);
}
process.exitCode = failed ? 1 : 0;

/** Key order aside (JSON Schema and the engine read objects by key), arrays in order. */
function normalised(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(normalised);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : 1)).map(([key, item]) => [key, normalised(item)]));
  return value;
}
