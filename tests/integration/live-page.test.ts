// Issue 29 item 3: the served shell names the live form releases and, once a form is published
// that the build does not carry, preloads its module; a browser's copy of the shell from
// before the publish is never confirmed as current (no 304 with the old pointers).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FormDocument } from '../../engine/core/types.ts';
import { releaseHash } from '../../engine/core/node.ts';
import { shippedProducts } from '../../src/server/applications/products.ts';
import { liveReleases, saveRelease, setLiveRelease } from '../../src/server/forms/releases.ts';
import { BUILT_RELEASES_FILE } from '../../src/server/live-page.ts';
import { releasesInPage } from '../../src/app/live-forms.ts';
import { pgliteTarget } from './helpers/database.ts';
import { startTestServer, type TestServer } from './helpers/server.ts';

const SHELL = '<!doctype html><html lang="fi"><head><title>shell</title></head><body><div id="root"></div></body></html>';
const named = (html: string) => releasesInPage(/<script type="application\/json" id="lv-live-forms">([^<]*)<\/script>/.exec(html)?.[1]);
const preloads = (html: string) => [...html.matchAll(/<link rel="modulepreload" href="([^"]+)">/g)].map((match) => match[1]);

describe('the shell names the live form releases', () => {
  let server: TestServer;
  const dist = mkdtempSync(join(tmpdir(), 'lv-live-page-'));
  const products = shippedProducts();
  // What a build of forms/ carries: the releases the start publishes.
  const built = Object.fromEntries(products.documentIds.map((id) => [id, releaseHash(products.fileDocument(id))]));

  beforeAll(async () => {
    mkdirSync(join(dist, '.vite'));
    writeFileSync(join(dist, 'index.html'), SHELL);
    writeFileSync(join(dist, BUILT_RELEASES_FILE), JSON.stringify(built));
    server = await startTestServer(pgliteTarget, { staticDir: dist, formsRefreshMs: 0 });
  });
  afterAll(async () => {
    await server?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it("names the live releases, preloads none while they are the build's, and preloads a published one", async () => {
    const before = await fetch(`${server.url}/hakemus/yritysluotto/`);
    expect(before.status).toBe(200);
    expect(before.headers.get('cache-control')).toBe('no-cache');
    expect(before.headers.get('last-modified')).toBeNull();
    const beforeHtml = await before.text();
    expect(named(beforeHtml)).toEqual(Object.fromEntries(await liveReleases(server.db)));
    expect(named(beforeHtml)).toEqual(built);
    expect(preloads(beforeHtml)).toEqual([]);
    const etag = before.headers.get('etag')!;
    expect((await fetch(`${server.url}/hakemus/yritysluotto/`, { headers: { 'if-none-match': etag } })).status).toBe(304);

    // A business-form change published (as another instance's publish: straight to the store).
    const relabelled = structuredClone(products.fileDocument('business')) as FormDocument;
    relabelled.labels = { ...relabelled.labels, [Object.keys(relabelled.labels)[0]]: 'Julkaistu nimi' };
    const published = await saveRelease(server.db, relabelled);
    await setLiveRelease(server.db, 'business', published);
    try {
      const after = await fetch(`${server.url}/hakemus/yritysluotto/`, { headers: { 'if-none-match': etag } });
      expect(after.status).toBe(200);
      const html = await after.text();
      expect(named(html)).toEqual({ ...built, business: published });
      expect(preloads(html)).toEqual([`/forms/${published}/base.js`]);
      const module = await fetch(`${server.url}${preloads(html)[0]}`);
      expect(module.status).toBe(200);
      expect(await module.text()).toContain('Julkaistu nimi');
      // Another product's page names the same releases but preloads nothing: its form is the build's.
      const consumer = await (await fetch(`${server.url}/hakemus/kulutusluotto/`)).text();
      expect(named(consumer)).toEqual({ ...built, business: published });
      expect(preloads(consumer)).toEqual([]);
    } finally {
      await setLiveRelease(server.db, 'business', built.business);
    }
    const back = await (await fetch(`${server.url}/hakemus/yritysluotto/`)).text();
    expect(preloads(back)).toEqual([]);
    // Every page of the shell names them, the home page (with a resume link's query) too.
    for (const path of ['/', `/?id=12&token=${'A'.repeat(43)}`, '/login/1']) {
      const answer = await fetch(`${server.url}${path}`);
      expect(named(await answer.text()), path).toEqual(built);
    }
  });
});
