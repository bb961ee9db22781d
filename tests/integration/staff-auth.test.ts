// Staff login (issue 29 item 7) over real HTTP, against the development staff provider on
// the same server: the redirect, the provider's choice of test staff, the callback, and the
// staff session that follows; the role guard; the separation from customers' sessions; expiry,
// logout, the audit rows and the logs.
import { createHash, randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.ts';
import type { Database } from '../../src/server/db/index.ts';
import { migrate } from '../../src/server/db/migrate.ts';
import { resolveDevelopmentSecrets } from '../../src/server/identity/dev-keys.ts';
import { developmentSettings } from '../../src/server/identity/settings.ts';
import { createLogger } from '../../src/server/logging.ts';
import { DEFAULT_SESSION_SETTINGS, SESSION_COOKIE } from '../../src/server/sessions/sessions.ts';
import { insertSession } from '../../src/server/sessions/store.ts';
import { listAudit, recordAudit } from '../../src/server/staff/audit.ts';
import { createStaffGuard, DEFAULT_STAFF_EXPIRY, STAFF_COOKIE, staffOf } from '../../src/server/staff/sessions.ts';
import { STAFF_LOGIN_COOKIE } from '../../src/server/staff/routes.ts';
import { readStaffSettings } from '../../src/server/staff/settings.ts';
import { newToken } from '../../src/server/tokens.ts';
import { describeOnDatabases, type TestDatabase } from './helpers/database.ts';
import { Browser } from './helpers/server.ts';
import { logInStaff } from './helpers/staff.ts';

const MINUTE = 60 * 1000;
const fail = (message: string): never => {
  throw new Error(message);
};

describeOnDatabases('staff login', (target) => {
  let database: TestDatabase;
  let db: Database;
  let app: FastifyInstance;
  let url: string;
  const rawLogs: string[] = [];
  // The app's clock, moved by the expiry tests; the provider's own tokens keep real time.
  let offset = 0;
  const now = () => Date.now() + offset;

  beforeAll(async () => {
    database = await target.create();
    db = await database.open();
    await migrate(db);
    const destination = new Writable({
      write(chunk, _encoding, callback) {
        rawLogs.push(...String(chunk).split('\n').filter(Boolean));
        callback();
      },
    });
    const identity = await resolveDevelopmentSecrets(db, developmentSettings());
    app = await buildApp({ db, logger: createLogger({ level: 'info', destination }), limits: false, identity, now, staff: readStaffSettings({}, fail) });
    // A route only approvers may use, guarded as the studio's are (outside /api: no contract entry).
    const guard = createStaffGuard(db, { now });
    app.get('/test/approver-only', { preHandler: guard.requireStaff('approver') }, async (request) => ({ actor: staffOf(request) }));
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    if (!address || typeof address === 'string') throw new Error('not listening');
    url = `http://127.0.0.1:${address.port}`;
  });

  afterAll(async () => {
    await app?.close();
    await db?.close();
    await database?.drop();
  });

  const logIn = (subject: string, browser?: Browser) => logInStaff(url, subject, browser);

  const me = (browser: Browser) => browser.get(`${url}/api/staff/me`);
  const staffToken = (browser: Browser) => browser.cookie(url, STAFF_COOKIE)!;
  const withCookie = (name: string, value: string) => {
    const browser = new Browser();
    browser.setCookie(url, name, value);
    return browser;
  };

  it('logs an editor in through the development staff provider', async () => {
    const { browser, done } = await logIn('eeva.editori');
    expect(done.status).toBe(303);
    expect(done.headers.get('location')).toBe('/studio');
    const cookie = done.headers.getSetCookie().find((line) => line.startsWith(`${STAFF_COOKIE}=`))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Strict/i);
    expect(cookie).toMatch(/Path=\//);
    expect(cookie).toMatch(/Max-Age=28800/);

    const answer = await me(browser);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ id: expect.any(Number), name: 'Eeva Editori', roles: ['editor'] });
    expect(answer.headers.get('cache-control')).toBe('no-store');

    // Only the token's SHA-256 is kept.
    const token = staffToken(browser);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const sessions = await db.query<{ token_hash: Uint8Array; staff_id: number | string }>(`SELECT token_hash, staff_id FROM staff_sessions`);
    const hashes = sessions.rows.map((row) => Buffer.from(row.token_hash).toString('hex'));
    expect(hashes).toContain(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(sessions.rows)).not.toContain(token);

    const member = await db.query<{ subject: string; issuer: string; roles: string[] }>(`SELECT subject, issuer, roles FROM staff_members WHERE name = 'Eeva Editori'`);
    expect(member.rows).toEqual([{ subject: 'eeva.editori', issuer: 'http://localhost/dev-staff-idp', roles: ['editor'] }]);
    const audit = await listAudit(db, { staffId: (answer.body as { id: number }).id, action: 'login' });
    expect(audit[0]).toMatchObject({ action: 'login', staffName: 'Eeva Editori', detail: { roles: ['editor'] } });
  });

  it('lets a route require a role: editor 403, approver and admin through, nobody 401', async () => {
    const editor = (await logIn('eeva.editori')).browser;
    const refused = await editor.get(`${url}/test/approver-only`);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ type: 'STAFF_FORBIDDEN', message: 'Sinulla ei ole tähän tarvittavaa roolia.', role: 'approver' });

    const approver = (await logIn('aarne.hyvaksyja')).browser;
    const allowed = await approver.get(`${url}/test/approver-only`);
    expect(allowed.status).toBe(200);
    expect(allowed.body).toEqual({ actor: { id: expect.any(Number), name: 'Aarne Hyväksyjä', roles: ['approver'] } });

    const admin = (await logIn('anni.admin')).browser;
    expect((await admin.get(`${url}/test/approver-only`)).status).toBe(200);
    expect((await me(admin)).body).toMatchObject({ name: 'Anni Admin', roles: ['admin'] });

    const nobody = await new Browser().get(`${url}/test/approver-only`);
    expect(nobody.status).toBe(401);
    expect(nobody.body).toEqual({ type: 'STAFF_LOGIN_REQUIRED', message: 'Kirjaudu sisään studioon.' });
  });

  it('refuses a member the provider gives no role of ours, in Finnish, with no session', async () => {
    const before = await db.query<{ n: number | string }>(`SELECT count(*) AS n FROM staff_sessions`);
    const { browser, done } = await logIn('ville.vieras');
    expect(done.status).toBe(403);
    expect(await done.json()).toEqual({ type: 'STAFF_ROLE_MISSING', message: expect.stringContaining('Sinulla ei ole studion käyttöoikeutta') });
    expect(browser.cookie(url, STAFF_COOKIE)).toBeUndefined();
    expect((await me(browser)).status).toBe(401);
    const after = await db.query<{ n: number | string }>(`SELECT count(*) AS n FROM staff_sessions`);
    expect(Number(after.rows[0].n)).toBe(Number(before.rows[0].n));
    const refused = await db.query<{ action: string }>(`SELECT a.action FROM staff_audit a JOIN staff_members m ON m.id = a.staff_id WHERE m.subject = 'ville.vieras'`);
    expect(refused.rows).toEqual([{ action: 'login_refused' }]);
  });

  it('never takes a customer session for a staff one, nor a staff session for a customer one', async () => {
    // A logged-in customer's session (issue 17: a person in it).
    const customer = newToken();
    await insertSession(db, customer.hash, new Date(now()), DEFAULT_SESSION_SETTINGS.idleMs, DEFAULT_SESSION_SETTINGS.absoluteMs, randomBytes(32));
    expect((await withCookie(SESSION_COOKIE, customer.token).get(`${url}/api/auth/check`)).status).toBe(200);
    expect((await me(withCookie(SESSION_COOKIE, customer.token))).status).toBe(401);
    expect((await me(withCookie(STAFF_COOKIE, customer.token))).status).toBe(401);
    expect((await withCookie(STAFF_COOKIE, customer.token).get(`${url}/test/approver-only`)).status).toBe(401);

    const { browser } = await logIn('anni.admin');
    const staff = staffToken(browser);
    expect((await withCookie(SESSION_COOKIE, staff).get(`${url}/api/auth/check`)).status).toBe(401);
    expect((await browser.get(`${url}/api/auth/check`)).status).toBe(401);
  });

  it('answers 401 to a wrong, malformed or expired staff token', async () => {
    expect((await me(withCookie(STAFF_COOKIE, randomBytes(32).toString('base64url')))).status).toBe(401);
    expect((await me(withCookie(STAFF_COOKIE, 'not-a-token'))).status).toBe(401);

    // Idle: 30 minutes without a request.
    const idle = (await logIn('erkki.editori')).browser;
    offset = 29 * MINUTE;
    expect((await me(idle)).status).toBe(200);
    offset += 31 * MINUTE;
    expect((await me(idle)).status).toBe(401);

    // Absolute: 8 hours however active.
    offset = 0;
    const busy = (await logIn('aila.hyvaksyja')).browser;
    for (let minutes = 25; minutes < DEFAULT_STAFF_EXPIRY.absoluteMs / MINUTE; minutes += 25) {
      offset = minutes * MINUTE;
      expect((await me(busy)).status, `${minutes} min`).toBe(200);
    }
    offset = DEFAULT_STAFF_EXPIRY.absoluteMs + MINUTE;
    expect((await me(busy)).status).toBe(401);
    offset = 0;
  });

  it('takes a callback only once, and only in the browser that started the login', async () => {
    const browser = new Browser();
    const started = await browser.fetch(`${url}/api/staff/login`);
    const authorize = new URL(started.headers.get('location')!);
    const chooserUrl = new URL((await browser.fetch(authorize.href)).headers.get('location')!, authorize);
    await browser.fetch(chooserUrl.href);
    const submitted = await browser.fetch(chooserUrl.href, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'action=login&member=anni.admin' });
    const callback = new URL((await browser.fetch(new URL(submitted.headers.get('location')!, chooserUrl).href)).headers.get('location')!, chooserUrl);

    const elsewhere = await new Browser().fetch(callback.href);
    expect(elsewhere.status).toBe(400);
    expect(await elsewhere.json()).toMatchObject({ type: 'STAFF_LOGIN_STATE_INVALID' });
    expect((await browser.fetch(callback.href)).status).toBe(303);
    expect((await browser.fetch(callback.href)).status).toBe(400);
    expect((await me(browser)).status).toBe(200);
  });

  it('refuses the login cancelled at the provider', async () => {
    const browser = new Browser();
    const authorize = new URL((await browser.fetch(`${url}/api/staff/login`)).headers.get('location')!);
    const chooserUrl = new URL((await browser.fetch(authorize.href)).headers.get('location')!, authorize);
    await browser.fetch(chooserUrl.href);
    const submitted = await browser.fetch(chooserUrl.href, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'action=cancel' });
    const callback = new URL((await browser.fetch(new URL(submitted.headers.get('location')!, chooserUrl).href)).headers.get('location')!, chooserUrl);
    expect(callback.searchParams.get('error')).toBe('access_denied');
    const done = await browser.fetch(callback.href);
    expect(done.status).toBe(401);
    expect(await done.json()).toEqual({ type: 'STAFF_LOGIN_CANCELLED', message: 'Kirjautuminen peruttiin.' });
    expect(browser.cookie(url, STAFF_COOKIE)).toBeUndefined();
  });

  it('logs out: the session ends, the cookie goes, and the audit says so', async () => {
    const { browser } = await logIn('aarne.hyvaksyja');
    const token = staffToken(browser);
    const { id } = (await me(browser)).body as { id: number };
    const answer = await browser.post(`${url}/api/staff/logout`);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ loggedOut: true });
    expect(browser.cookie(url, STAFF_COOKIE)).toBeUndefined();
    expect((await me(withCookie(STAFF_COOKIE, token))).status).toBe(401);
    expect((await listAudit(db, { staffId: id, limit: 1 }))[0]).toMatchObject({ action: 'logout', staffName: 'Aarne Hyväksyjä' });
    // Logging out again, or without a session, is no error and records nothing.
    expect((await withCookie(STAFF_COOKIE, token).post(`${url}/api/staff/logout`, {})).body).toEqual({ loggedOut: true });
    expect((await listAudit(db, { staffId: id, action: 'logout' })).length).toBe(1);
  });

  it('lists the audit by member, action and item, newest first', async () => {
    const { browser } = await logIn('erkki.editori');
    const { id } = (await me(browser)).body as { id: number };
    await recordAudit(db, { staffId: id, action: 'draft.save', item: 'consumer', version: 3, detail: { note: 'otsikko' } });
    await recordAudit(db, { staffId: id, action: 'draft.save', item: 'mortgage', version: 1 });
    const consumer = await listAudit(db, { item: 'consumer' });
    expect(consumer).toEqual([
      { id: expect.any(Number), at: expect.any(String), staffId: id, staffName: 'Erkki Editori', action: 'draft.save', item: 'consumer', version: 3, detail: { note: 'otsikko' } },
    ]);
    const drafts = await listAudit(db, { staffId: id, action: 'draft.save' });
    expect(drafts.map((entry) => entry.item)).toEqual(['mortgage', 'consumer']);
    expect(await listAudit(db, { staffId: id, action: 'draft.save', beforeId: drafts[0].id })).toEqual(consumer);
  });

  it('writes no staff token, code or state to the log', async () => {
    const { browser, callback, loginCookie } = await logIn('anni.admin');
    const token = staffToken(browser);
    await me(browser);
    await browser.get(`${url}/test/approver-only`);
    await browser.post(`${url}/api/staff/logout`);
    const log = rawLogs.join('\n');
    expect(log).toContain('staff logged in');
    expect(log).toContain('staff logged out');
    expect(log).not.toContain(token);
    expect(log).not.toContain(loginCookie);
    expect(log).not.toContain(callback.searchParams.get('code')!);
    expect(log).not.toContain(callback.searchParams.get('state')!);
    for (const line of rawLogs) expect(line).not.toMatch(/lv_staff=/);
  });

  it('is unavailable (503) in production without a staff provider, and no development staff provider is mounted', async () => {
    const production = readStaffSettings({ NODE_ENV: 'production' }, fail);
    expect(production.mode).toBe('unavailable');
    const other = await buildApp({ db, logger: createLogger({ level: 'silent' }), limits: false, staff: production });
    try {
      const login = await other.inject({ method: 'GET', url: '/api/staff/login' });
      expect(login.statusCode).toBe(503);
      expect(login.json()).toEqual({ type: 'STAFF_LOGIN_UNAVAILABLE', message: 'Henkilökunnan kirjautuminen ei ole nyt käytettävissä. Yritä myöhemmin uudelleen.' });
      expect((await other.inject({ method: 'GET', url: '/api/staff/callback?state=abcdefghijklmnopqrstuvwxyz' })).statusCode).toBe(503);
      expect((await other.inject({ method: 'GET', url: '/dev-staff-idp/.well-known/openid-configuration' })).statusCode).toBe(404);
      expect((await other.inject({ method: 'GET', url: '/api/staff/me' })).statusCode).toBe(401);
    } finally {
      await other.close();
    }
  });
});
