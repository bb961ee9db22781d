// Issue 24: every POST route the app registers, listed as Fastify registers them (a new
// route is fuzzed without a line here), gets a few hundred generated bad bodies: not JSON,
// cut short, not an object, unknown fields, known fields of the wrong type, text PostgreSQL
// cannot store (NUL, lone surrogates) in values and keys, huge strings, deep nesting, the
// wrong content type. Each is sent with what gets it past the route's credential checks
// (the application's id and token in the path or body, the session of the browser that
// made it, a logged-in customer), so it reaches the body's checks. Every answer is a 4xx,
// never a 5xx, and after each one every stored row is what it was; the server logs no error.
// fuzz.test.ts goes deeper into create and update of the consumer form.
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { shippedProducts } from '../../src/server/applications/products.ts';
import { DevOutbox } from '../../src/server/notify/notifier.ts';
import { validBusiness } from '../fixtures/business-valid.ts';
import { validApplication } from '../fixtures/consumer-valid.ts';
import { validMortgage } from '../fixtures/mortgage-valid.ts';
import { personalIdOfAge } from '../fixtures/personal-id.ts';
import { describeOnDatabases } from './helpers/database.ts';
import { logIn, storeApplication } from './helpers/customer.ts';
import { Browser, startTestServer, type TestServer } from './helpers/server.ts';
import { logInStaff } from './helpers/staff.ts';
import { snapshotter, type Snapshot } from './helpers/snapshot.ts';

// 100, not 200, since the contract fuzz (contract-fuzz.test.ts) also sends every operation its schemas' negatives.
const BODIES_PER_ROUTE = 100;

type Data = Record<string, unknown>;
type Credentials = { id: number; token: string };

interface BadBody {
  kind: string;
  /** The raw text sent (never empty: some routes take no body, and an empty one is theirs to accept). */
  body: string;
  contentType: string;
}

/** A route as the fuzz sends to it: the path with its parameters filled, a valid body to spoil, the browser that may call it. */
interface Target {
  route: string;
  path: string;
  base: Data;
  browser: Browser;
}

const junk = fc.jsonValue({ maxDepth: 3 });
/** Never any field's type: every route refuses it in place of a scalar, a list or an object alike. */
const wrongType = (value: unknown): fc.Arbitrary<unknown> =>
  Array.isArray(value)
    ? fc.oneof(fc.dictionary(fc.string({ minLength: 1 }), junk, { minKeys: 1 }), fc.string({ minLength: 1 }).map((text) => `§${text}`))
    : typeof value === 'object' && value !== null
      ? fc.oneof(fc.array(junk, { minLength: 1 }), fc.string({ minLength: 1 }).map((text) => `§${text}`))
      : fc.oneof(fc.array(junk, { minLength: 1 }), fc.dictionary(fc.string({ minLength: 1 }), junk, { minKeys: 1 }));
const unknownKey = fc.string({ maxLength: 20 }).map((text) => `zzUnknown${text}`);
const unstorable = fc.constantFrom('\u0000', '\ud800', '\udfff', '\udbff');

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

