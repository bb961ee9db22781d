// npm run bench:bundle: the bytes the step-1 route (/hakemus/kulutusluotto/) puts on the
// wire, brotli and gzip, next to the same application whose form is validated the way
// RJSF does by default: @rjsf/validator-ajv8 compiling the schema with AJV in the
// browser. Both are built in this run with the same Vite configuration (so both get the
// same build-time .br/.gz files) and served by the real server (buildApp on an
// in-memory PGlite, src/server/pages.ts choosing the encoding).
//
// Measured in Chromium rather than worked out from the Vite manifest: what step 1 needs
// is the entry, its static imports, what the page modulepreloads and the chunks it
// imports lazily before it can render (the variant set's form chunk); which of those a
// page asks for depends on the code that runs (the route, the brand, what
// ProductRoute renders), and a list derived from the manifest would have to repeat
// that logic and could drift from it. A fresh browser context per build and encoding
// loads the route with only that encoding accepted (Accept-Encoding: br, then gzip)
// until step 1 is shown and the network is idle; the figures are the response bodies
// as received (Playwright's responseBodySize), headers excluded.
//
// The comparison differs from the application in the validator only: it gets the same
// resolved document per variant set, as a lazily imported chunk, and the same pages; its
// server adds 'unsafe-eval' to the script policy, which AJV's compiler needs.
// The check at the end reads the modules of every fetched chunk from the build output:
// no code of a page step 1 does not show, and no JSON Patch library. One more load, on a
// throttled link, shows when the entry and the route's form chunk arrive: alongside each
// other (src/app/form-preload.ts), not one after the other.
//
// Last, the floor under the goal: two pages that do nothing but render an empty schema with
// @rjsf/core's Form (the renderer the stack prescribes), one with a validator that checks
// nothing and one with @rjsf/validator-ajv8, built with the same configuration. Their
// JavaScript as the build compressed it says how small any page on that renderer can be,
// next to the bytes the goal allows.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { build, type Rollup } from 'vite';
import { resolveVariants, variantKey, variantSets } from '../engine/core/document.ts';
import { readFormDocument } from '../engine/core/node.ts';
import { buildApp } from '../src/server/app.ts';
import { openDatabase, type Database } from '../src/server/db/index.ts';
import { migrate } from '../src/server/db/migrate.ts';
import { createLogger } from '../src/server/logging.ts';
import { CHROMIUM, CHROMIUM_ARGS } from '../tests/e2e/support/chromium.ts';

const ROUTE = '/hakemus/kulutusluotto/';
const GOAL = 0.75;
/** Issue 31 goal 3: step 1's JavaScript against RJSF's Form alone, brotli. */
const FLOOR_GOAL = 1.3;
const ENCODINGS = ['br', 'gzip'] as const;
type Encoding = (typeof ENCODINGS)[number];

