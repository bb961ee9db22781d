// Which document a QA tool reads: a form of forms/ by its id, or any file
// (`--file path/to/doc.json`, e.g. a version exported to check it before it goes
// live). The one place where a further source, such as a stored version, belongs.
import { resolve } from 'node:path';
import { readFormDocument } from '../engine/core/node.ts';
import type { FormDocument } from '../engine/core/types.ts';

export const DOCUMENT_OPTIONS = { file: { type: 'string' } } as const;
export const DOCUMENT_USAGE = '<lomake> | --file TIEDOSTO.json';

export class DocumentArgumentError extends Error {}

/** The document named by a form id or `--file` (not both); `fallback` is the form id used when neither is given. */
export function qaDocument(form: string | undefined, values: { file?: string }, fallback?: string): FormDocument {
  if (form !== undefined && values.file !== undefined) throw new DocumentArgumentError(`Anna joko lomake (${form}) tai --file, ei molempia`);
  if (values.file !== undefined) {
    if (!values.file.endsWith('.json')) throw new DocumentArgumentError(`--file: odotettiin .json-tiedostoa, saatiin "${values.file}"`);
    // Sections it includes are read from sections/ beside the file; an exported version is already flat.
    return readFormDocument(resolve(values.file));
  }
  const id = form ?? fallback;
  if (id === undefined) throw new DocumentArgumentError('Lomake puuttuu');
  return readFormDocument(id);
}
