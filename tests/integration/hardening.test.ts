// Issue 24 item 5's low items, each replayed over real HTTP on a real database: the attack
// as the issue reported it, refused now, with nothing stored changed.
// - a lone surrogate or NUL in `POST /api/user` (was a 500: PostgreSQL's 22P02);
// - the IBAN or an identity code changed after a successful identification (completion
//   sent the new one);
// - a business application's id and token at the consumer offers poll and the
//   identification routes (answered 200 there);
// - pages whose query string carries a token (were `no-cache`, not `no-store`);
// - a request body sent a byte at a time (held the connection open for good).
import { connect } from 'node:net';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_TIMEOUTS } from '../../src/server/app.ts';
import { readConfig } from '../../src/server/config.ts';
import { DevOutbox } from '../../src/server/notify/notifier.ts';
import { validBusiness } from '../fixtures/business-valid.ts';
import { validApplication, validApplicationWithCoApplicant } from '../fixtures/consumer-valid.ts';
import { personalIdOfAge } from '../fixtures/personal-id.ts';
import { describeOnDatabases, pgliteTarget } from './helpers/database.ts';
import { logIn, storeApplication } from './helpers/customer.ts';
import { identifyAtTestBank } from './helpers/identification.ts';
import { API, Browser, startTestServer, storedRow, type TestServer } from './helpers/server.ts';
import { snapshotter, type Snapshot } from './helpers/snapshot.ts';

type Data = Record<string, unknown>;
type Credentials = { id: number; token: string };

const BUSINESS_API = '/api/business-applications';
const OTHER_IBAN = 'FI4950009420028730';

