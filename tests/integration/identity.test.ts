// Strong identification over real HTTP on a real database: the whole OpenID Connect
// round trip against the development provider (redirects followed by hand, the test
// bank form posted as a browser would), single-use state, identity code checks, and
// the completion check that sends the application to the lenders.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { newToken } from '../../src/server/tokens.ts';
import { validApplication, validApplicationWithCoApplicant } from '../fixtures/consumer-valid.ts';
import { describeOnDatabases } from './helpers/database.ts';
import { applicant, get, openSession, post, startTestServer, storeConsumerApplication, storedRow, type TestServer } from './helpers/server.ts';

type Credentials = { id: number; token: string };

/** A cookie jar of one browser: name → value, sent to every path (the names do not clash here). */
class Browser {
  private cookies = new Map<string, string>();

  async fetch(url: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (this.cookies.size) headers.set('cookie', [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; '));
    const response = await fetch(url, { ...init, headers, redirect: 'manual' });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair.indexOf('=');
      this.cookies.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
    }
    return response;
  }
}

describeOnDatabases('strong identification', (target) => {
  let server: TestServer;
  const complete = (a: Credentials, body?: unknown) => post(`${server.url}/api/lainavertailu22/consumer-applications/authentication/complete/${a.id}/${a.token}`, body);
  const methodUrl = (a: Credentials, method = 'op', query = '') => `${server.url}/api/auth/visma/${a.id}/${a.token}/${method}${query}`;

  beforeAll(async () => {
    server = await startTestServer(target, { lenderDelayScale: 0 });
  });
  afterAll(async () => {
    await server?.close();
  });

  async function newApplication(data: Record<string, unknown> = validApplication(), step = 7): Promise<Credentials> {
    const stored = await storeConsumerApplication(server.db, data, step);
    // Made in this browser: its session may identify for it.
    await openSession(server, stored.id);
    return stored;
  }


  /** Starts at our API and follows the provider to the test bank page. */
  async function openTestBank(a: Credentials, options: { party?: string; method?: string; browser?: Browser } = {}) {
    const browser = options.browser ?? new Browser();
    const started = await get(methodUrl(a, options.method ?? 'op', options.party ? `?party=${options.party}` : ''));
    expect(started.status).toBe(200);
    expect(started.headers.get('content-type')).toMatch(/^text\/plain/);
    const authorize = new URL(started.text);
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.searchParams.get('state')).toBeTruthy();
    expect(authorize.searchParams.get('nonce')).toBeTruthy();

    const toBank = await browser.fetch(authorize.href);
    expect(toBank.status).toBe(303);
    const bankUrl = new URL(toBank.headers.get('location')!, authorize);
    const bankPage = await browser.fetch(bankUrl.href);
    expect(bankPage.status).toBe(200);
    const html = await bankPage.text();
    expect(html).toContain(options.method === 'nordea' ? 'Nordea' : 'OP');
    expect(html).not.toMatch(/<script/i);
    return { browser, bankUrl, html };
  }

  /** Starts at our API, passes the test bank as `personalId`, and stops at the callback URL. */
  async function throughTestBank(a: Credentials, personalId: string, options: { party?: string; method?: string; cancel?: boolean; browser?: Browser } = {}) {
    const { browser, bankUrl } = await openTestBank(a, options);
    const form = new URLSearchParams(options.cancel ? { action: 'cancel' } : { action: 'login', personalId });
    const submitted = await browser.fetch(bankUrl.href, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: form.toString() });
    expect(submitted.status).toBe(303);
    const resumed = await browser.fetch(new URL(submitted.headers.get('location')!, bankUrl).href);
    expect(resumed.status).toBe(303);
    const callback = new URL(resumed.headers.get('location')!, bankUrl);
    expect(callback.pathname).toBe('/api/auth/callback');
    return { browser, callback };
  }

  async function identify(a: Credentials, personalId: string, options: { party?: string; method?: string; cancel?: boolean; browser?: Browser } = {}) {
    const { callback } = await throughTestBank(a, personalId, options);
    const done = await applicant.fetch(callback.href);
    expect(done.status).toBe(303);
    return done.headers.get('location')!;
  }

