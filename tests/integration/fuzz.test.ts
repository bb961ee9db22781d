// Thousands of generated bad requests against create and update: every one is refused
// with a 4xx, none becomes a 5xx, nothing new is stored and the stored application is
// byte for byte what it was. The server's log must carry no error (an engine crash the
// server turned into a 400 would show there).
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { validApplication } from '../fixtures/consumer-valid.ts';
import { describeOnDatabases } from './helpers/database.ts';
import { API, post, startTestServer, storedRow, type TestServer } from './helpers/server.ts';

const RUNS_PER_ENDPOINT = 1100;
// 415: a body that is not JSON (issue 24 item 5).
const REFUSALS = [400, 404, 413, 415];

interface BadRequest {
  kind: string;
  /** Raw text sent as the body (undefined: no body). */
  body: string | undefined;
  contentType: string;
  /** For update: replaces the real token in the path. */
  credentials?: { id: string; token: string };
}

type Data = Record<string, unknown>;

const base = (): Data => ({ ...validApplication(), additionalFormData: { step: 7, hasCoApplicant: false }, browser: 'Firefox', source: 'google' });
const json = (kind: string, body: unknown): BadRequest => ({ kind, body: JSON.stringify(body), contentType: 'application/json' });

const KNOWN_KEYS = new Set([...Object.keys(validApplication()), 'additionalFormData', 'browser', 'device', 'brand', 'product', 'referrer', 'landingUrl', 'queryString', 'gaData', 'channelId', 'source', 'finalize']);

const junk = fc.jsonValue({ maxDepth: 4 });
const lettersOnly = fc.string({ minLength: 1, maxLength: 40 }).map((text) => text.replace(/[^a-zA-Z]/g, '') || 'abc');
const notANumber = fc.oneof(fc.dictionary(fc.string(), junk, { minKeys: 1 }), fc.array(junk, { minLength: 1 }), fc.boolean(), lettersOnly);

/** For each step-1 field, values the document certainly refuses. */
const invalidStep1Value: Record<string, fc.Arbitrary<unknown>> = {
  loanPurposeId: fc.oneof(notANumber, fc.integer().filter((n) => ![19, 16, 6, 18, 15, 3, 12, 10, 14, 8].includes(n)), fc.constant('16')),
  inputAppliedAmount: fc.oneof(notANumber, fc.double({ max: 499.99, noNaN: true }), fc.double({ min: 70000.01, noNaN: true }).filter(Number.isFinite)),
  inputAppliedTenor: fc.oneof(notANumber, fc.integer({ max: 0 }), fc.integer({ min: 21 }), fc.constant(2.5)),
  hasCoApplicant: fc.oneof(fc.integer(), fc.string(), fc.dictionary(fc.string(), junk), fc.array(junk)),
};

const badBody: fc.Arbitrary<BadRequest> = fc.oneof(
  // Not JSON at all, or a valid body cut short.
  fc.string().filter((text) => !isJson(text)).map((text) => ({ kind: 'not json', body: text, contentType: 'application/json' })),
  fc.nat().map((cut) => {
    const text = JSON.stringify(base());
    return { kind: 'truncated json', body: text.slice(0, cut % (text.length - 1)), contentType: 'application/json' };
  }),
  // JSON, but not an object.
  junk.filter((value) => typeof value !== 'object' || value === null || Array.isArray(value)).map((value) => json('not an object', value)),
  // Unknown fields with junk in them.
  fc.tuple(fc.string({ minLength: 1, maxLength: 30 }).filter((key) => !KNOWN_KEYS.has(key)), junk).map(([key, value]) => json('unknown field', { ...base(), [key]: value })),
  fc.tuple(fc.string({ minLength: 1, maxLength: 30 }).filter((key) => !KNOWN_KEYS.has(key) && !['step', 'hasCoApplicant', 'sameAddress'].includes(key)), junk).map(([key, value]) =>
    json('unknown navigation field', { ...base(), additionalFormData: { step: 7, [key]: value } }),
  ),
  // A step-1 field with a value of the wrong type or out of range.
  fc.constantFrom(...Object.keys(invalidStep1Value)).chain((field) =>
    invalidStep1Value[field].map((value) => json(`invalid ${field}`, { ...base(), [field]: value, additionalFormData: { step: 1 } })),
  ),
  // Text that fails its pattern or checksum.
  lettersOnly.map((text) => json('invalid IBAN', { ...base(), primaryApplicantIbanNumber: `FI${text}` })),
  lettersOnly.map((text) => json('invalid personal id', { ...base(), primaryApplicantPersonalIdentificationNumber: text })),
  fc.string({ minLength: 1 }).map((text) => json('invalid name', { ...base(), primaryApplicantFirstnames: `${text}<>{}0` })),
  // Broken navigation state.
  fc.oneof(junk.filter((value) => typeof value !== 'object' || value === null || Array.isArray(value)), fc.constant(undefined)).map((additionalFormData) =>
    json('additionalFormData not an object', { ...base(), additionalFormData }),
  ),
  fc.oneof(fc.integer().filter((n) => n < 0 || n > 7), fc.double({ noNaN: true }).filter((n) => !Number.isInteger(n)), fc.string(), fc.boolean(), fc.constant(null)).map((step) =>
    json('invalid step', { ...base(), additionalFormData: { step } }),
  ),
  fc.constant(json('step 0 without finalize', { ...base(), additionalFormData: { step: 0 } })),
  fc.constant(json('finalize without step 0', { ...base(), finalize: 1 })),
  fc
    .tuple(fc.constantFrom('browser', 'device', 'referrer', 'landingUrl', 'queryString', 'channelId', 'source', 'gaData', 'brand', 'product', 'finalize'), fc.oneof(fc.integer(), fc.array(junk), fc.boolean()))
    // `finalize: false` and `finalize: 0` are valid ("not finalizing").
    .filter(([field, value]) => !(field === 'finalize' && (value === false || value === 0)))
    .map(([field, value]) => json(`invalid ${field}`, { ...base(), [field]: value })),
  fc.string({ minLength: 1 }).filter((text) => !['lainavertailu', 'kattokorko'].includes(text)).map((brand) => json('unknown brand', { ...base(), brand })),
  // Text PostgreSQL cannot store, deep nesting, a body over the limit.
  fc.tuple(fc.constantFrom('\u0000', '\ud800', '\udfff'), fc.string(), fc.constantFrom('primaryApplicantFirstnames', 'browser', 'landingUrl')).map(([bad, text, field]) =>
    json('unstorable text', { ...base(), [field]: `${text}${bad}${text}` }),
  ),
  fc.integer({ min: 9, max: 3000 }).map((depth) => ({ kind: 'deep nesting', body: JSON.stringify({ ...base(), gaData: null }).replace('null', `${'['.repeat(depth)}${']'.repeat(depth)}`), contentType: 'application/json' })),
  fc.integer({ min: 1, max: 200_000 }).map((extra) => json('too large', { ...base(), landingUrl: 'x'.repeat(64 * 1024 + extra) })),
  // A valid body under the wrong content type.
  fc.constantFrom('text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/xml', 'text/html', 'application/octet-stream').map((contentType) => ({
    kind: 'wrong content type',
    body: JSON.stringify(base()),
    contentType,
  })),
);

