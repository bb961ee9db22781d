// The browser build replaces fast-uri, which @rjsf/utils imports to resolve `$ref`s
// against `$id`s, with engine/react/fragment-uri.ts (src/build/rjsf-uri-plugin.ts). That holds only
// while RJSF never needs it: no schema the pages render declares `$schema` 2020-12 (which
// makes RJSF rewrite every `$ref` through the resolver) or an `$id`, and every `$ref`
// is a fragment of the schema itself (looked up with jsonpointer). Where the stand-in
// does resolve, it agrees with fast-uri.
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { resolveVariants, variantSets } from '../../../engine/core/document.ts';
import { listFormDocuments, readFormDocument } from '../../../engine/core/node.ts';
import fragmentUri from '../../../engine/react/fragment-uri.ts';

// The fast-uri @rjsf/utils itself resolves (it may differ from AJV's copy).
const fastUri = createRequire(import.meta.resolve('@rjsf/utils'))('fast-uri') as typeof fragmentUri;

/** Where a schema would send RJSF to its URI resolver. */
function uriUses(value: unknown, path: string, found: string[]): string[] {
  if (Array.isArray(value)) value.forEach((item, i) => uriUses(item, `${path}/${i}`, found));
  else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (key === '$id' || key === '$schema') found.push(`${path}/${key}`);
      if (key === '$ref' && !(typeof item === 'string' && item.startsWith('#'))) found.push(`${path}/$ref ${String(item)}`);
      uriUses(item, `${path}/${key}`, found);
    }
  }
  return found;
}

describe('fragment-uri, the browser stand-in for fast-uri', () => {
  it('is never reached: no form schema has $schema, $id or a $ref outside itself', () => {
    const found: string[] = [];
    let refs = 0;
    for (const id of listFormDocuments()) {
      const doc = readFormDocument(id);
      for (const set of variantSets(doc)) {
        const { schema } = resolveVariants(doc, set);
        uriUses(schema, `${id}[${set.join('+')}]`, found);
        refs += JSON.stringify(schema).split('"$ref"').length - 1;
      }
    }
    expect(found).toEqual([]);
    // The walk sees the references there are (the consumer's loan lists).
    expect(refs).toBeGreaterThan(0);
  });

  it('resolves fragments and absolute URIs as fast-uri does', () => {
    const cases: Array<[string, string]> = [
      ['#', '#/$defs/loanList'],
      ['', '#/$defs/loanRow'],
      ['https://lainavertailu.local/schemas/form.json', '#/$defs/x'],
      ['https://lainavertailu.local/schemas/form.json#/a', '#/$defs/x'],
      ['https://lainavertailu.local/schemas/form.json', 'row.json#/$defs/y'],
      ['https://lainavertailu.local/schemas/a/form.json', '../row.json'],
      ['#', 'https://lainavertailu.local/schemas/row.json'],
    ];
    for (const [base, ref] of cases) expect(fragmentUri.resolve(base, ref), `${base} + ${ref}`).toBe(fastUri.resolve(base, ref));
    expect(fragmentUri.equal('https://lainavertailu.local/a', 'https://lainavertailu.local/a')).toBe(true);
    expect(fragmentUri.equal('https://lainavertailu.local/a', 'https://lainavertailu.local/b')).toBe(false);
    expect(fragmentUri.equal('https://lainavertailu.local/a', 'https://lainavertailu.local/a')).toBe(fastUri.equal('https://lainavertailu.local/a', 'https://lainavertailu.local/a'));
  });

  it('refuses a relative reference it cannot resolve rather than guessing', () => {
    expect(() => fragmentUri.resolve('#', 'row.json')).toThrow(/fragment-uri/);
  });
});
