// The insurance API of issue 27 item 5 over real HTTP on a real database: a logged-in
// customer reads their age and eligibility, applies with the server's age, names and fee
// (the body's are ignored), changes an application until it is signed; another customer's
// id is a 404, a form error a 400 with the document's Finnish messages, and a customer the
// service knows cannot have the insurance is refused.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadFormRuntime } from '../../engine/core/node.ts';
import { findInsurance, markInsuranceSigned } from '../../src/flows/insurance/repository.ts';
import { answerDueInsurance, INSURER_DELAY_MS, sendToInsurer } from '../../src/flows/insurance/insurer.ts';
import { text } from '../../src/server/messages.ts';
import { DevOutbox } from '../../src/server/notify/notifier.ts';
import { validApplication } from '../fixtures/consumer-valid.ts';
import { personalIdOfAge } from '../fixtures/personal-id.ts';
import { describeOnDatabases } from './helpers/database.ts';
import { KEYS, logIn, storeApplication, type Person } from './helpers/customer.ts';
import { Browser, type TestServer, startTestServer } from './helpers/server.ts';

type Data = Record<string, unknown>;

const ANNA: Person = { ssn: personalIdOfAge(44, 241), phone: '0441230011', email: 'anna.vakuutus@example.fi' };
const BERTIL: Person = { ssn: personalIdOfAge(36, 517), phone: '0441230012', email: 'bertil.vakuutus@example.fi' };
const OLLI: Person = { ssn: personalIdOfAge(64, 623), phone: '0441230013', email: 'olli.vakuutus@example.fi' };

const as = (person: Person, data: Data): Data => ({
  ...data,
  primaryApplicantPersonalIdentificationNumber: person.ssn,
  primaryApplicantMobilephone: person.phone,
  primaryApplicantEmail: person.email,
  ...('primaryApplicantMobilephone2' in data ? { primaryApplicantMobilephone2: person.phone } : {}),
  ...('primaryApplicantEmail2' in data ? { primaryApplicantEmail2: person.email } : {}),
});

/** The price table's fee (forms/insurance.json), read here so the test does not restate it. */
function fee(tier: number, age: number): number {
  const table = loadFormRuntime('insurance').document.constants!.insurancePremiums as { tiers: number[]; bands: Array<{ minAge: number; maxAge: number; premiums: number[] }> };
  const band = table.bands.find((entry) => entry.minAge <= age && age <= entry.maxAge)!;
  return band.premiums[table.tiers.indexOf(tier)];
}

const FORM = {
  paymentTier: 300,
  appliedDueDate: 15,
  address: 'Vakuutuskatu 3',
  zip: '00100',
  city: 'Helsinki',
  phone: '0401234567',
  email: 'anna.vakuutus@example.fi',
  assureAge: true,
  hasWorked: true,
  assureInformation: true,
};

