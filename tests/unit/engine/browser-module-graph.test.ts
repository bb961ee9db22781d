// The browser bundle must not carry the AJV compiler: the application validates
// with AJV standalone code generated at build time (engine/build/vite-plugin-forms.ts)
// and a strict CSP forbids the eval that compiling would need. This walks the
// module graph the bundler sees, from the application entry and the renderer's
// public entry: relative imports, the `virtual:form/…` modules as the real Vite
// plugin produces them (the document plus one generated validator per variant
// set), the aliases of vite.config.ts, and, for each npm package reached, the
// packages it depends on. Type-only imports count too (stricter than needed).
//
// Allowed: `ajv/dist/runtime/*`, the small helpers generated code calls (through
// engine/core/ajv-runtime.ts). Refused: `ajv` itself and any other `ajv/…` path
// (compiler, standalone generator, 2020 class), `ajv-formats`, and
// `@rjsf/validator-ajv8`, which compiles schemas in the browser.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, isAbsolute, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formsPlugin } from '../../../engine/build/vite-plugin-forms.ts';

const root = resolve(import.meta.dirname, '../../..');
const ENTRIES = ['src/app/main.tsx', 'src/app/form-preload.ts', 'engine/react/index.ts'];
const CODE = /\.(tsx?|jsx?|mjs)$/;

const SPECIFIER = /(?:^|[\s;])(?:import|export)\s[^'"`;]*?\sfrom\s*['"]([^'"]+)['"]|(?:^|[\s;])import\s*['"]([^'"]+)['"]|\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;

function specifiersIn(source: string): string[] {
  const text = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:])\/\/.*$/gm, '$1');
  return [...text.matchAll(SPECIFIER)].map((m) => m[1] ?? m[2] ?? m[3]);
}

const packageName = (specifier: string) => specifier.split('/').slice(0, specifier.startsWith('@') ? 2 : 1).join('/');

const FORBIDDEN_PACKAGES = new Set(['ajv', 'ajv-formats', '@rjsf/validator-ajv8']);
const isForbiddenImport = (specifier: string) =>
  packageName(specifier) === 'ajv' ? !specifier.startsWith('ajv/dist/runtime/') : FORBIDDEN_PACKAGES.has(packageName(specifier));

/** `find` → target file of vite.config.ts `resolve.alias`, as the page build applies it. */
function viteAliases(): Map<string, string> {
  const config = readFileSync(join(root, 'vite.config.ts'), 'utf8');
  const block = config.match(/alias:\s*\{([^}]*)\}/)?.[1] ?? '';
  return new Map([...block.matchAll(/'([^']+)':\s*resolve\(import\.meta\.dirname,\s*'([^']+)'\)/g)].map((m) => [m[1], join(root, m[2])]));
}

interface Graph {
  /** Every file and virtual module reached, with the chain that reaches it. */
  modules: Map<string, string[]>;
  /** Every bare import, with the chain of modules that makes it. */
  bare: Map<string, string[]>;
}

