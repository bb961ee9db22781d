// Signing an insurance application at the bank (issue 27 items 5 and 6) over real HTTP, through
// the development identity provider's test bank as a browser goes: the status answers 'false'
// then 'true'; the signing URL is the provider's, its nonce committing to the signed content;
// the insured's signature is stored with its evidence (the content hash, the ID token's claims
// without the identity code, the nonce verifiable from the salt and the hash) and queued to the
// insurer. Another person at the bank, an application changed since the signing started, a
// cancel, and a callback in another browser sign nothing; another customer's id is a 404; a
// signed application is a 409; starting is limited as identification is; no identity code,
// code, state, nonce or cookie reaches the log.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { findInsurance } from '../../src/flows/insurance/repository.ts';
import { insuranceTerms, nonceCommitsTo, signatureNonce, signedContentHash } from '../../src/flows/insurance/signed-content.ts';
import { insertSigningRequest, SIGNING_TTL_MS, takeSigningRequest } from '../../src/flows/insurance/signing-store.ts';
import { text } from '../../src/server/messages.ts';
import { DevOutbox } from '../../src/server/notify/notifier.ts';
import { validApplication } from '../fixtures/consumer-valid.ts';
import { personalIdOfAge } from '../fixtures/personal-id.ts';
import { describeOnDatabases } from './helpers/database.ts';
import { KEYS, logIn, storeApplication, type Person } from './helpers/customer.ts';
import { Browser, type TestServer, startTestServer } from './helpers/server.ts';

type Data = Record<string, unknown>;

const ANNA: Person = { ssn: personalIdOfAge(44, 251), phone: '0441230021', email: 'anna.allekirjoittaja@example.fi' };
const BERTIL: Person = { ssn: personalIdOfAge(36, 527), phone: '0441230022', email: 'bertil.allekirjoittaja@example.fi' };
/** Someone else at the bank: a valid code that is neither customer's. */
const STRANGER = personalIdOfAge(50, 733);

const as = (person: Person, data: Data): Data => ({
  ...data,
  primaryApplicantPersonalIdentificationNumber: person.ssn,
  primaryApplicantMobilephone: person.phone,
  primaryApplicantEmail: person.email,
  ...('primaryApplicantMobilephone2' in data ? { primaryApplicantMobilephone2: person.phone } : {}),
  ...('primaryApplicantEmail2' in data ? { primaryApplicantEmail2: person.email } : {}),
});

const FORM = {
  paymentTier: 300,
  appliedDueDate: 15,
  address: 'Allekirjoituskatu 5',
  zip: '00100',
  city: 'Helsinki',
  phone: '0401234567',
  email: 'anna.allekirjoittaja@example.fi',
  assureAge: true,
  hasWorked: true,
  assureInformation: true,
  brand: 'lainavertailu',
};