  const primaryId = (data = validApplication()) => String(data.primaryApplicantPersonalIdentificationNumber);
  const coId = () => String(validApplicationWithCoApplicant().coApplicantPersonalIdentificationNumber);

  async function attempts(a: Credentials) {
    const result = await server.db.query<{ party: string; outcome: string; method: string }>(
      `SELECT party, outcome, method FROM strong_authentications WHERE application_id = $1 ORDER BY id`,
      [a.id],
    );
    return result.rows;
  }

  async function dispatchCount(a: Credentials): Promise<number> {
    const result = await server.db.query<{ n: number | string }>(`SELECT count(*) AS n FROM lender_dispatches WHERE application_id = $1`, [a.id]);
    return Number(result.rows[0].n);
  }

  it('lists the methods with a picture each', async () => {
    const answer = await get(`${server.url}/api/auth/visma/get-methods`);
    expect(answer.status).toBe(200);
    const { methods } = answer.body as { methods: { identifier: string; image: string; name: string }[] };
    expect(methods.length).toBeGreaterThan(3);
    for (const method of methods) expect(method.image).toBe(`/images/identification/${method.identifier}.svg`);
    expect(methods.map((method) => method.identifier)).toContain('op');
  });

  it('identifies the primary applicant over the full round trip and completes', async () => {
    const a = await newApplication();
    const location = await identify(a, primaryId().toLowerCase());
    expect(location).toBe(`/hakemus/kulutusluotto/status/${a.id}/${a.token}`);
    expect(await attempts(a)).toEqual([{ party: 'PRIMARY', outcome: 'success', method: 'op' }]);

    const answer = await complete(a);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ status: 'COMPLETED' });
    expect(await dispatchCount(a)).toBeGreaterThan(0);
    const row = await storedRow(server.db, a.id);
    expect(row).toMatchObject({ status: 'finalized', step: 0 });

