// Issue 24, items 4 and 5 (the session and request-origin parts), replayed as the attacks its
// "Why" describes, over real HTTP on a real database. Each was answered before the issue and
// is refused now, with nothing stored changed.
// 4. A cookie planted in a browser before the victim proved something (a code verified, an
//    application created, prefill opened, identification completed) kept working after it:
//    the planter then saved over the victim's application.
// 5. Cookie-authenticated POSTs from another site were answered; finalize, complete and the
//    login's verify took form-encoded bodies; a callback opened in another browser used up the
//    owner's identification; forged Host headers filled the development provider's cache.
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DevOutbox } from '../../src/server/notify/notifier.ts';
import { IDENTIFICATION_COOKIE } from '../../src/server/identity/routes.ts';
import { SECURE_SESSION_COOKIE, SESSION_COOKIE } from '../../src/server/sessions/sessions.ts';
import { validApplication } from '../fixtures/consumer-valid.ts';
import { validMortgage } from '../fixtures/mortgage-valid.ts';
import { personalIdOfAge } from '../fixtures/personal-id.ts';
import { describeOnDatabases, type DatabaseTarget } from './helpers/database.ts';
import { lastCode, logIn, storeApplication } from './helpers/customer.ts';
import { identifyAtTestBank } from './helpers/identification.ts';
import { API, applicant, Browser, startTestServer, storedRow, type TestServer } from './helpers/server.ts';