describeOnDatabases('insurance signing at the bank', (target) => {
  let server: TestServer;
  const outbox = new DevOutbox(() => {});
  const url = (path: string) => `${server.url}${path}`;
  const anna = new Browser();
  const bertil = new Browser();
  const ids: Record<string, number> = {};
  /** Every binding cookie, nonce, state and authorization code of the round trips, to look for in the log. */
  const secretsSeen: string[] = [];

  beforeAll(async () => {
    server = await startTestServer(target, { notifier: outbox, lenderDelayScale: 0 });
    ids.anna = (await storeApplication(server.db, 'kulutusluotto', as(ANNA, validApplication()), 'identified')).id;
    ids.bertil = (await storeApplication(server.db, 'kulutusluotto', as(BERTIL, validApplication()), 'identified')).id;
    await logIn(server.url, anna, outbox, { loginSsn: ANNA.ssn, loginPhone: ANNA.phone }, ANNA.email);
    await logIn(server.url, bertil, outbox, { loginSsn: BERTIL.ssn, loginPhone: BERTIL.phone }, BERTIL.email);
    const created = await anna.post(url('/api/insuranceApplication/create'), { ...FORM, applicationId: ids.anna });
    expect(created.status, created.text).toBe(200);
    ids.annaInsurance = (created.body as { insuranceApplicationId: number }).insuranceApplicationId;
    const bertils = await bertil.post(url('/api/insuranceApplication/create'), { ...FORM, email: BERTIL.email, paymentTier: 400, appliedDueDate: 28, applicationId: ids.bertil });
    expect(bertils.status, bertils.text).toBe(200);
    ids.bertilInsurance = (bertils.body as { insuranceApplicationId: number }).insuranceApplicationId;
  });
  afterAll(async () => {
    await server?.close();
  });

  const status = (browser: Browser, id: number) => browser.get(url(`/api/auth/visma/status/${id}`));

  async function startSigning(browser: Browser, id: number, method = 'op'): Promise<URL> {
    const started = await browser.get(url(`/api/auth/visma/${id}/${method}`));
    expect(started.status, started.text).toBe(200);
    expect(started.headers.get('content-type')).toMatch(/^text\/plain/);
    const authorize = new URL(started.text);
    secretsSeen.push(browser.cookie(server.url, 'lv_signing')!, authorize.searchParams.get('nonce')!, authorize.searchParams.get('state')!);
    return authorize;
  }

  /** From our signing URL through the test bank; answers the bank's page and the callback URL (not yet opened). */
  async function throughBank(browser: Browser, authorize: URL, choice: { personalId?: string; cancel?: boolean }) {
    const toBank = await browser.fetch(authorize.href);
    expect(toBank.status).toBe(303);
    const bankUrl = new URL(toBank.headers.get('location')!, authorize);
    const bankPage = await browser.fetch(bankUrl.href);
    expect(bankPage.status).toBe(200);
    const html = await bankPage.text();
    const form = new URLSearchParams(choice.cancel ? { action: 'cancel' } : { action: 'login', personalId: choice.personalId ?? '' });
    const submitted = await browser.fetch(bankUrl.href, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: form.toString() });
    expect(submitted.status).toBe(303);
    const resumed = await browser.fetch(new URL(submitted.headers.get('location')!, bankUrl).href);
    expect(resumed.status).toBe(303);
    const callback = new URL(resumed.headers.get('location')!, bankUrl);
    expect(callback.pathname).toBe('/api/auth/sign/callback');
    for (const name of ['code', 'state']) if (callback.searchParams.get(name)) secretsSeen.push(callback.searchParams.get(name)!);
    return { html, callback };
  }

  async function sign(browser: Browser, id: number, choice: { personalId?: string; cancel?: boolean }, between?: () => Promise<void>): Promise<string> {
    const { callback } = await throughBank(browser, await startSigning(browser, id), choice);
    await between?.();
    const done = await browser.fetch(callback.href);
    expect(done.status).toBe(303);
    return done.headers.get('location')!;
  }

  const attempts = async (id: number) =>
    (await server.db.query<{ outcome: string; method: string }>('SELECT outcome, method FROM insurance_signing_attempts WHERE insurance_application_id = $1 ORDER BY id', [id])).rows;
  const dispatched = async (id: number) => Number((await server.db.query<{ n: string }>('SELECT count(*) AS n FROM insurer_dispatches WHERE insurance_application_id = $1', [id])).rows[0].n);
  const annaStored = () => findInsurance(server.db, ids.annaInsurance, KEYS.of(ANNA.ssn));
  const bertilStored = () => findInsurance(server.db, ids.bertilInsurance, KEYS.of(BERTIL.ssn));

  it('answers 401 without a logged-in session', async () => {
    const stranger = new Browser();
    expect((await status(stranger, ids.annaInsurance)).status).toBe(401);
    expect((await stranger.get(url(`/api/auth/visma/${ids.annaInsurance}/op`))).status).toBe(401);
  });

  it("answers 404 for another customer's id on both routes, with the body of an unknown id", async () => {
    const unknown = await bertil.get(url('/api/auth/visma/status/999999'));
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ type: 'NOT_FOUND', message: text('insuranceNotFound') });
    const theirs = await status(bertil, ids.annaInsurance);
    expect(theirs.status).toBe(404);
    expect(theirs.body).toEqual(unknown.body);
    const start = await bertil.get(url(`/api/auth/visma/${ids.annaInsurance}/op`));
    expect(start.status).toBe(404);
    expect(start.body).toEqual(unknown.body);
    expect((await bertil.get(url('/api/auth/visma/999999/op'))).body).toEqual(unknown.body);
    expect((await bertil.get(url('/api/auth/visma/abc/op'))).status).toBe(404);
    const pending = await server.db.query('SELECT 1 FROM insurance_signing_requests');
    expect(pending.rows).toEqual([]);
  });

  it('refuses an unknown method with 400 and keeps the loan identification routes apart', async () => {
    const answer = await anna.get(url(`/api/auth/visma/${ids.annaInsurance}/eipankki`));
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ message: text('identificationMethodUnknown') });
    // The loan routes beside them still answer as before: their own 404 for wrong credentials.
    expect((await anna.get(url(`/api/auth/visma/status/${ids.anna}/${'x'.repeat(43)}`))).status).toBe(404);
    expect((await anna.get(url('/api/auth/visma/get-methods'))).status).toBe(200);
  });

  it("answers 'false' before signing, not cached", async () => {
    const answer = await status(anna, ids.annaInsurance);
    expect(answer.status).toBe(200);
    expect(answer.text).toBe('false');
    expect(answer.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(answer.headers.get('cache-control')).toBe('no-store');
  });

  it('answers the provider URL to sign at, its nonce committing to the content, and sets the binding cookie', async () => {
    const authorize = await startSigning(anna, ids.annaInsurance);
    expect(authorize.origin).toBe(server.url);
    expect(authorize.pathname).toBe('/dev-idp/auth');
    expect(authorize.searchParams.get('redirect_uri')).toBe(url('/api/auth/sign/callback'));
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(anna.cookie(server.url, 'lv_signing')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const pending = await server.db.query<{ content_hash: Uint8Array; nonce_salt: Uint8Array }>(
      'SELECT content_hash, nonce_salt FROM insurance_signing_requests WHERE insurance_application_id = $1',
      [ids.annaInsurance],
    );
    expect(pending.rows).toHaveLength(1);
    const stored = (await annaStored())!;
    expect(Buffer.from(pending.rows[0].content_hash).equals(stored.contentHash)).toBe(true);
    expect(authorize.searchParams.get('nonce')).toBe(signatureNonce(stored.contentHash, pending.rows[0].nonce_salt));
  });

  it('signs through the test bank as the insured: SIGNED, the evidence stored, queued to the insurer', async () => {
    const authorize = await startSigning(anna, ids.annaInsurance);
    const { html, callback } = await throughBank(anna, authorize, { personalId: ANNA.ssn });
    // The bank shows what is signed and suggests the insured's own code.
    expect(html).toContain('testiallekirjoitus');
    expect(html).toContain('Turvattava kuukausierä');
    expect(html).toMatch(/300\s€/);
    expect(html).toContain('Kuukauden 15. päivä');
    expect(html).toContain('maksuturva-2026-11');
    expect(html).toMatch(new RegExp(`value="${ANNA.ssn}" checked`));
    expect(html).toContain('Vakuutettu');
    expect(html).toContain('name="personalId"');

    const done = await anna.fetch(callback.href);
    expect(done.status).toBe(303);
    expect(done.headers.get('location')).toBe('/maksuturva?allekirjoitus=signed');
    expect((await status(anna, ids.annaInsurance)).text).toBe('true');

    const stored = (await annaStored())!;
    expect(stored.status).toBe('SIGNED');
    const signature = stored.signature!;
    expect(signature.method).toBe('op');
    expect(signature.signerKey.equals(KEYS.of(ANNA.ssn))).toBe(true);
    expect(signature.contentHash.equals(signedContentHash(insuranceTerms(stored.id, stored.data, stored.termsVersion)))).toBe(true);
    expect(Math.abs(signature.signedAt.getTime() - Date.now())).toBeLessThan(60_000);
    // The broker's claims, without the identity code under any name.
    expect(signature.claims).toMatchObject({ iss: expect.any(String), sub: expect.any(String), aud: expect.anything(), nonce: expect.any(String) });
    expect(signature.claims).not.toHaveProperty('hetu');
    expect(JSON.stringify(signature.claims)).not.toContain(ANNA.ssn);
    // The token the broker signed carried the commitment: the nonce is recomputed from the salt and the hash.
    expect(signature.nonceSalt).toHaveLength(16);
    expect(nonceCommitsTo(signature.claims.nonce, signature.contentHash, signature.nonceSalt!)).toBe(true);
    expect(signature.claims.nonce).toBe(authorize.searchParams.get('nonce'));
    expect(await dispatched(ids.annaInsurance)).toBe(1);
    expect(await attempts(ids.annaInsurance)).toEqual([{ outcome: 'signed', method: 'op' }]);
  });

  it('refuses to start signing a signed application with 409', async () => {
    const answer = await anna.get(url(`/api/auth/visma/${ids.annaInsurance}/op`));
    expect(answer.status).toBe(409);
    expect(answer.body).toEqual({ type: 'INSURANCE_SIGNED', message: text('insuranceSigned') });
  });

  it("refuses another person's signature as a mismatch and stores no signature", async () => {
    const location = await sign(bertil, ids.bertilInsurance, { personalId: STRANGER });
    expect(location).toBe('/maksuturva?allekirjoitus=mismatch');
    expect((await status(bertil, ids.bertilInsurance)).text).toBe('false');
    expect((await bertilStored())!.signature).toBeNull();
    expect(await dispatched(ids.bertilInsurance)).toBe(0);
    expect(await attempts(ids.bertilInsurance)).toEqual([{ outcome: 'mismatch', method: 'op' }]);
  });

  it('refuses a signature for an application changed since the signing started', async () => {
    const location = await sign(bertil, ids.bertilInsurance, { personalId: BERTIL.ssn }, async () => {
      const updated = await bertil.post(url(`/api/insuranceApplication/update/${ids.bertilInsurance}`), { ...FORM, email: BERTIL.email, paymentTier: 500, appliedDueDate: 28, applicationId: ids.bertil });
      expect(updated.status, updated.text).toBe(200);
    });
    expect(location).toBe('/maksuturva?allekirjoitus=changed');
    expect((await status(bertil, ids.bertilInsurance)).text).toBe('false');
    expect((await bertilStored())!.signature).toBeNull();
    expect((await attempts(ids.bertilInsurance)).at(-1)).toEqual({ outcome: 'changed', method: 'op' });
  });

  it('records a cancel at the bank as cancelled', async () => {
    expect(await sign(bertil, ids.bertilInsurance, { cancel: true })).toBe('/maksuturva?allekirjoitus=cancelled');
    expect((await status(bertil, ids.bertilInsurance)).text).toBe('false');
    expect((await attempts(ids.bertilInsurance)).at(-1)).toEqual({ outcome: 'cancelled', method: 'op' });
  });

  it('answers failed for a code the provider does not vouch for, signing nothing', async () => {
    const { callback } = await throughBank(bertil, await startSigning(bertil, ids.bertilInsurance), { personalId: BERTIL.ssn });
    callback.searchParams.set('code', `${callback.searchParams.get('code')}x`);
    const done = await bertil.fetch(callback.href);
    expect(done.headers.get('location')).toBe('/maksuturva?allekirjoitus=failed');
    expect((await bertilStored())!.signature).toBeNull();
    expect((await attempts(ids.bertilInsurance)).at(-1)).toEqual({ outcome: 'failed', method: 'op' });
  });

  it('takes a pending request once, only with its browser, and not after its 10 minutes', async () => {
    const stored = (await bertilStored())!;
    const pending = {
      insuranceApplicationId: stored.id,
      personKey: KEYS.of(BERTIL.ssn),
      method: 'op',
      contentHash: stored.contentHash,
      nonceSalt: Buffer.alloc(16, 1),
      codeVerifierSealed: Buffer.alloc(40, 2),
      redirectUri: url('/api/auth/sign/callback'),
      browserHash: Buffer.alloc(32, 3),
    };
    const state = (n: number) => Buffer.alloc(32, n);
    await insertSigningRequest(server.db, state(10), pending, new Date(Date.now() - SIGNING_TTL_MS - 1000));
    expect(await takeSigningRequest(server.db, state(10), pending.browserHash)).toBeUndefined();
    await insertSigningRequest(server.db, state(11), pending);
    // The expired one went with the new insert.
    expect((await server.db.query('SELECT 1 FROM insurance_signing_requests WHERE state_hash = $1', [state(10)])).rows).toEqual([]);
    expect(await takeSigningRequest(server.db, state(11), Buffer.alloc(32, 4))).toBeUndefined();
    expect(await takeSigningRequest(server.db, state(11), pending.browserHash)).toMatchObject({ insuranceApplicationId: stored.id, method: 'op' });
    expect(await takeSigningRequest(server.db, state(11), pending.browserHash)).toBeUndefined();
  });

  it("records nothing for a callback opened in another browser, and the owner's still signs", async () => {
    const { callback } = await throughBank(bertil, await startSigning(bertil, ids.bertilInsurance), { personalId: BERTIL.ssn });
    const before = await attempts(ids.bertilInsurance);
    const elsewhere = await new Browser().fetch(callback.href);
    expect(elsewhere.status).toBe(303);
    expect(elsewhere.headers.get('location')).toBe('/maksuturva?allekirjoitus=failed');
    expect(await attempts(ids.bertilInsurance)).toEqual(before);
    expect((await bertilStored())!.signature).toBeNull();

    const own = await bertil.fetch(callback.href);
    expect(own.headers.get('location')).toBe('/maksuturva?allekirjoitus=signed');
    expect((await status(bertil, ids.bertilInsurance)).text).toBe('true');
    // Used once: the same callback again finds nothing.
    expect((await bertil.fetch(callback.href)).status).toBe(400);
  });

  it('logs no identity code, authorization code, state, nonce, binding cookie or token', async () => {
    const log = server.rawLogs.join('\n');
    expect(log).toContain('insurance signing finished');
    for (const secret of [ANNA.ssn, BERTIL.ssn, STRANGER, ...secretsSeen]) expect(log).not.toContain(secret);
    expect(log).not.toMatch(/eyJ[A-Za-z0-9_-]{10,}/);
    const cookie = bertil.cookie(server.url, 'lv_session');
    if (cookie) expect(log).not.toContain(cookie);
  });
});

