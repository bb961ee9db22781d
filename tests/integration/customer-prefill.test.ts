// /haelainaa and prefill without a code (issue 17; marketplace spec §2, §6, §7 "Customer area";
// consumer flow §4 "Resuming") over real HTTP on a real database: a logged-in customer gets the
// answers of a new application of the chosen kind, filled from their latest identified
// application, and nothing is stored until its first save; they open their own identified
// applications (and nothing else made with their identity code) without a one-time code.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DevOutbox } from '../../src/server/notify/notifier.ts';
import { validApplicationWithCoApplicant } from '../fixtures/consumer-valid.ts';
import { validMortgage } from '../fixtures/mortgage-valid.ts';
import { personalIdOfAge } from '../fixtures/personal-id.ts';
import { describeOnDatabases } from './helpers/database.ts';
import { KEYS, logIn, storeApplication } from './helpers/customer.ts';
import { Browser, startTestServer, type TestServer } from './helpers/server.ts';

type Data = Record<string, unknown>;

const CONSUMER_API = '/api/lainavertailu22/consumer-applications';
const MORTGAGE_API = '/api/lainavertailu22/mortgage-applications';

const ANNA = { ssn: personalIdOfAge(44, 232), phone: '0441230001', email: 'anna.asiakas@example.fi' };
const BERTIL = { ssn: personalIdOfAge(36, 515), phone: '0441230002', email: 'bertil.toinen@example.fi' };

function as(person: typeof ANNA, data: Data): Data {
  return {
    ...data,
    primaryApplicantPersonalIdentificationNumber: person.ssn,
    primaryApplicantMobilephone: person.phone,
    primaryApplicantMobilephone2: person.phone,
    primaryApplicantEmail: person.email,
    primaryApplicantEmail2: person.email,
  };
}

/** Anna's last identified application: a consumer loan with a co-applicant and a car loan. */
const annasSource = (): Data =>
  as(ANNA, {
    ...validApplicationWithCoApplicant(),
    primaryApplicantFirstnames: 'Anna',
    primaryApplicantLastname: 'Asiakas',
    primaryApplicantAddress: 'Tuomiokirkonkatu 3 B 7',
    primaryApplicantZip: '33100',
    primaryApplicantCity: 'Tampere',
    primaryApplicantGrossMonthlyIncome: 4100,
    primaryApplicantNetMonthlyIncome: 3050,
    primaryApplicantHasCarboat: true,
    primaryApplicantCarboatInput: [{ loan: 9000, monthlyPayment: 200 }],
  });

/** The fields that are the applicant's own and must arrive unchanged in every kind. */
const OWN_FIELDS = [
  'primaryApplicantPersonalIdentificationNumber',
  'primaryApplicantFirstnames',
  'primaryApplicantLastname',
  'primaryApplicantMobilephone',
  'primaryApplicantEmail',
  'primaryApplicantAddress',
  'primaryApplicantZip',
  'primaryApplicantCity',
  'primaryApplicantGrossMonthlyIncome',
  'primaryApplicantNetMonthlyIncome',
  'primaryApplicantEmployer',
  'primaryApplicantEducationId',
];
const CONSENTS = ['primaryApplicantAcceptTerms', 'primaryApplicantPermissionLoanInfo', 'primaryApplicantNotPep', 'coApplicantAcceptTerms', 'coApplicantPermissionLoanInfo', 'coApplicantNotPep'];

