// Issue 26 item 4: requests generated from the server's own OpenAPI document, for every
// operation in it (a new route is fuzzed without a line here): values its schemas accept
// and each schema's negative cases. No answer is a 5xx; every answer's status is one the
// document declares for the operation, and its body meets the schema declared for that
// status; a negative case is refused with a 4xx and changes nothing stored. Path parameters
// are the real credentials of an application of the route's API half of the time, so the
// generated bodies also reach the checks behind the credential check.
// PGlite only, with a bounded count: fuzz-routes.test.ts sends hand-made bad bodies on both databases.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shippedProducts } from '../../src/server/applications/products.ts';
import { DevOutbox } from '../../src/server/notify/notifier.ts';
import { validBusiness } from '../fixtures/business-valid.ts';
import { validApplication } from '../fixtures/consumer-valid.ts';
import { validMortgage } from '../fixtures/mortgage-valid.ts';
import { personalIdOfAge } from '../fixtures/personal-id.ts';
import { pgliteTarget } from './helpers/database.ts';
import { logIn, storeApplication } from './helpers/customer.ts';
import { CaseMaker, fillPath, operationsOf, type ApiOperation, type ApiRequest, type OpenApiDocument } from './helpers/openapi-cases.ts';
import { Browser, startTestServer, type TestServer } from './helpers/server.ts';
import { snapshotter } from './helpers/snapshot.ts';

const VALID_PER_OPERATION = 12;
const SEED = Number(process.env.FUZZ_SEED ?? 2026);

type Credentials = { id: number; token: string };

