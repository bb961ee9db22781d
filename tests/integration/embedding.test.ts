// Embedding on partner sites, the server's part (issue 28 item 4): EMBED_ORIGINS as exact
// origins, the CSP's frame-ancestors listing exactly them with no X-Frame-Options against it,
// the session cookie one a partner's frame sends (SameSite=None; Secure; Partitioned) and
// cleared as one, and the development partner page (dev tools only). Without EMBED_ORIGINS,
// nothing but our own origin frames the pages and the cookie stays SameSite=Strict.
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, readConfig } from '../../src/server/config.ts';
import { step1 } from '../fixtures/consumer-valid.ts';
import { PRODUCTION_ENV as PRODUCTION } from '../fixtures/production-env.ts';
import { describeOnDatabases } from './helpers/database.ts';
import { API, startTestServer, type TestServer } from './helpers/server.ts';

const PARTNERS = ['https://kumppani.fi', 'http://127.0.0.1:8080'];

describe('EMBED_ORIGINS', () => {
  it('is a list of exact origins, none by default', () => {
    expect(readConfig({}).embedOrigins).toEqual([]);
    expect(readConfig({ EMBED_ORIGINS: ' https://kumppani.fi , https://www.kumppani.fi/,https://kumppani.fi' }).embedOrigins).toEqual(['https://kumppani.fi', 'https://www.kumppani.fi']);
    expect(readConfig({ ...PRODUCTION, EMBED_ORIGINS: 'https://kumppani.fi:8443' }).embedOrigins).toEqual(['https://kumppani.fi:8443']);
  });
  it.each(['kumppani.fi', 'https://kumppani.fi/lomake', 'https://*.kumppani.fi', '*', 'ftp://kumppani.fi', 'https://kumppani.fi?x=1'])('refuses %s', (value) => {
    expect(() => readConfig({ EMBED_ORIGINS: value })).toThrow(ConfigError);
  });
  it('refuses plain http in production', () => {
    expect(() => readConfig({ ...PRODUCTION, EMBED_ORIGINS: 'http://kumppani.fi' })).toThrow(/https in production/);
  });
});

