// Vite plugin: `import { variantSets } from 'virtual:form/consumer'` lists the
// document's variant sets, each behind a loader of its own chunk, and
// `import { documents } from 'virtual:forms'` does so for every document of the
// folder: the catalogue's products' and the pages' own (documents.login, …). A chunk holds the
// document as that set sees it (variants applied here, at build time, so the browser
// patches nothing and ships no JSON Patch library) and its AJV standalone validator,
// generated at build time: the bundle carries no AJV compiler and runs no eval. A page
// needs one variant set, and one validator of the consumer document is larger than the
// rest of the form code. The document is the resolved one (its shared sections of
// forms/sections/ included); editing forms/*.json or a section in development
// regenerates the modules and reloads the page.
//
// A product's document is checked in parts, one per step (engine/core/schema-parts.ts,
// issue 31 goal 3): the set's chunk holds the document and step 1's part, and
// `laterParts` loads each later step's part, a chunk of its own (virtual:form-step/…),
// which the page asks for once step 1 is shown. A page's own small form (the login's)
// stays whole: its steps are separate pages that would each wait for their part.
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { Plugin, ViteDevServer } from 'vite';
import { generateValidatorModule, schemaValidatorModule } from '../core/compile.ts';
import { schemaPart, schemaPartFields, splittable } from '../core/schema-parts.ts';
import { resolveVariants, variantKey, variantSets } from '../core/document.ts';
import { CATALOGUE_FILE, FORMS_DIR, FormDocumentError, SECTIONS_FOLDER, listFormDocuments, readCatalogue, readFormSource, releaseHash } from '../core/node.ts';

const FORM_PREFIX = 'virtual:form/';
const VALIDATOR_PREFIX = 'virtual:form-validator/';
/** A later step's part of a set's validator: `virtual:form-step/<form>/<set>/vaihe<n>.<set>` (the last segment names its chunk). */
const STEP_PREFIX = 'virtual:form-step/';
/** Every document the catalogue names, each with its variant sets: `documents.<id>`. */
const ALL_FORMS = 'virtual:forms';
const RESOLVED = '\0';

const root = resolve(FORMS_DIR, '..');
const CUSTOM_VALIDATORS = join(root, 'custom-validators', 'runtime.ts');
const AJV_RUNTIME = join(root, 'engine', 'core', 'ajv-runtime.ts');

/**
 * Where a build writes the releases it carries (issue 29), beside Vite's manifest: the
 * server names a live release's module for preloading only when it is another than the page's
 * bundle has (src/server/live-page.ts). Written from the same values as `virtual:forms` `releases`,
 * the server cannot disagree with the bundle, as it could by hashing its own forms/, which a
 * start's baseline, `forms:pull` or a development edit may have moved since the build.
 */
export const BUILT_RELEASES_FILE = '.vite/form-releases.json';

/** Where a build writes which files each variant set's form is (`{"consumer/base": [chunk, …imports]}`). */
export const BUILT_FORM_CHUNKS_FILE = '.vite/form-chunks.json';

/** Each check's own module, as runtime.ts re-exports it (`export { checkX } from './x.ts';`). */
function checkModules(): Record<string, string> {
  const source = readFileSync(CUSTOM_VALIDATORS, 'utf8');
  return Object.fromEntries([...source.matchAll(/^export \{ (\w+) \} from '(\.\/[\w-]+\.ts)';$/gm)].map(([, name, file]) => [name, join(dirname(CUSTOM_VALIDATORS), file)]));
}

const imports = { customValidators: CUSTOM_VALIDATORS, ajvRuntime: AJV_RUNTIME, checkModules: checkModules() };