describe('contract fuzz from the OpenAPI document [PGlite]', () => {
  let server: TestServer;
  let document: OpenApiDocument;
  let maker: CaseMaker;
  const outbox = new DevOutbox(() => {});
  const applicant = new Browser();
  const customer = new Browser();
  const credentialsByApi = new Map<string, Credentials>();

  beforeAll(async () => {
    server = await startTestServer(pgliteTarget, { devTools: true, notifier: outbox, lenderDelayScale: 0, limits: false });
    document = server.app.swagger() as unknown as OpenApiDocument;
    maker = new CaseMaker(document);

    const products = shippedProducts();
    for (const [api, group] of products.groups) {
      const business = group[0].flow === 'business';
      const body = business ? validBusiness() : group[0].flow === 'mortgage' ? { ...validMortgage(), additionalFormData: { step: 1 } } : { ...validApplication(), additionalFormData: { step: 1, hasCoApplicant: false } };
      const created = await applicant.post(`${server.url}${api}/${business ? 'create' : 'save'}`, body);
      expect(created.status, `${api}: ${created.text}`).toBe(200);
      credentialsByApi.set(api, created.body as Credentials);
    }
    const person = { ssn: personalIdOfAge(41, 614), phone: '0441238888', email: 'sopimus.asiakas@example.fi' };
    await storeApplication(
      server.db,
      'kulutusluotto',
      { ...validApplication(), primaryApplicantPersonalIdentificationNumber: person.ssn, primaryApplicantMobilephone: person.phone, primaryApplicantMobilephone2: person.phone, primaryApplicantEmail: person.email, primaryApplicantEmail2: person.email },
      'identified',
    );
    await logIn(server.url, customer, outbox, { loginSsn: person.ssn, loginPhone: person.phone }, person.email);
  });
  afterAll(async () => {
    await server?.close();
  });

  /** The real credentials for a path under an application API, else those of the first application. */
  function credentialsFor(path: string): Credentials {
    const api = [...credentialsByApi.keys()].find((prefix) => path.startsWith(`${prefix}/`));
    return credentialsByApi.get(api ?? [...credentialsByApi.keys()][0])!;
  }

  function browserFor(path: string): Browser {
    return /^\/api\/(applications|user|auth|insuranceApplication)(\/|$)/.test(path) || path.endsWith('/get/prefill') ? customer : applicant;
  }

  async function send(operation: ApiOperation, request: ApiRequest): Promise<{ status: number; contentType: string; text: string }> {
    const query = new URLSearchParams(Object.entries(request.query).map(([name, value]) => [name, typeof value === 'string' ? value : JSON.stringify(value)]));
    const url = `${server.url}${fillPath(operation.path, request.params)}${query.size > 0 ? `?${query}` : ''}`;
    const init: RequestInit = { method: operation.method };
    if (request.body !== undefined) init.body = JSON.stringify(request.body);
    if (request.body !== undefined) init.headers = { 'content-type': 'application/json' };
    const response = await browserFor(operation.path).fetch(url, init);
    return { status: response.status, contentType: response.headers.get('content-type') ?? '', text: await response.text() };
  }

  /** What is wrong with the answer by the document ('' when nothing is). */
  function mismatch(operation: ApiOperation, answer: { status: number; contentType: string; text: string }): string {
    if (answer.status >= 500) return `a ${answer.status}`;
    const responses = operation.responses ?? {};
    const declared = responses[String(answer.status)] ?? responses[`${String(answer.status)[0]}XX`] ?? responses[`${String(answer.status)[0]}xx`] ?? responses.default;
    if (!declared) return `status ${answer.status} is not in the document (${Object.keys(responses).join(', ')})`;
    const content = declared.content ?? {};
    if (Object.keys(content).length === 0) return '';
    const media = Object.keys(content).find((type) => answer.contentType.startsWith(type));
    if (!media) return `content type ${answer.contentType} is not one of ${Object.keys(content).join(', ')}`;
    const schema = content[media].schema;
    if (!schema || !media.includes('json')) return '';
    let body: unknown;
    try {
      body = JSON.parse(answer.text);
    } catch {
      return 'a body that is not JSON';
    }
    return maker.accepts(schema, body) ? '' : `a body its schema refuses`;
  }

  function requestsOf(operation: ApiOperation): fc.Arbitrary<ApiRequest> {
    const real = credentialsFor(operation.path);
    const params = fc.oneof(
      maker.valueOf(operation.params) as fc.Arbitrary<Record<string, unknown>>,
      fc.constant({ ...(maker.sample(operation.params) as Record<string, unknown>), id: String(real.id), token: real.token }),
    );
    const query = maker.valueOf(operation.query) as fc.Arbitrary<Record<string, unknown>>;
    const body = operation.body ? maker.valueOf(operation.body).filter((value) => maker.accepts(operation.body!, value)) : fc.constant(undefined);
    return fc.record({ kind: fc.constant('valid'), params, query, body });
  }

  function negativesOf(operation: ApiOperation): ApiRequest[] {
    const real = credentialsFor(operation.path);
    const params = { ...(maker.sample(operation.params) as Record<string, unknown>), id: String(real.id), token: real.token };
    const query = (maker.sample(operation.query) as Record<string, unknown>) ?? {};
    const body = operation.body ? maker.sample(operation.body) : undefined;
    const cases: ApiRequest[] = [];
    if (operation.body && body !== undefined) for (const negative of maker.negativesOf(operation.body, body)) cases.push({ kind: `body: ${negative.kind}`, params, query, body: negative.value });
    for (const negative of maker.negativesOf(operation.query, query)) {
      // A query is text: only what stays wrong as text is a negative case of it (12345 sent is "12345", a string).
      if (typeof negative.value !== 'object' || negative.value === null || Array.isArray(negative.value)) continue;
      const asText = Object.fromEntries(Object.entries(negative.value).map(([name, value]) => [name, typeof value === 'string' ? value : JSON.stringify(value)]));
      if (!maker.accepts(operation.query, asText)) cases.push({ kind: `query: ${negative.kind}`, params, query: negative.value as Record<string, unknown>, body });
    }
    return cases;
  }

  it('answers every operation as its document says, with no 5xx, and refuses each negative case changing nothing', async () => {
    const operations = operationsOf(document);
    expect(operations.length).toBeGreaterThanOrEqual(30);
    const snapshot = await snapshotter(server.db);
    const problems: string[] = [];
    let sent = 0;

    for (const operation of operations) {
      const name = `${operation.method} ${operation.path}`;
      const before = await snapshot();
      for (const negative of negativesOf(operation)) {
        const answer = await send(operation, negative);
        sent += 1;
        const wrong = mismatch(operation, answer) || (answer.status < 400 ? `accepted (${answer.status})` : '');
        if (wrong) problems.push(`${name} ${negative.kind}: ${wrong} — ${answer.text.slice(0, 160)}`);
      }
      expect(await snapshot(), `${name}: a negative case changed what is stored`).toEqual(before);

      for (const request of fc.sample(requestsOf(operation), { numRuns: VALID_PER_OPERATION, seed: SEED })) {
        const answer = await send(operation, request);
        sent += 1;
        const wrong = mismatch(operation, answer);
        if (wrong) problems.push(`${name} ${JSON.stringify(request).slice(0, 200)}: ${wrong} — ${answer.text.slice(0, 160)}`);
      }
    }

    expect(problems).toEqual([]);
    const errors = server.rawLogs.filter((line) => (JSON.parse(line) as { level: number }).level >= 50);
    expect(errors).toEqual([]);
    console.info(`contract fuzz: ${operations.length} operations, ${sent} requests (seed ${SEED})`);
  }, 600_000);
});
