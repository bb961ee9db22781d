// One-time codes for resuming an application (spec §4, §7, §9) over real HTTP on a real
// database, with the development outbox as the inbox and an injected clock.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError, mailSettings, readConfig } from '../../src/server/config.ts';
import { DEFAULT_LIMITS } from '../../src/server/limits/limits.ts';
import { DevOutbox, type OutgoingMessage } from '../../src/server/notify/notifier.ts';
import { primaryBasics, step1 } from '../fixtures/consumer-valid.ts';
import { describeOnDatabases } from './helpers/database.ts';
import { API, get, post, startTestServer, type TestServer } from './helpers/server.ts';

type Data = Record<string, unknown>;
const EMAIL = primaryBasics.primaryApplicantEmail as string;
const PHONE = primaryBasics.primaryApplicantMobilephone as string;
const MINUTE = 60_000;

/** The development outbox (its HTTP view stays mounted) whose delivery can be made to fail. */
class RefusingOutbox extends DevOutbox {
  refuse = false;
  readonly refused: OutgoingMessage[] = [];

  override async send(message: OutgoingMessage): Promise<void> {
    if (!this.refuse) return super.send(message);
    this.refused.push(message);
    // Shaped like nodemailer's EENVELOPE error: the address is in its message, `rejected`
    // and `response`; the mail itself rides along as some transports attach it.
    throw Object.assign(new Error(`Can't send mail - all recipients were rejected: 550 5.1.1 <${message.to}>: Recipient address rejected`), {
      code: 'EENVELOPE',
      rejected: [message.to],
      response: `550 5.1.1 <${message.to}>: Recipient address rejected`,
      responseCode: 550,
      command: 'RCPT TO',
      mail: message,
    });
  }
}