describeOnDatabases('issue 24 item 5: the low items replayed', (target) => {
  let server: TestServer;
  const outbox = new DevOutbox(() => {});
  const url = (path: string) => `${server.url}${path}`;
  let everything: () => Promise<Snapshot>;

  beforeAll(async () => {
    server = await startTestServer(target, { devTools: true, notifier: outbox, lenderDelayScale: 0 });
    everything = await snapshotter(server.db);
  });
  afterAll(async () => {
    await server?.close();
  });

  async function dispatches(id: number): Promise<number> {
    const result = await server.db.query<{ n: string | number }>('SELECT count(*) AS n FROM lender_dispatches WHERE application_id = $1', [id]);
    return Number(result.rows[0].n);
  }

  it('refuses a lone surrogate or a NUL in the customer\'s details with a 400, storing nothing (was a 500)', async () => {
    const person = { ssn: personalIdOfAge(41, 377), phone: '0441239876', email: 'hardening.asiakas@example.fi' };
    await storeApplication(
      server.db,
      'kulutusluotto',
      { ...validApplication(), primaryApplicantPersonalIdentificationNumber: person.ssn, primaryApplicantMobilephone: person.phone, primaryApplicantMobilephone2: person.phone, primaryApplicantEmail: person.email, primaryApplicantEmail2: person.email },
      'identified',
    );
    const customer = new Browser();
    await logIn(server.url, customer, outbox, { loginSsn: person.ssn, loginPhone: person.phone }, person.email);
    const details = { address: 'Katu 1', zip: '00100', city: 'Helsinki', phone: person.phone, email: person.email, hasMarketingBan: false };
    const before = await everything();
    for (const address of ['Katu \ud800 1', 'Katu \udc00', 'Katu\u0000 1']) {
      const answer = await customer.post(url('/api/user'), { ...details, address });
      expect(answer.status, JSON.stringify(address)).toBe(400);
      expect(answer.body).toMatchObject({ type: 'BAD_REQUEST', message: expect.stringContaining('merkkejä') });
    }
    // In a key too, and in any other route's body: the one parser refuses it before the route.
    expect((await customer.post(url('/api/user'), `{"address\\u0000":"Katu 1"}`)).status).toBe(400);
    expect((await customer.post(url('/api/applications/cancel'), `{"applicationId":"1\\ud800"}`)).status).toBe(400);
    expect((await customer.post(url('/api/auth/login'), { loginSsn: `${person.ssn}\u0000`, loginPhone: person.phone })).status).toBe(400);
    expect(await everything()).toEqual(before);
    // The same details without the bad character are taken.
    expect((await customer.post(url('/api/user'), details)).status).toBe(200);
  });

  describe('an identification vouches for the data it was made on', () => {
    async function identifiedApplication(data: Data = validApplication()): Promise<{ credentials: Credentials; applicant: Browser }> {
      const applicant = new Browser();
      const created = await applicant.post(url(`${API}/save`), { ...data, additionalFormData: { step: 7, hasCoApplicant: data.hasCoApplicant === true } });
      expect(created.status, created.text).toBe(200);
      const credentials = created.body as Credentials;
      const primary = String(data.primaryApplicantPersonalIdentificationNumber);
      expect(await identifyAtTestBank(server.url, credentials, primary, { browser: applicant })).not.toContain('tunnistautuminen=');
      if (data.hasCoApplicant === true) {
        const co = String(data.coApplicantPersonalIdentificationNumber);
        expect(await identifyAtTestBank(server.url, credentials, co, { browser: applicant, party: 'CO_APPLICANT' })).not.toContain('tunnistautuminen=');
      }
      return { credentials, applicant };
    }

    const save = (browser: Browser, { id, token }: Credentials, data: Data) =>
      browser.post(url(`${API}/save/${id}/${token}`), { ...data, additionalFormData: { step: 7, hasCoApplicant: data.hasCoApplicant === true } });
    const complete = (browser: Browser, { id, token }: Credentials) => browser.post(url(`${API}/authentication/complete/${id}/${token}`));

    it('the IBAN changed after identifying is not sent: completion asks to identify again, and then sends the new one', async () => {
      const { credentials, applicant } = await identifiedApplication();
      const changed = { ...validApplication(), primaryApplicantIbanNumber: OTHER_IBAN };
      expect((await save(applicant, credentials, changed)).text).toBe('success');
      const before = await everything();
      const refused = await complete(applicant, credentials);
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({ type: 'STRONG_AUTHENTICATION_MISSING', parties: ['PRIMARY'] });
      // The finalize call and a finalizing save are refused the same way.
      expect((await applicant.post(url(`${API}/finalize/${credentials.id}/${credentials.token}`))).status).toBe(409);
      expect((await applicant.post(url(`${API}/save/${credentials.id}/${credentials.token}`), { finalize: 1, additionalFormData: { step: 0 } })).status).toBe(409);
      expect(await dispatches(credentials.id)).toBe(0);
      expect(await everything()).toEqual(before);

      // Identifying again vouches for the new IBAN, and completion sends it.
      await identifyAtTestBank(server.url, credentials, String(validApplication().primaryApplicantPersonalIdentificationNumber), { browser: applicant });
      expect((await complete(applicant, credentials)).body).toEqual({ status: 'COMPLETED' });
      expect(await dispatches(credentials.id)).toBeGreaterThan(0);
      const row = await storedRow(server.db, credentials.id);
      expect(JSON.parse(row!.data as string)).toMatchObject({ primaryApplicantIbanNumber: OTHER_IBAN });
    });

    it('a co-applicant\'s identity code changed after both identified needs the co-applicant again; any other change, the primary too', async () => {
      const data = validApplicationWithCoApplicant();
      const { credentials, applicant } = await identifiedApplication(data);
      const otherCode = personalIdOfAge(33, 271);
      expect((await save(applicant, credentials, { ...data, coApplicantPersonalIdentificationNumber: otherCode })).text).toBe('success');
      const refused = await complete(applicant, credentials);
      expect(refused.body).toMatchObject({ type: 'STRONG_AUTHENTICATION_MISSING', parties: ['PRIMARY', 'CO_APPLICANT'] });
      expect(await dispatches(credentials.id)).toBe(0);
    });

    it('a save that changes nothing keeps the identification', async () => {
      const { credentials, applicant } = await identifiedApplication();
      expect((await save(applicant, credentials, validApplication())).text).toBe('success');
      expect((await complete(applicant, credentials)).body).toEqual({ status: 'COMPLETED' });
    });
  });

  it('finds a business application nowhere but under its own product: the consumer poll and the identification routes answer the 404 of a wrong link', async () => {
    const applicant = new Browser();
    const created = await applicant.post(url(`${BUSINESS_API}/create`), validBusiness());
    expect(created.status, created.text).toBe(200);
    const { id, token } = created.body as Credentials;
    // Its own poll finds it.
    expect((await applicant.get(url(`${BUSINESS_API}/offers/${id}/${token}`))).status).toBe(200);
    const before = await everything();
    for (const path of [`/api/lainavertailu22/offers/${id}/${token}`, `/api/auth/visma/status/${id}/${token}`, `/api/auth/visma/${id}/${token}/op`]) {
      const answer = await applicant.get(url(path));
      expect(answer.status, path).toBe(404);
      expect(answer.body, path).toEqual({ type: 'NOT_FOUND', message: 'Hakemusta ei löytynyt.' });
    }
    // Nobody identifies for a business application: there is no completion call to make.
    expect((await applicant.post(url(`${BUSINESS_API}/authentication/complete/${id}/${token}`))).status).toBe(404);
    expect(await everything()).toEqual(before);
  });
});

