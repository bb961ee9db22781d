// `npm run bench:server`: autocannon on loopback against create and update, on the
// embedded database (a fresh PGlite directory) and, when DATABASE_URL is set, on that
// PostgreSQL server (in a temporary database, dropped afterwards; needs CREATEDB).
// Settings: BENCH_SECONDS (default 5), BENCH_CONNECTIONS (default 10).
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { validApplication } from '../tests/fixtures/consumer-valid.ts';
import { buildApp } from '../src/server/app.ts';
import { shippedProducts } from '../src/server/applications/products.ts';
import { openDatabase, type Database } from '../src/server/db/index.ts';
import { migrate } from '../src/server/db/migrate.ts';
import { createLogger } from '../src/server/logging.ts';

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

async function benchOn(label: string, db: Database): Promise<void> {
  await migrate(db);
  const app = await buildApp({ db, logger: createLogger({ level: 'warn' }), createRateLimit: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  try {
    // Spread the updates over many applications, as real applicants would.
    const targets: Array<{ id: number; token: string }> = [];
    for (let i = 0; i < UPDATE_TARGETS; i++) {
      const response = await fetch(`${url}${API}/save`, { method: 'POST', headers: JSON_HEADERS, body: CREATE_BODY });
      targets.push((await response.json()) as { id: number; token: string });
    }
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
            const { id, token } = targets[next++ % targets.length];
            return { ...request, path: `${API}/save/${id}/${token}` };
          },
        },
      ],
    });
    report(label, 'create (step 1)', create);
    report(label, 'update (step 7)', update);
  } finally {
    await app.close();
  }
}

function report(database: string, endpoint: string, result: AutocannonResult): void {
  const failures = result.non2xx + result.errors + result.timeouts;
  console.log(
    `${database.padEnd(22)} ${endpoint.padEnd(16)} ${result.requests.average.toFixed(0).padStart(6)} req/s   p50 ${String(result.latency.p50).padStart(4)} ms   p99 ${String(result.latency.p99).padStart(4)} ms   ${result.requests.total} requests${failures ? `, ${failures} FAILED` : ''}`,
  );
  if (failures) process.exitCode = 1;
}

async function main(): Promise<void> {
  console.log(`autocannon, ${CONNECTIONS} connections, ${SECONDS} s per endpoint, loopback, logging at warn`);
  // Compile the form before measuring, as `npm start` does.
  shippedProducts().warmUp();

  const dataDir = mkdtempSync(join(tmpdir(), 'lv-bench-'));
  try {
    const db = await openDatabase({ dataDir });
    try {
      await benchOn('PGlite (embedded)', db);
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
      await benchOn('PostgreSQL server', db);
    } finally {
      await db.close();
    }
  } finally {
    await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
}

await main();
