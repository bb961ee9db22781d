// Node-side loading: reads documents from forms/ (resolving the shared sections of
// forms/sections/ they include) and compiles their validators at run time. The
// browser never imports this file; it gets generated code instead, built (by the
// Vite plugin, through readFormSource) from a resolved document that has already
// passed the check here, so the browser pays for no meta-schema.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CatalogueError, checkCatalogue, checkedCatalogue, type Catalogue } from './catalogue.ts';
import { checkDocument, checkSection, checkSharedMessages, checkSource } from './check.ts';
import { checkBanners } from './banners.ts';
import { checkContentPage, checkSiteContent } from './content-check.ts';
import { knownPlaceholders, type SiteContent } from './content.ts';
import { compileSchema } from './compile.ts';
import { resolveVariants } from './document.ts';
import { createFormRuntime, type FormRuntime } from './runtime.ts';
import type { Finding, FormDocument } from './types.ts';

export const FORMS_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '../../forms');
/** Shared sections live in this folder next to the documents that include them. */
export const SECTIONS_FOLDER = 'sections';
const SECTION_ID = /^[a-z][a-z0-9-]*$/;

export class FormLoadError extends Error {}

/** A document that does not pass forms:check; `findings` are what forms:check would print. */
export class FormDocumentError extends FormLoadError {
  constructor(
    readonly source: string,
    readonly findings: readonly Finding[],
  ) {
    super(`${source}: lomakedokumentti ei kelpaa (npm run forms:check):\n${findings.map((f) => `  ${describeFinding(f)}`).join('\n')}`);
  }
}

/** `path: message`, and for a finding inside a section `sections/<id>.json path: message (osapuoli …)`. */
export function describeFinding(finding: Finding, sectionFile: (id: string) => string = (id) => `${SECTIONS_FOLDER}/${id}.json`): string {
  const where = finding.section === undefined ? finding.path : `${sectionFile(finding.section)} ${finding.path}`;
  return `${where}: ${finding.message}${finding.party ? ` (osapuoli ${finding.party})` : ''}`;
}

// The check compiles the meta-schema and the data schema once per variant (about a
// second), while tools, tests and the QA generator load the same document many
// times; a content hash lets each distinct document be checked once per process
// without trusting that a caller has not edited an object it already loaded.
const CHECKED_LIMIT = 16;
const checked = new Map<string, readonly Finding[]>();

function cachedCheck(kind: string, value: unknown, check: () => readonly Finding[]): readonly Finding[] {
  const key = createHash('sha256').update(kind).update('\0').update(JSON.stringify(value) ?? 'undefined').digest('hex');
  let findings = checked.get(key);
  if (!findings) {
    findings = check();
    if (checked.size >= CHECKED_LIMIT) checked.delete(checked.keys().next().value!);
    checked.set(key, findings);
  }
  return findings;
}

const findingsFor = (doc: unknown) => cachedCheck('document', doc, () => checkDocument(doc));
const sectionFindingsFor = (section: unknown, id: string) => cachedCheck(`section:${id}`, section, () => checkSection(section, id));

/** Throws FormDocumentError naming `source`, each JSON path and its problem, unless the document passes forms:check. */
export function assertFormDocument(doc: unknown, source: string): asserts doc is FormDocument {
  const findings = findingsFor(doc);
  if (findings.length) throw new FormDocumentError(source, findings);
}

export interface ReadOptions {
  /** false only for forms:check itself, which reports the findings in its own format. */
  check?: boolean;
  /** Where the document's sections are; by default `sections/` next to the document. */
  sectionsDir?: string;
}

function readJson(file: string, what: string): unknown {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    throw new FormLoadError(`${what} ei löydy: ${file}`);
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new FormLoadError(`${file} ei ole kelvollista JSONia: ${(error as Error).message}`);
  }
}

/** The site banners' file of a forms folder (the server's default; SITE_BANNERS_FILE replaces it). */
export const bannersFileOf = (formsDir = FORMS_DIR) => join(formsDir, CONTENT_FOLDER, BANNERS_FILE);

/** A JSON file, read and parsed; FormLoadError names the file when it is missing or not JSON. */
export const readJsonFile = (file: string): unknown => readJson(file, 'Tiedostoa');

export const formFile = (idOrPath: string, formsDir = FORMS_DIR) => (idOrPath.endsWith('.json') ? idOrPath : join(formsDir, `${idOrPath}.json`));
export const sectionsDirOf = (documentFile: string) => join(dirname(documentFile), SECTIONS_FOLDER);
export const sectionFile = (sectionsDir: string, id: string) => join(sectionsDir, `${id}.json`);

/** Reads a section file for the resolver; its errors become findings at the include. */
export function readSection(sectionsDir: string, id: string): unknown {
  if (!SECTION_ID.test(id)) throw new Error(`osion nimi "${id}" ei kelpaa (pienet kirjaimet, numerot ja viivat)`);
  return readJson(sectionFile(sectionsDir, id), 'Osiota');
}

