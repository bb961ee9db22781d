// Site banners as data (issue 28 item 3): what forms:check refuses in a banner file, and which
// banners a page of a brand shows at a moment.
import { describe, expect, it } from 'vitest';
import { activeBanners, checkBanners, pageMatches, type Banner } from '../../../engine/core/banners.ts';
import { checkContentFiles, readJsonFile } from '../../../engine/core/node.ts';

const BRANDS = new Set(['lainavertailu', 'kattokorko']);
const sound: Banner = { id: 'katko', text: 'Palvelussa on huoltokatko.', severity: 'warning', start: '2026-12-01T08:00:00+02:00', end: '2026-12-01T10:00:00+02:00' };

describe('a banner file', () => {
  it('passes when sound, the shipped one too', () => {
    expect(checkBanners({ banners: [sound, { ...sound, id: 'toinen', link: { text: 'Lisää', href: 'https://example.fi/a' }, brands: ['kattokorko'], pages: ['/hakemus/*', '/'] }] }, BRANDS)).toEqual([]);
    const shipped = checkContentFiles().find((entry) => entry.file.endsWith('banners.json'));
    expect(shipped?.findings).toEqual([]);
    expect(readJsonFile(shipped!.file)).toMatchObject({ banners: expect.any(Array) });
  });

  it('names every problem by its JSON path', () => {
    const findings = checkBanners(
      {
        extra: 1,
        banners: [
          { ...sound, id: 'Iso', severity: 'loud', colour: 'red' },
          { ...sound, id: 'katko', text: '', start: '1.12.2026', end: '2026-12-01T07:00:00+02:00' },
          { ...sound, id: 'katko' },
          { ...sound, id: 'linkki', link: { text: 'x', href: 'javascript:alert(1)' }, text: 'Katso [tästä](javascript:alert(1))' },
          { ...sound, id: 'rajaus', brands: ['muu'], pages: ['ilman-kautta', '/a*/b'], end: '2026-12-01T08:00:00+02:00' },
          'ei olio',
        ],
      },
      BRANDS,
    );
    expect(findings.map((finding) => finding.path)).toEqual([
      '/extra',
      '/banners/0/colour',
      '/banners/0/id',
      '/banners/0/severity',
      '/banners/1/text',
      '/banners/1/start',
      '/banners/2/id',
      '/banners/3/link/href',
      '/banners/3/text',
      '/banners/4/end',
      '/banners/4/brands/0',
      '/banners/4/pages/0',
      '/banners/4/pages/1',
      '/banners/5',
    ]);
    expect(checkBanners({}, BRANDS)).toEqual([{ path: '/banners', message: 'tiedotteiden lista puuttuu (voi olla tyhjä)' }]);
    expect(checkBanners({ banners: [{ ...sound, text: 'x'.repeat(301) }] }, BRANDS).map((f) => f.path)).toEqual(['/banners/0/text']);
  });
});

describe('the banners a page shows', () => {
  const banners: Banner[] = [
    sound,
    { ...sound, id: 'kattokorko', brands: ['kattokorko'] },
    { ...sound, id: 'hakemus', pages: ['/hakemus/*'] },
    { ...sound, id: 'etusivu', pages: ['/'] },
  ];
  const at = (iso: string, page: string | undefined = '/', brand = 'lainavertailu') => activeBanners(banners, { brand, page, now: new Date(iso) }).map((banner) => banner.id);

  it('shows a banner from its start until, not at, its end, across time zones', () => {
    expect(at('2026-12-01T05:59:59Z')).toEqual([]);
    expect(at('2026-12-01T06:00:00Z')).toEqual(['katko', 'etusivu']);
    expect(at('2026-12-01T07:59:59.999Z')).toEqual(['katko', 'etusivu']);
    expect(at('2026-12-01T08:00:00Z')).toEqual([]);
  });

  it('keeps a banner to its brands and pages; without a page, only those of every page', () => {
    expect(at('2026-12-01T07:00:00Z', '/hakemus/kulutusluotto/3', 'kattokorko')).toEqual(['katko', 'kattokorko', 'hakemus']);
    expect(activeBanners(banners, { brand: 'lainavertailu', page: undefined, now: new Date('2026-12-01T07:00:00Z') }).map((banner) => banner.id)).toEqual(['katko']);
    expect(pageMatches('/hakemus/*', '/hakemus')).toBe(true);
    expect(pageMatches('/hakemus/*', '/hakemukset')).toBe(false);
    expect(pageMatches('/', '/lainahakemukset')).toBe(false);
  });
});