describeOnDatabases('prefilled applications for a logged-in customer', (target) => {
  let server: TestServer;
  const outbox = new DevOutbox(() => {});
  const url = (path: string) => `${server.url}${path}`;
  const anna = new Browser();
  const bertil = new Browser();
  const visitor = new Browser();
  let source: { id: number; token: string };
  /** A newer draft someone typed Anna's identity code into: never hers. */
  let planted: { id: number; token: string };

  const count = async () => Number((await server.db.query<{ n: string }>('SELECT count(*) AS n FROM applications')).rows[0].n);
  const row = async (id: number) =>
    (
      await server.db.query<{ product: string; brand: string; form_id: string; step: number; status: string; data: Data; person_key: Uint8Array | null; identified_at: unknown }>(
        'SELECT product, brand, form_id, step, status, data, person_key, identified_at FROM applications WHERE id = $1',
        [id],
      )
    ).rows[0];
  const createHits = async () =>
    Number((await server.db.query<{ n: string | null }>(`SELECT COALESCE(sum(hits), 0) AS n FROM rate_limit_hits WHERE rule = 'create'`)).rows[0].n);

  /** Where the prefill page of `kind` is: nothing stored, nothing counted. */
  async function redirect(browser: Browser, kind: string, productPath: string): Promise<void> {
    const before = await count();
    const hits = await createHits();
    const answer = await browser.get(url(`/api/applications/redirect/${kind}`));
    expect(answer.status, answer.text).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect(answer.body).toEqual({ url: `/hakemus/${productPath}/prefill` });
    expect(await count()).toBe(before);
    expect(await createHits()).toBe(hits);
  }

  /** The answers a new application of `kind` starts with: nothing stored, nothing counted. */
  async function prefilled(browser: Browser, kind: string, product: string): Promise<Data> {
    const before = await count();
    const hits = await createHits();
    const answer = await browser.get(url(`/api/applications/prefill/${kind}`));
    expect(answer.status, answer.text).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    const body = answer.body as { product: string; brand: string; data: Data };
    expect(body).toMatchObject({ product, brand: 'lainavertailu' });
    expect(await count()).toBe(before);
    expect(await createHits()).toBe(hits);
    return body.data;
  }

  beforeAll(async () => {
    // Only the create limit, high: each new application must count against it.
    server = await startTestServer(target, { devTools: true, notifier: outbox, lenderDelayScale: 0, limits: { create: { ip: { max: 1000, windowSeconds: 3600 } } } });
    const { db } = server;
    // Anna: an older mortgage waiting for identification, the identified consumer loan
    // (the source), and a newer draft someone typed her identity code into with another address.
    await storeApplication(db, 'asuntolaina', as(ANNA, validMortgage()), 'submitted');
    source = await storeApplication(db, 'kulutusluotto', annasSource(), 'identified');
    planted = await storeApplication(db, 'kulutusluotto', { ...annasSource(), primaryApplicantAddress: 'Luonnoskuja 9', primaryApplicantFirstnames: 'Joku' }, 'draft');
    await storeApplication(db, 'kulutusluotto', as(BERTIL, validApplicationWithCoApplicant()), 'identified');
    await logIn(server.url, anna, outbox, { loginSsn: ANNA.ssn, loginPhone: ANNA.phone }, ANNA.email);
    await logIn(server.url, bertil, outbox, { loginSsn: BERTIL.ssn, loginPhone: BERTIL.phone }, BERTIL.email);
  });
  afterAll(async () => {
    await server?.close();
  });

  describe('GET /api/applications/redirect/{kind} and /api/applications/prefill/{kind}', () => {
    it('refuses a browser that is not logged in with the area\'s 401, storing nothing', async () => {
      const before = await count();
      for (const route of ['redirect', 'prefill']) {
        for (const kind of ['consumer', 'combine', 'mortgage', 'leasing']) {
          const answer = await visitor.get(url(`/api/applications/${route}/${kind}`));
          expect(answer.status, kind).toBe(401);
          expect(answer.body).toMatchObject({ type: 'SESSION_REQUIRED', authenticated: false });
        }
      }
      expect(await count()).toBe(before);
    });

    it('answers 404 for a kind it does not know, storing nothing and counting nothing', async () => {
      const before = await count();
      const hits = await createHits();
      for (const route of ['redirect', 'prefill']) {
        for (const kind of ['leasing', 'Consumer', 'business', 'yritysluotto', 'kulutusluotto', 'consumer%20', 'x'.repeat(300)]) {
          const answer = await anna.get(url(`/api/applications/${route}/${kind}`));
          expect(answer.status, kind).toBe(404);
          expect(answer.body, kind).toMatchObject({ type: 'NOT_FOUND' });
        }
        expect((await anna.get(url(`/api/applications/${route}/`))).status).toBe(404);
      }
      expect(await count()).toBe(before);
      expect(await createHits()).toBe(hits);
    });

    it('a card asks where to go and changes nothing (issue 24 item 5, issue 25 item 3): no application until the first save', async () => {
      const overview = (await anna.get(url('/api/applications'))).body;
      await redirect(anna, 'consumer', 'kulutusluotto');
      await redirect(anna, 'combine', 'yhdistelylaina');
      await redirect(anna, 'mortgage', 'asuntolaina');
      expect((await anna.get(url('/api/applications'))).body).toEqual(overview);
    });

    it('gives a consumer loan the customer\'s own data from the latest identified application, without consents or the co-applicant', async () => {
      const data = await prefilled(anna, 'consumer', 'kulutusluotto');
      const from = (await row(source.id)).data;
      for (const field of [...OWN_FIELDS, 'primaryApplicantIbanNumber', 'primaryApplicantCarboatInput']) expect(data[field], field).toEqual(from[field]);
      // Not the newer draft's address, which the bank never confirmed.
      expect(data.primaryApplicantAddress).toBe('Tuomiokirkonkatu 3 B 7');
      // Same document: the loan carries over as a starting point.
      expect(data).toMatchObject({ loanPurposeId: 16, inputAppliedAmount: 30000, inputAppliedTenor: 8 });
      for (const field of CONSENTS) expect(data, field).not.toHaveProperty(field);
      expect(data).not.toHaveProperty('hasCoApplicant');
      expect(Object.keys(data).filter((field) => field.startsWith('coApplicant'))).toEqual([]);
    });

    it('gives a consolidation loan without the consumer loan\'s purpose, left to the form', async () => {
      const data = await prefilled(anna, 'combine', 'yhdistelylaina');
      // Purpose 16 is no consolidation: the form's own (19) comes when the page opens.
      expect(data).not.toHaveProperty('loanPurposeId');
      expect(data.primaryApplicantLastname).toBe('Asiakas');
    });

    it('gives a mortgage under the mortgage\'s names of the loan fields, without the consumer loan\'s amount', async () => {
      const data = await prefilled(anna, 'mortgage', 'asuntolaina');
      for (const field of OWN_FIELDS) expect(data[field], field).toEqual((await row(source.id)).data[field]);
      expect(data).toMatchObject({ primaryApplicantHasCarboatLoan: true, primaryApplicantCarBoatInput: [{ loan: 9000, monthlyPayment: 200 }] });
      for (const field of ['primaryApplicantHasCarboat', 'primaryApplicantCarboatInput', 'inputAppliedAmount', 'loanPurposeId', 'primaryApplicantIbanNumber', 'primaryApplicantMaritalStatusId']) {
        expect(data, field).not.toHaveProperty(field);
      }
      for (const field of CONSENTS) expect(data, field).not.toHaveProperty(field);
    });

    it('gives each customer their own: Bertil gets Bertil\'s data', async () => {
      const data = await prefilled(bertil, 'consumer', 'kulutusluotto');
      expect(data.primaryApplicantPersonalIdentificationNumber).toBe(BERTIL.ssn);
    });
  });

  describe('the first save creates the prefilled application', () => {
    it('creates it from the prefilled answers at their step, held by this browser; the list shows it only once it is sent', async () => {
      const data = await prefilled(anna, 'consumer', 'kulutusluotto');
      const overview = (await anna.get(url('/api/applications'))).body;
      const consents = { primaryApplicantNotPep: true, primaryApplicantPermissionLoanInfo: true, primaryApplicantAcceptTerms: true };
      const created = await anna.post(url(`${CONSUMER_API}/save`), { ...data, ...consents, additionalFormData: { step: 7, hasCoApplicant: false }, product: 'kulutusluotto', brand: 'lainavertailu' });
      expect(created.status, created.text).toBe(200);
      const { id, token } = created.body as { id: number; token: string };
      const stored = await row(id);
      expect(stored).toMatchObject({ product: 'kulutusluotto', step: 7, status: 'draft', identified_at: null, data: expect.objectContaining({ primaryApplicantLastname: 'Asiakas' }) });
      expect(Buffer.from(stored.person_key!).equals(KEYS.of(ANNA.ssn))).toBe(true);
      expect((await anna.post(url(`${CONSUMER_API}/save/${id}/${token}`), { ...consents, additionalFormData: { step: 7, hasCoApplicant: false } })).text).toBe('success');
      // Not sent yet: not in her list.
      expect((await anna.get(url('/api/applications'))).body).toEqual(overview);
    });
  });

  describe('POST {product api}/get/prefill', () => {
    it('hands the customer\'s identified application to them in the shape of get/verify-with-otp, without a code', async () => {
      const sent = outbox.list(ANNA.email).length;
      const answer = await anna.post(url(`${CONSUMER_API}/get/prefill`), { applicationId: String(source.id), applicationToken: source.token });
      expect(answer.status, answer.text).toBe(200);
      expect(answer.headers.get('cache-control')).toBe('no-store');
      expect(answer.body).toMatchObject({ ...(await row(source.id)).data, product: 'kulutusluotto', brand: 'lainavertailu' });
      expect(outbox.list(ANNA.email).length).toBe(sent);
      // A number id works as well; another product's API does not know it.
      expect((await anna.post(url(`${CONSUMER_API}/get/prefill`), { applicationId: source.id, applicationToken: source.token })).status).toBe(200);
      expect((await anna.post(url(`${MORTGAGE_API}/get/prefill`), { applicationId: source.id, applicationToken: source.token })).status).toBe(404);
    });

    it('refuses an application made with her identity code that she never proved (issue 24), storing nothing', async () => {
      const before = await server.db.query('SELECT count(*) AS n FROM session_applications');
      const answer = await anna.post(url(`${CONSUMER_API}/get/prefill`), { applicationId: planted.id, applicationToken: planted.token });
      expect(answer.status).toBe(404);
      expect(answer.body).toMatchObject({ type: 'NOT_FOUND' });
      expect((await server.db.query('SELECT count(*) AS n FROM session_applications')).rows).toEqual(before.rows);
    });

    it('refuses another logged-in customer (404), a browser not logged in (401) and a wrong token (404)', async () => {
      const body = { applicationId: source.id, applicationToken: source.token };
      const other = await bertil.post(url(`${CONSUMER_API}/get/prefill`), body);
      expect(other.status).toBe(404);
      expect(other.body).toMatchObject({ type: 'NOT_FOUND' });
      const anonymous = await visitor.post(url(`${CONSUMER_API}/get/prefill`), body);
      expect(anonymous.status).toBe(401);
      expect(anonymous.body).toMatchObject({ type: 'SESSION_REQUIRED', authenticated: false });
      const { token } = source;
      const wrongToken = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
      expect((await anna.post(url(`${CONSUMER_API}/get/prefill`), { applicationId: source.id, applicationToken: wrongToken })).status).toBe(404);
      expect((await anna.post(url(`${CONSUMER_API}/get/prefill`), { applicationId: source.id + 1000, applicationToken: token })).status).toBe(404);
      // Her own identified application, with a token that is not its own.
      expect((await anna.post(url(`${CONSUMER_API}/get/prefill`), { applicationId: source.id, applicationToken: planted.token })).status).toBe(404);
    });

    it('answers a malformed body with a clear 4xx', async () => {
      const { id, token } = source;
      for (const body of [{}, { applicationId: id }, { applicationId: id, applicationToken: token, otp: '123456' }, { applicationId: 'abc', applicationToken: token }, [id, token]]) {
        const answer = await anna.post(url(`${CONSUMER_API}/get/prefill`), body);
        expect(answer.status, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
        expect(answer.status, JSON.stringify(body)).toBeLessThan(500);
      }
    });
  });

  it('never logs identity codes, names, addresses, phones, e-mail addresses or tokens', async () => {
    await prefilled(anna, 'consumer', 'kulutusluotto');
    const { token } = source;
    const logs = server.rawLogs.join('\n');
    for (const secret of [ANNA.ssn, BERTIL.ssn, ANNA.phone, ANNA.email, 'Asiakas', 'Tuomiokirkonkatu', token]) expect(logs).not.toContain(secret);
  });
});