    // Asked again (a reload): the same answer, nothing dispatched twice.
    const before = await dispatchCount(a);
    expect((await complete(a)).body).toEqual({ status: 'COMPLETED' });
    expect(await dispatchCount(a)).toBe(before);
  });

  it('stores no identity code in clear', async () => {
    const a = await newApplication();
    await identify(a, primaryId());
    const dump = await server.db.query<{ row: string }>(`SELECT row_to_json(s)::text AS row FROM strong_authentications s WHERE application_id = $1`, [a.id]);
    expect(dump.rows.length).toBe(1);
    expect(dump.rows[0].row).not.toContain(primaryId());
    expect(dump.rows[0].row).not.toContain(primaryId().slice(0, 6));
  });

  it('refuses a state used twice and an unknown state', async () => {
    const a = await newApplication();
    const { callback } = await throughTestBank(a, primaryId());
    expect((await applicant.fetch(callback.href)).status).toBe(303);
    const again = await get(callback.href);
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ type: 'IDENTIFICATION_STATE_INVALID' });

    const wrong = new URL(callback);
    wrong.searchParams.set('state', 'x'.repeat(43));
    expect((await get(wrong.href)).status).toBe(400);
    expect((await get(`${server.url}/api/auth/callback`)).status).toBe(400);
    expect((await get(`${server.url}/api/auth/callback?state=%00%00`)).status).toBe(400);
    expect((await attempts(a)).length).toBe(1);
  });

  it('records someone else at the bank as a mismatch and does not complete', async () => {
    const a = await newApplication();
    const location = await identify(a, '010180-9015');
    expect(location).toBe(`/hakemus/kulutusluotto/status/${a.id}/${a.token}?tunnistautuminen=mismatch`);
    expect(await attempts(a)).toEqual([{ party: 'PRIMARY', outcome: 'mismatch', method: 'op' }]);
    const answer = await complete(a);
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ type: 'STRONG_AUTHENTICATION_MISSING', parties: ['PRIMARY'] });
  });

  it('records a cancel at the bank as a failure', async () => {
    const a = await newApplication();
    const location = await identify(a, '', { cancel: true });
    expect(location).toBe(`/hakemus/kulutusluotto/status/${a.id}/${a.token}?tunnistautuminen=cancelled`);
    expect(await attempts(a)).toEqual([{ party: 'PRIMARY', outcome: 'error', method: 'op' }]);
  });

  it('needs both applicants when there is a co-applicant', async () => {
    const data = validApplicationWithCoApplicant();
    const a = await newApplication(data);
    expect((await complete(a)).body).toMatchObject({ type: 'STRONG_AUTHENTICATION_MISSING', parties: ['PRIMARY', 'CO_APPLICANT'] });

    await identify(a, primaryId(data), { method: 'nordea' });
    const missingCo = await complete(a);
    expect(missingCo.status).toBe(400);
    expect(missingCo.body).toMatchObject({ type: 'STRONG_AUTHENTICATION_MISSING', parties: ['CO_APPLICANT'] });
    expect(await dispatchCount(a)).toBe(0);

    // The primary applicant at the co-applicant's turn is not the co-applicant; then
    // the co-applicant in the same browser, whose provider session must not answer for them.
    const browser = new Browser();
    expect(await identify(a, primaryId(data), { party: 'CO_APPLICANT', browser })).toContain('?tunnistautuminen=mismatch');
    expect(await identify(a, coId(), { party: 'CO_APPLICANT', browser })).toBe(`/hakemus/kulutusluotto/status/${a.id}/${a.token}`);
    const done = await complete(a);
    expect(done.status).toBe(200);
    expect(done.body).toEqual({ status: 'COMPLETED' });
    expect(await dispatchCount(a)).toBeGreaterThan(0);
  });

  it('reports CO_APPLICANT alone when only the co-applicant is missing, PRIMARY alone the other way', async () => {
    const data = validApplicationWithCoApplicant();
    const a = await newApplication(data);
    await identify(a, coId(), { party: 'CO_APPLICANT' });
    expect((await complete(a)).body).toMatchObject({ type: 'STRONG_AUTHENTICATION_MISSING', parties: ['PRIMARY'] });
  });

  it("suggests on the test bank the identifying party's own code, the only one completion accepts", async () => {
    const data = validApplicationWithCoApplicant();
    const a = await newApplication(data);
    const chosen = (html: string) => /<input type="radio" name="person" id="person-0" value="([^"]+)" checked>/.exec(html)?.[1];
    const primary = await openTestBank(a);
    expect(chosen(primary.html)).toBe(String(data.primaryApplicantPersonalIdentificationNumber));
    expect(primary.html).toContain('Hakemuksen hakija');
    const co = await openTestBank(a, { party: 'CO_APPLICANT' });
    expect(chosen(co.html)).toBe(String(data.coApplicantPersonalIdentificationNumber));
  });

  it('answers APPLICATION_STATE_MISMATCH before step 7', async () => {
    const early = await newApplication(validApplication(), 5);
    const answer = await complete(early);
    expect(answer.status).toBe(409);
    expect(answer.body).toMatchObject({ type: 'APPLICATION_STATE_MISMATCH' });
    expect((await get(methodUrl(early))).status).toBe(409);
  });

  it('refuses finalize before identification and keeps the application identifiable and completable (issue 11, item 8)', async () => {
    const finalizeUrl = (a: Credentials) => `${server.url}/api/lainavertailu22/consumer-applications/finalize/${a.id}/${a.token}`;
    const a = await newApplication();
    const before = await storedRow(server.db, a.id);
    for (const attempt of [() => post(finalizeUrl(a)), () => post(`${server.url}/api/lainavertailu22/consumer-applications/save/${a.id}/${a.token}`, { finalize: 1, additionalFormData: { step: 0 } })]) {
      const refused = await attempt();
      expect(refused.status, refused.text).toBe(409);
      expect(refused.body).toMatchObject({ type: 'APPLICATION_STATE_MISMATCH' });
    }
    expect(await storedRow(server.db, a.id)).toEqual(before);

    // Still usable: the bank, then completion, sends it to the lenders.
    expect(await identify(a, primaryId())).toBe(`/hakemus/kulutusluotto/status/${a.id}/${a.token}`);
    const done = await complete(a);
    expect(done.status, done.text).toBe(200);
    expect(done.body).toEqual({ status: 'COMPLETED' });
    expect(await dispatchCount(a)).toBeGreaterThan(0);
    expect(await storedRow(server.db, a.id)).toMatchObject({ status: 'finalized', step: 0 });
    // Finalize after completion is the same answer, and sends nothing twice.
    const sent = await dispatchCount(a);
    expect((await post(finalizeUrl(a))).text).toBe('success');
    expect(await dispatchCount(a)).toBe(sent);
  });

  it('lets finalize send an application identified at the bank before the completion check, which then answers COMPLETED', async () => {
    const a = await newApplication();
    await identify(a, primaryId());
    const finalize = await post(`${server.url}/api/lainavertailu22/consumer-applications/finalize/${a.id}/${a.token}`);
    expect(finalize.status, finalize.text).toBe(200);
    const sent = await dispatchCount(a);
    expect(sent).toBeGreaterThan(0);
    const late = await complete(a);
    expect(late.status).toBe(200);
    expect(late.body).toEqual({ status: 'COMPLETED' });
    expect(await dispatchCount(a)).toBe(sent);
  });

  it('refuses a wrong token, unknown method and party, and malformed input without changing anything', async () => {
    const data = validApplication();
    const a = await newApplication(data);
    const before = await storedRow(server.db, a.id);
    const wrongToken = { id: a.id, token: newToken().token };

    expect((await complete(wrongToken)).status).toBe(404);
    expect((await complete({ id: a.id + 100_000, token: a.token })).status).toBe(404);
    expect((await post(`${server.url}/api/lainavertailu22/consumer-applications/authentication/complete/abc/${a.token}`)).status).toBe(404);
    expect((await post(`${server.url}/api/lainavertailu22/consumer-applications/authentication/complete/${a.id}/short`)).status).toBe(404);
    expect((await get(methodUrl(wrongToken))).status).toBe(404);

    const unknownMethod = await get(methodUrl(a, 'no-such-bank'));
    expect(unknownMethod.status).toBe(400);
    expect((await get(methodUrl(a, 'OP'))).status).toBe(400);
    expect((await get(methodUrl(a, 'op', '?party=BOTH'))).status).toBe(400);
    expect((await get(methodUrl(a, 'op', '?party=PRIMARY&extra=1'))).status).toBe(400);
    expect((await get(methodUrl(a, 'op', '?party=CO_APPLICANT'))).body).toMatchObject({ type: 'BAD_REQUEST' });

    const badBodies: [unknown, Record<string, string>?][] = [
      [{ extra: 1 }],
      ['not json', { 'content-type': 'text/plain' }],
      ['x'.repeat(5000), { 'content-type': 'application/json' }],
      ['[]'],
    ];
    for (const [body, headers] of badBodies) {
      const answer = await post(`${server.url}/api/lainavertailu22/consumer-applications/authentication/complete/${a.id}/${a.token}`, body, headers);
      expect(answer.status, JSON.stringify(body).slice(0, 40)).toBeGreaterThanOrEqual(400);
      expect(answer.status).toBeLessThan(500);
    }
    expect(await storedRow(server.db, a.id)).toEqual(before);
    expect(await attempts(a)).toEqual([]);
    expect(await dispatchCount(a)).toBe(0);
  });

  it('writes no identity code, token or OIDC secret to the log', async () => {
    const data = validApplication();
    const a = await newApplication(data);
    const { callback } = await throughTestBank(a, primaryId(data));
    await fetch(callback.href, { redirect: 'manual' });
    await complete(a);
    const log = server.rawLogs.join('\n');
    expect(log).toContain('identification finished');
    expect(log).not.toContain(a.token);
    expect(log).not.toContain(primaryId(data));
    expect(log).not.toContain('010180-9015');
    expect(log).not.toContain(callback.searchParams.get('code')!);
    expect(log).not.toContain(callback.searchParams.get('state')!);
  });
});