/** Credentials that are not the application's: another token, another id, nonsense. */
const wrongCredentials = (id: number, token: string): fc.Arbitrary<BadRequest> =>
  fc
    .oneof(
      fc.stringMatching(/^[A-Za-z0-9_-]{43}$/).filter((other) => other !== token).map((other) => ({ id: String(id), token: other })),
      fc.integer({ min: 1, max: 2 ** 40 }).filter((other) => other !== id).map((other) => ({ id: String(other), token })),
      fc.tuple(fc.string({ minLength: 1 }), fc.string({ minLength: 1 })).filter(([a, b]) => a.isWellFormed() && b.isWellFormed() && b !== token).map(([a, b]) => ({ id: a, token: b })),
    )
    .map((credentials) => ({ kind: 'wrong credentials', body: JSON.stringify(base()), contentType: 'application/json', credentials }));

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

describeOnDatabases('fuzzing create and update with bad requests', (target) => {
  let server: TestServer;
  let sent = 0;

  beforeAll(async () => {
    server = await startTestServer(target);
  });
  afterAll(async () => {
    await server?.close();
  });

  async function send(path: string, request: BadRequest): Promise<void> {
    sent++;
    const answer = await post(`${server.url}${API}${path}`, request.body, { 'content-type': request.contentType });
    expect(REFUSALS, `${request.kind}: ${answer.status} ${answer.text.slice(0, 300)}`).toContain(answer.status);
    expect(answer.body, request.kind).toMatchObject({ type: expect.any(String) });
  }

  it(
    `refuses ${RUNS_PER_ENDPOINT} bad creates and ${RUNS_PER_ENDPOINT} bad updates without a 5xx or a change`,
    async () => {
      const created = await post(`${server.url}${API}/save`, base());
      expect(created.status).toBe(200);
      const { id, token } = created.body as { id: number; token: string };
      const before = await storedRow(server.db, id);
      const count = async () => Number((await server.db.query<{ n: string }>('SELECT count(*) AS n FROM applications')).rows[0].n);
      const rowsBefore = await count();

      await fc.assert(
        fc.asyncProperty(badBody, (request) => send('/save', request)),
        { numRuns: RUNS_PER_ENDPOINT },
      );
      await fc.assert(
        fc.asyncProperty(fc.oneof({ weight: 9, arbitrary: badBody }, { weight: 1, arbitrary: wrongCredentials(id, token) }), (request) => {
          const credentials = request.credentials ?? { id: String(id), token };
          return send(`/save/${encodeURIComponent(credentials.id)}/${encodeURIComponent(credentials.token)}`, request);
        }),
        { numRuns: RUNS_PER_ENDPOINT },
      );

      expect(sent).toBeGreaterThanOrEqual(2000);
      expect(await storedRow(server.db, id)).toEqual(before);
      expect(await count()).toBe(rowsBefore);
      const errors = server.rawLogs.filter((line) => (JSON.parse(line) as { level: number }).level >= 50);
      expect(errors).toEqual([]);
    },
    120_000,
  );
});