/** Modules step 1 must not load: the pages it never shows, and variant patching in the browser. */
const NOT_FOR_STEP_1: Array<[string, RegExp]> = [
  ['offers page', /[\\/]src[\\/]app[\\/]offers[\\/]/],
  ['resume pages', /[\\/]src[\\/]app[\\/]resume[\\/](?:ResumeGate|PrefillPage|CodeModal|api)\./],
  ['identification pages', /[\\/]src[\\/]app[\\/](?:pages[\\/](?:AuthenticationPage|StatusPage)|identification[\\/])/],
  ['marketing-ban page', /[\\/]src[\\/]app[\\/]pages[\\/]MarketingBanPage\./],
  // The session every page keeps (customer/session.tsx, session-api.ts) is step 1's; the login and the customer area are not.
  ['customer-area pages', /[\\/]src[\\/]app[\\/]customer[\\/](?!session[.-])/],
  ['mortgage pages', /[\\/]src[\\/]app[\\/]mortgage[\\/]MortgagePages\./],
  ['fast-json-patch', /[\\/]node_modules[\\/]fast-json-patch[\\/]/],
  // Issue 31: other pages' texts come with them (src/app/messages/), and RJSF's URI resolver is a stand-in.
  ['other pages\' texts', /[\\/]src[\\/]app[\\/]messages[\\/](?!step\.fi\.ts$)/],
  ['fast-uri', /[\\/]node_modules[\\/]fast-uri[\\/]/],
  // Staff's form studio (issue 30) is a page of its own.
  ['form studio', /[\\/]src[\\/]studio[\\/]/],
  // Issue 31 goal 3: each step's validator comes with that step (engine/core/schema-parts.ts), the IBAN check with the last.
  ["later steps' validators", /^\0?virtual:form-step\//],
  ['ibantools', /[\\/]node_modules[\\/]ibantools[\\/]/],
];

const root = resolve(import.meta.dirname, '..');
const configFile = join(root, 'vite.config.ts');

type Output = Array<Rollup.OutputChunk | Rollup.OutputAsset>;

interface Fetched {
  file: string;
  kind: 'js' | 'css';
  encoding: string;
  /** Response body as received. */
  wire: number;
  /** The file as built. */
  plain: number;
}

interface Measured {
  name: string;
  output: Output;
  /** What step 1 needs. */
  byEncoding: Record<Encoding, Fetched[]>;
  /** Fetched after step 1 showed, for the later steps (their validators). */
  later: Record<Encoding, Fetched[]>;
}

async function buildInto(outDir: string, appRoot?: string): Promise<Output> {
  const nodeEnv = process.env.NODE_ENV;
  const result = await build({
    configFile,
    logLevel: 'error',
    ...(appRoot ? { root: appRoot } : {}),
    build: { outDir, emptyOutDir: true, manifest: false },
  });
  // Vite's build sets NODE_ENV=production in this process; the server below is the development setup.
  if (nodeEnv === undefined) delete process.env.NODE_ENV;
  else process.env.NODE_ENV = nodeEnv;
  const outputs = Array.isArray(result) ? result : [result];
  return outputs.flatMap((item): Output => ('output' in item ? item.output : []));
}

/** The comparison: the application's pages with RJSF's default validator over the same resolved documents. */
function writeComparison(dir: string): void {
  const doc = readFormDocument('consumer');
  const sets = variantSets(doc).map((set) => {
    const file = `consumer.${variantKey(doc, set).replace(/\+/g, '_')}.json`;
    writeFileSync(join(dir, file), JSON.stringify(resolveVariants(doc, set)));
    return `{ variants: ${JSON.stringify(set)}, load: () => import('./${file}') }`;
  });
  const rel = (target: string) => join(root, target).replace(/\\/g, '/');
  writeFileSync(join(dir, 'index.html'), readFileSync(join(root, 'src/app/index.html'), 'utf8').replace('./main.tsx', './rjsf-ajv-main.tsx'));
  writeFileSync(
    join(dir, 'rjsf-ajv-main.tsx'),
    `// Generated by tools/bench-bundle.ts: the application with RJSF's default validator.
import { customizeValidator } from '@rjsf/validator-ajv8';
import Ajv2020 from 'ajv/dist/2020.js';
import { finnishKeywords } from '${rel('custom-validators/keywords.ts')}';
import { toAjvKeyword } from '${rel('custom-validators/keyword.ts')}';
import { createFormRuntime } from '${rel('engine/core/index.ts')}';
import { boot } from '${rel('src/app/boot.tsx')}';
import { variantSetLoader } from '${rel('src/app/variant-sets.ts')}';

const sets = [
${sets.join(',\n')}
];

boot(
  variantSetLoader({ consumer: sets }, ({ default: doc }) => {
    const validator = customizeValidator({
      AjvClass: Ajv2020 as never,
      extenderFn: (ajv) => {
        for (const keyword of finnishKeywords) ajv.addKeyword(toAjvKeyword(keyword));
        ajv.addKeyword({ keyword: 'x-note', schemaType: 'string' });
        return ajv;
      },
    });
    return { runtime: createFormRuntime(doc as never, validator.ajv.compile(doc.schema) as never), validator };
  }),
);
`,
  );
}

/** A page that renders an empty schema with RJSF's Form and nothing else; with or without AJV. */
function writeFloor(dir: string, withAjv: boolean): void {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'index.html'), '<!doctype html><html lang="fi"><body><div id="root"></div><script type="module" src="./main.tsx"></script></body></html>');
  writeFileSync(
    join(dir, 'main.tsx'),
    `// Generated by tools/bench-bundle.ts: the least a page rendering with RJSF's Form ships.
import Form from '@rjsf/core';
import { createRoot } from 'react-dom/client';
${
  withAjv
    ? "import validator from '@rjsf/validator-ajv8';"
    : `const validator = {
  validateFormData: () => ({ errors: [], errorSchema: {} }),
  toErrorList: () => [],
  isValid: () => true,
  rawValidation: () => ({}),
} as never;`
}
createRoot(document.getElementById('root')!).render(<Form schema={{ type: 'object' }} validator={validator} />);
`,
  );
}

