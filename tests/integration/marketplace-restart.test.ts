// A crash in the middle of the lenders' answers loses nothing and answers nothing
// twice: an application is sent to the lenders through the real API (strong
// identification at the development provider's test bank, then completion), the
// server is killed with SIGKILL while some lenders have answered and some are pending,
// restarted on the same data, and every lender ends with exactly one answer, the
// offers seen before the crash unchanged.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../src/server/db/index.ts';
import { loadCatalogue } from '../../src/server/marketplace/catalogue.ts';
import { validApplication } from '../fixtures/consumer-valid.ts';
import { startChildServer, type ChildServer } from './helpers/child-server.ts';
import { describeOnDatabases, type TestDatabase } from './helpers/database.ts';
import { API, applicant, get, post } from './helpers/server.ts';

interface OffersBody {
  content: Array<{ id: number; partnerCode: string; amount: number; apr: number; monthlyPayment: number }>;
  pendingLenders: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The development provider's round trip as a browser makes it: redirects by hand, cookies kept. */
async function identifyAtTestBank(base: string, id: number, token: string, personalId: string): Promise<void> {
  const cookies = new Map<string, string>();
  const browse = async (url: string, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    if (cookies.size) headers.set('cookie', [...cookies].map(([name, value]) => `${name}=${value}`).join('; '));
    const response = await fetch(url, { ...init, headers, redirect: 'manual' });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair.indexOf('=');
      cookies.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
    }
    return response;
  };
  const started = await get(`${base}/api/auth/visma/${id}/${token}/op`);
  expect(started.status, started.text).toBe(200);
  const authorize = new URL(started.text);
  const bank = new URL((await browse(authorize.href)).headers.get('location')!, authorize);
  await browse(bank.href);
  const form = new URLSearchParams({ action: 'login', personalId });
  const submitted = await browse(bank.href, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: form.toString() });
  const resumed = await browse(new URL(submitted.headers.get('location')!, bank).href);
  const callback = new URL(resumed.headers.get('location')!, bank);
  const done = await applicant.fetch(callback.href);
  expect(done.status).toBe(303);
}

describeOnDatabases('lender dispatch across a SIGKILL', (target) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'lv-market-restart-'));
  let database: TestDatabase | undefined;
  const children: ChildServer[] = [];
  const lenders = loadCatalogue().lenders.length;

  afterAll(async () => {
    for (const child of children) child.process.kill('SIGKILL');
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function withDb<T>(use: (db: Database) => Promise<T>): Promise<T> {
    const db = await (database!.url ? openDatabase({ url: database!.url }) : openDatabase({ dataDir }));
    try {
      return await use(db);
    } finally {
      await db.close();
    }
  }

  async function offers(server: ChildServer, id: number, token: string): Promise<OffersBody> {
    const answer = await get(`${server.url}/api/lainavertailu22/offers/${id}/${token}?sort=apr,asc`);
    expect(answer.status, answer.text).toBe(200);
    return answer.body as OffersBody;
  }

  async function start(): Promise<ChildServer> {
    // The lenders answer 6–30 s after the dispatch: the kill comes while most are pending.
    // The test polls the offers as fast as it can while the lenders answer, far beyond an
    // applicant's page; the abuse limits have their own tests (limits.test.ts).
    const env: Record<string, string> = { LENDER_DELAY_SCALE: '2', LIMITS: 'off', ...(database!.url ? { DATABASE_URL: database!.url } : { DATA_DIR: dataDir }) };
    const child = await startChildServer(env);
    children.push(child);
    return child;
  }

  it(
    'answers every lender exactly once',
    async () => {
      database = await target.create();

      // Applied, identified and completed through the API: completion dispatches.
      const first = await start();
      const application = { ...validApplication(), additionalFormData: { step: 7, hasCoApplicant: false } };
      const created = await post(`${first.url}${API}/save`, { ...application, additionalFormData: { step: 2, hasCoApplicant: false } });
      expect(created.status, created.text).toBe(200);
      const { id, token } = created.body as { id: number; token: string };
      expect((await post(`${first.url}${API}/save/${id}/${token}`, application)).text).toBe('success');
      await identifyAtTestBank(first.url, id, token, String(validApplication().primaryApplicantPersonalIdentificationNumber));
      const completed = await post(`${first.url}${API}/authentication/complete/${id}/${token}`);
      expect(completed.body, completed.text).toEqual({ status: 'COMPLETED' });
      expect((await offers(first, id, token)).pendingLenders).toBe(lenders);

      let before: OffersBody;
      const firstAnswers = Date.now() + 60_000;
      for (;;) {
        before = await offers(first, id, token);
        if (before.pendingLenders < lenders || Date.now() > firstAnswers) break;
        await sleep(100);
      }
      expect(before.pendingLenders, 'some lenders answered before the kill').toBeLessThan(lenders);
      first.process.kill('SIGKILL');
      expect(await first.exited).toBe('SIGKILL');
      expect(before.pendingLenders, 'killed while some lenders were still pending').toBeGreaterThan(0);

      const second = await start();
      let after: OffersBody;
      const deadline = Date.now() + 60_000;
      for (;;) {
        after = await offers(second, id, token);
        if (after.pendingLenders === 0 || Date.now() > deadline) break;
        await sleep(250);
      }
      expect(after.pendingLenders).toBe(0);
      // Nothing seen before the crash is lost or changed.
      for (const offer of before.content) expect(after.content).toContainEqual(offer);
      second.process.kill('SIGTERM');
      expect(await second.exited).toBe(0);

      await withDb(async (db) => {
        const dispatches = await db.query<{ lender_code: string; status: string; answered_at: unknown }>(
          'SELECT lender_code, status, answered_at FROM lender_dispatches WHERE application_id = $1',
          [id],
        );
        expect(dispatches.rows).toHaveLength(lenders);
        expect(new Set(dispatches.rows.map((row) => row.lender_code)).size).toBe(lenders);
        for (const row of dispatches.rows) {
          expect(['offered', 'declined']).toContain(row.status);
          expect(row.answered_at).not.toBeNull();
        }
        const stored = await db.query<{ partner_code: string }>('SELECT partner_code FROM offers WHERE application_id = $1', [id]);
        const offered = dispatches.rows.filter((row) => row.status === 'offered').map((row) => row.lender_code).sort();
        expect(stored.rows.map((row) => row.partner_code).sort()).toEqual(offered);
        expect(after.content.map((offer) => offer.partnerCode).sort()).toEqual(offered);
      });
    },
    240_000,
  );
});
