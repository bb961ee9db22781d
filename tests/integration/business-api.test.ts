// The business loan over real HTTP on a real database (issue 16): one create call
// validates the whole document, stores the application and sends it to the business
// financiers at once; the offers come back on the business API in the spec's order;
// the applied amount; accepting. Bad input is a clear 4xx that stores nothing.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { answerDueDispatches } from '../../src/server/marketplace/dispatcher.ts';
import { loadMarkets } from '../../src/server/marketplace/markets.ts';
import { validBusiness } from '../fixtures/business-valid.ts';
import { describeOnDatabases } from './helpers/database.ts';
import { get, post, startTestServer, storedRow, type TestServer } from './helpers/server.ts';

const API = '/api/business-applications';
type Credentials = { id: number; token: string };
type Offer = { id: number; partnerCode: string; partnerName: string; amount: number; apr: number; logoUrl: string };

describeOnDatabases('the business application API', (target) => {
  let server: TestServer;
  const url = (path: string) => `${server.url}${path}`;
  const count = async () => Number((await server.db.query<{ n: string | number }>('SELECT count(*) AS n FROM applications')).rows[0].n);

  beforeAll(async () => {
    server = await startTestServer(target, { lenderDelayScale: 0 });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('creates the whole application in one call and sends it to the business financiers only', async () => {
    const created = await post(url(`${API}/create`), { ...validBusiness(), brand: 'lainavertailu', referrer: 'https://example.fi/', channelId: 'kumppani' });
    expect(created.status, created.text).toBe(200);
    const { id, token } = created.body as Credentials;
    expect(typeof id).toBe('number');
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const row = await storedRow(server.db, id);
    expect(row).toMatchObject({ product: 'yritysluotto', status: 'finalized', step: 0 });
    expect(JSON.parse(String(row!.data))).toMatchObject({ phone: '0141234567', appliedTenor: '12', businessIdentityCode: '0737546-2' });

    const queued = await server.db.query<{ lender_code: string }>('SELECT lender_code FROM lender_dispatches WHERE application_id = $1', [id]);
    const business = new Set(loadMarkets().market('business').lenders.map((lender) => lender.code));
    expect(queued.rows.length).toBe(business.size);
    for (const { lender_code: code } of queued.rows) expect(business.has(code), code).toBe(true);

    expect((await get(url(`${API}/applied-amount/${id}/${token}`))).body).toBe(25000);
  });

  it('answers the offers on the business API by lowest APR, then closeness to the applied amount, and accepts one', async () => {
    const { id, token } = (await post(url(`${API}/create`), validBusiness())).body as Credentials;
    const before = await get(url(`${API}/offers/${id}/${token}?page=0&size=100`));
    expect(before.body).toMatchObject({ content: [], dispatched: true });
    while ((await answerDueDispatches(server.db)) > 0);
    const answer = await get(url(`${API}/offers/${id}/${token}?page=0&size=100`));
    expect(answer.status).toBe(200);
    const { content, pendingLenders } = answer.body as { content: Offer[]; pendingLenders: number };
    expect(pendingLenders).toBe(0);
    expect(content.length).toBeGreaterThan(1);
    for (let i = 1; i < content.length; i++) {
      const [a, b] = [content[i - 1], content[i]];
      expect(a.apr < b.apr || (a.apr === b.apr && Math.abs(a.amount - 25000) <= Math.abs(b.amount - 25000)), `${a.partnerCode} before ${b.partnerCode}`).toBe(true);
    }
    const logo = await get(url(content[0].logoUrl));
    expect(logo.status).toBe(200);
    const accepted = await post(url(`${API}/offers/${id}/${token}`), { offerId: content[0].id });
    expect(accepted.status, accepted.text).toBe(200);
    const lenderPage = await get(url((accepted.body as { url: string }).url));
    expect(lenderPage.status).toBe(200);
    // The business financier's own page (its name, its colour sheet), as for a consumer lender.
    expect(lenderPage.text).toContain(content[0].partnerName);
    expect((await get(url(`/lainaaja/vari/${content[0].partnerCode}.css`))).status).toBe(200);
    // A page of one: the order holds across pages.
    const second = await get(url(`${API}/offers/${id}/${token}?page=1&size=1`));
    expect((second.body as { content: Offer[] }).content[0].id).toBe(content[1].id);
  });

  it.each([
    ['a wrong Y-tunnus check digit', { businessIdentityCode: '0737546-3' }, { businessIdentityCode: 'Tarkasta Y-tunnus' }],
    ['a short IBAN', { ibanNumber: 'FI21 1234 5600 0007' }, { ibanNumber: 'Tarkista tilinumeron pituus' }],
    ['a foreign IBAN', { ibanNumber: 'SE4550000000058398257466' }, { ibanNumber: 'Tilinumero on virheellinen' }],
    ['a turnover under 500', { monthlyTurnover: 499 }, { monthlyTurnover: 'Vähintään 500' }],
    ['an amount over the limit', { appliedAmount: 350001 }, { appliedAmount: 'Enintään 350000' }],
    ['a term not offered', { appliedTenor: '49' }, { appliedTenor: 'Valitse jokin vaihtoehdoista' }],
    ['a bad phone', { phone: '040 12' }, { phone: 'Puhelinnumero on liian lyhyt' }],
    ['a bad e-mail', { email: 'talous@' }, { email: 'Sähköpostin muoto on virheellinen' }],
  ])('refuses %s with VALIDATION_ERROR and its Finnish message, storing nothing', async (_name, change, errors) => {
    const before = await count();
    const answer = await post(url(`${API}/create`), { ...validBusiness(), ...change });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ type: 'VALIDATION_ERROR', errors });
    expect(await count()).toBe(before);
  });

  it('refuses an unknown field, a wrong type, a non-object and a huge body without a 5xx or a row', async () => {
    const before = await count();
    const cases: Array<[unknown, number]> = [
      [{ ...validBusiness(), inputAppliedAmount: 5000 }, 400],
      [{ ...validBusiness(), appliedAmount: 'paljon' }, 400],
      [[validBusiness()], 400],
      ['{"appliedAmount":', 400],
      [{ ...validBusiness(), name: 'x'.repeat(2_000_000) }, 413],
    ];
    for (const [body, status] of cases) {
      const answer = await post(url(`${API}/create`), body);
      expect(answer.status, JSON.stringify(answer.body).slice(0, 200)).toBe(status);
    }
    expect(await count()).toBe(before);
  });

  it('answers the same 404 for a wrong token, another product and a malformed id; has no save calls', async () => {
    const { id, token } = (await post(url(`${API}/create`), validBusiness())).body as Credentials;
    for (const path of [`${API}/offers/${id}/${'x'.repeat(43)}`, `${API}/applied-amount/${id}/${'x'.repeat(43)}`, `${API}/offers/abc/${token}`]) {
      expect((await get(url(path))).status, path).toBe(404);
    }
    const consumer = await post(url('/api/lainavertailu22/consumer-applications/save'), { loanPurposeId: 16, inputAppliedAmount: 5000, inputAppliedTenor: 3, hasCoApplicant: false, additionalFormData: { step: 1 } });
    const c = consumer.body as Credentials;
    expect((await get(url(`${API}/offers/${c.id}/${c.token}`))).status).toBe(404);
    expect((await post(url(`${API}/save`), validBusiness())).status).toBe(404);
  });
});