/** The JavaScript of a build as the precompress plugin wrote it (`.br`, `.gz`), which the server sends. */
function builtJavaScript(output: Output, outDir: string): Record<Encoding, number> {
  const files = output.filter((item) => item.fileName.endsWith('.js')).map((item) => join(outDir, item.fileName));
  const size = (suffix: string) => files.reduce((total, file) => total + readFileSync(`${file}${suffix}`).length, 0);
  return { br: size('.br'), gzip: size('.gz') };
}

async function serve(db: Database, staticDir: string, { allowEval = false } = {}): Promise<{ url: string; close: () => Promise<void> }> {
  const app = await buildApp({ db, logger: createLogger({ level: 'warn' }), staticDir, limits: false });
  if (allowEval) {
    // AJV compiles with new Function: RJSF's default cannot run under the application's policy.
    app.addHook('onRequest', (_request, reply, done) => {
      const policy = reply.raw.getHeader('content-security-policy');
      if (typeof policy === 'string') reply.raw.setHeader('content-security-policy', policy.replace("script-src 'self'", "script-src 'self' 'unsafe-eval'"));
      done();
    });
  }
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('bench:bundle: the server is not listening on a TCP port');
  return { url: `http://127.0.0.1:${address.port}`, close: () => app.close() };
}

/** What Chromium fetches to show step 1 of ROUTE, accepting only `encoding`. */
async function fetchStep1(browser: Browser, url: string, outDir: string, encoding: Encoding): Promise<Fetched[]> {
  // Chromium sends the page's own Accept-Encoding in place of its default (gzip, deflate, br, zstd).
  const context = await browser.newContext({ extraHTTPHeaders: { 'accept-encoding': encoding } });
  try {
    const page = await context.newPage();
    const responses: import('playwright-core').Response[] = [];
    page.on('response', (response) => {
      if (/\/assets\/[^/]+\.(?:js|css)$/.test(new URL(response.url()).pathname)) responses.push(response);
    });
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));
    page.on('console', (message) => void (message.type() === 'error' && problems.push(message.text())));
    await page.goto(`${url}${ROUTE}`);
    await page
      .locator('#step-1')
      .waitFor({ state: 'visible', timeout: 60_000 })
      .catch((error: Error) => {
        throw new Error(`bench:bundle: step 1 of ${url}${ROUTE} did not show (${[error.message.split('\n')[0], ...problems].join('; ')})`);
      });
    await page.waitForLoadState('networkidle');
    // Read before the context closes.
    return await Promise.all(
      responses.map(async (response) => {
        const file = new URL(response.url()).pathname.slice(1);
        const sizes = await response.request().sizes();
        return {
          file,
          kind: file.endsWith('.css') ? ('css' as const) : ('js' as const),
          encoding: (await response.headerValue('content-encoding')) ?? 'identity',
          wire: sizes.responseBodySize,
          plain: readFileSync(join(outDir, file)).length,
        };
      }),
    );
  } finally {
    await context.close();
  }
}

