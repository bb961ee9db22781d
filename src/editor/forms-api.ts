// The preview's dev-server side: lists the documents of a forms folder, serves one
// with its forms:check findings, and tells the page when a file changes. Only
// tools/editor.ts loads it; the app build never does.
import { readFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import type { Plugin } from 'vite';
import { checkDocument, type Finding } from '../../engine/core/check.ts';
import { listFormDocuments } from '../../engine/core/node.ts';

export const FORM_CHANGED_EVENT = 'editor:form-changed';

export interface FormPreview {
  id: string;
  document: unknown;
  findings: Finding[];
}

const ID = /^[a-z0-9][a-z0-9-]*$/i;

export function readPreview(formsDir: string, id: string): FormPreview | null {
  if (!ID.test(id) || !listFormDocuments(formsDir).includes(id)) return null;
  const text = readFileSync(join(formsDir, `${id}.json`), 'utf8');
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch (error) {
    return { id, document: null, findings: [{ path: '/', message: `ei ole kelvollista JSONia: ${(error as Error).message}` }] };
  }
  return { id, document, findings: checkDocument(document) };
}

export function formsApiPlugin(formsDir: string): Plugin {
  const dir = resolve(formsDir);
  return {
    name: 'editor-forms-api',
    configureServer(server) {
      server.watcher.add(dir);
      const notify = (file: string) => {
        if (resolve(file).startsWith(dir) && file.endsWith('.json')) server.ws.send({ type: 'custom', event: FORM_CHANGED_EVENT, data: { id: basename(file, '.json') } });
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
