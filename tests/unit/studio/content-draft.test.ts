// The studio's JSON draft editor of content (src/studio/content/): what its text parses to, the
// Finnish error with a line and column an editor can find, and which items it edits (the
// banners, the legal pages; forms keep the form editor) and which get no QA verdict.
import { expect, it } from 'vitest';
import { formatSource, jsonErrorOffset, lineAndColumn, parseContentSource } from '../../../src/studio/content/parse.ts';
import { hasVerdict, isFormItem } from '../../../src/studio/format.ts';

it('parses a JSON object as the source, formatted as the files in forms/ are', () => {
  expect(parseContentSource('{ "banners": [] }')).toEqual({ ok: true, source: { banners: [] } });
  expect(formatSource({ banners: [{ id: 'a' }] })).toBe('{\n  "banners": [\n    {\n      "id": "a"\n    }\n  ]\n}\n');
});

it('says in Finnish on which line and column the JSON breaks', () => {
  const broken = '{\n  "banners": [\n    { "id": "a" },\n  ]\n}';
  const parsed = parseContentSource(broken);
  expect(parsed).toMatchObject({ ok: false, line: 4, column: 3 });
  expect(parsed.ok || parsed.message).toBe('Tekstiä ei voi tallentaa: JSON-virhe rivillä 4, sarakkeessa 3.');
  // An unfinished text breaks at its end.
  expect(parseContentSource('{\n  "a": 1')).toMatchObject({ ok: false, line: 2, column: 9 });
});

it('refuses JSON that is not an object', () => {
  for (const text of ['[]', '"teksti"', 'null', '3']) expect(parseContentSource(text), text).toEqual({ ok: false, message: 'Tekstiä ei voi tallentaa: sisällön pitää olla JSON-olio, joka alkaa merkillä {.' });
});

it('counts lines and columns from 1', () => {
  expect(lineAndColumn('ab\ncd', 0)).toEqual({ line: 1, column: 1 });
  expect(lineAndColumn('ab\ncd', 4)).toEqual({ line: 2, column: 2 });
});

it('edits forms in the form editor and any other content as JSON; only forms get a QA verdict', () => {
  expect(['document:consumer', 'section:identity'].map(isFormItem)).toEqual([true, true]);
  expect(['content:banners', 'content:legal/kayttoehdot', 'messages', 'catalogue'].map(isFormItem)).toEqual([false, false, false, false]);
  expect(['document:consumer', 'section:identity', 'messages'].map(hasVerdict)).toEqual([true, true, true]);
  expect(['content:banners', 'content:legal/kayttoehdot', 'catalogue'].map(hasVerdict)).toEqual([false, false, false]);
});

it('finds the first character that cannot be JSON, and none in JSON', () => {
  for (const text of ['{}', ' [1, -2.5e3, "a\\"b", true, null, {"x": []}] ', '"\\u00e4"']) expect(jsonErrorOffset(text), text).toBeUndefined();
  expect(jsonErrorOffset('{"a" 1}')).toBe(5);
  expect(jsonErrorOffset('[1,]')).toBe(3);
  expect(jsonErrorOffset("{'a': 1}")).toBe(1);
  expect(jsonErrorOffset('{"a": 01}')).toBe(7);
  expect(jsonErrorOffset('{} x')).toBe(3);
  expect(jsonErrorOffset('"a\nb"')).toBe(0);
});