/** A link slow enough that the order of downloads shows: DevTools' "Slow 4G". */
const SLOW_LINK = { latencyMs: 150, downloadBitsPerSecond: 1.6e6, uploadBitsPerSecond: 750e3 };

interface Timeline {
  /** Resource timings of the page's assets, ms from navigation start. */
  assets: Array<{ file: string; start: number; end: number }>;
  step1Shown: number;
}

/** When each asset of ROUTE is requested and received on SLOW_LINK, and when step 1 shows: is the form chunk fetched alongside the entry? */
async function timeline(browser: Browser, url: string): Promise<Timeline> {
  const context = await browser.newContext({ extraHTTPHeaders: { 'accept-encoding': 'br' } });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: SLOW_LINK.latencyMs,
      downloadThroughput: SLOW_LINK.downloadBitsPerSecond / 8,
      uploadThroughput: SLOW_LINK.uploadBitsPerSecond / 8,
    });
    await page.goto(`${url}${ROUTE}`);
    await page.waitForFunction(() => document.querySelector('#step-1'), undefined, { polling: 'raf', timeout: 120_000 });
    const step1Shown = await page.evaluate(() => performance.now());
    const assets = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .filter((entry) => new URL(entry.name).pathname.startsWith('/assets/'))
        .map((entry) => ({ file: new URL(entry.name).pathname.slice(1), start: entry.startTime, end: (entry as PerformanceResourceTiming).responseEnd })),
    );
    return { assets, step1Shown };
  } finally {
    await context.close();
  }
}

/**
 * The fetched chunks step 1 needs: those the page's entries and its dynamic imports other than the
 * later steps' validators reach through static imports. The rest, fetched once step 1 is shown
 * (the later steps' validators and what only they import), is reported apart and not counted.
 */
function splitPrefetched(output: Output, fetched: Fetched[]): { step1: Fetched[]; later: Fetched[] } {
  const chunks = new Map(output.filter((item): item is Rollup.OutputChunk => item.type === 'chunk').map((chunk) => [chunk.fileName, chunk]));
  const isLaterPart = (chunk: Rollup.OutputChunk | undefined) => Boolean(chunk?.facadeModuleId?.startsWith('\0virtual:form-step/'));
  const needed = new Set<string>();
  const visit = (file: string) => {
    if (needed.has(file)) return;
    needed.add(file);
    for (const imported of chunks.get(file)?.imports ?? []) visit(imported);
  };
  for (const file of fetched) {
    const chunk = chunks.get(file.file);
    if (file.kind === 'css' || !chunk || ((chunk.isEntry || chunk.isDynamicEntry) && !isLaterPart(chunk))) visit(file.file);
  }
  return { step1: fetched.filter((file) => needed.has(file.file)), later: fetched.filter((file) => !needed.has(file.file)) };
}

const sum = (files: Fetched[], kind: Fetched['kind'], size: 'wire' | 'plain' = 'wire') => files.filter((f) => f.kind === kind).reduce((n, f) => n + f[size], 0);
const kB = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;

function report(measured: Measured): void {
  const [br, gzip] = [measured.byEncoding.br, measured.byEncoding.gzip];
  console.log(`  ${measured.name}`);
  for (const file of br) {
    const zipped = gzip.find((f) => f.file === file.file);
    const note = file.encoding === 'br' ? '' : `  (sent ${file.encoding}: under the precompression threshold)`;
    console.log(`    ${file.file.padEnd(48)} ${kB(file.wire).padStart(9)} ${kB(zipped?.wire ?? NaN).padStart(9)} ${kB(file.plain).padStart(10)}${note}`);
  }
  for (const kind of ['js', 'css'] as const) {
    const label = kind === 'js' ? 'JavaScript' : 'CSS';
    console.log(`    ${label.padEnd(48)} ${kB(sum(br, kind)).padStart(9)} ${kB(sum(gzip, kind)).padStart(9)} ${kB(sum(br, kind, 'plain')).padStart(10)}`);
  }
  const later = measured.later.br;
  if (later.length)
    console.log(
      `    ${`then, once step 1 is shown: ${later.length} chunks for the later steps`.padEnd(48)} ${kB(sum(later, 'js')).padStart(9)} ${kB(sum(measured.later.gzip, 'js')).padStart(9)} ${kB(sum(later, 'js', 'plain')).padStart(10)}`,
    );
}

