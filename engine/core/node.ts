// Node-side loading: reads documents from forms/ and compiles their validators at
// run time. The browser never imports this file; it gets generated code instead.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compileSchema } from './compile.ts';
import { resolveVariants } from './document.ts';
import { createFormRuntime, type FormRuntime } from './runtime.ts';
import type { FormDocument } from './types.ts';

export const FORMS_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '../../forms');

export class FormLoadError extends Error {}

/** Reads `forms/<id>.json` (or a path to a .json file). */
export function readFormDocument(idOrPath: string, formsDir = FORMS_DIR): FormDocument {
  const file = idOrPath.endsWith('.json') ? idOrPath : join(formsDir, `${idOrPath}.json`);
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    throw new FormLoadError(`Lomaketta ei löydy: ${file}`);
  }
  try {
    return JSON.parse(text) as FormDocument;
  } catch (error) {
    throw new FormLoadError(`${file} ei ole kelvollista JSONia: ${(error as Error).message}`);
  }
}

/** The ids of the form documents in a folder (top level only). */
export function listFormDocuments(formsDir = FORMS_DIR): string[] {
  return readdirSync(formsDir)
    .filter((name) => name.endsWith('.json'))
    .map((name) => name.slice(0, -'.json'.length))
    .sort();
}

/** A runtime for a document object: resolve variants, compile, wire the rules. */
export function runtimeForDocument(doc: FormDocument, variants: readonly string[] = []): FormRuntime {
  const resolved = resolveVariants(doc, variants);
  return createFormRuntime(resolved, compileSchema(resolved));
}

const cache = new Map<string, FormRuntime>();

/** A cached runtime for `forms/<id>.json` with the given variants. */
export function loadFormRuntime(id: string, variants: readonly string[] = [], formsDir = FORMS_DIR): FormRuntime {
  const key = `${formsDir}\0${id}\0${[...variants].sort().join('+')}`;
  let runtime = cache.get(key);
  if (!runtime) {
    runtime = runtimeForDocument(readFormDocument(id, formsDir), variants);
    cache.set(key, runtime);
  }
  return runtime;
}