async function browserGraph(): Promise<Graph> {
  const plugin = formsPlugin();
  const context = { addWatchFile() {} };
  const aliases = viteAliases();
  const modules = new Map<string, string[]>();
  const bare = new Map<string, string[]>();

  const sourceOf = async (id: string): Promise<string> => {
    if (!id.startsWith('\0')) return readFileSync(id, 'utf8');
    const loaded = await (plugin.load as (this: unknown, id: string) => unknown).call(context, id);
    if (typeof loaded !== 'string') throw new Error(`the forms plugin did not load ${id}`);
    return loaded;
  };
  const resolveFile = (from: string, specifier: string): string => {
    const base = isAbsolute(specifier) ? specifier : resolve(dirname(from), specifier);
    const found = [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')].find((p) => existsSync(p) && CODE.test(p));
    if (!found) throw new Error(`cannot resolve ${specifier} from ${from}`);
    return found;
  };

  const visit = async (id: string, chain: string[]) => {
    if (modules.has(id)) return;
    modules.set(id, chain);
    const here = [...chain, id];
    for (const specifier of specifiersIn(await sourceOf(id))) {
      if (specifier.startsWith('virtual:')) {
        const resolved = (plugin.resolveId as (this: unknown, id: string) => string | undefined).call(context, specifier);
        if (!resolved) throw new Error(`no plugin resolves ${specifier}`);
        await visit(resolved, here);
      } else if (aliases.has(specifier)) await visit(aliases.get(specifier)!, here);
      else if (specifier.startsWith('.') || isAbsolute(specifier)) {
        if (CODE.test(specifier) || !/\.\w+$/.test(specifier)) await visit(resolveFile(id.startsWith('\0') ? root : id, specifier), here);
        // else a stylesheet or an image: no imports to follow.
      } else if (!bare.has(specifier)) bare.set(specifier, here);
    }
  };
  for (const entry of ENTRIES) await visit(join(root, entry), []);
  // @rjsf/core imports markdown-to-jsx/react, which the page build replaces with our own module.
  for (const target of aliases.values()) await visit(target, ['vite.config.ts alias']);
  return { modules, bare };
}

/** The npm packages `name` needs at run time, transitively (dependencies and installed peers). */
function packageClosure(names: Iterable<string>): Map<string, string[]> {
  const reached = new Map<string, string[]>();
  const visit = (name: string, dir: string, chain: string[]) => {
    if (reached.has(name)) return;
    const candidates = [join(dir, 'node_modules', name), join(root, 'node_modules', name)];
    const packageDir = candidates.find((d) => existsSync(join(d, 'package.json')));
    reached.set(name, chain);
    if (!packageDir) return; // an optional peer that is not installed (markdown-to-jsx's vue, solid-js)
    const manifest = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8'));
    for (const dep of Object.keys({ ...manifest.dependencies, ...manifest.peerDependencies })) visit(dep, packageDir, [...chain, name]);
  };
  for (const name of names) visit(name, root, []);
  return reached;
}

const shown = (chain: string[]) => chain.map((id) => (id.startsWith('\0') ? id.slice(1) : relative(root, id)));

describe('the browser bundle carries no AJV compiler', async () => {
  const graph = await browserGraph();
  const files = [...graph.modules.keys()].filter((id) => !id.startsWith('\0')).map((id) => relative(root, id));

  it('the walk reaches the real browser code: entries, renderer, engine core, generated validators and their helpers', () => {
    expect(files).toEqual(expect.arrayContaining([...ENTRIES, 'engine/react/FormWizard.tsx', 'engine/core/runtime.ts', 'engine/core/ajv-runtime.ts', 'custom-validators/runtime.ts', 'engine/react/plain-markdown.tsx']));
    const virtual = [...graph.modules.keys()].filter((id) => id.startsWith('\0')).map((id) => id.slice(1));
    expect(virtual).toEqual(expect.arrayContaining(['virtual:form/consumer', 'virtual:form-validator/consumer/base', 'virtual:form-validator/consumer/kattokorko+yhdistelylaina']));
  });

  it('no reachable module imports ajv (other than its runtime helpers), ajv-formats or @rjsf/validator-ajv8', () => {
    const forbidden = [...graph.bare].filter(([specifier]) => isForbiddenImport(specifier)).map(([specifier, chain]) => `${specifier} ← ${shown(chain).join(' ← ')}`);
    expect(forbidden).toEqual([]);
  });

  it('generated validators use exactly the AJV runtime helpers, through engine/core/ajv-runtime.ts', () => {
    const ajvImports = [...graph.bare.keys()].filter((specifier) => packageName(specifier) === 'ajv').sort();
    expect(ajvImports).toEqual(['ajv/dist/runtime/equal.js', 'ajv/dist/runtime/ucs2length.js']);
    expect(shown(graph.bare.get('ajv/dist/runtime/equal.js')!).at(-1)).toBe('engine/core/ajv-runtime.ts');
  });

  it('no Node-only engine module (compiler, document check, file loading, build plugin) is reachable', () => {
    for (const nodeOnly of ['engine/core/compile.ts', 'engine/core/check.ts', 'engine/core/node.ts', 'engine/build/vite-plugin-forms.ts', 'custom-validators/keyword.ts', 'custom-validators/keywords.ts'])
      expect(files, nodeOnly).not.toContain(nodeOnly);
  });

  it('no npm package the bundle imports depends on ajv, ajv-formats or @rjsf/validator-ajv8', () => {
    const closure = packageClosure(new Set([...graph.bare.keys()].filter((s) => packageName(s) !== 'ajv').map(packageName)));
    expect(closure.has('@rjsf/core') && closure.has('@rjsf/utils') && closure.has('react-router')).toBe(true);
    const forbidden = [...closure].filter(([name]) => FORBIDDEN_PACKAGES.has(name)).map(([name, chain]) => `${name} ← ${chain.join(' ← ')}`);
    expect(forbidden).toEqual([]);
  });

  it('the checks see a forbidden import where one is made', () => {
    expect(['ajv', 'ajv/dist/2020.js', 'ajv/dist/standalone/index.js', 'ajv-formats', '@rjsf/validator-ajv8', '@rjsf/validator-ajv8/lib/x.js'].filter(isForbiddenImport)).toHaveLength(6);
    expect(['ajv/dist/runtime/equal.js', 'ajv/dist/runtime/ucs2length.js', '@rjsf/core', 'ajvish'].filter(isForbiddenImport)).toEqual([]);
    expect(packageClosure(['@rjsf/validator-ajv8']).has('ajv')).toBe(true);
  });
});
