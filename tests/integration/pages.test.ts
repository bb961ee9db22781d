// The built pages on the wire: precompressed bodies chosen by Accept-Encoding, hashed
// assets cached for a year, the shell revalidated, and pages whose path holds an
// application token never stored (issue 13 "Pages", issue 14 low items).
import { request } from 'node:http';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressDirectory } from '../../src/build/precompress-plugin.ts';
import { pgliteTarget } from './helpers/database.ts';
import { startTestServer, type TestServer } from './helpers/server.ts';

interface Raw {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A request without fetch's automatic decompression, so the bytes are the ones sent. */
function raw(url: string, acceptEncoding?: string): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('built pages on the wire', () => {
  let pages: TestServer;
  const dist = mkdtempSync(join(tmpdir(), 'lv-pages-'));
  const script = `export const text = ${JSON.stringify('Lainavertailu '.repeat(400))};\n`;
  const token = 'A'.repeat(43);

  beforeAll(async () => {
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), `<!doctype html><title>shell</title>${'<!-- padding -->'.repeat(100)}`);
    writeFileSync(join(dist, 'assets', 'index-Bx3kQ9aZ.js'), script);
    writeFileSync(join(dist, 'assets', 'tiny-C1.js'), 'export {};\n');
    // The form studio's page (issue 30): small, so not compressed.
    writeFileSync(join(dist, 'studio.html'), '<!doctype html><title>studio</title>');
    writeFileSync(join(dist, 'favicon.svg'), `<svg xmlns="http://www.w3.org/2000/svg">${'<g/>'.repeat(300)}</svg>`);
    expect(precompressDirectory(dist)).toBe(3);
    pages = await startTestServer(pgliteTarget, { staticDir: dist });
  });
  afterAll(async () => {
    await pages?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('sends brotli where accepted, gzip otherwise, and the plain file to a client that accepts neither', async () => {
    const url = `${pages.url}/assets/index-Bx3kQ9aZ.js`;
    const br = await raw(url, 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.body).toString()).toBe(script);
    expect(br.body.length).toBeLessThan(script.length / 4);
    const gzip = await raw(url, 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body).toString()).toBe(script);
    const plain = await raw(url);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(script);
    for (const answer of [br, gzip, plain]) {
      expect(answer.headers['content-type']).toMatch(/javascript/);
      expect(answer.headers.vary).toMatch(/accept-encoding/i);
    }
    // Too small to gain from compression: written once, sent as it is.
    expect((await raw(`${pages.url}/assets/tiny-C1.js`, 'br')).headers['content-encoding']).toBeUndefined();
  });

  it('caches hashed assets for a year and revalidates the shell and unhashed files', async () => {
    expect((await raw(`${pages.url}/assets/index-Bx3kQ9aZ.js`, 'br')).headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await raw(`${pages.url}/assets/tiny-C1.js`)).headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await raw(`${pages.url}/favicon.svg`, 'br')).headers['cache-control']).toBe('no-cache');
    const home = await raw(`${pages.url}/`, 'br');
    expect(home.headers['cache-control']).toBe('no-cache');
    // The shell as built, with the live form releases named (tests/integration/live-page.test.ts).
    expect(brotliDecompressSync(home.body).toString()).toMatch(new RegExp(`^${readFileSync(join(dist, 'index.html'), 'utf8')}\n<script type="application/json" id="lv-live-forms">`));
    expect((await raw(`${pages.url}/hakemus/kulutusluotto/`, 'br')).headers['cache-control']).toBe('no-cache');
  });

  it('never lets a page whose path carries a token be stored, and sends no referrer from it', async () => {
    for (const path of [`/hakemus/kulutusluotto/4/12/${token}`, `/hakemus/yhdistelylaina/0/12/${token}`, `/hakemus/kulutusluotto/status/12/${token}`, `/u/12/${token}`]) {
      const answer = await raw(`${pages.url}${path}`, 'gzip');
      expect(answer.status, path).toBe(200);
      expect(answer.headers['cache-control'], path).toBe('no-store');
      expect(answer.headers['referrer-policy'], path).toBe('no-referrer');
      expect(gunzipSync(answer.body).toString()).toContain('<title>shell</title>');
    }
  });

  // The catalogue's products have pages; any other path under /hakemus/ gets the shell
  // (which shows the not-found page) with a 404, so crawlers and monitors see it too.
  it('answers 404 under /hakemus/ for a path that is no product of the catalogue', async () => {
    for (const path of ['/hakemus/kulutusluotto/', '/hakemus/yhdistelylaina', '/hakemus/yhdistelylaina/3/12/abc?x=1', '/hakemus/asuntolaina/denied', '/login/1', '/login/2', '/logout', '/lainahakemukset', '/haelainaa', '/omattiedot', '/maksuturva']) {
      expect((await raw(`${pages.url}${path}`)).status, path).toBe(200);
    }
    for (const path of ['/hakemus/leasing/', '/hakemus/Kulutusluotto/']) {
      const answer = await raw(`${pages.url}${path}`);
      expect(answer.status, path).toBe(404);
      expect(answer.body.toString(), path).toContain('<title>shell</title>');
    }
  });

  it('sends the same security headers with every answer: pages, assets and the API', async () => {
    for (const path of ['/', '/assets/index-Bx3kQ9aZ.js', `/hakemus/kulutusluotto/4/12/${token}`, '/api/health', '/api/no-such-thing']) {
      const { headers } = await raw(`${pages.url}${path}`, 'br');
      expect(headers['content-security-policy'], path).toBe(
        "default-src 'self';base-uri 'self';font-src 'self' https: data:;form-action 'self';frame-ancestors 'self';img-src 'self' data:;object-src 'none';script-src 'self';script-src-attr 'none';style-src 'self' https: 'unsafe-inline'",
      );
      expect(headers, path).toMatchObject({
        'x-content-type-options': 'nosniff',
        'x-frame-options': 'SAMEORIGIN',
        'referrer-policy': 'no-referrer',
        'strict-transport-security': 'max-age=31536000; includeSubDomains',
        'cross-origin-opener-policy': 'same-origin',
      });
    }
  });

  it("serves the form studio's page for its routes, revalidated, and never framed", async () => {
    for (const path of ['/studio', '/studio/kohde/document%3Abusiness', '/studio/kohde/document%3Abusiness/luonnos/3']) {
      const answer = await raw(`${pages.url}${path}`);
      expect(answer.status, path).toBe(200);
      expect(answer.body.toString(), path).toContain('<title>studio</title>');
      expect(answer.headers['cache-control'], path).toBe('no-cache');
      expect(answer.headers['content-security-policy'], path).toContain("frame-ancestors 'none'");
      expect(answer.headers['content-security-policy'], path).toContain("script-src 'self'");
      expect(answer.headers['x-frame-options'], path).toBe('DENY');
    }
  });
});
