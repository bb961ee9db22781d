// `npm run bench:phone`: the first step of /hakemus/kulutusluotto/ on a phone (issue 31,
// goal 1). Cold loads in Debian's Chromium on an emulated phone (tools/bench-phone/phone-load.ts:
// 412×823, CPU 4× slower, 9 Mbit/s down, 1.5 up, 60 ms), next to a plain RJSF page of the
// same step-1 fields (@rjsf/core's default theme, @rjsf/validator-ajv8) built by this run.
// Per load: first and largest contentful paint, when the amount field is in the DOM, and when
// a digit typed into it as soon as it is there has been taken and painted. A key typed
// before the page's JavaScript runs counts only if the page still shows it after the load;
// a lost key is reported and the key goal is then not met.
//
// The application is built as `npm start` builds it (the project's Vite configuration,
// production mode) and served by the real server (buildApp on an in-memory PGlite), so the
// shell, its Content Security Policy, the compression and any server rendering are what
// production sends. The plain page is a production Vite build with the same precompression,
// sent brotli-compressed (tools/bench-phone/brotli-server.ts).
// Rounds interleave the two pages (BENCH_ROUNDS, default 5); the figures are medians.
// Ports: BENCH_PORT for the application (default: any free one), the plain page on the next.
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { resolveVariants } from '../engine/core/document.ts';
import { readCatalogue, readFormDocument } from '../engine/core/node.ts';
import { fieldDomId } from '../engine/react/ids.ts';
import { buildApp } from '../src/server/app.ts';
import { openDatabase, type Database } from '../src/server/db/index.ts';
import { migrate } from '../src/server/db/migrate.ts';
import { createLogger } from '../src/server/logging.ts';
import { CHROMIUM, CHROMIUM_ARGS } from '../tests/e2e/support/chromium.ts';
import { buildPages } from './pages-build.mjs';
import { serveBrotli } from './bench-phone/brotli-server.ts';
import { KEY, PHONE, phoneLoad, type LoadResult } from './bench-phone/phone-load.ts';
import { buildPlainPage, plainStepForm } from './bench-phone/plain-page.ts';
import { formatLine, median, roundOrder, type MetricLine } from './bench-phone/stats.ts';

const PRODUCT_PATH = 'kulutusluotto';
const ROUTE = `/hakemus/${PRODUCT_PATH}/`;
/** The loan amount of step 1. */
const AMOUNT = 'inputAppliedAmount';
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 5));
const PORT = Number(process.env.BENCH_PORT ?? 0);
const GOALS = { lcp: 0.6, field: 0.6, key: 0.9 };

const root = resolve(import.meta.dirname, '..');
const load = () => loadavg().map((n) => n.toFixed(2)).join(' ');

