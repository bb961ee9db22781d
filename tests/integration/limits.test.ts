// Issue 14 item 3, replayed: limits were per process (two instances, twice the
// creations), the client address was the left-most X-Forwarded-For (which the client
// writes), and codes, identification, polling, accepting and the marketing ban had no
// limit (30 throwaway applications mailed 30 codes to one victim). Now the counts live in
// the database and the address is taken from the right, past the trusted hops.
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/index.ts';
import { migrate } from '../../src/server/db/migrate.ts';
import { DEFAULT_LIMITS, type LimitTable } from '../../src/server/limits/limits.ts';
import { DevOutbox } from '../../src/server/notify/notifier.ts';
import { validApplication } from '../fixtures/consumer-valid.ts';
import { describeOnDatabases, type TestDatabase } from './helpers/database.ts';
import { API, applicant, Browser, startApp, type RunningApp } from './helpers/server.ts';

const STEP1 = { loanPurposeId: 16, inputAppliedAmount: 15000, inputAppliedTenor: 8, hasCoApplicant: false, additionalFormData: { step: 1, hasCoApplicant: false } };
const COMPLETE = { ...validApplication(), additionalFormData: { step: 7, hasCoApplicant: false } };
const VICTIM = String(validApplication().primaryApplicantEmail);

/**
 * Runs `attempt` once more when a limit's window began while it ran and it failed: windows are
 * fixed, counted from the epoch (limits.ts), and the counts start over at a window's start, as
 * they should, so a sequence straddling one sees that instead of its limit (a run crossing 02:10:00
 * did). A failure within one window is the test's failure; the second attempt cannot straddle too.
 */
async function inOneWindow(windowSeconds: number, attempt: () => Promise<void>): Promise<void> {
  const windowOf = () => Math.floor(Date.now() / (windowSeconds * 1000));
  const started = windowOf();
  try {
    await attempt();
    return;
  } catch (error) {
    if (windowOf() === started) throw error;
  }
  await attempt();
}

describeOnDatabases('abuse limits across instances', (target) => {
  let database: TestDatabase;
  let db: Database;
  const apps: RunningApp[] = [];
  const outbox = new DevOutbox(() => {});
  const start = async (limits: LimitTable, trustProxy: number | false = false) => {
    const app = await startApp(db, { limits, trustProxy, devTools: true, notifier: outbox });
    apps.push(app);
    return app;
  };

  beforeAll(async () => {
    database = await target.create();
    db = await database.open();
    await migrate(db);
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await db?.close();
    await database?.drop();
  });

  it('counts creations from one address on every instance together, and says when to come back', async () => {
    const limits = { create: { ip: { max: 3, windowSeconds: 60 } } };
    await inOneWindow(60, async () => {
      const [first, second] = [await start(limits), await start(limits)];
      const answers = [];
      for (const app of [first, second, first, second]) answers.push(await new Browser().post(`${app.url}${API}/save`, STEP1));
      expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 429]);
      const refused = answers[3];
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(60);
      expect(refused.body).toMatchObject({ type: 'RATE_LIMITED', message: 'Liian monta pyyntöä. Yritä hetken kuluttua uudelleen.' });
    });
  });

  it('takes the address behind the trusted proxy, not the one the client wrote', async () => {
    await inOneWindow(60, async () => {
      const app = await start({ create: { ip: { max: 3, windowSeconds: 60 } } }, 1);
      const statuses = [];
      for (let i = 0; i < 6; i++) {
        // The client writes any address it likes; our one proxy appends the one it saw.
        const answer = await new Browser().post(`${app.url}${API}/save`, STEP1, { 'x-forwarded-for': `198.51.100.${i}, 203.0.113.7` });
        statuses.push(answer.status);
      }
      expect(statuses).toEqual([200, 200, 200, 429, 429, 429]);
      // Another client behind the same proxy has its own count.
      expect((await new Browser().post(`${app.url}${API}/save`, STEP1, { 'x-forwarded-for': '203.0.113.8' })).status).toBe(200);
    });
  });

  it('mails one address only so many codes, however many applications carry it', async () => {
    await inOneWindow(3600, async () => {
      const app = await start({ sendCode: { recipient: { max: 5, windowSeconds: 3600 } } });
      const mailed = outbox.list(VICTIM).length;
      const statuses = [];
      for (let i = 0; i < 8; i++) {
        const browser = new Browser();
        const created = (await browser.post(`${app.url}${API}/save`, COMPLETE)).body as { id: number; token: string };
        statuses.push((await browser.post(`${app.url}${API}/send-code`, { applicationId: created.id, applicationToken: created.token })).status);
      }
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429, 429]);
      expect(outbox.list(VICTIM).length - mailed).toBe(5);
    });
  });

  it('limits identification starts, polls, code checks, accepts and marketing bans per application', async () => {
    await inOneWindow(600, async () => {
      const one = { max: 2, windowSeconds: 600 };
      const app = await start({ identify: { application: one }, poll: { application: one }, verify: { application: one }, accept: { application: one }, marketingBan: { application: one } });
      const created = (await applicant.post(`${app.url}${API}/save`, COMPLETE)).body as { id: number; token: string };
      const credentials = { applicationId: created.id, applicationToken: created.token };
      const thrice = async (call: () => Promise<{ status: number }>) => [(await call()).status, (await call()).status, (await call()).status];

      expect(await thrice(() => applicant.get(`${app.url}/api/auth/visma/${created.id}/${created.token}/op`))).toEqual([200, 200, 429]);
      expect(await thrice(() => applicant.get(`${app.url}/api/lainavertailu22/offers/${created.id}/${created.token}`))).toEqual([200, 200, 429]);
      expect(await thrice(() => applicant.post(`${app.url}${API}/get/verify-with-otp`, { ...credentials, otp: '000000' }))).toEqual([400, 400, 429]);
      expect(await thrice(() => applicant.post(`${app.url}${API}/offers/${created.id}/${created.token}`, { offerId: 1 }))).toEqual([404, 404, 429]);
      expect(await thrice(() => applicant.post(`${app.url}/api/marketing-ban/by-application-token`, credentials))).toEqual([200, 200, 429]);
      const stored = await db.query<{ n: number | string }>(`SELECT count(*) AS n FROM identification_requests WHERE application_id = $1`, [created.id]);
      expect(Number(stored.rows[0].n)).toBe(2);
    });
  });

  it('does not let a wrong token use up an application’s own limit', async () => {
    const app = await start({ poll: { application: { max: 2, windowSeconds: 600 } } });
    const created = (await applicant.post(`${app.url}${API}/save`, COMPLETE)).body as { id: number; token: string };
    for (let i = 0; i < 5; i++) expect((await new Browser().get(`${app.url}/api/lainavertailu22/offers/${created.id}/${'A'.repeat(43)}`)).status).toBe(404);
    expect((await applicant.get(`${app.url}/api/lainavertailu22/offers/${created.id}/${created.token}`)).status).toBe(200);
  });

  it('has a default for every rule the issue names', () => {
    for (const rule of ['create', 'sendCode', 'verify', 'identify', 'poll', 'accept', 'marketingBan']) expect(DEFAULT_LIMITS[rule]?.ip, rule).toBeTruthy();
    expect(DEFAULT_LIMITS.sendCode.recipient).toBeTruthy();
    expect(DEFAULT_LIMITS.identify.person).toBeTruthy();
  });
});
