// Vite plugin: `import form from 'virtual:form/consumer'` gives the document and one
// AJV standalone validator per variant set, generated at build time. The browser
// bundle therefore carries no AJV compiler and runs no eval. Each validator is its
// own chunk behind a loader: a page needs one variant set, and one validator of the
// consumer document is larger than the rest of the form code. The document is the
// resolved one (its shared sections of forms/sections/ included); editing
// forms/*.json or a section in development regenerates the modules and reloads the page.
import { join, resolve } from 'node:path';
import type { Plugin, ViteDevServer } from 'vite';
import { generateValidatorModule } from '../core/compile.ts';
import { resolveVariants, variantKey, variantSets } from '../core/document.ts';
import { FORMS_DIR, FormDocumentError, SECTIONS_FOLDER, readFormSource } from '../core/node.ts';

const FORM_PREFIX = 'virtual:form/';
const VALIDATOR_PREFIX = 'virtual:form-validator/';
const RESOLVED = '\0';

const root = resolve(FORMS_DIR, '..');
const CUSTOM_VALIDATORS = join(root, 'custom-validators', 'runtime.ts');
const AJV_RUNTIME = join(root, 'engine', 'core', 'ajv-runtime.ts');

export function formsPlugin(options: { formsDir?: string } = {}): Plugin {
  const formsDir = options.formsDir ?? FORMS_DIR;
  /** The checked, resolved document; the document file and every section it includes are watched. */
  function read(context: { addWatchFile(file: string): void }, formId: string) {
    const file = join(formsDir, `${formId}.json`);
    context.addWatchFile(file);
    const source = readFormSource(file);
    for (const section of source.sectionFiles) context.addWatchFile(section);
    if (source.findings.length) throw new FormDocumentError(file, source.findings);
    return source.document;
  }
  return {
    name: 'lainavertailu-forms',
    resolveId(id) {
      if (id.startsWith(FORM_PREFIX) || id.startsWith(VALIDATOR_PREFIX)) return RESOLVED + id;
      return undefined;
    },
    load(id) {
      // Other plugins' virtual modules (Vite's preload helper) share the \0 prefix.
      const request = id.startsWith(RESOLVED) ? id.slice(RESOLVED.length) : '';
      if (!request.startsWith(FORM_PREFIX) && !request.startsWith(VALIDATOR_PREFIX)) return undefined;
      if (request.startsWith(FORM_PREFIX)) {
        const formId = request.slice(FORM_PREFIX.length);
        const doc = read(this, formId);
        const sets = variantSets(doc);
        const entries = sets.map((set) => {
          const key = variantKey(doc, set);
          return `${JSON.stringify(key)}: () => import(${JSON.stringify(`${VALIDATOR_PREFIX}${formId}/${key}`)}).then((m) => m.validate)`;
        });
        return `export const document = ${JSON.stringify(doc)};\nexport const validators = {${entries.join(',\n')}};\nexport default { document, validators };\n`;
      }
      const [formId, key] = request.slice(VALIDATOR_PREFIX.length).split('/');
      const doc = read(this, formId);
      const variants = key === 'base' ? [] : key.split('+');
      return generateValidatorModule(resolveVariants(doc, variants), { customValidators: CUSTOM_VALIDATORS, ajvRuntime: AJV_RUNTIME });
    },
    configureServer(server: ViteDevServer) {
      server.watcher.add([join(formsDir, '*.json'), join(formsDir, SECTIONS_FOLDER, '*.json')]);
      server.watcher.on('change', (file) => {
        if (!file.startsWith(formsDir) || !file.endsWith('.json')) return;
        for (const module of server.moduleGraph.idToModuleMap.values()) {
          if (module.id?.startsWith(RESOLVED + FORM_PREFIX) || module.id?.startsWith(RESOLVED + VALIDATOR_PREFIX)) server.moduleGraph.invalidateModule(module);
        }
        server.ws.send({ type: 'full-reload' });
      });
    },
  };
}
