// npm run forms:check [-- file.json ...]: every shared section of forms/sections/ on
// its own, then every form document of forms/ with its sections resolved (default:
// all of them; a file in a `sections` folder is a section). Each finding names the
// file and JSON path it is in; the product catalogue (forms/catalogue.json) comes last,
// checked against the documents it names: a section's own file, and, for a finding that came
// through a document's include, that document and the party. Then the content that is not a
// form (forms/content/: site.json and the pages of legal/, engine/core/content.ts), when no
// files are named or a named file is in it. Exit 1 on any finding.
import { basename, dirname, join, relative } from 'node:path';
import { CATALOGUE_FILE, CONTENT_FOLDER, FORMS_DIR, MESSAGES_FILE, checkContentFiles, FormLoadError, SECTIONS_FOLDER, checkCatalogueFile, checkSectionFile, checkSharedMessagesFile, listFormDocuments, listSections, readFormSource, readJsonFile, sectionFile, sectionsDirOf } from '../engine/core/node.ts';
import { CURRENT_FORMAT, formatOf } from '../engine/core/format/index.ts';
import type { Finding } from '../engine/core/types.ts';
import { serverFlowNames } from '../src/flows/server-registry.ts';

const args = process.argv.slice(2);
const isSection = (file: string) => basename(dirname(file)) === SECTIONS_FOLDER;
const isContent = (file: string) => relative(process.cwd(), file).split(/[\\/]/).includes(CONTENT_FOLDER);
const files = args.length
  ? args.filter((file) => !isContent(file))
  : [
      join(FORMS_DIR, MESSAGES_FILE),
      ...listSections().map((id) => sectionFile(join(FORMS_DIR, SECTIONS_FOLDER), id)),
      ...listFormDocuments().map((id) => join(FORMS_DIR, `${id}.json`)),
      join(FORMS_DIR, CATALOGUE_FILE),
    ];
const shown = (file: string) => relative(process.cwd(), file) || file;
const checkedSections = new Set<string>();
let failed = 0;

for (const file of files) {
  const name = shown(file);
  try {
    if (basename(file) === CATALOGUE_FILE) {
      const { catalogue, findings } = checkCatalogueFile(dirname(file), serverFlowNames());
      if (findings.length === 0) {
        const products = Object.keys((catalogue as { products: object }).products);
        console.log(`${name}: kunnossa (tuotteet: ${products.join(', ')})`);
      } else {
        failed++;
        for (const finding of findings) console.error(`${name} ${finding.path}: ${finding.message}`);
      }
      continue;
    }
    if (basename(file) === MESSAGES_FILE && !isSection(file)) {
      const findings = checkSharedMessagesFile(file);
      if (findings.length === 0) console.log(`${name}: kunnossa (yhteiset viestit)`);
      else {
        failed++;
        for (const finding of findings) console.error(`${name} ${finding.path}: ${finding.message}`);
      }
      continue;
    }
    if (isSection(file)) {
      const findings = checkSectionFile(file);
      checkedSections.add(file);
      if (findings.length === 0) console.log(`${name}: kunnossa (osio)`);
      else {
        failed++;
        for (const finding of findings) console.error(`${name} ${finding.path}: ${finding.message}`);
      }
      continue;
    }
    const source = readFormSource(file);
    const sectionsDir = sectionsDirOf(file);
    const where = (finding: Finding) => (finding.section === undefined ? name : shown(sectionFile(sectionsDir, finding.section)));
    // A section's own finding was printed with the section; through an include, the document is named.
    const findings = source.findings.filter((f) => !(f.section !== undefined && f.party === undefined && checkedSections.has(sectionFile(sectionsDir, f.section))));
    if (source.findings.length === 0) {
      const doc = source.document;
      const fields = Object.keys(doc.schema.properties).length;
      const variants = Object.keys(doc.variants ?? {});
      const sections = source.sectionFiles.map((f) => basename(f, '.json'));
      const format = formatOf(readJsonFile(file));
      const old = format < CURRENT_FORMAT ? `; muoto ${format}, luetaan muunnettuna: npm run forms:migrate kirjoittaa sen muodossa ${CURRENT_FORMAT}` : '';
      console.log(`${name}: kunnossa (${fields} kenttää, ${doc.steps.length} vaihetta, muunnelmat: ${variants.join(', ') || 'ei'}${sections.length ? `, osiot: ${sections.join(', ')}` : ''}${old})`);
    } else {
      failed++;
      if (findings.length === 0) console.error(`${name}: ei tarkistettu loppuun, koska sen osioissa on havaintoja (yllä)`);
      for (const finding of findings) {
        const via = finding.section === undefined ? '' : ` (dokumentissa ${name}${finding.party ? `, osapuoli ${finding.party}` : ''})`;
        console.error(`${where(finding)} ${finding.path}: ${finding.message}${via}`);
      }
    }
  } catch (error) {
    if (!(error instanceof FormLoadError)) throw error;
    console.error(`${name}: ${error.message}`);
    failed++;
  }
}
if (!args.length || args.some(isContent)) {
  const contentDir = args.length ? formsDirOfContent(args.find(isContent)!) : FORMS_DIR;
  try {
    for (const { file, findings } of checkContentFiles(contentDir)) {
      if (findings.length === 0) console.log(`${shown(file)}: kunnossa (sisältö)`);
      else {
        failed++;
        for (const finding of findings) console.error(`${shown(file)} ${finding.path}: ${finding.message}`);
      }
    }
  } catch (error) {
    if (!(error instanceof FormLoadError)) throw error;
    console.error(error.message);
    failed++;
  }
}
process.exit(failed ? 1 : 0);

/** The forms folder a content file belongs to: the folder that holds content/. */
function formsDirOfContent(file: string): string {
  let dir = dirname(file);
  while (basename(dir) !== CONTENT_FOLDER && dirname(dir) !== dir) dir = dirname(dir);
  return dirname(dir);
}
