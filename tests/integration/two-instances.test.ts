// Issue 14 item 6: two app instances, each with its own connection pool and its own
// lender dispatcher (as two processes have), behind one load balancer, on one PostgreSQL
// database. An application created on one is updated on the other; the abuse limits hold
// across both; an identification started on one completes on the other; every
// (application, lender) dispatch is answered exactly once though both dispatchers run.
// Needs a PostgreSQL server (TEST_DATABASE_URL); reported as skipped without one.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/index.ts';
import { migrate } from '../../src/server/db/migrate.ts';
import { loadCatalogue } from '../../src/server/marketplace/catalogue.ts';
import { startDispatcher, type Dispatcher } from '../../src/server/marketplace/dispatcher.ts';
import { validApplication } from '../fixtures/consumer-valid.ts';
import { Balancer } from './helpers/balancer.ts';
import { postgresTarget, type TestDatabase } from './helpers/database.ts';
import { API, Browser, startApp, type RunningApp } from './helpers/server.ts';

const COMPLETE = { ...validApplication(), additionalFormData: { step: 7, hasCoApplicant: false } };
const STEP1 = { loanPurposeId: 16, inputAppliedAmount: 15000, inputAppliedTenor: 8, hasCoApplicant: false, additionalFormData: { step: 1, hasCoApplicant: false } };

describe.skipIf(!process.env.TEST_DATABASE_URL)('two instances on one PostgreSQL database', () => {
  let database: TestDatabase;
  const pools: Database[] = [];
  const apps: RunningApp[] = [];
  const dispatchers: Dispatcher[] = [];
  const balancer = new Balancer();
  const at = (path: string) => `${balancer.url}${path}`;

  beforeAll(async () => {
    database = await postgresTarget.create();
    for (let i = 0; i < 2; i++) pools.push(await database.open());
    await Promise.all(pools.map((pool) => migrate(pool)));
    for (const pool of pools) {
      apps.push(await startApp(pool, { lenderDelayScale: 0, limits: { create: { ip: { max: 6, windowSeconds: 600 } } } }));
      dispatchers.push(startDispatcher(pool, { intervalMs: 50 }));
    }
    await balancer.listen();
    balancer.route(apps);
  });
  afterAll(async () => {
    for (const dispatcher of dispatchers) await dispatcher.stop();
    for (const app of apps) await app.close();
    await balancer.close();
    for (const pool of pools) await pool.close();
    await database?.drop();
  });

  it('creates on one, updates on the other, identifies across both, and each lender answers once', async () => {
    const applicant = new Browser();
    balancer.use(0);
    const created = await applicant.post(at(`${API}/save`), { ...COMPLETE, additionalFormData: { step: 6, hasCoApplicant: false } });
    expect(created.status, created.text).toBe(200);
    const { id, token } = created.body as { id: number; token: string };
    balancer.use(1);
    expect((await applicant.post(at(`${API}/save/${id}/${token}`), COMPLETE)).text).toBe('success');

    // The bank round trip with every request on the other instance than the one before.
    balancer.alternate();
    const started = await applicant.fetch(at(`/api/auth/visma/${id}/${token}/op`));
    expect(started.status).toBe(200);
    const authorize = new URL(await started.text());
    const bank = new URL((await applicant.fetch(authorize.href)).headers.get('location')!, authorize);
    const form = new URLSearchParams({ action: 'login', personalId: String(validApplication().primaryApplicantPersonalIdentificationNumber) });
    const submitted = await applicant.fetch(bank.href, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: form.toString() });
    const resumed = await applicant.fetch(new URL(submitted.headers.get('location')!, bank).href);
    const callback = await applicant.fetch(new URL(resumed.headers.get('location')!, bank).href);
    expect(callback.headers.get('location')).toBe(`/hakemus/kulutusluotto/status/${id}/${token}`);
    expect(new Set(balancer.served)).toEqual(new Set([0, 1]));
    expect((await applicant.post(at(`${API}/authentication/complete/${id}/${token}`))).body).toEqual({ status: 'COMPLETED' });

    // Both dispatchers take due dispatches; each is answered once, with at most one offer.
    const lenders = loadCatalogue().lenders.length;
    await expect
      .poll(async () => {
        const answer = await applicant.get(at(`/api/lainavertailu22/offers/${id}/${token}`));
        return (answer.body as { pendingLenders: number; totalLenders: number }).pendingLenders;
      }, { timeout: 20_000 })
      .toBe(0);
    const dispatches = await pools[0].query<{ lender_code: string; n: number | string }>(
      `SELECT lender_code, count(*) AS n FROM lender_dispatches WHERE application_id = $1 GROUP BY lender_code`,
      [id],
    );
    expect(dispatches.rows).toHaveLength(lenders);
    expect(dispatches.rows.every((row) => Number(row.n) === 1)).toBe(true);
    const offers = await pools[1].query<{ n: number | string; dispatches: number | string }>(
      `SELECT count(*) AS n, count(DISTINCT dispatch_id) AS dispatches FROM offers WHERE application_id = $1`,
      [id],
    );
    expect(Number(offers.rows[0].n)).toBe(Number(offers.rows[0].dispatches));
  });

  it('keeps a session made on one instance good on the other, and the link alone good on neither', async () => {
    const owner = new Browser();
    balancer.use(1);
    const created = await owner.post(at(`${API}/save`), { ...COMPLETE, additionalFormData: { step: 3, hasCoApplicant: false } });
    const { id, token } = created.body as { id: number; token: string };
    balancer.use(0);
    expect((await owner.post(at(`${API}/save/${id}/${token}`), { additionalFormData: { step: 3, hasCoApplicant: false } })).text).toBe('success');
    expect((await new Browser().post(at(`${API}/save/${id}/${token}`), { additionalFormData: { step: 3, hasCoApplicant: false } })).status).toBe(401);
  });

  it('counts the limits of both instances together', async () => {
    balancer.alternate();
    const statuses = [];
    // The tests above created two applications from this address; the limit is 6.
    for (let i = 0; i < 6; i++) statuses.push((await new Browser().post(at(`${API}/save`), STEP1)).status);
    expect(statuses).toEqual([200, 200, 200, 200, 429, 429]);
  });
});
