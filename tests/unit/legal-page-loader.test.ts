// The browser's legal page loader (src/app/legal/legal-pages.ts): the server's live text first
// (a version published in the studio), the bundled text when the server does not answer it.
import { afterEach, expect, it, vi } from 'vitest';
import { loadContentPage } from '../../src/app/legal/legal-pages.ts';

afterEach(() => vi.unstubAllGlobals());

it("shows the server's live text of a page", async () => {
  const fetch = vi.fn(async () => new Response(JSON.stringify({ title: 'Julkaistu teksti', updated: '2027-01-01', version: '2.0', sections: [{ heading: 'A', paragraphs: ['b'] }] }), { status: 200 }));
  vi.stubGlobal('fetch', fetch);
  expect((await loadContentPage('kayttoehdot')).title).toBe('Julkaistu teksti');
  expect(fetch).toHaveBeenCalledWith('/api/content/pages/kayttoehdot', expect.anything());
});

it('falls back to the bundled text when the server fails, is unreachable or answers something else', async () => {
  for (const answer of [async () => new Response('{}', { status: 500 }), async () => Promise.reject(new TypeError('offline')), async () => new Response('{"x":1}', { status: 200 })]) {
    vi.stubGlobal('fetch', vi.fn(answer));
    expect((await loadContentPage('kayttoehdot')).title).toBe('Palvelun käyttöehdot');
  }
});

it('refuses a page the build has none of, without asking the server', async () => {
  const fetch = vi.fn();
  vi.stubGlobal('fetch', fetch);
  await expect(loadContentPage('eiole')).rejects.toThrow('no content page eiole');
  expect(fetch).not.toHaveBeenCalled();
});
