// The development identity provider on several instances and across a restart (issue 14,
// item 5): its keys, cookie keys and client secret are made once and kept in the database,
// and oidc-provider's interactions, sessions and grants live there too. The instances sit
// behind a small load balancer, so the browser and the server's own calls to the provider
// see one origin (as behind a real one) while each request goes to the instance the test
// names. The identification round trip is driven over real HTTP as in identity.test.ts.
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/index.ts';
import { migrate } from '../../src/server/db/migrate.ts';
import { validApplication } from '../fixtures/consumer-valid.ts';
import { Balancer } from './helpers/balancer.ts';
import { describeOnDatabases, type TestDatabase } from './helpers/database.ts';
import { Browser, openSession, startApp, storeConsumerApplication, type RunningApp } from './helpers/server.ts';

type Credentials = { id: number; token: string };

describeOnDatabases('development identity provider on several instances and across a restart', (target) => {
  const opened: { database: TestDatabase; handles: Database[] }[] = [];
  let running: RunningApp[] = [];
  let balancer: Balancer;

  /** A fresh migrated database; on PostgreSQL `handles` separate pools (as separate processes have), on PGlite the one in-memory instance. */
  async function freshDatabase(handles = 1): Promise<Database[]> {
    const database = await target.create();
    const first = await database.open();
    const all = [first];
    for (let i = 1; i < handles; i++) all.push(target.name === 'postgres' ? await database.open() : first);
    opened.push({ database, handles: [...new Set(all)] });
    await migrate(first);
    return all;
  }

  async function start(db: Database): Promise<RunningApp> {
    const app = await startApp(db, { lenderDelayScale: 0 });
    running.push(app);
    return app;
  }

  beforeAll(async () => {
    balancer = new Balancer();
    await balancer.listen();
  });
  afterEach(async () => {
    for (const app of running) await app.close().catch(() => {});
    running = [];
  });
  afterAll(async () => {
    await balancer?.close();
    for (const { database, handles } of opened) {
      for (const handle of handles) await handle.close();
      await database.drop();
    }
  });

  const newApplication = (db: Database): Promise<Credentials> => storeConsumerApplication(db);


  const personalId = () => String(validApplication().primaryApplicantPersonalIdentificationNumber);

  /** Our API's redirect, then the provider up to the test bank page, in the applicant's browser (its session holds the application). */
  async function openTestBank(db: Database, a: Credentials) {
    const browser = new Browser();
    await openSession({ db, url: balancer.url }, a.id, browser);
    const started = await browser.fetch(`${balancer.url}/api/auth/visma/${a.id}/${a.token}/op`);
    expect(started.status).toBe(200);
    const authorize = new URL(await started.text());
    expect(authorize.origin).toBe(balancer.url);
    const toBank = await browser.fetch(authorize.href);
    expect(toBank.status).toBe(303);
    const bankUrl = new URL(toBank.headers.get('location')!, authorize);
    const bankPage = await browser.fetch(bankUrl.href);
    expect(bankPage.status).toBe(200);
    expect(await bankPage.text()).toContain('OP');
    return { browser, bankUrl };
  }

  /** The test bank's form as a browser posts it, back through the provider, and our callback: where it sends the browser. */
  async function finishAtBank({ browser, bankUrl }: { browser: Browser; bankUrl: URL }): Promise<{ browser: Browser; location: string }> {
    const form = new URLSearchParams({ action: 'login', personalId: personalId() });
    const submitted = await browser.fetch(bankUrl.href, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: form.toString() });
    expect(submitted.status).toBe(303);
    const resumed = await browser.fetch(new URL(submitted.headers.get('location')!, bankUrl).href);
    expect(resumed.status).toBe(303);
    const callback = new URL(resumed.headers.get('location')!, bankUrl);
    expect(callback.origin + callback.pathname).toBe(`${balancer.url}/api/auth/callback`);
    const done = await browser.fetch(callback.href);
    expect(done.status).toBe(303);
    return { browser, location: done.headers.get('location')! };
  }

  async function expectIdentifiedAndCompletes(db: Database, a: Credentials, browser: Browser, location: string) {
    expect(location).toBe(`/hakemus/kulutusluotto/status/${a.id}/${a.token}`);
    const attempts = await db.query<{ outcome: string }>(`SELECT outcome FROM strong_authentications WHERE application_id = $1`, [a.id]);
    expect(attempts.rows).toEqual([{ outcome: 'success' }]);
    const completed = await browser.post(`${balancer.url}/api/lainavertailu22/consumer-applications/authentication/complete/${a.id}/${a.token}`);
    expect(completed.status).toBe(200);
    expect(completed.body).toEqual({ status: 'COMPLETED' });
  }

  it('completes on a second instance an identification started on the first', async () => {
    const [db] = await freshDatabase();
    const first = await start(db);
    const second = await start(db);
    balancer.route([first, second]);
    const a = await newApplication(db);

    balancer.use(0);
    const atBank = await openTestBank(db, a);
    // The test bank's answer, the provider's resume, our callback and its token request: all on the second.
    balancer.use(1);
    const { browser, location } = await finishAtBank(atBank);
    await expectIdentifiedAndCompletes(db, a, browser, location);
  });

  it('identifies with every request going to the other instance than the one before', async () => {
    const [db] = await freshDatabase();
    balancer.route([await start(db), await start(db)]);
    const a = await newApplication(db);
    balancer.alternate();
    const before = balancer.served.length;
    const { browser, location } = await finishAtBank(await openTestBank(db, a));
    // Both instances served the round trip, the server's own calls to the provider included.
    expect(new Set(balancer.served.slice(before))).toEqual(new Set([0, 1]));
    await expectIdentifiedAndCompletes(db, a, browser, location);
  });

  it('completes after a restart an identification started before it', async () => {
    const [db] = await freshDatabase();
    const before = await start(db);
    balancer.route([before]);
    const a = await newApplication(db);
    const atBank = await openTestBank(db, a);
    // The provider's interaction is in the database, not in the process about to close.
    const interactions = await db.query<{ n: number | string }>(`SELECT count(*) AS n FROM dev_identity_provider_models WHERE model = 'Interaction'`);
    expect(Number(interactions.rows[0].n)).toBeGreaterThan(0);

    await before.close();
    running = running.filter((app) => app !== before);
    const after = await start(db);
    balancer.route([after]);
    const { browser, location } = await finishAtBank(atBank);
    await expectIdentifiedAndCompletes(db, a, browser, location);
  });

  it('gives two instances starting at once on a new database the same keys and client secret', async () => {
    const [one, other] = await freshDatabase(2);
    const [first, second] = await Promise.all([start(one), start(other)]);
    balancer.route([first, second]);

    const jwks = async (index: number) => {
      balancer.use(index);
      const answer = await fetch(`${balancer.url}/dev-idp/jwks`);
      expect(answer.status).toBe(200);
      return answer.json();
    };
    const [jwksFirst, jwksSecond] = [await jwks(0), await jwks(1)];
    expect(jwksFirst).toEqual(jwksSecond);
    const rows = await one.query<{ n: number | string }>(`SELECT count(*) AS n FROM dev_identity_provider_keys`);
    expect(Number(rows.rows[0].n)).toBe(1);

    // The same client secret: the second unseals what the first sealed, and its client authenticates.
    const a = await newApplication(one);
    balancer.use(0);
    const atBank = await openTestBank(one, a);
    balancer.use(1);
    const { browser, location } = await finishAtBank(atBank);
    await expectIdentifiedAndCompletes(one, a, browser, location);
  });
});
