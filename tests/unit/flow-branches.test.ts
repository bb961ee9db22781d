// Issue 26 item 1: a flow is a module. Outside the flows' own folders (src/flows/) no code
// compares a flow's name: the routes, pages, customer area and identification ask the
// flow's module. This test keeps it so: it scans src/ and engine/ for the comparisons and
// lists every line it finds.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readCatalogue } from '../../engine/core/node.ts';
import { serverFlowNames } from '../../src/flows/server-registry.ts';

const root = resolve(import.meta.dirname, '../..');
const SCANNED = ['src', 'engine'];
const FLOWS_FOLDER = 'src/flows/';
/** `flow ===`, `flow !==`, `.flow ==` (and `.flow !=`) in any spacing. */
const BRANCH = /\bflow\s*[!=]==|\.flow\s*[!=]=/;
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(path);
    return /\.(?:ts|tsx|mts|mjs|js)$/.test(entry.name) ? [path] : [];
  });
}

/** Every `file:line: text` that compares a flow's name, outside src/flows/. */
function flowBranches(): string[] {
  const found: string[] = [];
  for (const top of SCANNED) {
    for (const file of sourceFiles(join(root, top))) {
      const name = relative(root, file).split('\\').join('/');
      if (name.startsWith(FLOWS_FOLDER)) continue;
      readFileSync(file, 'utf8')
        .split('\n')
        .forEach((line, index) => BRANCH.test(line) && found.push(`${name}:${index + 1}: ${line.trim()}`));
    }
  }
  return found;
}

describe('flows are modules', () => {
  it('finds no flow comparison outside src/flows/', () => {
    expect(flowBranches()).toEqual([]);
  });

  it('recognises the comparisons it looks for', () => {
    for (const line of ["if (product.flow === 'business')", "group[0].flow !== 'consumer'", "flow === 'mortgage'", 'a.flow==b']) expect(BRANCH.test(line), line).toBe(true);
    for (const line of ['flowName !== undefined', 'const flow = flows.of(name);', 'workflow']) expect(BRANCH.test(line), line).toBe(false);
  });


  it('has a module for every flow the shipped catalogue names', () => {
    const names = serverFlowNames();
    for (const product of Object.values(readCatalogue().products)) expect(names, product.id).toContain(product.flow);
  });
});
