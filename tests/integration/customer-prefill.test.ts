// /haelainaa and prefill without a code (issue 17; marketplace spec §2, §6, §7 "Customer area";
// consumer flow §4 "Resuming") over real HTTP on a real database: a logged-in customer gets a
// new application of the chosen kind filled from their latest identified application, held in
// their browser's session, and opens it (and only their own) without a one-time code.
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
  const annaElsewhere = new Browser();
  const bertil = new Browser();
  const visitor = new Browser();
  let source: { id: number; token: string };

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

  /** Asks for a new application of `kind` and reads the id and token from the url it answers. */
  async function redirect(browser: Browser, kind: string, productPath: string): Promise<{ id: number; token: string }> {
    const answer = await browser.get(url(`/api/applications/redirect/${kind}`));
    expect(answer.status, answer.text).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    const { url: location } = answer.body as { url: string };
    const match = new RegExp(`^/hakemus/${productPath}/prefill\\?id=(\\d+)&token=([A-Za-z0-9_-]+)$`).exec(location);
    expect(match, location).not.toBeNull();
    return { id: Number(match![1]), token: match![2] };
  }

  beforeAll(async () => {
    // Only the create limit, high: each new application must count against it.
    server = await startTestServer(target, { devTools: true, notifier: outbox, lenderDelayScale: 0, limits: { create: { ip: { max: 1000, windowSeconds: 3600 } } } });
    const { db } = server;
    // Anna: an older mortgage waiting for identification, the identified consumer loan
    // (the source), and a newer draft someone typed her identity code into with another address.
    await storeApplication(db, 'asuntolaina', as(ANNA, validMortgage()), 'submitted');
    source = await storeApplication(db, 'kulutusluotto', annasSource(), 'identified');
    await storeApplication(db, 'kulutusluotto', { ...annasSource(), primaryApplicantAddress: 'Luonnoskuja 9', primaryApplicantFirstnames: 'Joku' }, 'draft');
    await storeApplication(db, 'kulutusluotto', as(BERTIL, validApplicationWithCoApplicant()), 'identified');
    await logIn(server.url, anna, outbox, { loginSsn: ANNA.ssn, loginPhone: ANNA.phone }, ANNA.email);
    await logIn(server.url, annaElsewhere, outbox, { loginSsn: ANNA.ssn, loginPhone: ANNA.phone }, ANNA.email);
    await logIn(server.url, bertil, outbox, { loginSsn: BERTIL.ssn, loginPhone: BERTIL.phone }, BERTIL.email);
  });
  afterAll(async () => {
    await server?.close();
  });

  describe('GET /api/applications/redirect/{kind}', () => {
    it('refuses a browser that is not logged in with the area\'s 401, storing nothing', async () => {
      const before = await count();
      for (const kind of ['consumer', 'combine', 'mortgage', 'leasing']) {
        const answer = await visitor.get(url(`/api/applications/redirect/${kind}`));
        expect(answer.status, kind).toBe(401);
        expect(answer.body).toMatchObject({ type: 'SESSION_REQUIRED', authenticated: false });
      }
      expect(await count()).toBe(before);
    });

    it('answers 404 for a kind it does not know, storing nothing and counting nothing', async () => {
      const before = await count();
      const hits = await createHits();
      for (const kind of ['leasing', 'Consumer', 'business', 'yritysluotto', 'kulutusluotto', 'consumer%20', 'x'.repeat(300)]) {
        const answer = await anna.get(url(`/api/applications/redirect/${kind}`));
        expect(answer.status, kind).toBe(404);
        expect(answer.body, kind).toMatchObject({ type: 'NOT_FOUND' });
      }
      expect((await anna.get(url('/api/applications/redirect/'))).status).toBe(404);
      expect(await count()).toBe(before);
      expect(await createHits()).toBe(hits);
    });

    it('makes a consumer loan of the customer\'s own data from the latest identified application, without consents or the co-applicant', async () => {
      const hits = await createHits();
      const { id } = await redirect(anna, 'consumer', 'kulutusluotto');
      expect(await createHits()).toBe(hits + 1);
      const stored = await row(id);
      const from = (await row(source.id)).data;
      expect(stored).toMatchObject({ product: 'kulutusluotto', form_id: 'consumer', brand: 'lainavertailu', status: 'draft', identified_at: null });
      expect(Buffer.from(stored.person_key!).equals(KEYS.of(ANNA.ssn))).toBe(true);
      for (const field of [...OWN_FIELDS, 'primaryApplicantIbanNumber', 'primaryApplicantCarboatInput']) expect(stored.data[field], field).toEqual(from[field]);
      // Not the newer draft's address, which the bank never confirmed.
      expect(stored.data.primaryApplicantAddress).toBe('Tuomiokirkonkatu 3 B 7');
      // Same document: the loan carries over as a starting point.
      expect(stored.data).toMatchObject({ loanPurposeId: 16, inputAppliedAmount: 30000, inputAppliedTenor: 8 });
      for (const field of CONSENTS) expect(stored.data, field).not.toHaveProperty(field);
      expect(stored.data).not.toHaveProperty('hasCoApplicant');
      expect(Object.keys(stored.data).filter((field) => field.startsWith('coApplicant'))).toEqual([]);
    });

    it('makes a consolidation loan that the overview lists as COMBINE, with the variant\'s purpose left to the form', async () => {
      const { id } = await redirect(anna, 'combine', 'yhdistelylaina');
      const stored = await row(id);
      expect(stored).toMatchObject({ product: 'yhdistelylaina', form_id: 'consumer' });
      // Purpose 16 is no consolidation: the form's own (19) comes when the page opens.
      expect(stored.data).not.toHaveProperty('loanPurposeId');
      expect(stored.data.primaryApplicantLastname).toBe('Asiakas');
      const overview = (await anna.get(url('/api/applications'))).body as { latestApplication: { applicationId: number }; previousApplications: Array<{ applicationId: number; applicationType: string; applicationState: string }> };
      expect(overview.previousApplications.find((application) => application.applicationId === id)).toMatchObject({ applicationType: 'COMBINE', applicationState: 'DRAFT' });
    });

    it('makes a mortgage under the mortgage\'s names of the loan fields, without the consumer loan\'s amount', async () => {
      const { id } = await redirect(anna, 'mortgage', 'asuntolaina');
      const stored = await row(id);
      expect(stored).toMatchObject({ product: 'asuntolaina', form_id: 'mortgage' });
      for (const field of OWN_FIELDS) expect(stored.data[field], field).toEqual((await row(source.id)).data[field]);
      expect(stored.data).toMatchObject({ primaryApplicantHasCarboatLoan: true, primaryApplicantCarBoatInput: [{ loan: 9000, monthlyPayment: 200 }] });
      for (const field of ['primaryApplicantHasCarboat', 'primaryApplicantCarboatInput', 'inputAppliedAmount', 'loanPurposeId', 'primaryApplicantIbanNumber', 'primaryApplicantMaritalStatusId']) {
        expect(stored.data, field).not.toHaveProperty(field);
      }
      for (const field of CONSENTS) expect(stored.data, field).not.toHaveProperty(field);
    });
  });

  describe('POST {product api}/get/prefill', () => {
    it('hands the new application to its logged-in customer in the shape of get/verify-with-otp, without a code', async () => {
      const sent = outbox.list(ANNA.email).length;
      const { id, token } = await redirect(anna, 'consumer', 'kulutusluotto');
      const answer = await anna.post(url(`${CONSUMER_API}/get/prefill`), { applicationId: String(id), applicationToken: token });
      expect(answer.status, answer.text).toBe(200);
      expect(answer.headers.get('cache-control')).toBe('no-store');
      const stored = await row(id);
      expect(answer.body).toEqual({ ...stored.data, additionalFormData: { step: 1 }, product: 'kulutusluotto', brand: 'lainavertailu' });
      expect(outbox.list(ANNA.email).length).toBe(sent);
    });

    it('opens the mortgage on the mortgage API, and a number id works as well', async () => {
      const { id, token } = await redirect(anna, 'mortgage', 'asuntolaina');
      const answer = await anna.post(url(`${MORTGAGE_API}/get/prefill`), { applicationId: id, applicationToken: token });
      expect(answer.status, answer.text).toBe(200);
      expect(answer.body).toMatchObject({ product: 'asuntolaina', primaryApplicantHasCarboatLoan: true });
      // Another product's API does not know it.
      expect((await anna.post(url(`${CONSUMER_API}/get/prefill`), { applicationId: id, applicationToken: token })).status).toBe(404);
    });

    it('refuses another logged-in customer (404), a browser not logged in (401) and a wrong token (404)', async () => {
      const { id, token } = await redirect(anna, 'consumer', 'kulutusluotto');
      const body = { applicationId: id, applicationToken: token };
      const other = await bertil.post(url(`${CONSUMER_API}/get/prefill`), body);
      expect(other.status).toBe(404);
      expect(other.body).toMatchObject({ type: 'NOT_FOUND' });
      const anonymous = await visitor.post(url(`${CONSUMER_API}/get/prefill`), body);
      expect(anonymous.status).toBe(401);
      expect(anonymous.body).toMatchObject({ type: 'SESSION_REQUIRED', authenticated: false });
      const wrongToken = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
      expect((await anna.post(url(`${CONSUMER_API}/get/prefill`), { applicationId: id, applicationToken: wrongToken })).status).toBe(404);
      expect((await anna.post(url(`${CONSUMER_API}/get/prefill`), { applicationId: id + 1000, applicationToken: token })).status).toBe(404);
      // Her own identified application, with a token that is not its own.
      expect((await anna.post(url(`${CONSUMER_API}/get/prefill`), { applicationId: source.id, applicationToken: token })).status).toBe(404);
    });

    it('answers a malformed body with a clear 4xx', async () => {
      const { id, token } = await redirect(anna, 'consumer', 'kulutusluotto');
      for (const body of [{}, { applicationId: id }, { applicationId: id, applicationToken: token, otp: '123456' }, { applicationId: 'abc', applicationToken: token }, [id, token]]) {
        const answer = await anna.post(url(`${CONSUMER_API}/get/prefill`), body);
        expect(answer.status, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
        expect(answer.status, JSON.stringify(body)).toBeLessThan(500);
      }
    });
  });

  describe('saving the prefilled application', () => {
    it('saves from the browser that asked for it, and from another browser of the same customer once it loaded it', async () => {
      const { id, token } = await redirect(anna, 'consumer', 'kulutusluotto');
      const consents = { primaryApplicantNotPep: true, primaryApplicantPermissionLoanInfo: true, primaryApplicantAcceptTerms: true, additionalFormData: { step: 7, hasCoApplicant: false } };
      const saved = await anna.post(url(`${CONSUMER_API}/save/${id}/${token}`), consents);
      expect(saved.status, saved.text).toBe(200);
      expect(saved.text).toBe('success');
      expect(await row(id)).toMatchObject({ step: 7, data: expect.objectContaining({ primaryApplicantAcceptTerms: true, primaryApplicantLastname: 'Asiakas' }) });

      // Anna's other browser: not until it loaded the application without a code.
      expect((await annaElsewhere.post(url(`${CONSUMER_API}/save/${id}/${token}`), consents)).status).toBe(401);
      expect((await annaElsewhere.post(url(`${CONSUMER_API}/get/prefill`), { applicationId: id, applicationToken: token })).status).toBe(200);
      expect((await annaElsewhere.post(url(`${CONSUMER_API}/save/${id}/${token}`), consents)).text).toBe('success');

      // Bertil, who could not load it, cannot save it either.
      expect((await bertil.post(url(`${CONSUMER_API}/save/${id}/${token}`), consents)).status).toBe(401);
    });
  });

  it('never logs identity codes, names, addresses, phones, e-mail addresses or tokens', async () => {
    const { token } = await redirect(anna, 'consumer', 'kulutusluotto');
    const logs = server.rawLogs.join('\n');
    for (const secret of [ANNA.ssn, BERTIL.ssn, ANNA.phone, ANNA.email, 'Asiakas', 'Tuomiokirkonkatu', token]) expect(logs).not.toContain(secret);
  });
});
