// The readable diff of the banners and the legal pages (engine/core/content-diff.ts): one Finnish
// line per changed text or value, a banner named by its id, a section by its number.
import { expect, it } from 'vitest';
import { diffContent, formatContentDiff } from '../../engine/core/content-diff.ts';

const banner = (id: string, text: string, extra: Record<string, unknown> = {}) => ({ id, text, severity: 'info', start: '2027-03-01T08:00:00+02:00', end: '2027-04-01T00:00:00+02:00', ...extra });

it('names a banner by its id, whatever its place in the list', () => {
  const before = { banners: [banner('joulu', 'Suljettu'), banner('kevat-2027', 'Vanha teksti')] };
  const after = { banners: [banner('kevat-2027', 'Uusi teksti', { severity: 'warning' }), banner('kesa', 'Kesätauko')] };
  expect(formatContentDiff(diffContent(before, after))).toEqual([
    'Banneri joulu poistettu (oli "Suljettu")',
    'Banneri kevat-2027: teksti "Vanha teksti" → "Uusi teksti"',
    'Banneri kevat-2027: vakavuus "info" → "warning"',
    'Banneri kesa lisätty: "Kesätauko"',
  ]);
  expect(diffContent(before, after)[1]).toMatchObject({ path: '/banners/kevat-2027/text', before: 'Vanha teksti', after: 'Uusi teksti' });
});

it("names a page's section by its number and its fields in Finnish", () => {
  const page = (heading: string, paragraphs: string[], title = 'Ehdot') => ({ $schema: 'x', title, updated: '2026-11-01', version: '1.0', sections: [{ heading: 'Yksi', paragraphs: ['a'] }, { heading: 'Kaksi' }, { heading, paragraphs }] });
  const lines = formatContentDiff(diffContent(page('3. Vanha', ['eka', 'toka']), { ...page('3. Uusi', ['eka', 'muutettu', 'kolmas'], 'Käyttöehdot'), updated: '2026-12-01', $schema: 'y' }));
  expect(lines).toEqual([
    'Sivu: otsikko "Ehdot" → "Käyttöehdot"',
    'Sivu: päivitetty "2026-11-01" → "2026-12-01"',
    'Osio 3: otsikko "3. Vanha" → "3. Uusi"',
    'Osio 3: kappale 2 "toka" → "muutettu"',
    'Osio 3: kappale 3 lisätty: "kolmas"',
  ]);
});

it('says there are no changes when the versions are the same JSON in another key order', () => {
  expect(formatContentDiff(diffContent({ banners: [banner('a', 'x')] }, { banners: [{ ...banner('a', 'x') }] }))).toEqual(['Ei muutoksia.']);
  expect(diffContent({ a: 1, b: 2 }, { b: 2, a: 1 })).toEqual([]);
});