/** The pages as `npm start` builds them (tools/start.mjs): the project's configuration, production mode. */
async function buildApplication(outDir: string): Promise<void> {
  const nodeEnv = process.env.NODE_ENV;
  // A NODE_ENV other than production would give React's development build (tools/pages-build.mjs).
  process.env.NODE_ENV = 'production';
  try {
    // Both builds npm start makes: the pages and the server's render of step 1 (ADR 0012).
    await buildPages(root, outDir);
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
}

async function serveApplication(db: Database, staticDir: string): Promise<{ url: string; close: () => Promise<void> }> {
  const app = await buildApp({ db, logger: createLogger({ level: 'warn' }), staticDir, limits: false });
  await app.listen({ port: PORT, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('bench:phone: the server is not listening on a TCP port');
  return { url: `http://127.0.0.1:${address.port}`, close: () => app.close() };
}

const product = Object.values(readCatalogue().products).find((p) => p.path === PRODUCT_PATH);
if (!product) throw new Error(`bench:phone: no product at ${ROUTE} in forms/catalogue.json`);
const doc = resolveVariants(readFormDocument(product.document), product.variants);
const firstStep = Math.min(...doc.steps.map((step) => step.number));

const scratch = mkdtempSync(join(tmpdir(), 'bench-phone-'));
const closers: Array<() => Promise<unknown>> = [];
let db: Database | undefined;
try {
  console.log(`bench:phone: building the application (production) and plain RJSF on step ${firstStep} of ${doc.id}… (load average ${load()})`);
  await buildApplication(join(scratch, 'app'));
  await buildPlainPage(join(scratch, 'plain'), plainStepForm(doc, firstStep));

  db = await openDatabase({});
  await migrate(db);
  const app = await serveApplication(db, join(scratch, 'app'));
  closers.push(app.close);
  const plain = await serveBrotli(join(scratch, 'plain'), PORT ? PORT + 10 : 0);
  closers.push(plain.close);
  const browser: Browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  closers.unshift(() => browser.close());

  const pages = {
    app: { url: `${app.url}${ROUTE}`, selector: `#${fieldDomId(AMOUNT)}`, watched: [] as LoadResult[], typed: [] as LoadResult[], problems: new Set<string>() },
    plain: { url: `${plain.url}/`, selector: `#root_${AMOUNT}`, watched: [] as LoadResult[], typed: [] as LoadResult[], problems: new Set<string>() },
  };
  // One load each first, not counted: the server's and the browser's first-use costs.
  for (const page of Object.values(pages)) await phoneLoad(browser, page.url, page.selector, { type: true });
  const ms = (value: number | null) => (value === null ? 'n/a' : `${Math.round(value)}`);
  for (let round = 0; round < ROUNDS; round++) {
    for (const key of roundOrder(round, 'app' as const, 'plain' as const)) {
      const page = pages[key];
      const watched = await phoneLoad(browser, page.url, page.selector, { type: false });
      const typed = await phoneLoad(browser, page.url, page.selector, { type: true });
      page.watched.push(watched);
      page.typed.push(typed);
      for (const problem of [...watched.problems, ...typed.problems]) page.problems.add(problem);
      console.log(
        `  round ${round + 1} ${key.padEnd(5)} FCP ${ms(watched.fcp)}  LCP ${ms(watched.lcp)}  field ${ms(watched.fieldAt)}  long tasks ${watched.longTasks} (${ms(watched.longTaskMs)})` +
          ` | typing: field ${ms(typed.fieldAt)}, key sent ${ms(typed.keySentAt)}, keydown ${ms(typed.keyDownAt)}, painted ${ms(typed.keyPaintedAt)},` +
          ` value ${JSON.stringify(typed.valueAfterKey)} → ${JSON.stringify(typed.valueNow)}${typed.keyKept ? '' : ' KEY LOST'}`,
      );
    }
  }

  type Loads = 'watched' | 'typed';
  const med = (key: keyof typeof pages, loads: Loads, pick: (r: LoadResult) => number | null) => median(pages[key][loads].map((r) => pick(r) ?? Number.NaN));
  const line = (label: string, loads: Loads, pick: (r: LoadResult) => number | null, goal?: number, spoiled?: string): MetricLine => ({
    label,
    app: med('app', loads, pick),
    plain: med('plain', loads, pick),
    goal,
    spoiled,
  });
  const lost = (key: keyof typeof pages) => pages[key].typed.filter((r) => !r.keyKept).length;
  const appLost = lost('app');
  const lines = [
    line('first contentful paint', 'watched', (r) => r.fcp),
    line('largest contentful paint', 'watched', (r) => r.lcp, GOALS.lcp),
    line('amount field in the DOM', 'watched', (r) => r.fieldAt, GOALS.field),
    line('long tasks, total', 'watched', (r) => r.longTaskMs),
    line('blocking time (long tasks over 50 ms)', 'watched', (r) => r.blockingMs),
    line('typing: amount field in the DOM', 'typed', (r) => r.fieldAt),
    line('typing: key sent', 'typed', (r) => r.keySentAt),
    line(`typing: key "${KEY}" taken and painted`, 'typed', (r) => (r.keyKept ? r.keyPaintedAt : null), GOALS.key, appLost ? `the page lost the key in ${appLost} of ${ROUNDS} loads` : undefined),
  ];
  console.log(
    `\nStep ${firstStep} of ${ROUTE} on a phone: cold loads, ${PHONE.viewport.width}×${PHONE.viewport.height}, CPU ${PHONE.cpuSlowdown}× slower,` +
      ` ${PHONE.downloadBitsPerSecond / 1e6} Mbit/s down, ${PHONE.uploadBitsPerSecond / 1e6} up, ${PHONE.latencyMs} ms; medians of ${ROUNDS} interleaved rounds` +
      ` (each round: a load that only watches, for the paints, and one that types a key as soon as the amount field is there)`,
  );
  console.log(`  ${''.padEnd(40)} ${'app'.padStart(9)} ${'plain'.padStart(9)} ${'ratio'.padStart(7)}`);
  for (const l of lines) console.log(formatLine(l));
  const plainLost = lost('plain');
  if (appLost || plainLost) console.log(`  keys lost (typed, not shown after the load): app ${appLost}, plain ${plainLost} of ${ROUNDS} loads; a lost key's time is left out`);
  else console.log(`  no key lost: after every load the field still showed the typed value`);
  for (const [key, page] of Object.entries(pages)) if (page.problems.size) console.log(`  console errors on the ${key} page: ${[...page.problems].join('; ')}`);
  console.log(`  load average ${load()} (1, 5, 15 min)`);
} finally {
  for (const close of closers) await close().catch(() => undefined);
  await db?.close();
  rmSync(scratch, { recursive: true, force: true });
}