/** The keyword messages every document uses (engine/core/form-messages.schema.json), beside the documents. */
export const MESSAGES_FILE = 'messages.json';

/**
 * The shared messages for a document in `formsDir`: its folder's messages.json, or the shipped
 * one for a folder without (a test's copy of a few documents, a fixture folder).
 */
export function sharedMessagesFileOf(formsDir: string): string {
  const own = join(formsDir, MESSAGES_FILE);
  return existsSync(own) ? own : join(FORMS_DIR, MESSAGES_FILE);
}

/**
 * A messages file's messages without its check, for a reading that checks nothing (the server's
 * logger, which names the sensitive fields before the products load and check every document: the
 * check compiled a schema, about a tenth of the start, issue 31 goal 5); a file of another shape
 * gives none.
 */
function uncheckedMessages(file: string): Record<string, string> {
  const input = readJson(file, 'Yhteisiä viestejä') as { messages?: unknown } | null;
  const messages = input && typeof input === 'object' ? input.messages : undefined;
  return messages && typeof messages === 'object' && !Array.isArray(messages) ? (messages as Record<string, string>) : {};
}

/** What forms:check finds in a messages file. */
export function checkSharedMessagesFile(file: string): readonly Finding[] {
  const input = readJson(file, 'Yhteisiä viestejä');
  return cachedCheck('messages', input, () => checkSharedMessages(input));
}

/** The shared keyword messages of a messages file; FormLoadError names each problem. */
export function readSharedMessages(file: string): Record<string, string> {
  const input = readJson(file, 'Yhteisiä viestejä');
  const findings = cachedCheck('messages', input, () => checkSharedMessages(input));
  if (findings.length) throw new FormLoadError(`${file}: yhteiset viestit eivät kelpaa:\n${findings.map((f) => `  ${describeFinding(f)}`).join('\n')}`);
  return (input as { messages: Record<string, string> }).messages;
}

export interface FormSource {
  file: string;
  /** The resolved, flat document (a best effort when there are findings). */
  document: FormDocument;
  /** What forms:check finds; a finding inside a section has `section` set. */
  findings: readonly Finding[];
  /** The section files the document includes (the Vite plugin and the editor watch them). */
  sectionFiles: string[];
  /** The shared keyword messages the document was read with (forms/messages.json). */
  messagesFile: string;
}

/** Reads `forms/<id>.json` (or a path to a .json file), resolves its sections and checks it like forms:check. */
export function readFormSource(idOrPath: string, formsDir = FORMS_DIR, { check = true, sectionsDir }: ReadOptions = {}): FormSource {
  const file = formFile(idOrPath, formsDir);
  const raw = readJson(file, 'Lomaketta');
  const dir = sectionsDir ?? sectionsDirOf(file);
  const messagesFile = sharedMessagesFileOf(dirname(file));
  const result = checkSource(raw, (id) => readSection(dir, id), {
    sharedMessages: check ? readSharedMessages(messagesFile) : uncheckedMessages(messagesFile),
    checkShape: check ? undefined : () => [],
    checkFlat: check ? findingsFor : () => [],
    checkOneSection: check ? sectionFindingsFor : () => [],
  });
  return { file, document: result.document, findings: result.findings, sectionFiles: result.sections.map((id) => sectionFile(dir, id)), messagesFile };
}

/** The resolved document of `forms/<id>.json` (or a path to a .json file), checked like forms:check. */
export function readFormDocument(idOrPath: string, formsDir = FORMS_DIR, options: ReadOptions = {}): FormDocument {
  const source = readFormSource(idOrPath, formsDir, options);
  if (options.check !== false && source.findings.length) throw new FormDocumentError(source.file, source.findings);
  return source.document;
}

/** The product catalogue beside the documents (engine/core/catalogue.ts). */
export const CATALOGUE_FILE = 'catalogue.json';

