// `npm run bench:server`: capacity from outside (issue 31 goal 4). The real app (buildApp)
// runs in a process of its own on a fresh PGlite directory and, when DATABASE_URL is set,
// on that PostgreSQL server in a temporary database dropped afterwards (needs CREATEDB).
// A second process generates open-loop load: Poisson arrivals at a target rate over
// keep-alive connections, latency from each request's scheduled send time, so queueing
// counts. For each route (the offers poll, create, update, and a reference route that only
// asks the same database `SELECT 1`, registered by the bench's server process, never by the
// app) it finds the highest rate with p99 within the limit: a doubling ramp, then bisection;
// a failing rate is measured once more before it counts (another process's stall on this
// shared machine fails a step far more often than it passes one). A step stops early once
// more than 1 % of its requests are late, so overload costs little time.
// It prints that rate, p50/p99 there, the ratio to the reference (goals: poll ≥ 0.5×, update
// ≥ 0.25×), the applicants one instance serves, and the load average, which the figures
// depend on: the generator and the server share this machine's cores.
// The column "send lag" is the p99 of how late the generator itself sent: when it is large,
// the machine (or the generator) is what was measured.
// Settings: BENCH_SECONDS (3, per step), BENCH_STEPS (10, per route), BENCH_RETRIES (1),
// BENCH_START_RATE (200/s), BENCH_CONNECTIONS (32), BENCH_P99_MS (100), BENCH_SEED (1).
// About 1½–2 minutes per database.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import type { handlers as GeneratorHandlers } from './bench-server/generator.ts';
import { startChild } from './bench-server/ipc.ts';
import { table } from './bench-server/report.ts';
import { REFERENCE_PATH, routeTargets, type RouteName, type Target } from './bench-server/routes.ts';
import { findMaxRate, type SearchResult } from './bench-server/search.ts';
import type { DatabaseLocation, handlers as ServerHandlers } from './bench-server/server.ts';

const setting = (name: string, fallback: number): number => {
  const value = Number(process.env[name] ?? fallback);
  if (!(value > 0)) throw new Error(`${name} must be a positive number`);
  return value;
};
const SECONDS = setting('BENCH_SECONDS', 3);
const STEPS = setting('BENCH_STEPS', 10);
const RETRIES = Number(process.env.BENCH_RETRIES ?? 1);
const START_RATE = setting('BENCH_START_RATE', 200);
const CONNECTIONS = setting('BENCH_CONNECTIONS', 32);
const P99_MS = setting('BENCH_P99_MS', 100);
const SEED = setting('BENCH_SEED', 1);
/** Lets the server collect its garbage before the next step. */
const PAUSE_MS = 300;

const here = import.meta.dirname;
const load = () => loadavg().map((value) => value.toFixed(2)).join(' ');

/**
 * Waits until the server has finished what a stopped step left it (its connections are closed,
 * but the requests on them still run): the reference route answers after them on PGlite, whose
 * queries run one at a time.
 */
async function settle(url: string): Promise<void> {
  await fetch(`${url}${REFERENCE_PATH}`).then((response) => response.arrayBuffer());
  await sleep(PAUSE_MS);
}

async function benchOn(database: string, location: DatabaseLocation): Promise<void> {
  const loadAtStart = load();
  const server = await startChild<typeof ServerHandlers>(join(here, 'bench-server', 'server.ts'));
  const generator = await startChild<typeof GeneratorHandlers>(join(here, 'bench-server', 'generator.ts'));
  try {
    const { url, fixtures } = await server.ask('start', location);
    let seed = SEED;
    const measure = async (targets: Target[], rate: number) => {
      const result = await generator.ask('step', { url, targets, rate, seconds: SECONDS, seed: seed++, connections: CONNECTIONS, p99LimitMs: P99_MS });
      await settle(url);
      return result;
    };
    const results: Array<{ route: RouteName; search: SearchResult }> = [];
    for (const { route, targets } of routeTargets(fixtures)) {
      process.stderr.write(`${database}: ${route}…\n`);
      await server.ask('checkpoint', undefined);
      // Warms the route's code and statements; not counted.
      await generator.ask('step', { url, targets, rate: START_RATE, seconds: 1, seed: seed++, connections: CONNECTIONS, p99LimitMs: P99_MS });
      results.push({ route, search: await findMaxRate((rate) => measure(targets, rate), { startRate: START_RATE, p99LimitMs: P99_MS, maxSteps: STEPS, retries: RETRIES }) });
    }
    for (const line of table(database, results, P99_MS)) console.log(line);
    console.log(`  load average (1, 5, 15 min): at start ${loadAtStart}, at end ${load()}`);
    if (results.some(({ search }) => !search.best)) process.exitCode = 1;
  } finally {
    await generator.stop();
    await server.stop();
  }
}

async function onPGlite(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'lv-bench-'));
  try {
    await benchOn('PGlite (embedded)', { dataDir });
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function onPostgreSQL(serverUrl: string): Promise<void> {
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
    await benchOn('PostgreSQL server', { url: url.toString() });
  } finally {
    await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
}

console.log(
  `open-loop Poisson load from a separate process, ${CONNECTIONS} keep-alive connections, ${SECONDS} s per step, ≤ ${STEPS} steps per route from ${START_RATE}/s (a failing rate tried ${RETRIES + 1}×), ` +
    `max rate = highest with p99 ≤ ${P99_MS} ms (latency from the scheduled send), loopback, logging at warn`,
);
await onPGlite();
const serverUrl = process.env.DATABASE_URL?.trim();
if (serverUrl) await onPostgreSQL(serverUrl);
else console.log('PostgreSQL server: skipped (set DATABASE_URL to include it)');
