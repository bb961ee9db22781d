// Issue 14, replayed as the attacks its "Why" describes, over real HTTP on a real
// database. Each fails on the code before the issue and is refused now, with the stored
// application unchanged.
// 1. The link alone (id and token, from a forwarded mail or a shared screen) took over an
//    application: change the e-mail, have the code mailed there, read everything.
// 2. Identification was not tied to its browser: an identification someone else started
//    could be finished in a victim's browser (login CSRF).
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DevOutbox } from '../../src/server/notify/notifier.ts';
import { validApplication } from '../fixtures/consumer-valid.ts';
import { describeOnDatabases } from './helpers/database.ts';
import { API, applicant, Browser, recordBankIdentification, startTestServer, storedRow, type TestServer } from './helpers/server.ts';

type Credentials = { id: number; token: string };
const OWNER_EMAIL = String(validApplication().primaryApplicantEmail);

describeOnDatabases('trust: the link alone, and identification in another browser', (target) => {
  let server: TestServer;
  const outbox = new DevOutbox(() => {});
  const url = (path: string) => `${server.url}${path}`;

  beforeAll(async () => {
    server = await startTestServer(target, { devTools: true, notifier: outbox, lenderDelayScale: 0 });
  });
  afterAll(async () => {
    await server?.close();
  });

  /** An application at step 7 made in the applicant's browser, as the form makes it. */
  async function ownApplication(): Promise<Credentials> {
    const created = await applicant.post(url(`${API}/save`), { ...validApplication(), additionalFormData: { step: 7, hasCoApplicant: false } });
    expect(created.status, created.text).toBe(200);
    return created.body as Credentials;
  }

  it('1. refuses every change made with the link alone, and the code still goes to the owner', async () => {
    const a = await ownApplication();
    const before = await storedRow(server.db, a.id);
    const attacker = new Browser();

    const takeover = await attacker.post(url(`${API}/save/${a.id}/${a.token}`), {
      primaryApplicantEmail: 'hyokkaaja@example.com',
      primaryApplicantIbanNumber: 'FI2112345600000785',
      additionalFormData: { step: 7, hasCoApplicant: false },
    });
    expect(takeover.status).toBe(401);
    expect(takeover.body).toMatchObject({ type: 'SESSION_REQUIRED' });
    expect((await attacker.post(url(`${API}/finalize/${a.id}/${a.token}`))).status).toBe(401);
    expect((await attacker.get(url(`/api/auth/visma/${a.id}/${a.token}/op`))).status).toBe(401);
    expect((await attacker.post(url(`${API}/authentication/complete/${a.id}/${a.token}`))).status).toBe(401);
    expect(await storedRow(server.db, a.id)).toEqual(before);

    // Asking for a code with the link is how a new browser resumes: it goes to the address
    // the owner saved, which the link could not change.
    const sent = await attacker.post(url(`${API}/send-code`), { applicationId: a.id, applicationToken: a.token });
    expect(sent.status).toBe(200);
    expect(outbox.list()[0].to).toBe(OWNER_EMAIL);
    const guessed = await attacker.post(url(`${API}/get/verify-with-otp`), { applicationId: a.id, applicationToken: a.token, otp: '000000' });
    expect(guessed.status).toBe(400);
    expect((await attacker.post(url(`${API}/save/${a.id}/${a.token}`), { additionalFormData: { step: 7 } })).status).toBe(401);

    // The owner's own browser goes on as before.
    expect((await applicant.post(url(`${API}/save/${a.id}/${a.token}`), { additionalFormData: { step: 7, hasCoApplicant: false } })).text).toBe('success');
  });

  it('1. lets a new browser that has the code go on: verifying opens the application there', async () => {
    const a = await ownApplication();
    const other = new Browser();
    expect((await other.post(url(`${API}/send-code`), { applicationId: a.id, applicationToken: a.token })).status).toBe(200);
    const code = /\b(\d{6})\b/.exec(outbox.list(OWNER_EMAIL)[0].text)![1];
    const verified = await other.post(url(`${API}/get/verify-with-otp`), { applicationId: a.id, applicationToken: a.token, otp: code });
    expect(verified.status).toBe(200);
    const cookie = verified.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/lv_session=[A-Za-z0-9_-]{43};/);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Strict/i);
    const saved = await other.post(url(`${API}/save/${a.id}/${a.token}`), { additionalFormData: { step: 7, hasCoApplicant: false } });
    expect(saved.text).toBe('success');
  });

  it('1. a session opens only its own applications', async () => {
    const mine = await ownApplication();
    const someoneElse = new Browser();
    const theirs = (await someoneElse.post(url(`${API}/save`), { ...validApplication(), additionalFormData: { step: 7, hasCoApplicant: false } })).body as Credentials;
    const before = await storedRow(server.db, theirs.id);
    // The applicant's browser has a session, and the other application's link: still not enough.
    expect((await applicant.post(url(`${API}/save/${theirs.id}/${theirs.token}`), { additionalFormData: { step: 7 } })).status).toBe(401);
    expect(await storedRow(server.db, theirs.id)).toEqual(before);
    expect((await applicant.post(url(`${API}/save/${mine.id}/${mine.token}`), { additionalFormData: { step: 7, hasCoApplicant: false } })).text).toBe('success');
  });

  it('2. an identification started in one browser cannot be finished in another', async () => {
    // The attacker starts identification for an application of theirs, in their browser...
    const attacker = new Browser();
    const theirs = (await attacker.post(url(`${API}/save`), { ...validApplication(), additionalFormData: { step: 7, hasCoApplicant: false } })).body as Credentials;
    const before = await storedRow(server.db, theirs.id);
    const started = await attacker.get(url(`/api/auth/visma/${theirs.id}/${theirs.token}/op`));
    expect(started.status).toBe(200);
    expect(started.headers.get('set-cookie')).toMatch(/lv_identification=[^;]+;.*SameSite=Lax/i);

    // ...and the victim's browser goes through the bank and lands on the callback.
    const victim = new Browser();
    const authorize = new URL(started.text);
    const bank = new URL((await victim.fetch(authorize.href)).headers.get('location')!, authorize);
    const form = new URLSearchParams({ action: 'login', personalId: String(validApplication().primaryApplicantPersonalIdentificationNumber) });
    const submitted = await victim.fetch(bank.href, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: form.toString() });
    const resumed = await victim.fetch(new URL(submitted.headers.get('location')!, bank).href);
    const callback = new URL(resumed.headers.get('location')!, bank);
    const landed = await victim.fetch(callback.href);
    expect(landed.status).toBe(303);
    // The finishing page without the application: 'Hakemuksen tiedot puuttuvat', nothing leaked.
    expect(landed.headers.get('location')).toBe('/hakemus/kulutusluotto/status?tunnistautuminen=failed');
    const recorded = await server.db.query(`SELECT outcome FROM strong_authentications WHERE application_id = $1`, [theirs.id]);
    expect(recorded.rows).toEqual([]);
    expect((await victim.post(url(`${API}/authentication/complete/${theirs.id}/${theirs.token}`))).status).toBe(401);
    expect(await storedRow(server.db, theirs.id)).toEqual(before);
  });

  it('2. completion needs the session even when the bank said yes', async () => {
    const a = await ownApplication();
    await recordBankIdentification(server.db, a.id, String(validApplication().primaryApplicantPersonalIdentificationNumber));
    const before = await storedRow(server.db, a.id);
    expect((await new Browser().post(url(`${API}/authentication/complete/${a.id}/${a.token}`))).status).toBe(401);
    expect(await storedRow(server.db, a.id)).toEqual(before);
    expect((await applicant.post(url(`${API}/authentication/complete/${a.id}/${a.token}`))).body).toEqual({ status: 'COMPLETED' });
  });
});
