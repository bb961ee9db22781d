// An unknown address (issue 25 item 16): the API's answer JSON as before, a page's a
// Finnish page with status 404: the built shell (whose not-found page says it) or, with
// no pages built and for a missing file, a plain page of the server's own.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgliteTarget } from './helpers/database.ts';
import { startTestServer, type TestServer } from './helpers/server.ts';

const SHELL = '<!doctype html><html lang="fi"><title>shell</title><div id="root"></div>';

describe('unknown addresses', () => {
  let built: TestServer;
  let bare: TestServer;
  const dist = mkdtempSync(join(tmpdir(), 'lv-not-found-'));

  beforeAll(async () => {
    writeFileSync(join(dist, 'index.html'), SHELL);
    built = await startTestServer(pgliteTarget, { staticDir: dist });
    bare = await startTestServer(pgliteTarget, { staticDir: join(dist, 'missing') });
  }, 180_000);
  afterAll(async () => {
    await Promise.all([built?.close(), bare?.close()]);
    rmSync(dist, { recursive: true, force: true });
  });

  it("a page's address gets the shell with 404, not JSON", async () => {
    for (const path of ['/ei-ole', '/jotain/muuta?x=1']) {
      const answer = await fetch(`${built.url}${path}`, { headers: { accept: 'text/html' } });
      expect(answer.status).toBe(404);
      expect(answer.headers.get('content-type')).toMatch(/^text\/html/);
      expect(await answer.text()).toBe(SHELL);
    }
  });

  it('without built pages, and for a missing file, a plain page in Finnish', async () => {
    for (const url of [`${bare.url}/ei-ole`, `${built.url}/assets/puuttuu.js`]) {
      const answer = await fetch(url);
      expect(answer.status).toBe(404);
      expect(answer.headers.get('content-type')).toMatch(/^text\/html/);
      const page = await answer.text();
      expect(page).toContain('<html lang="fi">');
      expect(page).toContain('Sivua ei löytynyt');
      expect(page).not.toContain('NOT_FOUND');
    }
  });

  it("the API's unknown addresses still answer JSON", async () => {
    for (const server of [built, bare]) {
      const answer = await fetch(`${server.url}/api/ei-ole`);
      expect(answer.status).toBe(404);
      expect(await answer.json()).toEqual({ type: 'NOT_FOUND', message: 'Osoitetta ei löytynyt.' });
    }
    const post = await fetch(`${built.url}/ei-ole`, { method: 'POST' });
    expect(post.status).toBe(404);
    expect((await post.json()).type).toBe('NOT_FOUND');
  });
});
