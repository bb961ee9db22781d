// `npm run bench:server`: autocannon on loopback against create, update and the
// offers poll, on the embedded database (a fresh PGlite directory) and, when
// DATABASE_URL is set, on that PostgreSQL server (in a temporary database, dropped
// afterwards; needs CREATEDB). A Fastify hello-world is measured in the same run with
// the same settings, and every figure is printed with its ratio to it (issue 13 goal 4:
// the poll ≥ 25 % of it on PostgreSQL and ≥ 10 % on PGlite, create and update ≥ 10 %
// on PostgreSQL). Settings: BENCH_SECONDS (default 5), BENCH_CONNECTIONS (default 10).
// Two floors are measured beside them, with the same settings: a Fastify route that only
// asks the database `SELECT 1` (the most any route with one round trip can do here), and
// one that only parses and validates the update's body as the save route does, without the
// database (the most an update can do while it validates the whole application).
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import pg from 'pg';
import { validApplication } from '../tests/fixtures/consumer-valid.ts';
import { buildApp } from '../src/server/app.ts';
import { parseSavePayload } from '../src/server/applications/payload.ts';
import { shippedProducts } from '../src/server/applications/products.ts';
import { withoutNulls } from '../src/server/applications/submission.ts';
import { openDatabase, type Database } from '../src/server/db/index.ts';
import { migrate } from '../src/server/db/migrate.ts';
import { recordAttempt } from '../src/server/identity/store.ts';
import { identificationRecord } from '../src/server/identity/completion.ts';
import { readApplication } from '../src/server/applications/repository.ts';
import { createLogger } from '../src/server/logging.ts';
import { answerDueDispatches } from '../src/server/marketplace/dispatcher.ts';

interface AutocannonResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number; average: number };
  non2xx: number;
  errors: number;
  timeouts: number;
}
interface AutocannonRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: string;
}
type Autocannon = (options: {
  url: string;
  connections: number;
  duration: number;
  requests: Array<Partial<AutocannonRequest> & { setupRequest?: (request: AutocannonRequest) => AutocannonRequest }>;
}) => Promise<AutocannonResult>;

// autocannon ships no types; it is loaded untyped and described above.
const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

const API = '/api/lainavertailu22/consumer-applications';
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const UPDATE_TARGETS = 200;
const POLL_TARGETS = 50;
const JSON_HEADERS = { 'content-type': 'application/json' };

/** What the client sends when leaving step 1: the first save. */
const CREATE_BODY = JSON.stringify({
  loanPurposeId: 16,
  inputAppliedAmount: 15000,
  inputAppliedTenor: 8,
  hasCoApplicant: false,
  additionalFormData: { step: 1, hasCoApplicant: false },
  browser: 'bench',
  source: 'bench',
});
/** The whole application leaving step 7: the heaviest validation. */
const UPDATE_BODY = JSON.stringify({ ...validApplication(), additionalFormData: { step: 7, hasCoApplicant: false } });

type Results = Record<string, AutocannonResult>;

/** Fastify answering `{hello: 'world'}`: the ceiling a route on this machine can reach. */
const helloWorld = () => measureRoute((app) => app.get('/', async () => ({ hello: 'world' })), { method: 'GET', path: '/' });