type Credentials = { id: number; token: string };
const OWNER_EMAIL = String(validApplication().primaryApplicantEmail);
const PRIMARY_ID = String(validApplication().primaryApplicantPersonalIdentificationNumber);
const CUSTOMER = { ssn: personalIdOfAge(41, 377), phone: '0441239876', email: 'olli.omistaja@example.fi' };
const CROSS_SITE = { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' };
const MORTGAGE_API = '/api/lainavertailu22/mortgage-applications';

describeOnDatabases('trust: proofs renew the session, state changes only from our own pages', (target) => {
  let server: TestServer;
  const outbox = new DevOutbox(() => {});
  const url = (path: string) => `${server.url}${path}`;

  beforeAll(async () => {
    server = await startTestServer(target, { devTools: true, notifier: outbox, lenderDelayScale: 0 });
  });
  afterAll(async () => {
    await server?.close();
  });

  /** An application at step 7 made in `browser`, as the form makes it. */
  async function created(browser: Browser): Promise<Credentials> {
    const answer = await browser.post(url(`${API}/save`), { ...validApplication(), additionalFormData: { step: 7, hasCoApplicant: false } });
    expect(answer.status, answer.text).toBe(200);
    return answer.body as Credentials;
  }

  /** The planter's own session cookie (from an application of theirs), copied into the victim's browser. */
  async function plantedIn(victim: Browser): Promise<{ planter: Browser; planted: string }> {
    const planter = new Browser();
    await created(planter);
    const planted = planter.cookie(server.url, SESSION_COOKIE)!;
    victim.setCookie(server.url, SESSION_COOKIE, planted);
    return { planter, planted };
  }

  const overwrite = (browser: Browser, a: Credentials) =>
    browser.post(url(`${API}/save/${a.id}/${a.token}`), { primaryApplicantEmail: 'istuttaja@example.com', additionalFormData: { step: 7, hasCoApplicant: false } });

  it('4. a code verified in a browser with a planted cookie gives that browser a new session; the planted one opens nothing', async () => {
    const a = await created(applicant);
    const victim = new Browser();
    const { planter, planted } = await plantedIn(victim);
    expect((await victim.post(url(`${API}/send-code`), { applicationId: a.id, applicationToken: a.token })).status).toBe(200);
    const verified = await victim.post(url(`${API}/get/verify-with-otp`), { applicationId: a.id, applicationToken: a.token, otp: lastCode(outbox, OWNER_EMAIL) });
    expect(verified.status).toBe(200);

    const before = await storedRow(server.db, a.id);
    const saved = await overwrite(planter, a);
    expect(saved.status).toBe(401);
    expect(saved.body).toMatchObject({ type: 'SESSION_REQUIRED' });
    expect(await storedRow(server.db, a.id)).toEqual(before);
    expect(victim.cookie(server.url, SESSION_COOKIE)).not.toBe(planted);
    // The victim goes on with the new cookie, and keeps what the old session held (the planter's application).
    expect((await victim.post(url(`${API}/save/${a.id}/${a.token}`), { additionalFormData: { step: 7, hasCoApplicant: false } })).text).toBe('success');
  });

  it('4. an application created in a browser with a planted cookie is not the planter\'s to save', async () => {
    const victim = new Browser();
    const { planter, planted } = await plantedIn(victim);
    const a = await created(victim);
    const before = await storedRow(server.db, a.id);
    expect((await overwrite(planter, a)).status).toBe(401);
    expect(await storedRow(server.db, a.id)).toEqual(before);
    expect(victim.cookie(server.url, SESSION_COOKIE)).not.toBe(planted);
    expect((await victim.post(url(`${API}/save/${a.id}/${a.token}`), { additionalFormData: { step: 7, hasCoApplicant: false } })).text).toBe('success');
  });

  it('4. opening a saved application with get/prefill renews the session; the old cookie neither opens it nor is logged in', async () => {
    const data = {
      ...validApplication(),
      primaryApplicantPersonalIdentificationNumber: CUSTOMER.ssn,
      primaryApplicantMobilephone: CUSTOMER.phone,
      primaryApplicantMobilephone2: CUSTOMER.phone,
      primaryApplicantEmail: CUSTOMER.email,
      primaryApplicantEmail2: CUSTOMER.email,
    };
    // Without a code, get/prefill opens only what the customer proved (issue 24 item 2): an identified application.
    const sent = await storeApplication(server.db, 'kulutusluotto', data, 'identified');
    const customer = new Browser();
    await logIn(server.url, customer, outbox, { loginSsn: CUSTOMER.ssn, loginPhone: CUSTOMER.phone }, CUSTOMER.email);
    const old = customer.cookie(server.url, SESSION_COOKIE)!;

    const opened = await customer.post(url(`${API}/get/prefill`), { applicationId: sent.id, applicationToken: sent.token });
    expect(opened.status, opened.text).toBe(200);
    expect(customer.cookie(server.url, SESSION_COOKIE)).not.toBe(old);
    // The login carries over to the new session, and the application is held by it (logging in
    // by its token needs both).
    const byToken = (browser: Browser) => browser.post(url('/api/auth/login/by-application-token'), { applicationId: sent.id, applicationToken: sent.token });
    expect((await customer.get(url('/api/auth/check'))).status).toBe(200);
    expect((await byToken(customer)).status).toBe(200);

    const stale = new Browser();
    stale.setCookie(server.url, SESSION_COOKIE, old);
    const before = await storedRow(server.db, sent.id);
    expect((await stale.get(url('/api/auth/check'))).status).toBe(401);
    expect((await byToken(stale)).status).toBe(404);
    expect(await storedRow(server.db, sent.id)).toEqual(before);
  });

  it('4. completing identification renews the session; the old cookie opens nothing', async () => {
    const owner = new Browser();
    const a = await created(owner);
    expect(await identifyAtTestBank(server.url, a, PRIMARY_ID, { browser: owner })).toBe(`/hakemus/kulutusluotto/status/${a.id}/${a.token}`);
    const old = owner.cookie(server.url, SESSION_COOKIE)!;
    expect((await owner.post(url(`${API}/authentication/complete/${a.id}/${a.token}`))).body).toEqual({ status: 'COMPLETED' });
    expect(owner.cookie(server.url, SESSION_COOKIE)).not.toBe(old);
    const stale = new Browser();
    stale.setCookie(server.url, SESSION_COOKIE, old);
    expect((await stale.post(url(`${API}/authentication/complete/${a.id}/${a.token}`))).status).toBe(401);
    expect((await owner.post(url(`${API}/authentication/complete/${a.id}/${a.token}`))).body).toEqual({ status: 'COMPLETED' });
  });

  /**
   * Identifies at the test bank from `browser` as a browser does it: the bank's redirect back to
   * our callback is a cross-site navigation, so it carries the SameSite=Lax identification cookie
   * and not the SameSite=Strict session cookie. The callback's answer (its Set-Cookie goes to the jar).
   */
  async function identifyAsBrowser(browser: Browser, a: Credentials, personalId: string): Promise<Response> {
    const started = await browser.get(url(`/api/auth/visma/${a.id}/${a.token}/op`));
    expect(started.status, started.text).toBe(200);
    const authorize = new URL(started.text);
    const toBank = await browser.fetch(authorize.href);
    const bankUrl = new URL(toBank.headers.get('location')!, authorize);
    await browser.fetch(bankUrl.href);
    const form = new URLSearchParams({ action: 'login', personalId }).toString();
    const submitted = await browser.fetch(bankUrl.href, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: form });
    const resumed = await browser.fetch(new URL(submitted.headers.get('location')!, bankUrl).href);
    const callback = new URL(resumed.headers.get('location')!, bankUrl);
    return browser.fetch(callback.href, { headers: { cookie: `${IDENTIFICATION_COOKIE}=${browser.cookie(server.url, IDENTIFICATION_COOKIE)}` } });
  }

  /** The planter's cookie, held by the planter and copied into the victim's browser. */
  function plantCookieOf(planter: Browser): { victim: Browser; planted: string } {
    const planted = planter.cookie(server.url, SESSION_COOKIE)!;
    const victim = new Browser();
    victim.setCookie(server.url, SESSION_COOKIE, planted);
    return { victim, planted };
  }

  const logInByApplication = (browser: Browser, a: Credentials) => browser.post(url('/api/auth/login/by-application-token'), { applicationId: a.id, applicationToken: a.token });

  // The planter fills in an application with the victim's details (their session holds it), plants
  // that session's cookie in the victim's browser and gets the victim to identify for it at the bank.
  // Before, the planter's copy of the cookie then held an identified application: it logged in as the victim.
  it('4. identification renews the session at the callback: a mortgage identified with a planted cookie is not the planter\'s', async () => {
    const planter = new Browser();
    const data: Record<string, unknown> = { ...validMortgage(), product: 'asuntolaina' };
    const made = await planter.post(url(`${MORTGAGE_API}/save`), { ...data, additionalFormData: { step: 1 } });
    expect(made.status, made.text).toBe(200);
    const a = made.body as Credentials;
    for (let step = 2; step <= 4; step++) {
      expect((await planter.post(url(`${MORTGAGE_API}/save/${a.id}/${a.token}`), { ...data, additionalFormData: { step }, ...(step === 4 ? { finalize: 1 } : {}) })).text).toBe('success');
    }
    const { victim, planted } = plantCookieOf(planter);

    const back = await identifyAsBrowser(victim, a, String(data.primaryApplicantPersonalIdentificationNumber));
    expect(back.status).toBe(303);
    expect(back.headers.get('location')).toBe(`/hakemus/asuntolaina/status/${a.id}/${a.token}`);
    const line = back.headers.getSetCookie().find((cookie) => cookie.startsWith(`${SESSION_COOKIE}=`));
    expect(line).toMatch(/; SameSite=Strict(;|$)/i);
    expect(victim.cookie(server.url, SESSION_COOKIE)).not.toBe(planted);
    expect((await victim.get(url(`/api/auth/visma/status/${a.id}/${a.token}`))).text).toBe('true');

    const denied = await logInByApplication(planter, a);
    expect(denied.status).toBe(404);
    expect((await planter.get(url('/api/auth/check'))).status).toBe(401);
    // The victim's browser holds the application with its new cookie.
    expect((await logInByApplication(victim, a)).body).toEqual({ login: 'success' });
  });

  it('4. identification renews the session at the callback: the planter can neither complete a consumer application nor log in with it', async () => {
    const planter = new Browser();
    const a = await created(planter);
    const { victim, planted } = plantCookieOf(planter);

    const back = await identifyAsBrowser(victim, a, PRIMARY_ID);
    expect(back.headers.get('location')).toBe(`/hakemus/kulutusluotto/status/${a.id}/${a.token}`);
    const renewed = victim.cookie(server.url, SESSION_COOKIE)!;
    expect(renewed).not.toBe(planted);

    const before = await storedRow(server.db, a.id);
    const completed = await planter.post(url(`${API}/authentication/complete/${a.id}/${a.token}`));
    expect(completed.status).toBe(401);
    expect(completed.body).toMatchObject({ type: 'SESSION_REQUIRED' });
    expect(await storedRow(server.db, a.id)).toEqual(before);
    expect((await logInByApplication(planter, a)).status).toBe(404);

    // The status page completes with the cookie the callback set; completion renews it once more.
    expect((await victim.post(url(`${API}/authentication/complete/${a.id}/${a.token}`))).body).toEqual({ status: 'COMPLETED' });
    expect(victim.cookie(server.url, SESSION_COOKIE)).not.toBe(renewed);
    expect((await logInByApplication(planter, a)).status).toBe(404);
    expect((await logInByApplication(victim, a)).body).toEqual({ login: 'success' });
  });

  it('4. over https the cookie is __Host-lv_session (Secure, Path=/, no Domain), and only that name is read there', async () => {
    const https = await startTestServer(target, { trustProxy: 1, lenderDelayScale: 0 });
    try {
      const overHttps = { 'x-forwarded-proto': 'https' };
      const browser = new Browser();
      const made = await browser.post(`${https.url}${API}/save`, { ...validApplication(), additionalFormData: { step: 7, hasCoApplicant: false } }, overHttps);
      expect(made.status).toBe(200);
      const a = made.body as Credentials;
      const line = made.headers.getSetCookie().find((cookie) => cookie.startsWith(`${SECURE_SESSION_COOKIE}=`));
      expect(line).toMatch(/; Path=\/(;|$)/);
      expect(line).toMatch(/; Secure(;|$)/i);
      expect(line).toMatch(/; HttpOnly(;|$)/i);
      expect(line).toMatch(/; SameSite=Strict(;|$)/i);
      expect(line).not.toMatch(/Domain=/i);
      expect(made.headers.getSetCookie().some((cookie) => cookie.startsWith(`${SESSION_COOKIE}=`))).toBe(false);
      const token = browser.cookie(https.url, SECURE_SESSION_COOKIE)!;

      const step = { additionalFormData: { step: 7, hasCoApplicant: false } };
      const save = (cookie: string, headers: Record<string, string>) => new Browser().post(`${https.url}${API}/save/${a.id}/${a.token}`, step, { cookie, ...headers });
      const before = await storedRow(https.db, a.id);
      // The plain name over https, and the __Host- name over http: neither is read.
      expect((await save(`${SESSION_COOKIE}=${token}`, overHttps)).status).toBe(401);
      expect((await save(`${SECURE_SESSION_COOKIE}=${token}`, {})).status).toBe(401);
      expect(await storedRow(https.db, a.id)).toEqual(before);
      expect((await save(`${SECURE_SESSION_COOKIE}=${token}`, overHttps)).text).toBe('success');
    } finally {
      await https.close();
    }
  });

  it('5. refuses a cookie-authenticated change from another site with 403, changing nothing', async () => {
    const data = {
      ...validApplication(),
      primaryApplicantPersonalIdentificationNumber: personalIdOfAge(52, 611),
      primaryApplicantMobilephone: '0441230555',
      primaryApplicantMobilephone2: '0441230555',
      primaryApplicantEmail: 'ulla.uhri@example.fi',
      primaryApplicantEmail2: 'ulla.uhri@example.fi',
    };
    const own = await storeApplication(server.db, 'kulutusluotto', data, 'identified');
    const customer = new Browser();
    await logIn(server.url, customer, outbox, { loginSsn: String(data.primaryApplicantPersonalIdentificationNumber), loginPhone: '0441230555' }, 'ulla.uhri@example.fi');
    const details = { address: 'Hyökkääjänkatu 1', zip: '00100', city: 'Helsinki', phone: '0401234567', email: 'hyokkaaja@example.com', hasMarketingBan: true };
    const before = await storedRow(server.db, own.id);

    for (const headers of [CROSS_SITE, { origin: 'https://evil.example' }, { origin: 'null' }, { 'sec-fetch-site': 'same-site', origin: 'https://kattokorko.evil.example' }]) {
      const answer = await customer.post(url('/api/user'), details, headers);
      expect(answer.status, JSON.stringify(headers)).toBe(403);
      expect(answer.body).toEqual({ type: 'CROSS_SITE_REQUEST', message: expect.stringMatching(/toiselta sivustolta/) });
    }
    expect((await customer.post(url('/api/auth/logout'), undefined, CROSS_SITE)).status).toBe(403);
    expect((await customer.get(url('/api/auth/check'))).status).toBe(200);
    const mine = await created(customer);
    const mineBefore = await storedRow(server.db, mine.id);
    expect((await customer.post(url(`${API}/save/${mine.id}/${mine.token}`), { primaryApplicantEmail: 'hyokkaaja@example.com', additionalFormData: { step: 7, hasCoApplicant: false } }, CROSS_SITE)).status).toBe(403);
    expect((await customer.post(url(`${API}/finalize/${mine.id}/${mine.token}`), undefined, CROSS_SITE)).status).toBe(403);
    expect(await storedRow(server.db, own.id)).toEqual(before);
    expect(await storedRow(server.db, mine.id)).toEqual(mineBefore);

    // Our own pages: the browser says same-origin, or (without Fetch Metadata) the Origin is ours.
    expect((await customer.post(url('/api/user'), { ...details, email: 'ulla.uusi@example.fi', hasMarketingBan: false }, { origin: server.url, 'sec-fetch-site': 'same-origin' })).status).toBe(200);
    expect((await customer.post(url(`${API}/save/${mine.id}/${mine.token}`), { additionalFormData: { step: 7, hasCoApplicant: false } }, { origin: server.url })).text).toBe('success');
  });

  it('5. refuses form-encoded and other non-JSON bodies on finalize, complete and the login verify with 415, changing nothing', async () => {
    const owner = new Browser();
    const a = await created(owner);
    expect(await identifyAtTestBank(server.url, a, PRIMARY_ID, { browser: owner })).toBe(`/hakemus/kulutusluotto/status/${a.id}/${a.token}`);
    const before = await storedRow(server.db, a.id);
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    for (const [path, body, headers] of [
      [`${API}/finalize/${a.id}/${a.token}`, 'a=1', form],
      [`${API}/authentication/complete/${a.id}/${a.token}`, 'a=1', form],
      [`${API}/authentication/complete/${a.id}/${a.token}`, '{}', { 'content-type': 'text/plain' }],
      [`${API}/save/${a.id}/${a.token}`, 'primaryApplicantEmail=x%40example.com', form],
    ] as const) {
      const answer = await owner.post(url(path), body, headers);
      expect(answer.status, path).toBe(415);
      expect(answer.body).toEqual({ type: 'UNSUPPORTED_CONTENT_TYPE', message: expect.stringMatching(/application\/json/) });
    }
    expect(await storedRow(server.db, a.id)).toEqual(before);

    const customer = new Browser();
    const data = { ...validApplication(), primaryApplicantPersonalIdentificationNumber: personalIdOfAge(33, 129), primaryApplicantMobilephone: '0441230777', primaryApplicantEmail: 'kalle.koodi@example.fi' };
    await storeApplication(server.db, 'kulutusluotto', data, 'identified');
    expect((await customer.post(url('/api/auth/login'), { loginSsn: String(data.primaryApplicantPersonalIdentificationNumber), loginPhone: '0441230777' })).body).toBe(true);
    const code = lastCode(outbox, 'kalle.koodi@example.fi');
    expect((await customer.post(url(`/api/auth/verify?otp=${code}`), 'a=1', form)).status).toBe(415);
    expect((await customer.get(url('/api/auth/check'))).status).toBe(401);
    // Without a body the same code still logs in: nothing was used up.
    expect((await customer.post(url(`/api/auth/verify?otp=${code}`))).body).toEqual({ login: 'success' });
  });

  it('5. a callback opened in another browser leaves the identification to the browser that started it', async () => {
    const owner = new Browser();
    const a = await created(owner);
    const started = await owner.get(url(`/api/auth/visma/${a.id}/${a.token}/op`));
    expect(started.status).toBe(200);
    const authorize = new URL(started.text);
    const toBank = await owner.fetch(authorize.href);
    const bankUrl = new URL(toBank.headers.get('location')!, authorize);
    await owner.fetch(bankUrl.href);
    const submitted = await owner.fetch(bankUrl.href, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ action: 'login', personalId: PRIMARY_ID }).toString() });
    const resumed = await owner.fetch(new URL(submitted.headers.get('location')!, bankUrl).href);
    const callback = new URL(resumed.headers.get('location')!, bankUrl);

    // The same address opened in another browser first: the finishing page without the application, nothing recorded.
    const elsewhere = await new Browser().fetch(callback.href);
    expect(elsewhere.status).toBe(303);
    expect(elsewhere.headers.get('location')).toBe('/hakemus/kulutusluotto/status?tunnistautuminen=failed');
    const attempts = () => server.db.query<{ outcome: string }>('SELECT outcome FROM strong_authentications WHERE application_id = $1', [a.id]).then((result) => result.rows);
    expect(await attempts()).toEqual([]);

    // The owner's own callback still finishes it.
    const done = await owner.fetch(callback.href);
    expect(done.status).toBe(303);
    expect(done.headers.get('location')).toBe(`/hakemus/kulutusluotto/status/${a.id}/${a.token}`);
    expect(await attempts()).toEqual([{ outcome: 'success' }]);
  });
});

