// The customer area of issue 17 (marketplace spec §3 "Previous application and overview",
// "User", §7 "Customer area") over real HTTP on a real database: a logged-in customer sees
// the applications of every product they proved (issue 24: identified for, or a business loan
// sent logged in), the latest one's offers and pending lenders, cancels and accepts, and edits
// their details; another customer reaches none of it, and what someone else made with their
// identity code is not theirs (customer-proof.test.ts).
import { afterAll, beforeAll, expect, it } from 'vitest';
import { answerDueDispatches, dispatchApplication } from '../../src/server/marketplace/dispatcher.ts';
import { DevOutbox } from '../../src/server/notify/notifier.ts';
import { validBusiness } from '../fixtures/business-valid.ts';
import { validApplication } from '../fixtures/consumer-valid.ts';
import { validMortgage } from '../fixtures/mortgage-valid.ts';
import { personalIdOfAge } from '../fixtures/personal-id.ts';
import { describeOnDatabases } from './helpers/database.ts';
import { logIn, storeApplication, type Person } from './helpers/customer.ts';
import { Browser, post, startTestServer, type TestServer } from './helpers/server.ts';


type Data = Record<string, unknown>;


const ANNA: Person = { ssn: personalIdOfAge(44, 232), phone: '0441230001', email: 'anna.asiakas@example.fi' };
const BERTIL: Person = { ssn: personalIdOfAge(36, 515), phone: '0441230002', email: 'bertil.toinen@example.fi' };

/** The person's identity code, phone and e-mail (and the repeat fields the form has) over a fixture. */
function as(person: Person, data: Data): Data {
  const own: Data = { ...data, primaryApplicantPersonalIdentificationNumber: person.ssn, primaryApplicantMobilephone: person.phone, primaryApplicantEmail: person.email };
  if ('primaryApplicantMobilephone2' in data) own.primaryApplicantMobilephone2 = person.phone;
  if ('primaryApplicantEmail2' in data) own.primaryApplicantEmail2 = person.email;
  return own;
}

interface Overview {
  latestApplication: {
    applicationId: number;
    applicationType: string;
    appliedAmount: number | null;
    createdAt: string;
    receivedOfferCount: number;
    pendingOffers: Array<{ partnerCode: string; partnerName: string }>;
    applicationState: string;
  } | null;
  previousApplications: Array<{
    applicationId: number;
    applicationType: string;
    appliedAmount: number | null;
    createdAt: string;
    receivedOfferCount: number;
    relevant: boolean;
    applicationState: string;
  }>;
}

