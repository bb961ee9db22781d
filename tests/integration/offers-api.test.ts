// The offers API over real HTTP on a real database: listing with sort pairs and paging,
// refusals that change nothing, accepting and the lender page the answer leads to.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { answerDueDispatches, cancelDispatches, dispatchApplication } from '../../src/server/marketplace/dispatcher.ts';
import { loadCatalogue } from '../../src/server/marketplace/catalogue.ts';
import { newToken } from '../../src/server/tokens.ts';
import { describeOnDatabases } from './helpers/database.ts';
import { get, post, startTestServer, storeConsumerApplication, type TestServer } from './helpers/server.ts';

interface OfferBody {
  id: number;
  partnerCode: string;
  partnerName: string;
  amount: number;
  tenor: number;
  interest: number;
  apr: number;
  monthlyPayment: number;
  totalAmount: number;
  downsell: boolean;
  lenderInfo: string;
  buttonText: string;
  logoUrl: string;
}
interface PageBody {
  content: OfferBody[];
  page: number;
  size: number;
  totalElements: number;
  totalPages: number;
  pendingLenders: number;
  totalLenders: number;
  dispatched: boolean;
}

describeOnDatabases('offers API', (target) => {
  let server: TestServer;
  let app: { id: number; token: string };
  let other: { id: number; token: string };
  const offersUrl = (a: { id: number; token: string }, query = '') => `${server.url}/api/lainavertailu22/offers/${a.id}/${a.token}${query}`;
  const acceptUrl = (a: { id: number; token: string }) => `${server.url}/api/lainavertailu22/consumer-applications/offers/${a.id}/${a.token}`;

  const newApplication = () => storeConsumerApplication(server.db);


  async function answerAll(): Promise<void> {
    while ((await answerDueDispatches(server.db, { now: new Date(Date.now() + 60_000) })) > 0);
  }

  async function acceptCount(): Promise<number> {
    const result = await server.db.query<{ n: string | number }>('SELECT count(*) AS n FROM offers WHERE accepted_at IS NOT NULL');
    return Number(result.rows[0].n);
  }

  beforeAll(async () => {
    server = await startTestServer(target);
    app = await newApplication();
    other = await newApplication();
  });
  afterAll(async () => {
    await server?.close();
  });

  it('says nothing was dispatched before the application is sent, then lists every pending lender', async () => {
    let answer = await get(offersUrl(app));
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect(answer.body).toMatchObject({ content: [], totalElements: 0, pendingLenders: 0, totalLenders: 0, dispatched: false });

    await dispatchApplication(server.db, app.id, { delayScale: 0 });
    await dispatchApplication(server.db, other.id, { delayScale: 0 });
    answer = await get(offersUrl(app));
    const lenders = loadCatalogue().lenders.length;
    expect(answer.body).toMatchObject({ content: [], dispatched: true, pendingLenders: lenders, totalLenders: lenders });
    await answerAll();
    // Answered, every one: none pending, the total unchanged (the page shows answered of total).
    expect((await get(offersUrl(app))).body).toMatchObject({ dispatched: true, pendingLenders: 0, totalLenders: lenders });
  });

  it('sorts by repeated sort pairs and pages', async () => {
    const all = (await get(offersUrl(app, '?page=0&size=100&sort=amount,desc&sort=apr,asc'))).body as PageBody;
    expect(all.pendingLenders).toBe(0);
    expect(all.totalElements).toBeGreaterThan(2);
    expect(all.content).toHaveLength(all.totalElements);
    const pairs = all.content.map((o) => [o.amount, o.apr]);
    const sorted = [...pairs].sort((a, b) => b[0] - a[0] || a[1] - b[1]);
    expect(pairs).toEqual(sorted);
    const first = all.content[0];
    expect(Object.keys(first)).toEqual(
      expect.arrayContaining(['id', 'partnerCode', 'partnerName', 'amount', 'tenor', 'totalAmount', 'interest', 'apr', 'monthlyPayment', 'lenderInfo', 'buttonText', 'downsell', 'logoUrl']),
    );
    expect(first.logoUrl).toBe(`/images/partners/${first.partnerCode}.svg`);

    const byPayment = (await get(offersUrl(app, '?sort=monthlyPayment,desc'))).body as PageBody;
    const payments = byPayment.content.map((o) => o.monthlyPayment);
    expect(payments).toEqual([...payments].sort((a, b) => b - a));

    const defaultOrder = (await get(offersUrl(app))).body as PageBody;
    const aprs = defaultOrder.content.map((o) => o.apr);
    expect(aprs).toEqual([...aprs].sort((a, b) => a - b));

    const page0 = (await get(offersUrl(app, '?page=0&size=2&sort=apr,asc'))).body as PageBody;
    const page1 = (await get(offersUrl(app, '?page=1&size=2&sort=apr,asc'))).body as PageBody;
    expect(page0).toMatchObject({ page: 0, size: 2, totalElements: all.totalElements, totalPages: Math.ceil(all.totalElements / 2) });
    expect(page1.page).toBe(1);
    expect([...page0.content, ...page1.content].map((o) => o.id)).toEqual(defaultOrder.content.slice(0, 4).map((o) => o.id));
  });

  it.each([
    '?sort=partner_name,asc',
    '?sort=apr;DROP TABLE offers,asc',
    '?sort=apr,up',
    '?sort=apr,asc,extra',
    '?sort=',
    '?size=0',
    '?size=101',
    '?page=-1',
    '?page=x',
    '?page=1&page=2',
    '?debug=1',
  ])('refuses %s with 400', async (query) => {
    const answer = await get(offersUrl(app, query));
    expect(answer.status, answer.text).toBe(400);
    expect(answer.body).toMatchObject({ type: 'BAD_REQUEST' });
  });

  it('answers 404 for a wrong token, a wrong id and a malformed token alike', async () => {
    for (const url of [
      offersUrl({ id: app.id, token: other.token }),
      offersUrl({ id: 99_999_999, token: app.token }),
      `${server.url}/api/lainavertailu22/offers/${app.id}/short`,
      `${server.url}/api/lainavertailu22/offers/abc/${app.token}`,
    ]) {
      const answer = await get(url);
      expect(answer.status, url).toBe(404);
      expect(answer.body).toMatchObject({ type: 'NOT_FOUND' });
    }
  });

  it('accepts an offer: the url opens the lender page showing it; accepting again changes nothing else', async () => {
    const offers = ((await get(offersUrl(app))).body as PageBody).content;
    const offer = offers[0];
    const answer = await post(acceptUrl(app), { offerId: offer.id });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    const { url } = answer.body as { url: string };
    expect(url).toMatch(new RegExp(`^/lainaaja/${offer.partnerCode}/${offer.id}/[A-Za-z0-9_-]{43}$`));
    expect(await acceptCount()).toBe(1);

    const page = await get(`${server.url}${url}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(page.text).toContain(offer.partnerName);
    expect(page.text).toContain('simuloitu kumppanisivu');
    expect(page.text).toContain('ei vielä sido');
    expect(page.text).toContain(new Intl.NumberFormat('fi-FI', { style: 'currency', currency: 'EUR' }).format(offer.amount));
    expect(page.text).not.toMatch(/<script/i);

    // Again (the modal's close icon fires the same call): a fresh url, both work, still one accepted offer.
    const again = await post(acceptUrl(app), { offerId: String(offer.id) });
    expect(again.status).toBe(200);
    const second = (again.body as { url: string }).url;
    expect(second).not.toBe(url);
    expect((await get(`${server.url}${second}`)).status).toBe(200);
    expect((await get(`${server.url}${url}`)).status).toBe(200);
    expect(await acceptCount()).toBe(1);
  });

  it('the lender page refuses a wrong accept token, another partner and an offer not accepted', async () => {
    const offers = ((await get(offersUrl(app))).body as PageBody).content;
    const { url } = (await post(acceptUrl(app), { offerId: offers[0].id })).body as { url: string };
    const [, , partner, offerId] = url.split('/');
    const wrongToken = newToken().token;
    for (const path of [
      `/lainaaja/${partner}/${offerId}/${wrongToken}`,
      `/lainaaja/${offers[1].partnerCode === partner ? 'x' : offers[1].partnerCode}/${offerId}/${url.split('/')[4]}`,
      `/lainaaja/${offers[1].partnerCode}/${offers[1].id}/${url.split('/')[4]}`,
      `/lainaaja/${partner}/${offerId}/short`,
    ]) {
      const answer = await get(`${server.url}${path}`);
      expect(answer.status, path).toBe(404);
      expect(answer.text).toContain('Tarjousta ei löytynyt');
      expect(answer.text).not.toContain(offers[0].partnerName);
    }
  });

  it('refuses an offer of another application with 404 and changes nothing', async () => {
    const theirs = ((await get(offersUrl(other))).body as PageBody).content[0];
    const before = await acceptCount();
    const answer = await post(acceptUrl(app), { offerId: theirs.id });
    expect(answer.status).toBe(404);
    expect(answer.body).toMatchObject({ type: 'NOT_FOUND' });
    expect(await acceptCount()).toBe(before);
    expect((await post(acceptUrl({ id: app.id, token: other.token }), { offerId: theirs.id })).status).toBe(404);
  });

  it.each<[string, unknown, Record<string, string>?]>([
    ['no body', undefined],
    ['an empty object', {}],
    ['a string id with letters', { offerId: 'abc' }],
    ['a negative id', { offerId: -1 }],
    ['a fraction', { offerId: 1.5 }],
    ['an unknown field', { offerId: 1, extra: true }],
    ['an array', [1]],
    ['null', 'null'],
    ['broken JSON', '{"offerId":'],
    ['text/plain', 'offerId=1', { 'content-type': 'text/plain' }],
  ])('refuses %s with a 4xx JSON error, never a 500, and accepts nothing', async (_name, body, headers) => {
    const before = await acceptCount();
    const answer = await post(acceptUrl(app), body, headers);
    expect(answer.status).toBeGreaterThanOrEqual(400);
    expect(answer.status).toBeLessThan(500);
    expect(answer.body).toMatchObject({ type: expect.any(String), message: expect.any(String) });
    expect(await acceptCount()).toBe(before);
  });

  it('refuses a huge body with 413', async () => {
    const answer = await post(acceptUrl(app), { offerId: 1, pad: 'x'.repeat(10_000) });
    expect(answer.status).toBe(413);
  });

  it('never writes an application token or a landing token to the log', async () => {
    const offers = ((await get(offersUrl(app))).body as PageBody).content;
    const { url } = (await post(acceptUrl(app), { offerId: offers[0].id })).body as { url: string };
    await get(`${server.url}${url}`);
    const landingToken = url.split('/')[4];
    const log = server.rawLogs.join('\n');
    expect(log).toContain('offer accepted');
    for (const secret of [app.token, other.token, landingToken]) expect(log).not.toContain(secret);
  });

  it('serves a distinct SVG wordmark for every lender, and the .png path redirects to it', async () => {
    const lenders = loadCatalogue().lenders;
    const bodies = new Set<string>();
    for (const lender of lenders) {
      const answer = await get(`${server.url}/images/partners/${lender.code}.svg`);
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-type')).toContain('image/svg+xml');
      expect(answer.text).toContain(lender.name);
      bodies.add(answer.text);
    }
    expect(bodies.size).toBe(lenders.length);
    const png = await fetch(`${server.url}/images/partners/${lenders[0].code}.png`, { redirect: 'manual' });
    expect(png.status).toBe(301);
    expect(png.headers.get('location')).toBe(`/images/partners/${lenders[0].code}.svg`);
    expect((await get(`${server.url}/images/partners/nobody.svg`)).status).toBe(404);
  });

  // Issue 13 goal 4: every waiting applicant polls; the credential check and the page
  // come from one statement, and a wrong token is answered from that same one.
  it('answers a poll with one database round trip, right token or wrong', async () => {
    const statements: string[] = [];
    const query = server.db.query;
    server.db.query = ((sql: string, params?: readonly unknown[]) => {
      // The live forms' refresh (every 2 s of any request's, app.ts) is the process's, not the poll's.
      if (!/\bFROM (live_forms|form_releases)\b/.test(sql)) statements.push(sql);
      return query.call(server.db, sql, params);
    }) as typeof query;
    try {
      expect((await get(offersUrl(app, '?page=0&size=100&sort=apr,asc&sort=amount,desc'))).status).toBe(200);
      expect(statements).toHaveLength(1);
      expect((await get(offersUrl({ id: app.id, token: other.token }))).status).toBe(404);
      expect(statements).toHaveLength(2);
    } finally {
      server.db.query = query;
    }
  });

  // Issue 31 goal 4: between two lenders' answers a poll sends again the bytes it sent before,
  // and the statement reads no page; whatever changes the answer shows at the very next poll.
  it('sends an unchanged answer again without reading the page, and every change at the next poll', async () => {
    const polled = await newApplication();
    await dispatchApplication(server.db, polled.id, { delayScale: 0 });
    await server.db.query(`UPDATE lender_dispatches SET due_at = now() + interval '1 day' WHERE application_id = $1`, [polled.id]);
    const lenders = loadCatalogue().lenders.length;
    const pages: unknown[] = [];
    const query = server.db.query;
    server.db.query = (async (sql: string, params?: readonly unknown[]) => {
      const result = await query.call(server.db, sql, params);
      if (/\bjson_agg\b/.test(sql)) pages.push((result.rows[0] as { content?: unknown } | undefined)?.content);
      return result;
    }) as typeof query;
    const poll = async () => {
      const answer = await get(offersUrl(polled));
      expect(answer.status).toBe(200);
      return { text: answer.text, body: answer.body as PageBody };
    };
    const answerOne = async () => {
      await server.db.query(
        `UPDATE lender_dispatches SET due_at = now() WHERE id = (SELECT min(id) FROM lender_dispatches WHERE application_id = $1 AND status = 'pending')`,
        [polled.id],
      );
      expect(await answerDueDispatches(server.db, { now: new Date(Date.now() + 1000) })).toBe(1);
    };
    try {
      const first = await poll();
      expect(first.body).toMatchObject({ content: [], pendingLenders: lenders, totalLenders: lenders });
      expect(typeof pages.at(-1)).toBe('string');
      expect((await poll()).text).toBe(first.text);
      // Read: the row, the counts and the version; not the page.
      expect(pages.at(-1)).toBeNull();

      let offered = 0;
      for (let answered = 1; answered <= 3; answered++) {
        await answerOne();
        const next = await poll();
        offered = Number((await server.db.query<{ n: string }>('SELECT count(*) AS n FROM offers WHERE application_id = $1', [polled.id])).rows[0].n);
        expect(next.body).toMatchObject({ pendingLenders: lenders - answered, totalElements: offered });
        expect(next.body.content).toHaveLength(offered);
        expect((await poll()).text).toBe(next.text);
      }

      // Another query of the same application is answered for itself, then the first again.
      expect((await get(offersUrl(polled, '?sort=amount,desc'))).body).toMatchObject({ totalElements: offered });
      expect((await poll()).body).toMatchObject({ pendingLenders: lenders - 3 });

      // Any write to the application's row (the business order reads its applied amount) is read anew.
      await server.db.query('UPDATE applications SET updated_at = now() WHERE id = $1', [polled.id]);
      await poll();
      expect(typeof pages.at(-1)).toBe('string');

      // A cancellation ends the waiting at once.
      await cancelDispatches(server.db, polled.id);
      expect((await poll()).body).toMatchObject({ pendingLenders: 0, totalElements: offered });

      // The kept answer never goes to a wrong token.
      const wrong = await get(offersUrl({ id: polled.id, token: other.token }));
      expect(wrong.status).toBe(404);
      expect(wrong.text).not.toContain('pendingLenders');
    } finally {
      server.db.query = query;
    }
  });
});