describe('pages that carry a token in their query string', () => {
  let server: TestServer;
  const dist = mkdtempSync(join(tmpdir(), 'lv-hardening-pages-'));
  const token = 'Ab3_'.repeat(10) + 'xyz';

  beforeAll(async () => {
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>shell</title>');
    server = await startTestServer(pgliteTarget, { staticDir: dist });
  });
  afterAll(async () => {
    await server?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('are never stored (no-store), and pages without one are still revalidated', async () => {
    for (const path of [`/hakemus/kulutusluotto/prefill?id=12&token=${token}`, `/?id=12&token=${token}`, '/?id=&token=', `/lainahakemukset?applicationToken=x`, `/hakemus/yritysluotto/offers?x=${token}`]) {
      const answer = await fetch(`${server.url}${path}`);
      expect(answer.status, path).toBe(200);
      expect(answer.headers.get('cache-control'), path).toBe('no-store');
      expect(await answer.text()).toContain('<title>shell</title>');
    }
    for (const path of ['/', '/hakemus/kulutusluotto/', '/hakemus/kulutusluotto/?amount=15000&utm_source=google']) {
      expect((await fetch(`${server.url}${path}`)).headers.get('cache-control'), path).toBe('no-cache');
    }
  });
});

describe('header and body timeouts', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(pgliteTarget, { timeouts: { headersMs: 300, requestMs: 600 } });
  });
  afterAll(async () => {
    await server?.close();
  });

  /**
   * Opens a connection and writes `chunks` one by one, `gapMs` apart, until the server ends
   * the connection; answers what the server sent and how many chunks it had not waited for.
   */
  function trickle(chunks: string[], gapMs: number): Promise<{ answer: string; unsent: number }> {
    const { port } = new URL(server.url);
    return new Promise((resolve, reject) => {
      const socket = connect(Number(port), '127.0.0.1');
      let answer = '';
      let next = 0;
      let timer: NodeJS.Timeout | undefined;
      const send = () => {
        if (next >= chunks.length || socket.destroyed) return;
        socket.write(chunks[next++]);
        timer = setTimeout(send, gapMs);
      };
      socket.on('connect', send);
      socket.on('data', (data) => (answer += data.toString()));
      socket.on('error', () => {});
      socket.on('close', () => {
        clearTimeout(timer);
        resolve({ answer, unsent: chunks.length - next });
      });
      socket.setTimeout(30_000, () => reject(new Error('the server never ended the connection')));
    });
  }

  it('ends a save whose body comes a byte at a time with a 408, long before the body is whole', async () => {
    const body = JSON.stringify({ loanPurposeId: 16, inputAppliedAmount: 15000, additionalFormData: { step: 1 } });
    const head = `POST ${API}/save HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`;
    const { answer, unsent } = await trickle([head, ...body], 100);
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(unsent).toBeGreaterThan(0);
    const count = await server.db.query<{ n: string | number }>('SELECT count(*) AS n FROM applications');
    expect(Number(count.rows[0].n)).toBe(0);
  });

  it('ends a request whose headers come a byte at a time', async () => {
    const head = `GET /api/health HTTP/1.1\r\nHost: localhost\r\nX-Slow: ${'a'.repeat(200)}\r\n\r\n`;
    const { answer, unsent } = await trickle([...head], 50);
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(unsent).toBeGreaterThan(0);
  });

  it('applies the defaults and takes HEADERS_TIMEOUT_MS and REQUEST_TIMEOUT_MS from the environment', () => {
    expect(server.app.server.requestTimeout).toBe(600);
    expect(server.app.server.headersTimeout).toBe(300);
    expect(readConfig({}).timeouts).toEqual(DEFAULT_TIMEOUTS);
    expect(readConfig({ HEADERS_TIMEOUT_MS: '5000', REQUEST_TIMEOUT_MS: '20000' }).timeouts).toEqual({ headersMs: 5000, requestMs: 20000 });
    expect(() => readConfig({ HEADERS_TIMEOUT_MS: '20000', REQUEST_TIMEOUT_MS: '5000' })).toThrow(/HEADERS_TIMEOUT_MS/);
    expect(() => readConfig({ REQUEST_TIMEOUT_MS: 'soon' })).toThrow(/REQUEST_TIMEOUT_MS/);
  });
});