describeOnDatabases('one-time codes', (target) => {
  let server: TestServer;
  let clock = Date.UTC(2026, 10, 22, 12, 0, 0);
  const outbox = new RefusingOutbox(() => {});
  const url = (path: string) => `${server.url}${API}${path}`;

  beforeAll(async () => {
    server = await startTestServer(target, { devTools: true, notifier: outbox, now: () => clock });
  });
  afterAll(async () => {
    await server?.close();
  });
  beforeEach(() => {
    clock += 60 * MINUTE;
  });

  /** An application saved up to step 2, so it has the applicant's e-mail. */
  async function application(extra: Data = {}): Promise<{ applicationId: number; applicationToken: string }> {
    const created = await post(url('/save'), { ...step1, additionalFormData: { step: 1, hasCoApplicant: false } });
    expect(created.status, created.text).toBe(200);
    const { id, token } = created.body as { id: number; token: string };
    const saved = await post(url(`/save/${id}/${token}`), { ...primaryBasics, ...extra, additionalFormData: { step: 2, hasCoApplicant: false } });
    expect(saved.status, saved.text).toBe(200);
    return { applicationId: id, applicationToken: token };
  }

  const send = (credentials: Data, extra: Data = {}) => post(url('/send-code'), { ...credentials, ...extra });
  const verify = (credentials: Data, otp: string) => post(url('/get/verify-with-otp'), { ...credentials, otp });

  function lastCode(to = EMAIL): string {
    const [latest] = outbox.list(to);
    const match = /\b(\d{6})\b/.exec(latest?.text ?? '');
    if (!match) throw new Error(`no code in the outbox for ${to}`);
    return match[1];
  }

  const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

  async function codeRows(applicationId: number): Promise<Data[]> {
    const result = await server.db.query(
      `SELECT encode(code_hash, 'hex') AS code_hash, channel, failed_attempts, used_at::text AS used_at, expires_at, created_at
       FROM one_time_codes WHERE application_id = $1 ORDER BY id`,
      [applicationId],
    );
    return result.rows;
  }

  it('sends six digits to the e-mail, answers where they went, and stores only a hash', async () => {
    const credentials = await application();
    const before = outbox.list(EMAIL).length;
    const answer = await send(credentials);
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body).toEqual({ sent: true, channel: 'email', to: 'm•••@e•••.fi', resendAfterSeconds: 7 });
    expect(answer.headers.get('cache-control')).toBe('no-store');
    const messages = outbox.list(EMAIL);
    expect(messages).toHaveLength(before + 1);
    expect(messages[0]).toMatchObject({ channel: 'email', to: EMAIL, subject: 'Lainavertailu: kertakirjautumiskoodisi' });
    expect(messages[0].text).toMatch(/\b\d{6}\b/);
    expect(messages[0].text).toContain('10 minuuttia');
    expect(messages[0].text).toContain('Jos et pyytänyt koodia, voit jättää tämän viestin huomiotta.');
    const code = lastCode();
    const rows = await codeRows(credentials.applicationId);
    expect(rows).toHaveLength(1);
    expect(rows[0].code_hash).toMatch(/^[0-9a-f]{64}$/);
    const stored = JSON.stringify(await server.db.query('SELECT *, encode(code_hash, $2) AS hex FROM one_time_codes WHERE application_id = $1', [credentials.applicationId, 'escape']));
    expect(stored).not.toContain(code);
    expect(new Date(rows[0].expires_at as string).getTime() - new Date(rows[0].created_at as string).getTime()).toBe(10 * MINUTE);
  });

  it('draws codes from the whole range (not a fixed or short code)', async () => {
    const codes = new Set<string>();
    for (let i = 0; i < 3; i++) {
      const credentials = await application();
      expect((await send(credentials)).status).toBe(200);
      codes.add(lastCode());
    }
    expect(codes.size).toBeGreaterThan(1);
    for (const code of codes) expect(code).toMatch(/^\d{6}$/);
  });

  it('exchanges the right code once for the saved form, with its step, product and brand', async () => {
    const credentials = await application();
    await send(credentials);
    const code = lastCode();
    const answer = await verify(credentials, code);
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body).toMatchObject({
      primaryApplicantEmail: EMAIL,
      primaryApplicantFirstnames: 'Maija',
      inputAppliedAmount: 15000,
      additionalFormData: { step: 2, hasCoApplicant: false },
      product: 'kulutusluotto',
      brand: 'lainavertailu',
    });
    const again = await verify(credentials, code);
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ type: 'OTP_EXPIRED', message: 'Kertakirjautumiskoodi on vanhentunut tai jo käytetty. Tilaa uusi koodi.' });
  });

  it('accepts a pasted code with spaces', async () => {
    const credentials = await application();
    await send(credentials);
    const code = lastCode();
    expect((await verify(credentials, ` ${code.slice(0, 3)} ${code.slice(3)} `)).status).toBe(200);
  });

  it('is valid for 10 minutes', async () => {
    const early = await application();
    await send(early);
    const earlyCode = lastCode();
    clock += 10 * MINUTE - 1000;
    expect((await verify(early, earlyCode)).status).toBe(200);

    const late = await application();
    await send(late);
    const lateCode = lastCode();
    clock += 10 * MINUTE;
    const answer = await verify(late, lateCode);
    expect(answer.status).toBe(400);
    expect((answer.body as Data).type).toBe('OTP_EXPIRED');
  });

  it('counts wrong tries and is void after five, even for the right code', async () => {
    const credentials = await application();
    await send(credentials);
    const code = lastCode();
    for (const triesLeft of [4, 3, 2, 1, 0]) {
      const answer = await verify(credentials, wrongCode(code));
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({
        type: 'OTP_INVALID',
        message: 'Hakemuksen tarkistuksessa tapahtui virhe. Tarkista että syötit kertakirjautumiskoodin oikein.',
        triesLeft,
      });
    }
    const locked = await verify(credentials, code);
    expect(locked.status).toBe(400);
    expect(locked.body).toEqual({ type: 'OTP_LOCKED', message: 'Koodi syötettiin väärin liian monta kertaa, eikä sitä voi enää käyttää. Tilaa uusi koodi.' });
    expect((await codeRows(credentials.applicationId))[0]).toMatchObject({ failed_attempts: 5, used_at: null });

    // A new code starts over.
    clock += 8000;
    expect((await send(credentials, { forceNewOtp: true })).status).toBe(200);
    expect((await verify(credentials, lastCode())).status).toBe(200);
  });

  it('locks resending for 7 seconds, and a new code voids the old one', async () => {
    const credentials = await application();
    await send(credentials);
    const first = lastCode();
    clock += 3000;
    const locked = await send(credentials, { forceNewOtp: true });
    expect(locked.status).toBe(429);
    expect(locked.body).toEqual({ type: 'RESEND_LOCKED', message: 'Odota 4 s ennen kuin tilaat uuden koodin.', retryAfterSeconds: 4 });
    expect(locked.headers.get('retry-after')).toBe('4');
    expect(await codeRows(credentials.applicationId)).toHaveLength(1);
    clock += 4000;
    expect((await send(credentials, { forceNewOtp: true })).status).toBe(200);
    const second = lastCode();
    if (second !== first) expect((await verify(credentials, first)).body).toMatchObject({ type: 'OTP_INVALID' });
    expect((await verify(credentials, second)).status).toBe(200);
  });

  it('keeps a valid code when the page asks again without forceNewOtp', async () => {
    const credentials = await application();
    await send(credentials);
    const sent = outbox.list(EMAIL).length;
    clock += 1000;
    const again = await send(credentials, { forceNewOtp: false });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ sent: false, channel: 'email', resendAfterSeconds: 7 });
    expect(outbox.list(EMAIL)).toHaveLength(sent);
    expect(await codeRows(credentials.applicationId)).toHaveLength(1);
  });

  // Issue 25 item 11: the third 'Tilaa tästä uusi koodi' within 22 s locked the applicant
  // out for 15 minutes. Now the waits grow: 7 s, 7 s, a minute, three, then ten at most.
  it('lets someone whose mail does not come ask again after growing waits, told in minutes once past the 7 s lock', async () => {
    const credentials = await application();
    expect((await send(credentials)).status).toBe(200);
    clock += 7000;
    expect((await send(credentials, { forceNewOtp: true })).status).toBe(200);
    clock += 7000;
    expect((await send(credentials, { forceNewOtp: true })).status).toBe(200);
    clock += 7000;
    // The third click within 22 s: a minute's wait, not fifteen.
    const third = await send(credentials, { forceNewOtp: true });
    expect(third.status).toBe(429);
    expect(third.body).toEqual({ type: 'TOO_MANY_CODES', message: 'Olet tilannut liian monta koodia. Voit tilata uuden koodin 1 minuutin kuluttua.', retryAfterSeconds: 53 });
    expect(third.headers.get('retry-after')).toBe('53');
    expect(await codeRows(credentials.applicationId)).toHaveLength(3);
    clock += 53_000;
    expect((await send(credentials, { forceNewOtp: true })).status).toBe(200);
    clock += 60_000;
    const fourth = await send(credentials, { forceNewOtp: true });
    expect(fourth.body).toMatchObject({ type: 'TOO_MANY_CODES', message: 'Olet tilannut liian monta koodia. Voit tilata uuden koodin 2 minuutin kuluttua.', retryAfterSeconds: 120 });
    clock += 120_000;
    expect((await send(credentials, { forceNewOtp: true })).status).toBe(200);
    clock += 1000;
    expect((await send(credentials, { forceNewOtp: true })).body).toMatchObject({ type: 'TOO_MANY_CODES', retryAfterSeconds: 599 });
    expect(await codeRows(credentials.applicationId)).toHaveLength(5);
    // An hour after the first codes the waits are short again.
    clock += 60 * MINUTE;
    expect((await send(credentials, { forceNewOtp: true })).status).toBe(200);
  });

  it('answers a wrong token or id with one 404 and changes nothing', async () => {
    const credentials = await application();
    await send(credentials);
    const code = lastCode();
    const wrongToken = { ...credentials, applicationToken: credentials.applicationToken.replace(/^./, (c) => (c === 'A' ? 'B' : 'A')) };
    const wrongId = { ...credentials, applicationId: credentials.applicationId + 100_000 };
    const sentBefore = outbox.list().length;
    const rowsBefore = await codeRows(credentials.applicationId);
    clock += 8000;
    for (const bad of [wrongToken, wrongId, { ...credentials, applicationToken: 'short' }]) {
      for (const answer of [await send(bad, { forceNewOtp: true }), await verify(bad, code)]) {
        expect(answer.status).toBe(404);
        expect(answer.body).toEqual({ type: 'NOT_FOUND', message: 'Hakemusta ei löytynyt.' });
      }
    }
    expect(outbox.list()).toHaveLength(sentBefore);
    expect(await codeRows(credentials.applicationId)).toEqual(rowsBefore);
    expect((await verify(credentials, code)).status).toBe(200);
  });

  it('refuses malformed bodies with a 400 (never a 500) and changes nothing', async () => {
    const credentials = await application();
    await send(credentials);
    const rowsBefore = await codeRows(credentials.applicationId);
    const bodies: unknown[] = [
      '{"applicationId": 1,',
      '[]',
      '"text"',
      'null',
      {},
      { applicationId: credentials.applicationId },
      { ...credentials, otp: 123456 },
      { ...credentials, otp: null },
      { ...credentials, otp: '1'.repeat(5000) },
      { ...credentials, otp: '123456', extra: 1 },
      { applicationId: { $gt: 0 }, applicationToken: credentials.applicationToken, otp: '123456' },
      { applicationId: credentials.applicationId, applicationToken: ['x'], otp: '123456' },
    ];
    for (const body of bodies) {
      const answer = await post(url('/get/verify-with-otp'), body);
      expect(answer.status, `${JSON.stringify(body)} → ${answer.text}`).toBe(400);
      expect(typeof (answer.body as Data).message).toBe('string');
    }
    for (const body of [{ ...credentials, forceNewOtp: 'yes' }, { ...credentials, domain: 'https://evil.example/' }, { ...credentials, domain: 7 }, { ...credentials, to: 'x@evil.example' }]) {
      const answer = await post(url('/send-code'), body);
      expect(answer.status, `${JSON.stringify(body)} → ${answer.text}`).toBe(400);
    }
    const plain = await post(url('/send-code'), JSON.stringify(credentials), { 'content-type': 'text/plain' });
    expect(plain.status).toBe(415);
    const huge = await post(url('/send-code'), { ...credentials, domain: 'x'.repeat(100_000) });
    expect(huge.status).toBe(413);
    expect(await codeRows(credentials.applicationId)).toEqual(rowsBefore);
  });

  it('sends to the phone by SMS while there is no e-mail, and says so when there is neither', async () => {
    const onlyStep1 = await post(url('/save'), { ...step1, additionalFormData: { step: 1, hasCoApplicant: false } });
    const { id, token } = onlyStep1.body as { id: number; token: string };
    const none = await send({ applicationId: id, applicationToken: token });
    expect(none.status).toBe(409);
    expect(none.body).toMatchObject({ type: 'NO_CONTACT', message: expect.stringContaining('Täytä uusi hakemus') });

    const credentials = await application();
    await server.db.query(`UPDATE applications SET data = data - 'primaryApplicantEmail' WHERE id = $1`, [credentials.applicationId]);
    const answer = await send(credentials);
    expect(answer.body).toEqual({ sent: true, channel: 'sms', to: '••• ••• 567', resendAfterSeconds: 7 });
    const [sms] = outbox.list(PHONE);
    expect(sms).toMatchObject({ channel: 'sms', to: PHONE });
    expect(sms.text).toMatch(/^Lainavertailu: kertakirjautumiskoodisi on \d{6}\. Voimassa 10 min\./);
  });

  it('names the brand given by domain, taken as a brand and never as an address', async () => {
    const credentials = await application();
    expect((await send(credentials, { domain: 'kattokorko.fi' })).status).toBe(200);
    expect(outbox.list(EMAIL)[0].subject).toBe('Kattokorko: kertakirjautumiskoodisi');
    expect(outbox.list(EMAIL)[0].text).toContain('Kattokorko-palvelun');
  });

  it('reads the outbox over HTTP, latest first, and lets dev tools expire codes', async () => {
    const credentials = await application();
    await send(credentials);
    const from = server.rawLogs.length;
    const listed = await get(`${server.url}/api/dev/outbox?to=${encodeURIComponent(EMAIL)}`);
    expect(server.rawLogs.slice(from).join('\n')).not.toContain('maija');
    expect(listed.status).toBe(200);
    expect((listed.body as { text: string }[])[0].text).toContain(lastCode());
    const expired = await post(`${server.url}/api/dev/otp/expire`, credentials);
    expect(expired.status).toBe(200);
    expect((await verify(credentials, lastCode())).body).toMatchObject({ type: 'OTP_EXPIRED' });
    expect((await post(`${server.url}/api/dev/otp/expire`, { ...credentials, applicationId: credentials.applicationId + 1000 })).status).toBe(404);
  });

  it('logs neither the code, the token nor the e-mail address of a send and a verify', async () => {
    const credentials = await application();
    const from = server.rawLogs.length;
    await send(credentials);
    const code = lastCode();
    await verify(credentials, wrongCode(code));
    expect((await verify(credentials, code)).status).toBe(200);
    const logs = server.rawLogs.slice(from).join('\n');
    expect(logs).toContain('one-time code requested');
    expect(logs).toContain('application resumed with a one-time code');
    expect(logs).not.toContain(code);
    expect(logs).not.toContain(credentials.applicationToken);
    expect(logs).not.toContain(EMAIL);
    expect(logs).not.toContain('maija.meik');
  });

  it('answers a failed delivery with the §8 text, keeps no code, and logs neither the address nor the code', async () => {
    const credentials = await application();
    const from = server.rawLogs.length;
    outbox.refuse = true;
    let answer;
    try {
      answer = await send(credentials, { forceNewOtp: true });
    } finally {
      outbox.refuse = false;
    }
    expect(answer.status).toBe(503);
    expect(answer.body).toEqual({ type: 'SEND_FAILED', message: 'Jotain meni pieleen. Päivitä sivu.' });
    const [message] = outbox.refused.slice(-1);
    expect(message.to).toBe(EMAIL);
    const code = /\b(\d{6})\b/.exec(message.text)![1];
    expect(await codeRows(credentials.applicationId)).toEqual([]);

    const logs = server.rawLogs.slice(from).join('\n');
    const failure = server.rawLogs.slice(from).find((line) => line.includes('one-time code delivery failed'));
    expect(JSON.parse(failure!)).toMatchObject({ errorName: 'Error', errorCode: 'EENVELOPE', channel: 'email', applicationId: credentials.applicationId });
    expect(logs).not.toContain(EMAIL);
    expect(logs).not.toContain('maija.meik');
    expect(logs).not.toContain('example.fi');
    expect(logs).not.toContain(code);
    expect(logs).not.toContain(credentials.applicationToken);
    expect(logs).not.toContain('Recipient address rejected');

    // The failed send used none of the budget: a new code goes out at once.
    expect((await send(credentials, { forceNewOtp: true })).status).toBe(200);
  });
});

