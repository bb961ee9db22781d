// The preview's dev-server side: lists the documents of a forms folder, serves one
// resolved (its shared sections included) with its forms:check findings, and tells
// the page when a document or a section changes. Only tools/editor.ts loads it;
// the app build never does.
import { basename, join, relative, resolve, sep } from 'node:path';
import type { Plugin } from 'vite';
import { FormLoadError, SECTIONS_FOLDER, listFormDocuments, readFormSource } from '../../engine/core/node.ts';
import type { Finding } from '../../engine/core/types.ts';

export const FORM_CHANGED_EVENT = 'editor:form-changed';

export interface PreviewFinding extends Finding {
  /** The file the path is in, relative to the forms folder: the document or `sections/<id>.json`. */
  file: string;
}

export interface FormPreview {
  id: string;
  /** The resolved document, as the app renders it; null when it cannot be read. */
  document: unknown;
  findings: PreviewFinding[];
  /** The sections the document includes (a change to one reloads the preview). */
  sections: string[];
}

/** What the page is told when a file changes: a document's id, or a section's. */
export interface FormChange {
  id?: string;
  section?: string;
}

const ID = /^[a-z0-9][a-z0-9-]*$/i;

export function readPreview(formsDir: string, id: string): FormPreview | null {
  if (!ID.test(id) || !listFormDocuments(formsDir).includes(id)) return null;
  const file = `${id}.json`;
  try {
    const source = readFormSource(join(formsDir, file));
    const sections = source.sectionFiles.map((f) => basename(f, '.json'));
    const findings = source.findings.map((finding) => ({ ...finding, file: finding.section === undefined ? file : `${SECTIONS_FOLDER}/${finding.section}.json` }));
    return { id, document: source.document, findings, sections };
  } catch (error) {
    if (!(error instanceof FormLoadError)) throw error;
    return { id, document: null, findings: [{ path: '/', message: error.message, file }], sections: [] };
  }
}

/** Which document or section a changed file in the forms folder is. */
export function changeOf(formsDir: string, file: string): FormChange | null {
  const path = relative(resolve(formsDir), resolve(file));
  if (!path.endsWith('.json') || path.startsWith('..')) return null;
  const parts = path.split(sep);
  if (parts.length === 1) return { id: basename(path, '.json') };
  if (parts.length === 2 && parts[0] === SECTIONS_FOLDER) return { section: basename(path, '.json') };
  return null;
}

export function formsApiPlugin(formsDir: string): Plugin {
  const dir = resolve(formsDir);
  return {
    name: 'editor-forms-api',
    configureServer(server) {
      server.watcher.add([dir, join(dir, SECTIONS_FOLDER)]);
      const notify = (file: string) => {
        const change = changeOf(dir, file);
        if (change) server.ws.send({ type: 'custom', event: FORM_CHANGED_EVENT, data: change });
      };
      server.watcher.on('change', notify).on('add', notify).on('unlink', notify);
      server.middlewares.use('/__editor/forms', (req, res) => {
        const send = (status: number, body: unknown) => {
          res.statusCode = status;
          res.setHeader('content-type', 'application/json; charset=utf-8');
          res.setHeader('cache-control', 'no-store');
          res.end(JSON.stringify(body));
        };
        const id = decodeURIComponent((req.url ?? '/').split('?')[0].replace(/^\//, ''));
        if (req.method !== 'GET') return send(405, { error: 'METHOD_NOT_ALLOWED', message: 'Vain GET-pyynnöt' });
        if (!id) return send(200, { forms: listFormDocuments(dir) });
        const preview = readPreview(dir, id);
        return preview ? send(200, preview) : send(404, { error: 'NOT_FOUND', message: `Lomaketta ${id} ei löydy` });
      });
    },
  };
}