function badBodies(base: Data): fc.Arbitrary<BadBody> {
  const json = (kind: string) => (body: unknown): BadBody => ({ kind, body: JSON.stringify(body), contentType: 'application/json' });
  const keys = Object.keys(base);
  const someKey = keys.length > 0 ? fc.oneof(fc.constantFrom(...keys), unknownKey) : unknownKey;
  const text = JSON.stringify(base);
  const variants: Array<fc.Arbitrary<BadBody>> = [
    fc.string({ minLength: 1 }).filter((raw) => raw.trim() !== '' && !isJson(raw)).map((raw) => ({ kind: 'not json', body: raw, contentType: 'application/json' })),
    fc.integer({ min: 1, max: Math.max(1, text.length - 2) }).map((cut) => ({ kind: 'cut short', body: text.slice(0, cut), contentType: 'application/json' })),
    junk.filter((value) => typeof value !== 'object' || value === null || Array.isArray(value)).map(json('not an object')),
    fc.tuple(unknownKey, junk).map(([key, value]) => json('unknown field')({ ...base, [key]: value })),
    fc.tuple(fc.string(), unstorable, fc.string(), someKey).map(([before, bad, after, key]) => json('unstorable text in a value')({ ...base, [key]: `${before}${bad}${after}` })),
    fc.tuple(fc.string(), unstorable, junk).map(([name, bad, value]) => json('unstorable text in a key')({ ...base, [`${name}${bad}`]: value })),
    fc.tuple(someKey, fc.integer({ min: 5_000, max: 200_000 })).map(([key, length]) => json('huge string')({ ...base, [key]: 'x'.repeat(length) })),
    fc.tuple(someKey, fc.integer({ min: 9, max: 2_000 }), fc.boolean()).map(([key, depth, objects]) => ({
      kind: 'deep nesting',
      body: JSON.stringify({ ...base, [key]: null }).replace(`${JSON.stringify(key)}:null`, `${JSON.stringify(key)}:${objects ? '{"a":'.repeat(depth) + '1' + '}'.repeat(depth) : `${'['.repeat(depth)}${']'.repeat(depth)}`}`),
      contentType: 'application/json',
    })),
    fc
      .constantFrom('text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/xml', 'text/html', 'application/octet-stream')
      .map((contentType) => ({ kind: 'wrong content type', body: `${text} `, contentType })),
  ];
  if (keys.length > 0) variants.push(fc.constantFrom(...keys).chain((key) => wrongType(base[key]).map((value) => json(`wrong type of ${key}`)({ ...base, [key]: value }))));
  return fc.oneof(...variants);
}

