// GET /api/site-banners (issue 28 item 3) over real HTTP: the banners of the request's brand and
// page, inside their time window; a change to the file is served without a restart; a broken
// file keeps the last good banners and is logged, never a 500; a bad page is a 400.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { text } from '../../src/server/messages.ts';
import { describeOnDatabases } from './helpers/database.ts';
import { startTestServer, type TestServer } from './helpers/server.ts';

const NOW = Date.parse('2026-12-01T12:00:00+02:00');
const banner = (id: string, change: Record<string, unknown> = {}) => ({
  id,
  text: `Tiedote ${id}`,
  severity: 'info',
  start: '2026-12-01T08:00:00+02:00',
  end: '2026-12-02T00:00:00+02:00',
  ...change,
});

/** GET with a Host header of our choosing (fetch would not send one). */
function get(url: string, host?: string): Promise<{ status: number; body: any; headers: Record<string, unknown> }> {
  return new Promise((resolve, reject) => {
    const target = new URL(url);
    const req = request({ host: target.hostname, port: target.port, path: target.pathname + target.search, headers: host ? { host } : {} }, (res) => {
      let data = '';
      res.on('data', (chunk) => (data += chunk));
      res.on('end', () => resolve({ status: res.statusCode!, body: JSON.parse(data), headers: res.headers }));
    });
    req.on('error', reject);
    req.end();
  });
}

describeOnDatabases('site banners', (target) => {
  let server: TestServer;
  let dir: string;
  let file: string;
  const write = (banners: unknown) => writeFileSync(file, JSON.stringify({ banners }));
  const ids = async (path: string, host?: string) => ((await get(`${server.url}${path}`, host)).body.banners as Array<{ id: string }>).map((b) => b.id);

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'lv-banners-'));
    file = join(dir, 'banners.json');
    write([
      banner('kaikille', { link: { text: 'Lue lisää', href: '/tietosuojaseloste' } }),
      banner('vain-kattokorko', { brands: ['kattokorko'], severity: 'warning' }),
      banner('hakemukset', { pages: ['/hakemus/*'] }),
      banner('mennyt', { start: '2026-11-01T00:00:00+02:00', end: '2026-12-01T12:00:00+02:00' }),
      banner('tuleva', { start: '2026-12-01T12:00:01+02:00' }),
    ]);
    server = await startTestServer(target, { siteBannersFile: file, now: () => NOW });
  });
  afterAll(async () => {
    await server?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers the active banners of the brand and the page, in file order, with what the page needs', async () => {
    const answer = await get(`${server.url}/api/site-banners?page=/lainahakemukset`);
    expect(answer.status).toBe(200);
    expect(answer.headers['cache-control']).toBe('private, max-age=60');
    expect(answer.body).toEqual({
      banners: [{ id: 'kaikille', text: 'Tiedote kaikille', link: { text: 'Lue lisää', href: '/tietosuojaseloste' }, severity: 'info', start: '2026-12-01T08:00:00+02:00', end: '2026-12-02T00:00:00+02:00' }],
    });
    expect(await ids('/api/site-banners?page=/hakemus/kulutusluotto/2')).toEqual(['kaikille', 'hakemukset']);
    expect(await ids('/api/site-banners?page=/hakemus')).toEqual(['kaikille', 'hakemukset']);
    expect(await ids('/api/site-banners?page=/hakemukset')).toEqual(['kaikille']);
    expect(await ids('/api/site-banners?page=/lainahakemukset', 'www.kattokorko.localhost')).toEqual(['kaikille', 'vain-kattokorko']);
    // Without a page, only the banners of every page.
    expect(await ids('/api/site-banners')).toEqual(['kaikille']);
  });

  it('serves a changed file at once, without a restart', async () => {
    write([banner('uusi', { severity: 'critical' })]);
    expect(await ids('/api/site-banners?page=/')).toEqual(['uusi']);
  });

  it('keeps the last good banners when the file breaks, logs it, and answers no banners when it is gone', async () => {
    write([banner('hyva')]);
    expect(await ids('/api/site-banners?page=/')).toEqual(['hyva']);
    writeFileSync(file, '{"banners": [ {"id": "rikki"');
    expect(await ids('/api/site-banners?page=/')).toEqual(['hyva']);
    write([banner('Väärä tunnus'), banner('toinen')]);
    expect(await ids('/api/site-banners?page=/')).toEqual(['hyva']);
    expect(server.rawLogs.some((line) => line.includes('site banner file refused'))).toBe(true);
    expect(server.rawLogs.some((line) => line.includes('site banner file unreadable'))).toBe(true);
    rmSync(file);
    expect(await ids('/api/site-banners?page=/')).toEqual([]);
  });

  it('refuses a page that is not a path of the site, and an unknown parameter, with a 400', async () => {
    for (const query of ['page=https://evil.example/', 'page=lainahakemukset', `page=/${'a'.repeat(300)}`, 'page=/x&brand=kattokorko']) {
      const answer = await get(`${server.url}/api/site-banners?${query}`);
      expect(answer.status, query).toBe(400);
      expect(answer.body.type, query).toBeTypeOf('string');
    }
    expect((await get(`${server.url}/api/site-banners?page=https://evil.example/`)).body.message).toBe(text('siteBannerPageInvalid'));
  });
});