function reportTimeline(app: Measured, slow: Timeline): void {
  const chunk = (file: string) => app.output.find((item): item is Rollup.OutputChunk => item.type === 'chunk' && item.fileName === file);
  const entry = slow.assets.find((asset) => chunk(asset.file)?.facadeModuleId?.endsWith('index.html'));
  const form = slow.assets.find((asset) => chunk(asset.file)?.facadeModuleId?.startsWith('\0virtual:form-validator/'));
  const ms = (value: number | undefined) => (value === undefined ? '?' : `${Math.round(value)} ms`);
  console.log(
    `  on a ${SLOW_LINK.downloadBitsPerSecond / 1e6} Mbit/s link with ${SLOW_LINK.latencyMs} ms latency: entry ${ms(entry?.start)} to ${ms(entry?.end)},` +
      ` form chunk ${ms(form?.start)} to ${ms(form?.end)}, step 1 shown at ${ms(slow.step1Shown)} (from navigation start)`,
  );
}

/** The modules of the fetched JavaScript that step 1 should not have loaded. */
function misplaced(measured: Measured): string[] {
  const chunks = new Map(measured.output.filter((item): item is Rollup.OutputChunk => item.type === 'chunk').map((chunk) => [chunk.fileName, chunk]));
  const found: string[] = [];
  for (const file of measured.byEncoding.br.filter((f) => f.kind === 'js')) {
    for (const id of Object.keys(chunks.get(file.file)?.modules ?? {})) {
      for (const [what, pattern] of NOT_FOR_STEP_1) if (pattern.test(id)) found.push(`${what}: ${id.replace(root, '')} in ${file.file}`);
    }
  }
  return found;
}

// The comparison entry lives under node_modules/.cache so its bare imports resolve.
const cache = join(root, 'node_modules', '.cache');
mkdirSync(cache, { recursive: true });
const comparisonRoot = mkdtempSync(join(cache, 'bench-bundle-'));
const outRoot = mkdtempSync(join(tmpdir(), 'bench-bundle-'));
let db: Database | undefined;
let browser: Browser | undefined;
const servers: Array<{ close: () => Promise<void> }> = [];