describeOnDatabases('embedding', (target) => {
  let partnered: TestServer;
  let alone: TestServer;
  beforeAll(async () => {
    partnered = await startTestServer(target, { embedOrigins: PARTNERS, devTools: true });
    alone = await startTestServer(target, { devTools: false });
  });
  afterAll(async () => {
    await partnered?.close();
    await alone?.close();
  });

  const firstSaveCookie = async (server: TestServer) => {
    const answer = await fetch(`${server.url}${API}/save`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...step1, additionalFormData: { step: 1, hasCoApplicant: false } }),
    });
    expect(answer.status).toBe(200);
    return answer.headers.get('set-cookie') ?? '';
  };

  it('lets exactly the partners frame the pages, with no X-Frame-Options saying otherwise', async () => {
    const answer = await fetch(`${partnered.url}/api/health`);
    expect(answer.headers.get('content-security-policy')).toContain("frame-ancestors 'self' https://kumppani.fi http://127.0.0.1:8080;");
    expect(answer.headers.get('x-frame-options')).toBeNull();
    const own = await fetch(`${alone.url}/api/health`);
    expect(own.headers.get('content-security-policy')).toContain("frame-ancestors 'self';");
    expect(own.headers.get('x-frame-options')).toBe('SAMEORIGIN');
  });

  it('gives a session cookie a partner’s frame sends, partitioned per top-level site; without partners a Strict one', async () => {
    const cookie = await firstSaveCookie(partnered);
    expect(cookie).toMatch(/^lv_session=[A-Za-z0-9_-]{43};/);
    expect(cookie).toContain('SameSite=None');
    expect(cookie).toContain('Secure');
    expect(cookie).toContain('Partitioned');
    expect(cookie).toContain('HttpOnly');
    const strict = await firstSaveCookie(alone);
    expect(strict).toContain('SameSite=Strict');
    expect(strict).not.toContain('Partitioned');
    // Over plain http on a name other than localhost a Secure cookie would be refused: Strict there.
    const onBrandHost = await new Promise<string>((resolve, reject) => {
      const body = JSON.stringify({ ...step1, additionalFormData: { step: 1, hasCoApplicant: false } });
      const target = new URL(`${partnered.url}${API}/save`);
      const req = request({ host: target.hostname, port: target.port, path: target.pathname, method: 'POST', headers: { host: `kattokorko.localhost:${target.port}`, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } }, (res) => {
        res.resume();
        res.on('end', () => resolve(String(res.headers['set-cookie'] ?? '')));
      });
      req.on('error', reject);
      req.end(body);
    });
    expect(onBrandHost).toContain('SameSite=Strict');
    expect(onBrandHost).not.toContain('Partitioned');
    // Logging out clears it with the same attributes, or a partitioned cookie would stay.
    const session = cookie.split(';')[0];
    const logout = await fetch(`${partnered.url}/api/auth/logout`, { method: 'POST', headers: { cookie: session } });
    expect(logout.status).toBe(200);
    expect(logout.headers.get('set-cookie')).toMatch(/^lv_session=;.*Partitioned/);
  });

  it('serves the development partner page with dev tools only, framing only an http(s) address, escaped', async () => {
    const page = await fetch(`${partnered.url}/dev/embed?src=${encodeURIComponent('http://localhost:3000/hakemus/kulutusluotto/?a="><script>')}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('src="http://localhost:3000/hakemus/kulutusluotto/?a=%22%3E%3Cscript%3E"');
    expect(page.headers.get('content-security-policy')).toContain('frame-src http: https:');
    expect((await fetch(`${partnered.url}/dev/embed?src=${encodeURIComponent('javascript:alert(1)')}`)).status).toBe(400);
    expect((await fetch(`${partnered.url}/dev/embed`)).status).toBe(400);
    expect((await fetch(`${alone.url}/dev/embed?src=${encodeURIComponent('http://localhost/')}`)).status).toBe(404);
  });

  it('hands the frame’s session to the top window once, by a code, within two minutes', async () => {
    const cookie = (await firstSaveCookie(partnered)).split(';')[0];
    const ask = (body: unknown, headers: Record<string, string> = { cookie }) =>
      fetch(`${partnered.url}/api/session/handoff`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
    expect((await ask({ path: '/hakemus/kulutusluotto/' }, {})).status).toBe(401);
    for (const path of ['//evil.example/', 'https://evil.example/', 'hakemus', `/${'a'.repeat(301)}`]) expect((await ask({ path })).status, path).toBe(400);
    const answer = await ask({ path: '/hakemus/kulutusluotto/authentication/1/x?tunnistautuminen=failed' });
    expect(answer.status).toBe(200);
    const { url } = (await answer.json()) as { url: string };
    expect(url).toMatch(/^\/api\/session\/handoff\/[A-Za-z0-9_-]{43}$/);
    const opened = await fetch(`${partnered.url}${url}`, { redirect: 'manual' });
    expect(opened.status).toBe(303);
    expect(opened.headers.get('location')).toBe('/hakemus/kulutusluotto/authentication/1/x?tunnistautuminen=failed');
    const handed = opened.headers.get('set-cookie') ?? '';
    expect(handed).toMatch(/^lv_session=[A-Za-z0-9_-]{43};/);
    expect(handed.split(';')[0]).not.toBe(cookie);
    // The frame's session ended with the handoff; the code opens nothing a second time.
    expect((await ask({ path: '/' })).status).toBe(401);
    const again = await fetch(`${partnered.url}${url}`, { redirect: 'manual' });
    expect(again.headers.get('location')).toBe('/');
    expect(again.headers.get('set-cookie')).toBeNull();
    expect(partnered.rawLogs.join('\n')).not.toContain(url.split('/').pop()!);
  });
});
