// `npm run bench:start` (issue 13 goal 5): how long `npm start` on an existing data
// directory takes from spawn to the first 200 on /api/health, next to a Fastify
// hello-world (tools/bench-start/hello.mjs) started two ways: through npm exactly as
// `npm start` is (a throwaway package.json whose start script runs it; the ratio the goal
// is about, since both then pay npm's own start-up), and by plain `node`. The three are
// interleaved, BENCH_ROUNDS (default 5) rounds, each on a free port; the app gets a fresh
// copy of a data directory made by one first start, so every round opens the same database.
// BENCH_ALSO=dir[,dir…] adds other checkouts' `npm start` to the same rounds (before and
// after a change, measured under the same load).
import { spawn } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { get } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const work = mkdtempSync(join(tmpdir(), 'lv-bench-start-'));

interface Way {
  name: string;
  command: string;
  args: string[];
  cwd: string;
  /** Extra environment for one round (the app's data directory copy). */
  env?: () => Record<string, string>;
}

const freePort = () =>
  new Promise<number>((done, fail) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => done(port));
    });
    server.on('error', fail);
  });

const healthStatus = (port: number) =>
  new Promise<number>((done) => {
    const request = get({ host: '127.0.0.1', port, path: '/api/health', agent: false }, (response) => {
      response.resume();
      done(response.statusCode ?? 0);
    });
    request.on('error', () => done(0));
  });

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

function alive(pid: number): boolean {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Spawn to first 200 on /api/health, in ms; then stops the process (and what it started) cleanly. */
async function timeToHealth(way: Way, extraEnv: Record<string, string> = {}): Promise<number> {
  const port = await freePort();
  const started = performance.now();
  // Own process group, so whatever npm and tsx start below it can be waited for and, failing that, killed.
  const child = spawn(way.command, way.args, {
    cwd: way.cwd,
    env: { ...process.env, ...extraEnv, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += String(chunk)));
  child.stderr.on('data', (chunk) => (output += String(chunk)));
  let exited = false;
  child.on('exit', () => (exited = true));
  let elapsed: number | undefined;
  while (elapsed === undefined) {
    if ((await healthStatus(port)) === 200) elapsed = performance.now() - started;
    else if (exited) throw new Error(`${way.name} exited before answering:\n${output}`);
    else if (performance.now() - started > 180_000) break;
    else await sleep(5);
  }
  // SIGTERM to the whole group, as a terminal's Ctrl-C signals every process of the job: npm
  // dies of it without waiting for its script, which would otherwise be left running.
  process.kill(-child.pid!, 'SIGTERM');
  for (let waited = 0; alive(child.pid!) && waited < 20_000; waited += 50) await sleep(50);
  if (alive(child.pid!)) process.kill(-child.pid!, 'SIGKILL');
  if (elapsed === undefined) throw new Error(`${way.name} did not answer /api/health in 180 s:\n${output}`);
  return elapsed;
}

// npm runs a start script the same way in any folder; this one's script starts the hello-world.
const helloPackage = join(work, 'hello');
mkdirSync(helloPackage);
writeFileSync(join(helloPackage, 'package.json'), JSON.stringify({ private: true, scripts: { start: `node ${JSON.stringify(join(root, 'tools/bench-start/hello.mjs'))}` } }));

/** `npm start` of a checkout, each round on a fresh copy of the data directory its first start made. */
function appWay(checkout: string, name: string, index: number): Way & { seed: string } {
  const seed = join(work, `seed-${index}`);
  let round = 0;
  const copyOfSeed = () => {
    const copy = join(work, `data-${index}-${++round}`);
    cpSync(seed, copy, { recursive: true });
    return copy;
  };
  return { name, command: npm, args: ['start'], cwd: checkout, seed, env: () => ({ DATA_DIR: copyOfSeed() }) };
}

// BENCH_ALSO: other checkouts (comma-separated, e.g. one at the previous commit) measured in the same rounds.
const others = (process.env.BENCH_ALSO ?? '').split(',').filter(Boolean).map((dir) => resolve(dir));
const apps = [appWay(root, '`npm start` (existing data dir)', 0), ...others.map((dir, i) => appWay(dir, `\`npm start\` in ${dir}`, i + 1))];
const ways: Way[] = [
  ...apps,
  { name: 'hello-world via `npm start`', command: npm, args: ['start'], cwd: helloPackage },
  { name: 'hello-world via `node hello.mjs`', command: process.execPath, args: [join(root, 'tools/bench-start/hello.mjs')], cwd: root },
];
const hello = apps.length;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

try {
  // The first start builds whatever is out of date and creates the database; not measured.
  for (const app of apps) {
    console.log(`First start of ${app.cwd} (builds what changed, creates the data directory)…`);
    console.log(`  ${((await timeToHealth(app, { DATA_DIR: app.seed })) / 1000).toFixed(2)} s`);
  }
  const times = ways.map(() => [] as number[]);
  for (let r = 0; r < ROUNDS; r++) {
    for (const [i, way] of ways.entries()) times[i].push(await timeToHealth(way, way.env?.() ?? {}));
    console.log(`round ${r + 1}/${ROUNDS}: ${times.map((t) => `${Math.round(t[r])} ms`).join(', ')}`);
  }
  const medians = times.map(median);
  const width = Math.max(...ways.map((way) => way.name.length));
  console.log(`\nspawn → first 200 on /api/health, median of ${ROUNDS} interleaved rounds:`);
  ways.forEach((way, i) => console.log(`  ${way.name.padEnd(width)} ${String(Math.round(medians[i])).padStart(6)} ms  (min ${Math.round(Math.min(...times[i]))}, max ${Math.round(Math.max(...times[i]))})`));
  apps.forEach((app, i) => {
    console.log(`\n${app.name}:`);
    console.log(`  ratio to the hello-world through npm (goal ≤ 3): ${(medians[i] / medians[hello]).toFixed(2)}`);
    console.log(`  ratio to the hello-world by plain node:          ${(medians[i] / medians[hello + 1]).toFixed(2)}`);
  });
} finally {
  rmSync(work, { recursive: true, force: true });
}
