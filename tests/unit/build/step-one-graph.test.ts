// What a new application's first page runs is the static-import closure of the page's
// entries and of the variant set's chunk the page loads (issue 31 goal 3): the later
// steps' validators (virtual:form-step/…) and the IBAN check with ibantools, which only
// the last step asks for, must lie outside it, behind the dynamic imports that load them
// after step 1 is shown. npm run bench:bundle checks the same on the built chunks.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, isAbsolute, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formsPlugin } from '../../../engine/build/vite-plugin-forms.ts';

const root = resolve(import.meta.dirname, '../../..');
const CODE = /\.(tsx?|jsx?|mjs)$/;
/** Static imports and re-exports only: `import(…)` loads later. */
const STATIC = /(?:^|[\s;])(?:import|export)\s[^'"`;]*?\sfrom\s*['"]([^'"]+)['"]|(?:^|[\s;])import\s*['"]([^'"]+)['"]/g;
const DYNAMIC = /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;

const strip = (source: string) => source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:])\/\/.*$/gm, '$1');

async function staticClosure(entries: string[]) {
  const plugin = formsPlugin();
  const context = { addWatchFile() {} };
  const reached = new Set<string>();
  const bare = new Set<string>();
  const dynamic = new Set<string>();
  const sourceOf = async (id: string) => (id.startsWith('\0') ? ((await (plugin.load as (this: unknown, id: string) => unknown).call(context, id)) as string) : readFileSync(id, 'utf8'));
  const resolveFile = (from: string, specifier: string) => {
    const base = isAbsolute(specifier) ? specifier : resolve(dirname(from), specifier);
    return [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')].find((p) => existsSync(p) && CODE.test(p));
  };
  const visit = async (id: string) => {
    if (reached.has(id)) return;
    reached.add(id);
    const text = strip(await sourceOf(id));
    for (const [, specifier] of text.matchAll(DYNAMIC)) dynamic.add(specifier);
    for (const match of text.matchAll(STATIC)) {
      const specifier = match[1] ?? match[2];
      if (specifier.startsWith('virtual:')) await visit((plugin.resolveId as (this: unknown, id: string) => string).call(context, specifier));
      else if (specifier.startsWith('.') || isAbsolute(specifier)) {
        const file = resolveFile(id.startsWith('\0') ? root : id, specifier);
        if (file) await visit(file);
      } else bare.add(specifier);
    }
  };
  for (const entry of entries) await visit(entry);
  return { reached: [...reached].map((id) => (id.startsWith('\0') ? id.slice(1) : relative(root, id))), bare: [...bare], dynamic: [...dynamic] };
}

describe("step 1 of a new consumer-credit application", async () => {
  const graph = await staticClosure([join(root, 'src/app/main.tsx'), join(root, 'src/app/form-preload.ts'), '\0virtual:form-validator/consumer/base']);

  it("reaches the runtime and step 1's validator, and asks for the later steps' parts with dynamic imports", () => {
    expect(graph.reached).toEqual(expect.arrayContaining(['engine/core/runtime.ts', 'virtual:form-validator/consumer/base', 'custom-validators/normalizers.ts']));
    expect(graph.dynamic).toEqual(expect.arrayContaining(['virtual:form-step/consumer/base/vaihe2.base', 'virtual:form-step/consumer/base/vaihe7.base']));
  });

  it("loads no later step's validator, no IBAN check and no ibantools", () => {
    expect(graph.reached.filter((id) => id.startsWith('virtual:form-step/'))).toEqual([]);
    expect(graph.reached).not.toContain('custom-validators/iban.ts');
    expect(graph.reached).not.toContain('custom-validators/runtime.ts');
    expect(graph.bare).not.toContain('ibantools');
  });

  it('the IBAN check comes with the step that asks for the account', async () => {
    const last = await staticClosure(['\0virtual:form-step/consumer/base/vaihe7.base']);
    expect(last.reached).toContain('custom-validators/iban.ts');
    expect(last.bare).toContain('ibantools');
  });
});