describeOnDatabases('insurance signing: the identification limits', (target) => {
  let server: TestServer;
  const outbox = new DevOutbox(() => {});
  const customer = new Browser();
  const person: Person = { ssn: personalIdOfAge(40, 819), phone: '0441230029', email: 'rajoitettu.allekirjoittaja@example.fi' };

  beforeAll(async () => {
    server = await startTestServer(target, { notifier: outbox, lenderDelayScale: 0, limits: { identify: { person: { max: 2, windowSeconds: 600 } } } });
    const source = (await storeApplication(server.db, 'kulutusluotto', as(person, validApplication()), 'identified')).id;
    await logIn(server.url, customer, outbox, { loginSsn: person.ssn, loginPhone: person.phone }, person.email);
    const created = await customer.post(`${server.url}/api/insuranceApplication/create`, { ...FORM, email: person.email, applicationId: source });
    expect(created.status, created.text).toBe(200);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('refuses starting a signing past the per-person limit with 429', async () => {
    const id = Number((await server.db.query<{ id: string }>('SELECT id FROM insurance_applications')).rows[0].id);
    for (let i = 0; i < 2; i++) expect((await customer.get(`${server.url}/api/auth/visma/${id}/op`)).status).toBe(200);
    const limited = await customer.get(`${server.url}/api/auth/visma/${id}/op`);
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ type: 'RATE_LIMITED' });
  });
});
