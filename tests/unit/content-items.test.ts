// Content item keys and their files (src/server/versions/items.ts), and the content hash that
// tells a changed file from an unchanged one (hash.ts).
import { expect, it } from 'vitest';
import { contentHash, canonicalJson } from '../../src/server/versions/hash.ts';
import { contentItems, itemPath, pageItem, pageOfItem } from '../../src/server/versions/items.ts';

it('maps every kind of item key to its file in forms/, and no other key to any file', () => {
  expect(itemPath('document:consumer')).toBe('consumer.json');
  expect(itemPath('section:credit-cards')).toBe('sections/credit-cards.json');
  expect(itemPath('catalogue')).toBe('catalogue.json');
  expect(itemPath('content:banners')).toBe('content/banners.json');
  expect(itemPath('content:legal/tietosuoja')).toBe('content/legal/tietosuoja.json');
  for (const key of ['document:../secret', 'section:a/b', 'content:../x', 'content:legal//x', 'content:/x', 'document:', 'document', 'page:x', 'Document:consumer', 'catalogue:x'])
    expect(itemPath(key), key).toBeUndefined();
});

it("lists the repository's documents, sections, catalogue, banners and legal pages as items, not site.json", () => {
  const items = contentItems().map(({ item }) => item);
  expect(items).toContain('document:consumer');
  expect(items).toContain('section:housing');
  const content = items.filter((item) => item.startsWith('content:'));
  expect(items.slice(items.indexOf('catalogue') + 1)).toEqual(content);
  expect(content).toEqual(['content:banners', 'content:legal/ennakkotiedot', 'content:legal/kayttoehdot', 'content:legal/sivuston-kayttoehdot', 'content:legal/tietosuojaseloste']);
  expect(content).not.toContain('content:site');
});

it('names the page of a legal page item, and none of another', () => {
  expect(pageOfItem('content:legal/tietosuojaseloste')).toBe('tietosuojaseloste');
  expect(pageItem('kayttoehdot')).toBe('content:legal/kayttoehdot');
  for (const key of ['content:banners', 'content:legal/a/b', 'content:legal/', 'content:legal/../x', 'document:legal']) expect(pageOfItem(key), key).toBeUndefined();
});

it('hashes content alike whatever its key order, and differently when a value changes', () => {
  const a = { b: 1, a: { d: [3, { y: 1, x: 2 }], c: null } };
  const b = { a: { c: null, d: [3, { x: 2, y: 1 }] }, b: 1 };
  expect(canonicalJson(a)).toBe('{"a":{"c":null,"d":[3,{"x":2,"y":1}]},"b":1}');
  expect(contentHash(a)).toBe(contentHash(b));
  expect(contentHash(a)).toMatch(/^[0-9a-f]{64}$/);
  expect(contentHash({ ...a, b: 2 })).not.toBe(contentHash(a));
  // Array order is content.
  expect(contentHash([1, 2])).not.toBe(contentHash([2, 1]));
});