// Issue 25 item 11: a limit that a real person who did not get a mail does not hit. With the
// default limits, someone who reopens the page now and then and clicks 'Tilaa tästä uusi
// koodi' whenever the page lets them is only ever asked to wait (never more than 10
// minutes, never by the shared limits), and one inbox gets at most 10 codes an hour.
describeOnDatabases('one-time codes under the default limits', (target) => {
  let server: TestServer;
  let clock = Date.UTC(2026, 10, 23, 9, 0, 0);
  const outbox = new DevOutbox(() => {});
  const url = (path: string) => `${server.url}${API}${path}`;

  beforeAll(async () => {
    server = await startTestServer(target, { devTools: true, notifier: outbox, limits: DEFAULT_LIMITS, now: () => clock });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('only ever asks a persistent applicant to wait, as long as the page says', async () => {
    const created = (await post(url('/save'), { ...step1, additionalFormData: { step: 1, hasCoApplicant: false } })).body as { id: number; token: string };
    const credentials = { applicationId: created.id, applicationToken: created.token };
    expect((await post(url(`/save/${created.id}/${created.token}`), { ...primaryBasics, additionalFormData: { step: 2, hasCoApplicant: false } })).status).toBe(200);
    const started = clock;
    const mailed: number[] = [];
    const waits: number[] = [];
    for (let click = 0; clock < started + 2 * 60 * MINUTE; click++) {
      // Every fifth time the page is opened again before the click (a new code only once the last one expired).
      if (click % 5 === 4) {
        const opened = await post(url('/send-code'), credentials);
        if (opened.status === 200 && (opened.body as { sent: boolean }).sent) mailed.push(clock);
      }
      const answer = await post(url('/send-code'), { ...credentials, forceNewOtp: click > 0 });
      if (answer.status === 200) {
        if ((answer.body as { sent: boolean }).sent) mailed.push(clock);
        clock += 7000;
        continue;
      }
      expect(answer.status).toBe(429);
      expect(['RESEND_LOCKED', 'TOO_MANY_CODES']).toContain((answer.body as { type: string }).type);
      const wait = Number(answer.headers.get('retry-after'));
      waits.push(wait);
      clock += wait * 1000;
    }
    expect(Math.max(...waits)).toBeLessThanOrEqual(10 * 60);
    for (const at of mailed) expect(mailed.filter((other) => other >= at && other < at + 60 * MINUTE).length).toBeLessThanOrEqual(10);
    // Ten in the first hour, then one every ten minutes.
    expect(mailed.length).toBeGreaterThanOrEqual(12);
    expect(outbox.list(EMAIL)).toHaveLength(mailed.length);
  });
});

describeOnDatabases('one-time codes without dev tools', (target) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(target, { devTools: false });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('has no outbox and no expiry helper', async () => {
    expect((await get(`${server.url}/api/dev/outbox`)).status).toBe(404);
    expect((await post(`${server.url}/api/dev/otp/expire`, { applicationId: 1, applicationToken: 'x' })).status).toBe(404);
  });
});

describe('mail configuration', () => {
  it('turns dev tools on outside production, and DEV_TOOLS overrides', () => {
    expect(readConfig({}).devTools).toBe(true);
    expect(mailSettings({ NODE_ENV: 'production', SMTP_URL: 'smtp://mail:25', MAIL_FROM: 'noreply@lainavertailu.fi' }).devTools).toBe(false);
    expect(mailSettings({ DEV_TOOLS: '0' }).devTools).toBe(false);
    expect(() => mailSettings({ DEV_TOOLS: 'maybe' })).toThrow(ConfigError);
  });

  it('will not start production without SMTP', () => {
    expect(() => mailSettings({ NODE_ENV: 'production' })).toThrow(/SMTP_URL and MAIL_FROM are required/);
    expect(() => mailSettings({ SMTP_URL: 'smtp://mail:25' })).toThrow(/MAIL_FROM/);
    expect(() => mailSettings({ SMTP_URL: 'http://mail', MAIL_FROM: 'a@b.fi' })).toThrow(/smtp:\/\//);
    // Production never runs the development outbox instead (issue 14, item 4).
    expect(() => mailSettings({ NODE_ENV: 'production', DEV_TOOLS: '1' })).toThrow(/DEV_TOOLS=1 is refused/);
    expect(mailSettings({ NODE_ENV: 'production', SMTP_URL: 'smtp://mail:25', MAIL_FROM: 'a@b.fi' }).smtp).toEqual({ url: 'smtp://mail:25', from: 'a@b.fi' });
  });
});