export function formsPlugin(options: { formsDir?: string } = {}): Plugin {
  const formsDir = options.formsDir ?? FORMS_DIR;
  /** The documents the catalogue's products use: checked in parts. */
  function productDocuments(context: { addWatchFile(file: string): void }): Set<string> {
    context.addWatchFile(join(formsDir, CATALOGUE_FILE));
    return new Set(Object.values(readCatalogue(formsDir).products).map((product) => product.document));
  }
  let builtReleases: Record<string, string> | undefined;
  /** The checked, resolved document; the document file, every section it includes and the shared messages are watched. */
  function read(context: { addWatchFile(file: string): void }, formId: string) {
    const file = join(formsDir, `${formId}.json`);
    context.addWatchFile(file);
    const source = readFormSource(file);
    for (const section of source.sectionFiles) context.addWatchFile(section);
    context.addWatchFile(source.messagesFile);
    if (source.findings.length) throw new FormDocumentError(file, source.findings);
    return source.document;
  }
  return {
    name: 'lainavertailu-forms',
    resolveId(id) {
      if (id === ALL_FORMS || id.startsWith(FORM_PREFIX) || id.startsWith(VALIDATOR_PREFIX) || id.startsWith(STEP_PREFIX)) return RESOLVED + id;
      return undefined;
    },
    load(id) {
      // Other plugins' virtual modules (Vite's preload helper) share the \0 prefix.
      const request = id.startsWith(RESOLVED) ? id.slice(RESOLVED.length) : '';
      if (request === ALL_FORMS) {
        this.addWatchFile(join(formsDir, CATALOGUE_FILE));
        // The products' documents, and the pages' own (the customer login's forms, issue 17).
        const ids = [...new Set([...Object.values(readCatalogue(formsDir).products).map((product) => product.document), ...listFormDocuments(formsDir)])];
        // The release each document's build is (issue 29): a page whose form the server has since replaced loads the live one.
        const releases = Object.fromEntries(ids.map((formId) => [formId, releaseHash(read(this, formId))]));
        builtReleases = releases;
        return `${ids.map((formId, i) => `import { variantSets as form${i} } from ${JSON.stringify(FORM_PREFIX + formId)};`).join('\n')}\nexport const documents = { ${ids.map((formId, i) => `${JSON.stringify(formId)}: form${i}`).join(', ')} };\nexport const releases = ${JSON.stringify(releases)};\n`;
      }
      if (request.startsWith(STEP_PREFIX)) {
        const [formId, key, last] = request.slice(STEP_PREFIX.length).split('/');
        const resolved = resolveVariants(read(this, formId), key === 'base' ? [] : key.split('+'));
        return schemaValidatorModule(formId, schemaPart(resolved, Number(/^vaihe(\d+)\./.exec(last)![1]) - 1), imports);
      }
      if (!request.startsWith(FORM_PREFIX) && !request.startsWith(VALIDATOR_PREFIX)) return undefined;
      if (request.startsWith(FORM_PREFIX)) {
        const formId = request.slice(FORM_PREFIX.length);
        const doc = read(this, formId);
        // Only names and loaders: the document itself lives in each set's chunk.
        const entries = variantSets(doc).map((set) => {
          const module = `${VALIDATOR_PREFIX}${formId}/${variantKey(doc, set)}`;
          return `{ variants: ${JSON.stringify(set)}, load: () => import(${JSON.stringify(module)}) }`;
        });
        return `export const variantSets = [\n${entries.join(',\n')}\n];\n`;
      }
      const [formId, key] = request.slice(VALIDATOR_PREFIX.length).split('/');
      const resolved = resolveVariants(read(this, formId), key === 'base' ? [] : key.split('+'));
      const document = `export const document = ${JSON.stringify(resolved)};\n`;
      if (!productDocuments(this).has(formId) || !splittable(resolved)) return `${generateValidatorModule(resolved, imports)}${document}`;
      const later = schemaPartFields(resolved)
        .slice(1)
        .map((_, i) => `() => import(${JSON.stringify(`${STEP_PREFIX}${formId}/${key}/vaihe${i + 2}.${key.replaceAll('+', '_')}`)})`);
      return `${schemaValidatorModule(formId, schemaPart(resolved, 0), imports)}${document}export const laterParts = [${later.join(', ')}];\n`;
    },
    generateBundle(_options, bundle) {
      if (builtReleases) this.emitFile({ type: 'asset', fileName: BUILT_RELEASES_FILE, source: `${JSON.stringify(builtReleases)}\n` });
      // Each variant set's chunk and the chunks it imports, by `<document>/<variant key>`: the server
      // names them in the served page (modulepreload) so they are asked for from the HTML (issue 31).
      // `imports` are the static ones (step 1's checks); later steps' parts are dynamic imports,
      // asked for once step 1 is shown, so they are not preloaded.
      const chunks: Record<string, string[]> = {};
      for (const item of Object.values(bundle)) {
        const id = item.type === 'chunk' ? item.facadeModuleId : null;
        if (item.type === 'chunk' && id?.startsWith(RESOLVED + VALIDATOR_PREFIX)) chunks[id.slice(RESOLVED.length + VALIDATOR_PREFIX.length)] = [item.fileName, ...item.imports];
      }
      if (Object.keys(chunks).length) this.emitFile({ type: 'asset', fileName: BUILT_FORM_CHUNKS_FILE, source: `${JSON.stringify(chunks)}\n` });
    },
    configureServer(server: ViteDevServer) {
      server.watcher.add([join(formsDir, '*.json'), join(formsDir, SECTIONS_FOLDER, '*.json')]);
      server.watcher.on('change', (file) => {
        if (!file.startsWith(formsDir) || !file.endsWith('.json')) return;
        for (const module of server.moduleGraph.idToModuleMap.values()) {
          if (module.id === RESOLVED + ALL_FORMS || [FORM_PREFIX, VALIDATOR_PREFIX, STEP_PREFIX].some((prefix) => module.id?.startsWith(RESOLVED + prefix))) server.moduleGraph.invalidateModule(module);
        }
        server.ws.send({ type: 'full-reload' });
      });
    },
  };
}
