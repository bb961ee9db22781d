// The browser bundle must not ship AJV: the modules it loads may not reach
// 'ajv' through any chain of imports. Reads the source text and follows relative
// imports, counting type-only imports too (stricter than the bundler needs).
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const dir = resolve(dirname(fileURLToPath(import.meta.url)), '../../../custom-validators');

const SPECIFIER = /(?:^|[\s;])(?:import|export)\s[^'"`;]*?\sfrom\s*['"]([^'"]+)['"]|(?:^|[\s;])import\s*['"]([^'"]+)['"]|\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;

function specifiersIn(source: string): string[] {
  const text = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:])\/\/.*$/gm, '$1');
  return [...text.matchAll(SPECIFIER)].map((m) => m[1] ?? m[2] ?? m[3]);
}

function specifiersOf(file: string): string[] {
  return specifiersIn(readFileSync(file, 'utf8'));
}

function resolveRelative(from: string, specifier: string): string {
  const base = resolve(dirname(from), specifier);
  const candidate = [base, `${base}.ts`, join(base, 'index.ts')].find((p) => existsSync(p) && p.endsWith('.ts'));
  if (!candidate) throw new Error(`cannot resolve ${specifier} from ${from}`);
  return candidate;
}

/** Every bare package reached from `entry`, with the chain of files that reaches it. */
function packagesReachedFrom(entry: string): Map<string, string[]> {
  const packages = new Map<string, string[]>();
  const seen = new Set<string>();
  const visit = (file: string, chain: string[]) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const specifier of specifiersOf(file)) {
      if (specifier.startsWith('.')) visit(resolveRelative(file, specifier), [...chain, file]);
      else if (!packages.has(specifier)) packages.set(specifier, [...chain, file]);
    }
  };
  visit(join(dir, entry), []);
  return packages;
}

const isAjv = (specifier: string) => specifier === 'ajv' || specifier.startsWith('ajv/') || specifier.startsWith('ajv-');

describe('browser-side modules do not import ajv', () => {
  it.each(['runtime.ts', 'logic-operations.ts', 'normalizers.ts', 'index.ts'])('%s', (entry) => {
    const reached = [...packagesReachedFrom(entry)].filter(([specifier]) => isAjv(specifier));
    expect(reached).toEqual([]);
  });

  it('runtime.ts reaches only the libraries the checks wrap', () => {
    expect([...packagesReachedFrom('runtime.ts').keys()].sort()).toEqual(['finnish-business-ids', 'ibantools']);
  });

  it('the walker does find ajv where it is imported (keywords.ts → keyword.ts → ajv)', () => {
    const reached = packagesReachedFrom('keywords.ts');
    expect(reached.has('ajv')).toBe(true);
    expect(reached.get('ajv')!.map((f) => f.slice(dir.length + 1))).toEqual(['keywords.ts', 'keyword.ts']);
  });

  it('the import pattern sees every import form and skips comments', () => {
    const sample = [
      "import a from 'p1';",
      'import { b } from "p2";',
      "import type { C } from './p3.ts';",
      "export { d } from './p4.ts';",
      "export * from 'p5';",
      "import 'p6';",
      "const e = await import('p7');",
      'import {',
      '  f,',
      '  g,',
      "} from 'p8';",
      "// import h from 'not-me';",
      "/* export * from 'nor-me'; */",
      "const url = 'https://example.fi'; import i from 'p9';",
    ].join('\n');
    expect(specifiersIn(sample)).toEqual(['p1', 'p2', './p3.ts', './p4.ts', 'p5', 'p6', 'p7', 'p8', 'p9']);
  });
});