/** A Fastify app with one route, on loopback, under the benchmark's load. */
async function measureRoute(register: (app: FastifyInstance) => void, request: Partial<AutocannonRequest>): Promise<AutocannonResult> {
  const app = Fastify();
  register(app);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  try {
    return await autocannon({
      url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`,
      connections: CONNECTIONS,
      duration: SECONDS,
      requests: [request],
    });
  } finally {
    await app.close();
  }
}

/** Floor: one round trip to the database and nothing else. */
const oneQuery = (db: Database) =>
  measureRoute((app) => app.get('/', async () => (await db.query<{ one: number }>('SELECT 1 AS one')).rows[0]), { method: 'GET', path: '/' });

/** Floor: the update's body parsed and the whole application validated, as the save route does, without the database. */
function validateOnly(): Promise<AutocannonResult> {
  const products = shippedProducts();
  const product = products.product('kulutusluotto')!;
  const form = products.formFor(product.id, products.catalogue.defaultBrand);
  const context = { fieldIds: form.fieldIds, lastStep: form.lastStep, products: [product.id], brands: Object.keys(products.catalogue.brands) };
  return measureRoute(
    (app) =>
      app.post('/', async (request, reply) => {
        const payload = parseSavePayload(request.body as Record<string, never>, context);
        const result = form.validateSave(withoutNulls(payload.data), { uptoStep: payload.navigation.step });
        return result.valid ? reply.type('text/plain; charset=utf-8').send('success') : reply.code(400).send(result.errors);
      }),
    { method: 'POST', path: '/', headers: JSON_HEADERS, body: UPDATE_BODY },
  );
}

/**
 * A new application and the session cookie of the browser that created it: only that
 * browser may save it on or finalize it (issue 14's sessions).
 */
async function createApplication(url: string, body: string): Promise<{ id: number; token: string; cookie: string }> {
  const response = await fetch(`${url}${API}/save`, { method: 'POST', headers: JSON_HEADERS, body });
  const cookie = (response.headers.get('set-cookie') ?? '').split(';')[0];
  return { ...((await response.json()) as { id: number; token: string }), cookie };
}

/** Identified, sent and answered by every lender: what an applicant polling the offers page has. */
async function answeredApplication(db: Database, url: string): Promise<{ id: number; token: string }> {
  const body = JSON.parse(UPDATE_BODY) as Record<string, unknown>;
  const created = await createApplication(url, UPDATE_BODY);
  await recordAttempt(db, created.id, 'PRIMARY', 'bench', { outcome: 'success', ...identificationRecord(String(body.primaryApplicantPersonalIdentificationNumber), (await readApplication(db, created.id))!.data) });
  const finalized = await fetch(`${url}${API}/finalize/${created.id}/${created.token}`, { method: 'POST', headers: { cookie: created.cookie } });
  if (!finalized.ok) throw new Error(`finalize: ${finalized.status} ${await finalized.text()}`);
  return created;
}

async function benchOn(db: Database): Promise<Results> {
  await migrate(db);
  const app = await buildApp({ db, logger: createLogger({ level: 'warn' }), limits: false, lenderDelayScale: 0 });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  try {
    // Spread the updates over many applications, as real applicants would.
    const targets: Array<{ id: number; token: string; cookie: string }> = [];
    for (let i = 0; i < UPDATE_TARGETS; i++) targets.push(await createApplication(url, CREATE_BODY));
    let next = 0;

    const create = await autocannon({
      url,
      connections: CONNECTIONS,
      duration: SECONDS,
      requests: [{ method: 'POST', path: `${API}/save`, headers: JSON_HEADERS, body: CREATE_BODY }],
    });
    const update = await autocannon({
      url,
      connections: CONNECTIONS,
      duration: SECONDS,
      requests: [
        {
          method: 'POST',
          headers: JSON_HEADERS,
          body: UPDATE_BODY,
          setupRequest: (request) => {
            const { id, token, cookie } = targets[next++ % targets.length];
            return { ...request, path: `${API}/save/${id}/${token}`, headers: { ...JSON_HEADERS, cookie } };
          },
        },
      ],
    });

    const polled: Array<{ id: number; token: string }> = [];
    for (let i = 0; i < POLL_TARGETS; i++) polled.push(await answeredApplication(db, url));
    while ((await answerDueDispatches(db, { now: new Date(Date.now() + 3_600_000) })) > 0);
    let nextPoll = 0;
    const poll = await autocannon({
      url,
      connections: CONNECTIONS,
      duration: SECONDS,
      requests: [
        {
          method: 'GET',
          setupRequest: (request) => {
            const { id, token } = polled[nextPoll++ % polled.length];
            return { ...request, path: `/api/lainavertailu22/offers/${id}/${token}?page=0&size=100&sort=apr,asc` };
          },
        },
      ],
    });
    return { 'create (step 1)': create, 'update (step 7)': update, 'offers poll': poll, 'floor: SELECT 1': await oneQuery(db) };
  } finally {
    await app.close();
  }
}

/** The issue's goals per database: endpoint → minimum share of the hello-world's requests/s. */
const GOALS: Record<string, Record<string, number>> = {
  'PGlite (embedded)': { 'offers poll': 0.1 },
  'PostgreSQL server': { 'offers poll': 0.25, 'create (step 1)': 0.1, 'update (step 7)': 0.1 },
};

function report(database: string, endpoint: string, result: AutocannonResult, hello: AutocannonResult): void {
  const failures = result.non2xx + result.errors + result.timeouts;
  const ratio = result.requests.average / hello.requests.average;
  const goal = GOALS[database]?.[endpoint];
  const verdict = goal === undefined ? '' : `   goal ≥ ${(goal * 100).toFixed(0)} %: ${ratio >= goal ? 'met' : 'NOT met'}`;
  console.log(
    `${database.padEnd(22)} ${endpoint.padEnd(17)} ${result.requests.average.toFixed(0).padStart(6)} req/s  ${(ratio * 100).toFixed(1).padStart(5)} % of hello-world   p50 ${String(result.latency.p50).padStart(4)} ms   p99 ${String(result.latency.p99).padStart(4)} ms   ${result.requests.total} requests${failures ? `, ${failures} FAILED` : ''}${verdict}`,
  );
  if (failures) process.exitCode = 1;
}

function reportAll(database: string, results: Results, hello: AutocannonResult): void {
  for (const [endpoint, result] of Object.entries(results)) report(database, endpoint, result, hello);
}

async function main(): Promise<void> {
  console.log(`autocannon, ${CONNECTIONS} connections, ${SECONDS} s per endpoint, loopback, logging at warn`);
  // Compile the form before measuring, as `npm start` does.
  shippedProducts().warmUp();
  const hello = await helloWorld();
  console.log(`${'Fastify hello-world'.padEnd(22)} ${'GET /'.padEnd(17)} ${hello.requests.average.toFixed(0).padStart(6)} req/s  100.0 % (the reference)`);
  report('no database', 'floor: validate', await validateOnly(), hello);

  const dataDir = mkdtempSync(join(tmpdir(), 'lv-bench-'));
  try {
    const db = await openDatabase({ dataDir });
    try {
      reportAll('PGlite (embedded)', await benchOn(db), hello);
    } finally {
      await db.close();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }

  const serverUrl = process.env.DATABASE_URL?.trim();
  if (!serverUrl) {
    console.log('PostgreSQL server: skipped (set DATABASE_URL to include it)');
    return;
  }
  const name = `lv_bench_${randomBytes(4).toString('hex')}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  try {
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    const db = await openDatabase({ url: url.toString() });
    try {
      reportAll('PostgreSQL server', await benchOn(db), hello);
    } finally {
      await db.close();
    }
  } finally {
    await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
}

await main();