describeOnDatabases('customer area', (target) => {
  let server: TestServer;
  const outbox = new DevOutbox(() => {});
  const url = (path: string) => `${server.url}${path}`;
  const anna = new Browser();
  const bertil = new Browser();
  const ids: Record<string, { id: number; token: string }> = {};

  beforeAll(async () => {
    server = await startTestServer(target, { devTools: true, notifier: outbox, lenderDelayScale: 0 });
    const { db } = server;
    // Anna's applications, oldest first: a business loan she sent logged in, a mortgage and a
    // consolidation loan she identified for, a mortgage still waiting for identification and a
    // consolidation loan left as a draft (neither sent, so not listed: issue 25 item 3), a
    // consumer loan identified and sent to the lenders (the latest).
    ids.business = await storeApplication(db, 'yritysluotto', as(ANNA, validBusiness()), 'proved');
    ids.mortgage = await storeApplication(db, 'asuntolaina', as(ANNA, validMortgage()), 'identified');
    ids.combine = await storeApplication(db, 'yhdistelylaina', as(ANNA, { ...validApplication(), loanPurposeId: 19 }), 'identified');
    ids.unsentMortgage = await storeApplication(db, 'asuntolaina', as(ANNA, validMortgage()), 'submitted');
    ids.draft = await storeApplication(db, 'yhdistelylaina', as(ANNA, { ...validApplication(), loanPurposeId: 19 }), 'draft');
    ids.consumer = await storeApplication(db, 'kulutusluotto', as(ANNA, validApplication()), 'identified');
    ids.bertil = await storeApplication(db, 'kulutusluotto', as(BERTIL, validApplication()), 'identified');

    // The lenders: the business financiers answered; of the consumer loan's lenders all but
    // the three slowest answered, those are still pending.
    const now = Date.now();
    await dispatchApplication(db, ids.business.id, { market: 'business', delayScale: 0, now: new Date(now) });
    for (const id of [ids.consumer.id, ids.bertil.id]) await dispatchApplication(db, id, { delayScale: 1, now: new Date(now) });
    const due = await db.query<{ due_at: Date | string }>('SELECT due_at FROM lender_dispatches WHERE application_id = $1 ORDER BY due_at', [ids.consumer.id]);
    const cut = new Date(due.rows[due.rows.length - 4].due_at);
    while ((await answerDueDispatches(db, { now: cut })) > 0);

    await logIn(server.url, anna, outbox, { loginSsn: ANNA.ssn, loginPhone: ANNA.phone }, ANNA.email);
    await logIn(server.url, bertil, outbox, { loginSsn: BERTIL.ssn, loginPhone: BERTIL.phone }, BERTIL.email);
  });
  afterAll(async () => {
    await server?.close();
  });

  const overview = async (browser: Browser) => {
    const answer = await browser.get(url('/api/applications'));
    expect(answer.status, answer.text).toBe(200);
    return answer.body as Overview;
  };
  const offerCount = async (applicationId: number) =>
    Number((await server.db.query<{ n: string }>('SELECT count(*) AS n FROM offers WHERE application_id = $1', [applicationId])).rows[0].n);
  const pendingCount = async (applicationId: number) =>
    Number((await server.db.query<{ n: string }>(`SELECT count(*) AS n FROM lender_dispatches WHERE application_id = $1 AND status = 'pending'`, [applicationId])).rows[0].n);

  it('refuses every call without a logged-in session', async () => {
    const visitor = new Browser();
    for (const path of ['/api/applications', '/api/applications/latest-offers', `/api/applications/${ids.consumer.id}/offers`, '/api/user']) {
      const answer = await visitor.get(url(path));
      expect(answer.status, path).toBe(401);
      expect(answer.body).toMatchObject({ type: 'SESSION_REQUIRED' });
    }
    for (const [path, body] of [
      ['/api/applications/cancel', { applicationId: ids.consumer.id }],
      ['/api/applications/accept', { applicationId: ids.consumer.id, offerId: 1 }],
      ['/api/user', { address: 'Katu 1', zip: '00100', city: 'Helsinki', phone: '0401234567', email: 'a@example.fi', hasMarketingBan: false }],
    ] as const) {
      expect((await visitor.post(url(path), body)).status, path).toBe(401);
    }
  });

  it('lists the person\'s sent applications of every product with their types and states, the latest first with its pending lenders', async () => {
    const { latestApplication: latest, previousApplications: previous } = await overview(anna);
    expect(latest).toMatchObject({
      applicationId: ids.consumer.id,
      applicationType: 'CONSUMER',
      appliedAmount: 15000,
      applicationState: 'FINALIZED',
      receivedOfferCount: await offerCount(ids.consumer.id),
    });
    expect(Date.parse(latest!.createdAt)).not.toBeNaN();
    expect(latest!.pendingOffers).toHaveLength(3);
    for (const lender of latest!.pendingOffers) expect(lender).toEqual({ partnerCode: expect.any(String), partnerName: expect.any(String) });
    expect(latest!.pendingOffers.map((lender) => lender.partnerName)).not.toContain(latest!.pendingOffers[0].partnerCode);

    expect(previous.map((application) => [application.applicationId, application.applicationType, application.applicationState, application.relevant])).toEqual([
      [ids.combine.id, 'COMBINE', 'FINALIZED', true],
      [ids.mortgage.id, 'MORTGAGE', 'FINALIZED', true],
      [ids.business.id, 'BUSINESS', 'FINALIZED', true],
    ]);
    expect(previous.find((application) => application.applicationId === ids.business.id)).toMatchObject({ appliedAmount: 25000, receivedOfferCount: await offerCount(ids.business.id) });
    expect(previous.find((application) => application.applicationId === ids.mortgage.id)?.appliedAmount).toBe(240000);
    // Nothing of Bertil's.
    expect([latest!.applicationId, ...previous.map((application) => application.applicationId)]).not.toContain(ids.bertil.id);
  });

  it('answers the latest offers as the offers page does, sorted as asked and then by amount', async () => {
    expect(await offerCount(ids.consumer.id)).toBeGreaterThan(1);
    const latest = await anna.get(url('/api/applications/latest-offers?page=0&size=100&sort=apr,asc'));
    expect(latest.status, latest.text).toBe(200);
    const byLink = await anna.get(url(`/api/lainavertailu22/offers/${ids.consumer.id}/${ids.consumer.token}?page=0&size=100&sort=apr,asc&sort=amount,desc`));
    expect(latest.body).toEqual(byLink.body);
    const page = latest.body as { content: Array<{ apr: number; amount: number }>; pendingLenders: number; totalElements: number };
    expect(page.pendingLenders).toBe(3);
    expect(page.content.length).toBe(page.totalElements);
    for (let i = 1; i < page.content.length; i++) {
      const [a, b] = [page.content[i - 1], page.content[i]];
      expect(a.apr < b.apr || (a.apr === b.apr && a.amount >= b.amount)).toBe(true);
    }
    // Default sort apr,asc; the same by id.
    expect((await anna.get(url('/api/applications/latest-offers'))).body).toEqual(latest.body);
    expect((await anna.get(url(`/api/applications/${ids.consumer.id}/offers?sort=apr,asc`))).body).toEqual(latest.body);
    const byPayment = await anna.get(url(`/api/applications/${ids.consumer.id}/offers?sort=monthlyPayment,desc&size=2`));
    expect((byPayment.body as { content: unknown[] }).content).toHaveLength(2);
    expect((await anna.get(url('/api/applications/latest-offers?sort=name,asc'))).status).toBe(400);
    // The business application's offers in the business order, as its own page has them.
    const business = await anna.get(url(`/api/applications/${ids.business.id}/offers`));
    const businessByLink = await anna.get(url(`/api/business-applications/offers/${ids.business.id}/${ids.business.token}`));
    expect((business.body as { content: unknown[] }).content).toEqual((businessByLink.body as { content: unknown[] }).content);
  });

  it('keeps one customer from seeing, cancelling or accepting another\'s applications', async () => {
    const [annasOffer] = (await server.db.query<{ id: number | string }>('SELECT id FROM offers WHERE application_id = $1 ORDER BY id LIMIT 1', [ids.consumer.id])).rows;
    const before = await server.db.query('SELECT cancelled_at, status FROM applications WHERE id = $1', [ids.consumer.id]);

    expect((await bertil.get(url(`/api/applications/${ids.consumer.id}/offers`))).status).toBe(404);
    const cancel = await bertil.post(url('/api/applications/cancel'), { applicationId: ids.consumer.id });
    expect(cancel.status).toBe(404);
    expect(cancel.body).toMatchObject({ type: 'NOT_FOUND' });
    const accept = await bertil.post(url('/api/applications/accept'), { applicationId: ids.consumer.id, offerId: Number(annasOffer.id) });
    expect(accept.status).toBe(404);
    // Naming his own application with her offer gets him nothing either.
    expect((await bertil.post(url('/api/applications/accept'), { applicationId: ids.bertil.id, offerId: Number(annasOffer.id) })).status).toBe(404);

    expect((await server.db.query('SELECT cancelled_at, status FROM applications WHERE id = $1', [ids.consumer.id])).rows).toEqual(before.rows);
    expect((await server.db.query('SELECT accepted_at FROM offers WHERE id = $1', [annasOffer.id])).rows[0].accepted_at).toBeNull();
    expect(await pendingCount(ids.consumer.id)).toBe(3);
    expect((await overview(bertil)).latestApplication?.applicationId).toBe(ids.bertil.id);
    expect((await overview(bertil)).previousApplications).toEqual([]);
    expect((await bertil.get(url('/api/applications/not-a-number/offers'))).status).toBe(404);
  });

  it('accepts an offer of the person\'s application: a url to the lender\'s page', async () => {
    const [offer] = (await server.db.query<{ id: number | string }>('SELECT id FROM offers WHERE application_id = $1 ORDER BY id LIMIT 1', [ids.consumer.id])).rows;
    const accepted = await anna.post(url('/api/applications/accept'), { applicationId: ids.consumer.id, offerId: Number(offer.id) });
    expect(accepted.status, accepted.text).toBe(200);
    const { url: landing } = accepted.body as { url: string };
    expect(landing).toMatch(new RegExp(`^/lainaaja/[a-z0-9-]+/${offer.id}/[A-Za-z0-9_-]{43}$`));
    expect((await anna.get(url(landing))).status).toBe(200);
    expect((await anna.post(url('/api/applications/accept'), { applicationId: ids.consumer.id, offerId: 999999 })).status).toBe(404);
    expect((await anna.post(url('/api/applications/accept'), { applicationId: ids.consumer.id })).status).toBe(400);
  });

  it('cancels an application: idempotent, its pending lenders never answer, and it shows as cancelled', async () => {
    // Bertil's pending lenders, then cancelled by him: they stay unanswered however long the dispatcher runs.
    expect(await pendingCount(ids.bertil.id)).toBeGreaterThan(0);
    const offersBefore = await offerCount(ids.bertil.id);
    const cancelled = await bertil.post(url('/api/applications/cancel'), { applicationId: ids.bertil.id });
    expect(cancelled.status, cancelled.text).toBe(200);
    expect(cancelled.body).toEqual({ cancelled: true });
    expect((await bertil.post(url('/api/applications/cancel'), { applicationId: String(ids.bertil.id) })).body).toEqual({ cancelled: true });
    expect(await pendingCount(ids.bertil.id)).toBe(0);
    while ((await answerDueDispatches(server.db, { now: new Date(Date.now() + 3_600_000) })) > 0);
    expect(await offerCount(ids.bertil.id)).toBe(offersBefore);
    const statuses = await server.db.query<{ status: string }>('SELECT DISTINCT status FROM lender_dispatches WHERE application_id = $1 ORDER BY status', [ids.bertil.id]);
    expect(statuses.rows.map((row) => row.status)).toContain('cancelled');
    const { latestApplication } = await overview(bertil);
    expect(latestApplication).toMatchObject({ applicationId: ids.bertil.id, applicationState: 'CANCELLED', pendingOffers: [] });
    // A cancelled application's offers can no longer be accepted.
    const [offer] = (await server.db.query<{ id: number | string }>('SELECT id FROM offers WHERE application_id = $1 LIMIT 1', [ids.bertil.id])).rows;
    if (offer) expect((await bertil.post(url('/api/applications/accept'), { applicationId: ids.bertil.id, offerId: Number(offer.id) })).status).toBe(409);

    // Anna cancels her consolidation loan: it stays in the list, cancelled and not relevant.
    expect((await anna.post(url('/api/applications/cancel'), { applicationId: ids.combine.id })).status).toBe(200);
    const previous = (await overview(anna)).previousApplications.find((application) => application.applicationId === ids.combine.id);
    expect(previous).toMatchObject({ applicationState: 'CANCELLED', relevant: false });
    // Nor is an offer accepted through its link.
    const [bertilOffer] = (await server.db.query<{ id: number | string }>('SELECT id FROM offers WHERE application_id = $1 LIMIT 1', [ids.bertil.id])).rows;
    expect(bertilOffer, 'Bertil has an answered offer').toBeDefined();
    const byLink = await post(url(`/api/lainavertailu22/consumer-applications/offers/${ids.bertil.id}/${ids.bertil.token}`), { offerId: Number(bertilOffer.id) });
    expect(byLink.status).toBe(409);
    expect((await anna.post(url('/api/applications/cancel'), { applicationId: 'x' })).status).toBe(400);
    expect((await anna.post(url('/api/applications/cancel'), { applicationId: ids.combine.id, extra: 1 })).status).toBe(400);
  });

  it('shows the user\'s details from the latest identified application and updates them with Finnish field messages', async () => {
    const got = await anna.get(url('/api/user'));
    expect(got.status, got.text).toBe(200);
    expect(got.body).toEqual({
      name: 'Maija Meikäläinen',
      address: 'Mannerheimintie 1 A 2',
      zip: '00100',
      city: 'Helsinki',
      phone: ANNA.phone,
      email: ANNA.email,
      hasMarketingBan: false,
    });

    const stored = async () => (await server.db.query<{ data: Data; marketing_ban_at: unknown }>('SELECT data, marketing_ban_at FROM applications WHERE id = $1', [ids.consumer.id])).rows[0];
    const before = await stored();
    const bad = await anna.post(url('/api/user'), { name: 'Joku Muu', address: 'K', zip: '123', city: 'Hel1nki', phone: '+46 70 123 4567', email: 'anna@', hasMarketingBan: 'kyllä' });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({
      type: 'VALIDATION_ERROR',
      errors: {
        address: 'Tarkista katuosoite',
        zip: 'Tarkista postinumero',
        city: 'Tarkista postitoimipaikka',
        phone: 'Tarkasta suuntanumero',
        email: 'Sähköpostin muoto on virheellinen',
        hasMarketingBan: 'Valitse kyllä tai ei',
      },
    });
    expect((await anna.post(url('/api/user'), { address: 'Katu 1' })).body).toMatchObject({ type: 'VALIDATION_ERROR', errors: { zip: 'Pakollinen tieto', phone: 'Pakollinen tieto' } });
    expect((await anna.post(url('/api/user'), { address: 'Katu 1', unknown: true })).status).toBe(400);
    // A payload, not details: refused before it is read.
    expect((await anna.post(url('/api/user'), { address: 'K'.repeat(5000), zip: '00100' })).status).toBe(413);
    expect(await stored()).toEqual(before);

    const updated = await anna.post(url('/api/user'), {
      name: 'Ei Muutu',
      address: ' Aleksanterinkatu 5 B 6 ',
      zip: '33100',
      city: 'Tampere',
      phone: '+358 50 765 4321',
      email: 'anna.uusi@Example.FI',
      hasMarketingBan: true,
    });
    expect(updated.status, updated.text).toBe(200);
    const user = { name: 'Maija Meikäläinen', address: 'Aleksanterinkatu 5 B 6', zip: '33100', city: 'Tampere', phone: '0507654321', email: 'anna.uusi@example.fi', hasMarketingBan: true };
    expect(updated.body).toEqual(user);
    expect((await anna.get(url('/api/user'))).body).toEqual(user);
    const after = await stored();
    expect(after.data).toMatchObject({
      primaryApplicantAddress: user.address,
      primaryApplicantZip: '33100',
      primaryApplicantCity: 'Tampere',
      primaryApplicantMobilephone: '0507654321',
      primaryApplicantMobilephone2: '0507654321',
      primaryApplicantEmail: 'anna.uusi@example.fi',
      primaryApplicantEmail2: 'anna.uusi@example.fi',
      primaryApplicantFirstnames: 'Maija',
    });
    expect(after.marketing_ban_at).not.toBeNull();
    // The ban is the person's: on every application she proved, none of Bertil's, and not on
    // what carries her identity code without being hers (the unsent ones).
    const bans = await server.db.query<{ id: number | string; banned: boolean }>('SELECT id, marketing_ban_at IS NOT NULL AS banned FROM applications ORDER BY id');
    const hers = [ids.business, ids.mortgage, ids.combine, ids.consumer].map((application) => application.id);
    for (const row of bans.rows) expect(row.banned, String(row.id)).toBe(hers.includes(Number(row.id)));

    const unbanned = await anna.post(url('/api/user'), { ...user, hasMarketingBan: false });
    expect((unbanned.body as { hasMarketingBan: boolean }).hasMarketingBan).toBe(false);
    expect((await stored()).marketing_ban_at).toBeNull();

    // The next login's code goes to the new address, with the new phone.
    const again = new Browser();
    await logIn(server.url, again, outbox, { loginSsn: ANNA.ssn, loginPhone: '0507654321' }, 'anna.uusi@example.fi');
    expect((await again.get(url('/api/user'))).body).toEqual({ ...user, hasMarketingBan: false });
  });

  it('never logs identity codes, phones or e-mail addresses', () => {
    const logs = server.rawLogs.join('\n');
    for (const secret of [ANNA.ssn, BERTIL.ssn, ANNA.phone, ANNA.email, '0507654321', 'anna.uusi@example.fi', 'Aleksanterinkatu']) expect(logs).not.toContain(secret);
  });
});