describeOnDatabases('trust: the development provider and forged Host headers', (target: DatabaseTarget) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(target, { lenderDelayScale: 0 });
  });
  afterAll(async () => {
    await server?.close();
  });

  /** A request to our server naming another Host, as a client that is not a browser may send. */
  function withHost(path: string, host: string): Promise<number> {
    const target = new URL(path, server.url);
    return new Promise((resolve, reject) => {
      const sent = httpRequest(target, { headers: { host } }, (answer) => {
        answer.resume();
        answer.on('end', () => resolve(answer.statusCode ?? 0));
      });
      sent.on('error', reject);
      sent.end();
    });
  }

  it('5. identifies after many forged Host headers', async () => {
    for (let i = 0; i < 12; i++) await withHost('/dev-idp/.well-known/openid-configuration', `forged-${i}.example:${i + 1000}`);
    const owner = new Browser();
    const made = await owner.post(`${server.url}${API}/save`, { ...validApplication(), additionalFormData: { step: 7, hasCoApplicant: false } });
    const a = made.body as Credentials;
    const started = await owner.get(`${server.url}/api/auth/visma/${a.id}/${a.token}/op`);
    expect(started.status, started.text).toBe(200);
    expect(await identifyAtTestBank(server.url, a, PRIMARY_ID, { browser: owner })).toBe(`/hakemus/kulutusluotto/status/${a.id}/${a.token}`);
  });
});