describeOnDatabases('fuzzing every POST route with bad bodies', (target) => {
  let server: TestServer;
  const outbox = new DevOutbox(() => {});
  const routes: string[] = [];
  const applicant = new Browser();
  const customer = new Browser();
  const url = (path: string) => `${server.url}${path}`;

  beforeAll(async () => {
    server = await startTestServer(target, {
      devTools: true,
      notifier: outbox,
      lenderDelayScale: 0,
      onRoute: (route) => {
        if ((Array.isArray(route.method) ? route.method : [route.method]).includes('POST')) routes.push(route.url);
      },
    });
  });
  afterAll(async () => {
    await server?.close();
  });

  /** One application of each flow, made through the API by the applicant's browser, and a logged-in customer. */
  async function targets(): Promise<Target[]> {
    const create = async (path: string, body: Data): Promise<Credentials> => {
      const created = await applicant.post(url(path), body);
      expect(created.status, `${path}: ${created.text}`).toBe(200);
      return created.body as Credentials;
    };
    const products = shippedProducts();
    // Bodies at the form's last step, so every field they carry is checked: a save at an
    // earlier step leaves the later steps' fields unchecked until their step (see the report of issue 24).
    const byApi = new Map<string, { credentials: Credentials; body: Data; update: Data }>();
    for (const [api, group] of products.groups) {
      const flow = group[0].flow;
      const body: Data =
        flow === 'business'
          ? validBusiness()
          : flow === 'mortgage'
            ? { ...validMortgage(), additionalFormData: { step: 4 } }
            : { ...validApplication(), additionalFormData: { step: 7, hasCoApplicant: false } };
      // The mortgage's last active step is the one that submits it: its save carries finalize.
      const update = flow === 'mortgage' ? { ...body, finalize: 1 } : body;
      byApi.set(api, { credentials: await create(`${api}${flow === 'business' ? '/create' : '/save'}`, body), body, update });
    }
    const consumer = byApi.get(products.product('kulutusluotto')!.api)!;

    const person = { ssn: personalIdOfAge(45, 612), phone: '0441237777', email: 'fuzz.asiakas@example.fi' };
    const own = await storeApplication(
      server.db,
      'kulutusluotto',
      { ...validApplication(), primaryApplicantPersonalIdentificationNumber: person.ssn, primaryApplicantMobilephone: person.phone, primaryApplicantMobilephone2: person.phone, primaryApplicantEmail: person.email, primaryApplicantEmail2: person.email },
      'identified',
    );
    await logIn(server.url, customer, outbox, { loginSsn: person.ssn, loginPhone: person.phone }, person.email);
    // The content routes' bodies are read only for staff: an approver, whom the service refuses
    // drafts and submits, so that a body the checks let by still stores nothing.
    const staff = (await logInStaff(server.url, 'aarne.hyvaksyja')).browser;

    return [...new Set(routes)].sort().map((route) => {
      if (route.startsWith('/api/content/')) {
        const path = route.replace(':item', encodeURIComponent('document:consumer')).replace(':number', '1').replace(':action', 'submit');
        return { route, path, base: route.endsWith('/versions') ? { source: { title: 'Lomake' }, note: 'Muutos' } : { comment: 'Kommentti' }, browser: staff };
      }
      const api = [...byApi.keys()].find((prefix) => route.startsWith(`${prefix}/`));
      const application = api ? byApi.get(api)! : consumer;
      const { id, token } = application.credentials;
      const path = route
        .replace(':id', String(id))
        .replace(':token', token)
        .replace(/:[a-zA-Z]+/g, 'x')
        .replace(/\*$/, 'token');
      const inBody = { applicationId: id, applicationToken: token };
      const customerRoute = /^\/api\/(applications|user|auth)\//.test(`${route}/`) || route.endsWith('/get/prefill');
      let base: Data = {};
      if (/\/(send-code|get\/prefill|by-application-token|otp\/expire)$/.test(route)) base = inBody;
      else if (route.endsWith('/get/verify-with-otp')) base = { ...inBody, otp: '123456' };
      else if (route.endsWith('/offers/:id/:token')) base = { offerId: 1 };
      else if (route.endsWith('/save') || route.endsWith('/create')) base = application.body;
      else if (route.endsWith('/save/:id/:token')) base = application.update;
      else if (route === '/api/applications/accept') base = { applicationId: own.id, offerId: 1 };
      else if (route === '/api/applications/cancel') base = { applicationId: own.id };
      else if (route === '/api/user') base = { address: 'Katu 1', zip: '00100', city: 'Helsinki', phone: person.phone, email: person.email, hasMarketingBan: false };
      else if (route === '/api/auth/login') base = { loginSsn: person.ssn, loginPhone: person.phone };
      return { route, path, base, browser: customerRoute ? customer : applicant };
    });
  }

  it(
    `answers ${BODIES_PER_ROUTE} bad bodies on every POST route with a 4xx, changing nothing stored`,
    async () => {
      const started = performance.now();
      const list = await targets();
      // Every route the issue names is among them, so the listing cannot silently miss them.
      expect(list.map((entry) => entry.route)).toEqual(
        expect.arrayContaining(['/api/user', '/api/applications/accept', '/api/applications/cancel', '/api/auth/login', '/api/marketing-ban/by-application-token', '/api/business-applications/create']),
      );
      expect(list.length).toBeGreaterThanOrEqual(20);
      // The development provider makes its keys on first use: made before the snapshot.
      await applicant.post(url('/dev-idp/token'), 'x', { 'content-type': 'text/plain' });
      const snapshot = await snapshotter(server.db);
      const before: Snapshot = await snapshot();
      const statuses = new Map<number, number>();

      for (const entry of list) {
        await fc.assert(
          fc.asyncProperty(badBodies(entry.base), async (bad) => {
            const answer = await entry.browser.post(url(entry.path), bad.body, { 'content-type': bad.contentType });
            statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
            const what = `${entry.route} ${bad.kind}: ${answer.status} ${answer.text.slice(0, 200)} ← ${bad.body.slice(0, 200)}`;
            expect(answer.status, what).toBeGreaterThanOrEqual(400);
            expect(answer.status, what).toBeLessThan(500);
            expect(await snapshot(), what).toEqual(before);
          }),
          // No shrinking: a request that got through changed what later runs compare with.
          { numRuns: BODIES_PER_ROUTE, endOnFailure: true },
        );
      }

      const errors = server.rawLogs.filter((line) => (JSON.parse(line) as { level: number }).level >= 50);
      expect(errors).toEqual([]);
      console.info(`fuzzed ${list.length} POST routes × ${BODIES_PER_ROUTE} bodies in ${Math.round(performance.now() - started)} ms; answers by status: ${JSON.stringify(Object.fromEntries(statuses))}`);
    },
    600_000,
  );
});