describeOnDatabases('insurance API', (target) => {
  let server: TestServer;
  const outbox = new DevOutbox(() => {});
  const url = (path: string) => `${server.url}${path}`;
  const anna = new Browser();
  const bertil = new Browser();
  const olli = new Browser();
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    server = await startTestServer(target, { notifier: outbox, lenderDelayScale: 0 });
    ids.anna = (await storeApplication(server.db, 'kulutusluotto', as(ANNA, validApplication()), 'identified')).id;
    ids.bertil = (await storeApplication(server.db, 'kulutusluotto', as(BERTIL, validApplication()), 'identified')).id;
    ids.olli = (await storeApplication(server.db, 'kulutusluotto', as(OLLI, validApplication()), 'identified')).id;
    await logIn(server.url, anna, outbox, { loginSsn: ANNA.ssn, loginPhone: ANNA.phone }, ANNA.email);
    await logIn(server.url, bertil, outbox, { loginSsn: BERTIL.ssn, loginPhone: BERTIL.phone }, BERTIL.email);
    await logIn(server.url, olli, outbox, { loginSsn: OLLI.ssn, loginPhone: OLLI.phone }, OLLI.email);
  });
  afterAll(async () => {
    await server?.close();
  });

  const count = async () => Number((await server.db.query<{ n: string }>('SELECT count(*) AS n FROM insurance_applications')).rows[0].n);

  it('answers 401 without a logged-in session', async () => {
    const stranger = new Browser();
    expect((await stranger.get(url('/api/insuranceApplication'))).status).toBe(401);
    const created = await stranger.post(url('/api/insuranceApplication/create'), { ...FORM, brand: 'lainavertailu' });
    expect(created.status).toBe(401);
    expect((await stranger.post(url('/api/insuranceApplication/update/1'), { ...FORM, brand: 'lainavertailu' })).status).toBe(401);
    expect(await count()).toBe(0);
  });

  it('answers the age, names and eligibility before any insurance application', async () => {
    const answer = await anna.get(url('/api/insuranceApplication'));
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body).toMatchObject({ hasInsuranceApplication: false, age: 44, firstName: 'Maija', lastName: 'Meikäläinen', insuranceApplication: null });
    expect((answer.body as { eligibility: { status: string } }).eligibility.status).not.toBe('notEligible');
  });

  it('refuses an invalid form with the document\'s Finnish messages and stores nothing', async () => {
    const answer = await anna.post(url('/api/insuranceApplication/create'), { ...FORM, paymentTier: 250, appliedDueDate: undefined, brand: 'lainavertailu', applicationId: ids.anna });
    expect(answer.status, answer.text).toBe(400);
    expect(answer.body).toEqual({ type: 'VALIDATION_ERROR', errors: { paymentTier: 'Valitse taso sadan euron välein', appliedDueDate: 'Pakollinen tieto' } });
    expect(await count()).toBe(0);
  });

  it('creates with the server\'s age, names and fee, whatever the body says, and reads it back', async () => {
    const answer = await anna.post(url('/api/insuranceApplication/create'), {
      ...FORM,
      brand: 'lainavertailu',
      applicationId: ids.anna,
      monthlyPayment: 0.01,
      age: 30,
      firstName: 'Joku',
      lastName: 'Muu',
    });
    expect(answer.status, answer.text).toBe(200);
    const created = answer.body as Data;
    expect(created).toMatchObject({
      applicationId: ids.anna,
      applicationStatus: 'WAITING_FOR_SIGNATURE',
      age: 44,
      firstName: 'Maija',
      lastName: 'Meikäläinen',
      paymentTier: 300,
      monthlyPayment: fee(300, 44),
      appliedDueDate: 15,
      assureAge: true,
    });
    ids.annaInsurance = created.insuranceApplicationId as number;
    const stored = await findInsurance(server.db, ids.annaInsurance, KEYS.of(ANNA.ssn));
    expect(stored?.data).toMatchObject({ monthlyPayment: fee(300, 44), age: 44, firstName: 'Maija' });

    const read = await anna.get(url('/api/insuranceApplication'));
    expect(read.body).toMatchObject({ hasInsuranceApplication: true, insuranceApplication: created });
  });

  it('answers 404 for another customer\'s insurance application and leaves it as it was', async () => {
    const answer = await bertil.post(url(`/api/insuranceApplication/update/${ids.annaInsurance}`), { ...FORM, paymentTier: 700, brand: 'lainavertailu' });
    expect(answer.status, answer.text).toBe(404);
    expect((await bertil.post(url('/api/insuranceApplication/update/999999'), { ...FORM, brand: 'lainavertailu' })).status).toBe(404);
    expect((await bertil.get(url('/api/insuranceApplication'))).body).toMatchObject({ hasInsuranceApplication: false, age: 36 });
    expect((await findInsurance(server.db, ids.annaInsurance, KEYS.of(ANNA.ssn)))?.data.paymentTier).toBe(300);
  });

  it('refuses another person\'s loan application as the source', async () => {
    const answer = await anna.post(url('/api/insuranceApplication/create'), { ...FORM, brand: 'lainavertailu', applicationId: ids.bertil });
    expect(answer.status, answer.text).toBe(404);
    expect(await count()).toBe(1);
  });

  it('updates the tier and the fee with it', async () => {
    const answer = await anna.post(url(`/api/insuranceApplication/update/${ids.annaInsurance}`), { ...FORM, paymentTier: 500, brand: 'lainavertailu', applicationId: ids.anna, monthlyPayment: 1 });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body).toMatchObject({ insuranceApplicationId: ids.annaInsurance, paymentTier: 500, monthlyPayment: fee(500, 44) });
    expect((await findInsurance(server.db, ids.annaInsurance, KEYS.of(ANNA.ssn)))?.data).toMatchObject({ paymentTier: 500, monthlyPayment: fee(500, 44) });
  });

  it('refuses to update a signed application with 409', async () => {
    const stored = (await findInsurance(server.db, ids.annaInsurance, KEYS.of(ANNA.ssn)))!;
    const signed = await markInsuranceSigned(server.db, ids.annaInsurance, {
      signerKey: KEYS.of(ANNA.ssn),
      signedAt: new Date(),
      contentHash: stored.contentHash,
      method: 'dev',
      claims: {},
    });
    expect(signed).toBe('signed');
    const answer = await anna.post(url(`/api/insuranceApplication/update/${ids.annaInsurance}`), { ...FORM, paymentTier: 200, brand: 'lainavertailu', applicationId: ids.anna });
    expect(answer.status, answer.text).toBe(409);
    expect(answer.body).toEqual({ type: 'INSURANCE_SIGNED', message: text('insuranceSigned') });
    expect((await findInsurance(server.db, ids.annaInsurance, KEYS.of(ANNA.ssn)))?.data.paymentTier).toBe(500);
    expect((await anna.get(url('/api/insuranceApplication'))).body).toMatchObject({ insuranceApplication: { applicationStatus: 'SIGNED', insurerAnswer: null } });
  });

  it('shows the insurer’s answer once it has answered the signed application', async () => {
    await server.db.transaction((tx) => sendToInsurer(tx, ids.annaInsurance, { now: new Date(Date.now() - INSURER_DELAY_MS) }));
    await answerDueInsurance(server.db);
    const read = (await anna.get(url('/api/insuranceApplication'))).body as { insuranceApplication: { insurerAnswer: { decision: string; answeredAt: string } } };
    expect(read.insuranceApplication.insurerAnswer).toMatchObject({ decision: 'ACCEPTED' });
    expect(Number.isNaN(Date.parse(read.insuranceApplication.insurerAnswer.answeredAt))).toBe(false);
  });

  it('refuses a customer the service knows is not eligible (64 years old) with 403 and the message', async () => {
    const read = await olli.get(url('/api/insuranceApplication'));
    expect(read.body).toMatchObject({ age: 64, eligibility: { status: 'notEligible', reasons: ['age'] } });
    const before = await count();
    const answer = await olli.post(url('/api/insuranceApplication/create'), { ...FORM, brand: 'lainavertailu', applicationId: ids.olli });
    expect(answer.status, answer.text).toBe(403);
    expect(answer.body).toEqual({ type: 'INSURANCE_NOT_ELIGIBLE', message: text('insuranceNotEligible') });
    expect(await count()).toBe(before);
  });

  it('refuses a body with fields the form does not have or an unknown brand', async () => {
    const before = await count();
    expect((await anna.post(url('/api/insuranceApplication/create'), { ...FORM, brand: 'lainavertailu', password: 'x' })).status).toBe(400);
    expect((await anna.post(url('/api/insuranceApplication/create'), { ...FORM, brand: 'tuntematon' })).status).toBe(400);
    expect(await count()).toBe(before);
  });
});