/** The ids of the form documents in a folder: its top-level .json files but the catalogue and the shared messages (sections/ holds sections). */
export function listFormDocuments(formsDir = FORMS_DIR): string[] {
  return readdirSync(formsDir, { withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.json') && entry.name !== CATALOGUE_FILE && entry.name !== MESSAGES_FILE)
    .map((entry) => entry.name.slice(0, -'.json'.length))
    .sort();
}

/**
 * What forms:check finds in a forms folder's catalogue; documents it names are read (and must exist).
 * `knownFlows`: the flow modules the catalogue's flows must be among (forms:check passes the registry's).
 */
export function checkCatalogueFile(formsDir = FORMS_DIR, knownFlows?: readonly string[]): { catalogue: unknown; findings: Finding[] } {
  const catalogue = readJson(join(formsDir, CATALOGUE_FILE), 'Tuoteluetteloa');
  const documents = new Set(listFormDocuments(formsDir));
  const findings = checkCatalogue(catalogue, (id) => (documents.has(id) ? readFormDocument(id, formsDir, { check: false }) : undefined), knownFlows);
  return { catalogue, findings };
}

/** The checked catalogue of a forms folder; throws CatalogueError naming each problem. */
export function readCatalogue(formsDir = FORMS_DIR): Catalogue {
  const { catalogue, findings } = checkCatalogueFile(formsDir);
  if (findings.length) throw new CatalogueError(findings);
  return checkedCatalogue(catalogue);
}

/** The ids of the shared sections in a forms folder's sections/. */
export function listSections(formsDir = FORMS_DIR): string[] {
  const dir = join(formsDir, SECTIONS_FOLDER);
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.json'))
    .map((entry) => entry.name.slice(0, -'.json'.length))
    .sort();
}

/** A section file on its own, as forms:check sees it. */
export function checkSectionFile(file: string): readonly Finding[] {
  return sectionFindingsFor(readJson(file, 'Osiota'), basename(file, '.json'));
}

/**
 * A runtime for a document object: check, resolve variants, compile, wire the rules.
 * The object may have been edited since it was read, so it is checked again here
 * (cheaply, when unchanged); `source` names it in the error.
 */
export function runtimeForDocument(doc: FormDocument, variants: readonly string[] = [], source = `lomake ${String(doc?.id)}`): FormRuntime {
  assertFormDocument(doc, source);
  const resolved = resolveVariants(doc, variants);
  return createFormRuntime(resolved, compileSchema(resolved));
}

const cache = new Map<string, FormRuntime>();

/** A cached runtime for `forms/<id>.json` with the given variants. */
export function loadFormRuntime(id: string, variants: readonly string[] = [], formsDir = FORMS_DIR): FormRuntime {
  const key = `${formsDir}\0${id}\0${[...variants].sort().join('+')}`;
  let runtime = cache.get(key);
  if (!runtime) {
    runtime = runtimeForDocument(readFormDocument(id, formsDir), variants, formFile(id, formsDir));
    cache.set(key, runtime);
  }
  return runtime;
}

/** Content that is not a form (engine/core/content.ts): forms/content/site.json and the pages of forms/content/legal/. */
export const CONTENT_FOLDER = 'content';
export const SITE_CONTENT_FILE = 'site.json';
export const PAGES_FOLDER = 'legal';
/** The site banners (engine/core/banners.ts); the server may read another file (SITE_BANNERS_FILE). */
export const BANNERS_FILE = 'banners.json';

/** The content pages of a forms folder: their file names without .json, which are their addresses (/<name>). */
export function listContentPages(formsDir = FORMS_DIR): string[] {
  const dir = join(formsDir, CONTENT_FOLDER, PAGES_FOLDER);
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.json'))
    .map((entry) => entry.name.slice(0, -'.json'.length))
    .sort();
}

/** What forms:check finds in a forms folder's content, per file (site.json first, banners.json, then each page). */
export function checkContentFiles(formsDir = FORMS_DIR, brands: ReadonlySet<string> = new Set(Object.keys(readCatalogue(formsDir).brands))): Array<{ file: string; findings: Finding[] }> {
  const dir = join(formsDir, CONTENT_FOLDER);
  const siteFile = join(dir, SITE_CONTENT_FILE);
  if (!existsSync(siteFile)) return [];
  const pages = listContentPages(formsDir);
  const site = readJson(siteFile, 'Sivuston tekstejä');
  const siteFindings = checkSiteContent(site, new Set(pages), brands);
  const placeholders = knownPlaceholders(siteFindings.length ? undefined : (site as SiteContent));
  const bannersFile = join(dir, BANNERS_FILE);
  return [
    { file: siteFile, findings: siteFindings },
    ...(existsSync(bannersFile) ? [{ file: bannersFile, findings: checkBanners(readJson(bannersFile, 'Tiedotteita'), brands) }] : []),
    ...pages.map((page) => {
      const file = join(dir, PAGES_FOLDER, `${page}.json`);
      const findings = PAGE_NAME.test(page) ? checkContentPage(readJson(file, 'Sisältösivua'), placeholders) : [{ path: '/', message: `tiedoston nimi "${page}" ei kelpaa sivun osoitteeksi: pienet kirjaimet, numerot ja väliviivat` }];
      return { file, findings };
    }),
  ];
}

const PAGE_NAME = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/**
 * A form release's name (issue 29): SHA-256 of the resolved document's JSON, key order kept
 * (a schema's property order is the form's field order). The server names what it publishes
 * with it, the build what it carries, so a page knows whether its own build is live.
 */
export const releaseHash = (doc: FormDocument): string => createHash('sha256').update(JSON.stringify(doc), 'utf8').digest('hex');
