// The server's catalogue, form documents and validators, kept on disk under a hash of
// what made them, so a start whose documents did not change checks and compiles
// nothing: the check and AJV's compiler were most of a restart (issue 13 goal 5).
//
// Where: dist-server/validators/ (beside the compiled server, gitignored, made by this
// checkout's engine and thrown away with it). Not in the data directory: that holds the
// database (and with DATABASE_URL there is none), is what gets backed up and copied
// between machines, and must not carry code that a later engine could mistake for its own.
//
// Every entry's name is a sha256 over the engine that made it (engine/core,
// custom-validators, this file, the locked packages: a change there may change a check's
// verdict or the generated code) and:
// - a document (`<hash>.json`, as readFormDocument returns it): its file, every file in
//   its sections folder and the shared messages (forms/messages.json). Only a document that passed forms:check is stored, so a hit
//   means these very bytes passed; any change misses, and the miss runs the check, which
//   stops the start with the same FormDocumentError as without the cache;
// - a validator (`<hash>.cjs`, AJV's standalone code of one variant set's resolved schema,
//   as a factory of the Finnish validators' runtime): that schema;
// - the catalogue (`<hash>.json`, checked): every file of the forms folder.
// Entries are written to a temporary file and renamed, since test workers or instances
// may fill the same one at once; an unwritable folder only costs the compile.
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative, resolve } from 'node:path';
import standaloneCodeModule from 'ajv/dist/standalone/index.js';
import * as finnishValidators from '../../custom-validators/runtime.ts';
import { RUNTIME_NAMESPACE } from '../../custom-validators/keyword.ts';
import type { Catalogue } from '../core/catalogue.ts';
import { compileSchema, createAjv } from '../core/compile.ts';
import { resolveVariants } from '../core/document.ts';
import { FORMS_DIR, formFile, loadFormRuntime, readCatalogue, readFormDocument, runtimeForDocument, sectionsDirOf, sharedMessagesFileOf } from '../core/node.ts';
import { createFormRuntime, type FormRuntime } from '../core/runtime.ts';
import type { FormDocument, SchemaValidateFunction } from '../core/types.ts';
import { hashSources } from './sources-hash.mjs';

const root = resolve(import.meta.dirname, '../..');
export const DEFAULT_CACHE_DIR = join(root, 'dist-server', 'validators');
const ENGINE_INPUTS = ['engine/core', 'custom-validators', 'engine/build/validator-cache.ts', 'package-lock.json'];
const require = createRequire(import.meta.url);
type StandaloneCode = (ajv: ReturnType<typeof createAjv>, validate: unknown) => string;
const standaloneCode = ((standaloneCodeModule as unknown as { default?: StandaloneCode }).default ?? standaloneCodeModule) as StandaloneCode;

/** Where the server gets its catalogue, checked documents and runtimes. */
export interface FormSource {
  catalogue(): Catalogue;
  document(id: string): FormDocument;
  runtime(id: string, variants: readonly string[]): FormRuntime;
  /** A runtime for a document given whole (a stored release, checked when it was published). */
  runtimeOf(doc: FormDocument, variants: readonly string[]): FormRuntime;
}

/** Read, checked and compiled on every start (tests and tools on their own forms folders). */
export const uncachedForms = (formsDir = FORMS_DIR): FormSource => ({
  catalogue: () => readCatalogue(formsDir),
  document: (id) => readFormDocument(id, formsDir),
  runtime: (id, variants) => loadFormRuntime(id, variants, formsDir),
  runtimeOf: (doc, variants) => runtimeForDocument(doc, variants),
});

export interface CachedForms extends FormSource {
  /** What this process had to do itself: checks run (documents and the catalogue) and validators compiled. */
  readonly made: { checked: number; compiled: number };
}

let engineHash: string | undefined;
const entryName = (...parts: string[]) => createHash('sha256').update((engineHash ??= hashSources(root, ENGINE_INPUTS))).update(`\0${parts.join('\0')}`).digest('hex');

/** Through the cache in `cacheDir`. */
export function cachedForms(formsDir = FORMS_DIR, cacheDir = DEFAULT_CACHE_DIR): CachedForms {
  const made = { checked: 0, compiled: 0 };
  const documents = new Map<string, FormDocument>();

  function cachedJson<T>(name: string, make: () => T): T {
    const file = join(cacheDir, `${name}.json`);
    const hit = readIfThere(file);
    if (hit !== undefined) return JSON.parse(hit) as T;
    const value = make();
    made.checked++;
    store(file, JSON.stringify(value));
    return value;
  }

  function document(id: string): FormDocument {
    let doc = documents.get(id);
    if (!doc) {
      const file = formFile(id, formsDir);
      const inputs = hashSources(formsDir, [relative(formsDir, file), relative(formsDir, sectionsDirOf(file)), relative(formsDir, sharedMessagesFileOf(formsDir))]);
      doc = cachedJson(entryName('document', inputs), () => readFormDocument(id, formsDir));
      documents.set(id, doc);
    }
    return doc;
  }

  /** Compiled once per schema, on any start of any checkout with the same engine. */
  function runtimeOf(doc: FormDocument, variants: readonly string[]): FormRuntime {
    const resolved = resolveVariants(doc, variants);
    const file = join(cacheDir, `${entryName('validator', JSON.stringify(resolved.schema))}.cjs`);
    if (!existsSync(file)) {
      made.compiled++;
      if (!store(file, validatorFactory(resolved))) return createFormRuntime(resolved, compileSchema(resolved));
    }
    const factory = require(file) as (validators: typeof finnishValidators, load: NodeRequire) => SchemaValidateFunction;
    return createFormRuntime(resolved, factory(finnishValidators, require));
  }

  return {
    made,
    catalogue: () => cachedJson(entryName('catalogue', hashSources(formsDir, ['.'])), () => readCatalogue(formsDir)),
    document,
    runtime: (id, variants) => runtimeOf(document(id), variants),
    runtimeOf,
  };
}

/**
 * CommonJS source of a factory that returns the document's validator: AJV's standalone
 * code assigns `module.exports` (a local object here) and requires its runtime helpers
 * through `load` (ours, so an entry outside the checkout finds ajv too); the Finnish
 * keywords' code calls the validators passed in (custom-validators/keyword.ts).
 */
function validatorFactory(doc: FormDocument): string {
  const ajv = createAjv({ code: { source: true } });
  const code = standaloneCode(ajv, ajv.compile(doc.schema));
  return [
    `// A form document's schema validator (first made for forms/${doc.id}.json) by engine/build/validator-cache.ts. Do not edit.`,
    `'use strict';`,
    `module.exports = function (${RUNTIME_NAMESPACE}, require) {`,
    'const module = { exports: {} };',
    code,
    'return module.exports;',
    '};',
    '',
  ].join('\n');
}

function readIfThere(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}

/** False when the folder cannot be written (a read-only checkout): the caller goes on without the entry. */
function store(file: string, text: string): boolean {
  const temporary = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  try {
    mkdirSync(resolve(file, '..'), { recursive: true });
    writeFileSync(temporary, text);
    renameSync(temporary, file);
    return true;
  } catch {
    return false;
  }
}
