// Node-side loading: reads documents from forms/ and compiles their validators at
// run time. The browser never imports this file; it gets generated code instead,
// built (by the Vite plugin, through readFormDocument) from a document that has
// already passed the check here, so the browser pays for no meta-schema.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkDocument, type Finding } from './check.ts';
import { compileSchema } from './compile.ts';
import { resolveVariants } from './document.ts';
import { createFormRuntime, type FormRuntime } from './runtime.ts';
import type { FormDocument } from './types.ts';

export const FORMS_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '../../forms');

export class FormLoadError extends Error {}

/** A document that does not pass forms:check; `findings` are what forms:check would print. */
export class FormDocumentError extends FormLoadError {
  constructor(
    readonly source: string,
    readonly findings: readonly Finding[],
  ) {
    super(`${source}: lomakedokumentti ei kelpaa (npm run forms:check):\n${findings.map((f) => `  ${f.path}: ${f.message}`).join('\n')}`);
  }
}

// The check compiles the meta-schema and the data schema once per variant (about a
// second), while tools, tests and the QA generator load the same document many
// times; a content hash lets each distinct document be checked once per process
// without trusting that a caller has not edited an object it already loaded.
const CHECKED_LIMIT = 16;
const checked = new Map<string, readonly Finding[]>();

function findingsFor(doc: unknown): readonly Finding[] {
  const key = createHash('sha256').update(JSON.stringify(doc) ?? 'undefined').digest('hex');
  let findings = checked.get(key);
  if (!findings) {
    findings = checkDocument(doc);
    if (checked.size >= CHECKED_LIMIT) checked.delete(checked.keys().next().value!);
    checked.set(key, findings);
  }
  return findings;
}

/** Throws FormDocumentError naming `source`, each JSON path and its problem, unless the document passes forms:check. */
export function assertFormDocument(doc: unknown, source: string): asserts doc is FormDocument {
  const findings = findingsFor(doc);
  if (findings.length) throw new FormDocumentError(source, findings);
}

export interface ReadOptions {
  /** false only for forms:check itself, which reports the findings in its own format. */
  check?: boolean;
}

/** Reads `forms/<id>.json` (or a path to a .json file) and checks it like forms:check. */
export function readFormDocument(idOrPath: string, formsDir = FORMS_DIR, { check = true }: ReadOptions = {}): FormDocument {
  const file = idOrPath.endsWith('.json') ? idOrPath : join(formsDir, `${idOrPath}.json`);
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    throw new FormLoadError(`Lomaketta ei löydy: ${file}`);
  }
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (error) {
    throw new FormLoadError(`${file} ei ole kelvollista JSONia: ${(error as Error).message}`);
  }
  if (check) assertFormDocument(doc, file);
  return doc as FormDocument;
}

/** The ids of the form documents in a folder (top level only). */
export function listFormDocuments(formsDir = FORMS_DIR): string[] {
  return readdirSync(formsDir)
    .filter((name) => name.endsWith('.json'))
    .map((name) => name.slice(0, -'.json'.length))
    .sort();
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
    const file = id.endsWith('.json') ? id : join(formsDir, `${id}.json`);
    runtime = runtimeForDocument(readFormDocument(id, formsDir), variants, file);
    cache.set(key, runtime);
  }
  return runtime;
}