try {
  writeComparison(comparisonRoot);
  const builds = [
    { name: 'this application: AJV standalone validators precompiled at build time', dir: join(outRoot, 'app'), appRoot: undefined, allowEval: false },
    { name: 'RJSF default: @rjsf/validator-ajv8, AJV compiles the schema in the browser', dir: join(outRoot, 'rjsf-ajv'), appRoot: comparisonRoot, allowEval: true },
  ];
  const outputs = [];
  for (const { dir, appRoot } of builds) outputs.push(await buildInto(dir, appRoot));

  db = await openDatabase({});
  await migrate(db);
  browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  const measured: Measured[] = [];
  let appUrl = '';
  for (const [index, { name, dir, allowEval }] of builds.entries()) {
    const server = await serve(db, dir, { allowEval });
    servers.push(server);
    if (index === 0) appUrl = server.url;
    const byEncoding = {} as Record<Encoding, Fetched[]>;
    const later = {} as Record<Encoding, Fetched[]>;
    for (const encoding of ENCODINGS) ({ step1: byEncoding[encoding], later: later[encoding] } = splitPrefetched(outputs[index], await fetchStep1(browser, server.url, dir, encoding)));
    measured.push({ name, output: outputs[index], byEncoding, later });
  }

  console.log(`Step 1 of ${ROUTE} on the wire, as Chromium fetches it from the server (response bodies):`);
  console.log(`    ${''.padEnd(48)} ${'brotli'.padStart(9)} ${'gzip'.padStart(9)} ${'as built'.padStart(10)}`);
  for (const m of measured) report(m);
  const [app, rjsf] = measured;
  const ratios = ENCODINGS.map((encoding) => sum(app.byEncoding[encoding], 'js') / sum(rjsf.byEncoding[encoding], 'js'));
  const met = ratios.every((ratio) => ratio <= GOAL);
  console.log(
    `  step-1 JavaScript, this application / RJSF default: ${ratios.map((r, i) => `${r.toFixed(2)}x ${ENCODINGS[i]}`).join(', ')}` +
      ` (goal <= ${GOAL}x: ${met ? 'met' : 'not met'})`,
  );
  // The two builds differ in the validator only, so whatever code they share, the ratio
  // app / (app + d) is at most GOAL exactly when app <= GOAL / (1 - GOAL) * d, d being the
  // difference: the most step 1 may weigh, whatever else is cut.
  const reachable = ENCODINGS.map((encoding) => {
    const ours = sum(app.byEncoding[encoding], 'js');
    return `${kB((GOAL / (1 - GOAL)) * (sum(rjsf.byEncoding[encoding], 'js') - ours))} ${encoding}`;
  });
  let formAlone = NaN;
  for (const [withAjv, label] of [
    [false, "RJSF's Form alone (React, @rjsf/core, a validator that checks nothing)"],
    [true, "RJSF's Form with @rjsf/validator-ajv8 (a bare RJSF page)"],
  ] as const) {
    const floorRoot = join(comparisonRoot, withAjv ? 'floor-ajv' : 'floor');
    writeFloor(floorRoot, withAjv);
    const outDir = join(outRoot, withAjv ? 'floor-ajv' : 'floor');
    const floor = builtJavaScript(await buildInto(outDir, floorRoot), outDir);
    console.log(`  ${label.padEnd(78)} ${ENCODINGS.map((encoding) => `${kB(floor[encoding])} ${encoding}`).join(', ')}`);
    if (!withAjv) formAlone = floor.br;
  }
  // Issue 31 goal 3: step 1 at most 1.3x the Form-alone floor (brotli), its raw JavaScript at most the plain page's.
  const floorRatio = sum(app.byEncoding.br, 'js') / formAlone;
  const rawRatio = sum(app.byEncoding.br, 'js', 'plain') / sum(rjsf.byEncoding.br, 'js', 'plain');
  console.log(
    `  step-1 JavaScript / Form alone: ${floorRatio.toFixed(2)}x br (goal <= ${FLOOR_GOAL}x: ${floorRatio <= FLOOR_GOAL ? 'met' : 'not met'});` +
      ` raw / the plain RJSF page's: ${rawRatio.toFixed(3)}x (goal <= 1.0x: ${rawRatio <= 1 ? 'met' : 'not met'}); load average ${loadavg().map((n) => n.toFixed(2)).join(' ')}`,
  );
  console.log(`  ${GOAL}x is reached only when step 1 weighs at most ${reachable.join(', ')} (the builds differ by the validator only)`);
  reportTimeline(app, await timeline(browser, appUrl));
  const wrongEncoding = ENCODINGS.flatMap((encoding) => app.byEncoding[encoding].filter((f) => f.plain >= 1024 && f.encoding !== encoding).map((f) => `${f.file} (${encoding})`));
  if (wrongEncoding.length) {
    console.error(`  not sent in the one encoding accepted: ${wrongEncoding.join(', ')}`);
    process.exitCode = 1;
  }
  const wrong = misplaced(app);
  if (wrong.length) {
    console.error(`  step 1 loads code it does not need:\n    ${wrong.join('\n    ')}`);
    process.exitCode = 1;
  } else {
    console.log(`  step 1 loads none of: ${NOT_FOR_STEP_1.map(([what]) => what).join(', ')}`);
  }
} finally {
  await browser?.close();
  for (const server of servers) await server.close();
  await db?.close();
  rmSync(comparisonRoot, { recursive: true, force: true });
  rmSync(outRoot, { recursive: true, force: true });
}
