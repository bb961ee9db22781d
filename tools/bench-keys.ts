// `npm run bench:keys`: keystroke to next paint while typing into a field on step 1 and
// on the largest step of each form document that has pages (forms/catalogue.json), at
// full speed and with the CPU slowed four times (Chromium's CPU throttling, as a
// mid-range phone), next to
// plain RJSF (@rjsf/core's default theme, @rjsf/validator-ajv8, liveValidate) on the
// same fields and data, both built in this run and driven in Debian's Chromium. The
// application page opens on that step the way a reload does (this tab's stored copy,
// src/app/application/storage.ts). Rounds interleave the two pages, so a load change
// on a shared machine moves both; p50/p95 are over every measured key of a page.
// A third page, a bare <input> and nothing else, is typed into the same way: the floor of
// keystroke to paint in this browser on this machine, which no page can go under; where
// 0.5× plain RJSF lies near it (a small form, whose plain page does little), the line says so.
// Goals (issue 31 goal 2): p95 ≤ 0.8× plain RJSF on step 1, ≤ 0.5× on the largest step.
// Settings: BENCH_KEYS (measured keys per page, about; default 100), BENCH_ROUNDS
// (default 5), BENCH_ROWS (list rows on the page, default 14), BENCH_CPU (the CPU
// slowdowns, default "1,4"), BENCH_DOCS (documents to type on, default every one).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type CDPSession, type Page } from 'playwright-core';
import { listFormDocuments, readCatalogue, readFormDocument } from '../engine/core/node.ts';
import { fieldDomId } from '../engine/react/ids.ts';
import { PROBE, typeAndMeasure } from './bench-keys/keystrokes.ts';
import { firstStep } from './bench-keys/first-step.ts';
import { largestStep, type BenchStep } from './bench-keys/largest-step.ts';
import { buildApplication, buildPlainRjsf, plainForm } from './bench-keys/pages.ts';
import { serveDirectory } from './bench-keys/static-server.ts';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
/** Keys a round, even: a letter and its Backspace, so each round leaves the field as it found it. */
const PER_ROUND = Math.max(2, 2 * Math.ceil(Number(process.env.BENCH_KEYS ?? 100) / ROUNDS / 2));
/** Keys typed into each page before measuring (JIT warm-up), not counted. */
const WARMUP_KEYS = 10;
const RATES = (process.env.BENCH_CPU ?? '1,4').split(',').map(Number);
const ONLY = process.env.BENCH_DOCS?.split(',');
const CHROMIUM = '/usr/bin/chromium';
const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

/** The application as stored by a tab that reached `bench.step` (src/app/application/storage.ts). */
const STORED = { id: '1', token: 'bench-keys-token' };

const percentile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil(q * sorted.length) - 1)];
};
const ms = (value: number) => `${value.toFixed(1).padStart(6)} ms`;

async function openApplication(browser: Browser, url: string, productPath: string, bench: BenchStep, steps: number[]): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  const stored = { ...STORED, data: bench.data, step: bench.step, tracked: steps };
  await page.addInitScript(({ key, value }) => sessionStorage.setItem(key, value), { key: `lv:application:${STORED.id}`, value: JSON.stringify(stored) });
  await page.addInitScript(PROBE);
  await page.goto(`${url}/hakemus/${productPath}/${bench.step}/${STORED.id}/${STORED.token}`);
  await page.locator(`#step-${bench.step}.lv-step--current #${fieldDomId(bench.typeInto)}`).waitFor({ timeout: 30_000 });
  return page;
}

async function openPlain(browser: Browser, url: string, bench: BenchStep): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await page.addInitScript(PROBE);
  await page.goto(url);
  await page.locator(`#root_${bench.typeInto}`).waitFor({ timeout: 30_000 });
  return page;
}

/** Chromium runs the page's work `rate` times slower (1: full speed), while the page's DevTools session lives. */
const sessions = new WeakMap<Page, CDPSession>();
async function throttle(page: Page, rate: number): Promise<void> {
  const cdp = sessions.get(page) ?? (await page.context().newCDPSession(page));
  sessions.set(page, cdp);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate });
}

const load = () => loadavg().map((n) => n.toFixed(2)).join(' ');

async function openBare(browser: Browser, url: string): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await page.addInitScript(PROBE);
  await page.goto(url);
  await page.locator('#bare').waitFor({ timeout: 30_000 });
  return page;
}

const catalogue = readCatalogue();
const scratch = mkdtempSync(join(tmpdir(), 'bench-keys-'));
const closers: Array<() => Promise<unknown>> = [];
type Kind = 'ours' | 'plain' | 'bare';
const summary: string[] = [];
try {
  const appDir = join(scratch, 'app');
  await buildApplication(appDir);
  const app = await serveDirectory(appDir);
  closers.push(app.close);
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  closers.unshift(() => browser.close());
  const bareDir = join(scratch, 'bare');
  mkdirSync(bareDir);
  writeFileSync(join(bareDir, 'index.html'), '<!doctype html><html lang="fi"><body><input id="bare" style="width: 20rem"></body></html>');
  const bare = await serveDirectory(bareDir);
  closers.push(bare.close);

  console.log(`bench:keys (Chromium; ${PER_ROUND * ROUNDS} keys per page in ${ROUNDS} interleaved rounds after ${WARMUP_KEYS} warm-up keys; keydown to the next painted frame; CPU ${RATES.map((r) => `${r}×`).join(', ')})`);
  console.log(`load average at start: ${load()}`);
  for (const id of listFormDocuments()) {
    if (ONLY && !ONLY.includes(id)) continue;
    // The document's page: a product showing it without variants of its own, else any.
    const products = Object.values(catalogue.products).filter((product) => product.document === id);
    const product = products.find((p) => p.variants.length === 0) ?? products[0];
    if (!product) {
      console.log(`\n${id}: no product in forms/catalogue.json shows it; no page to type on`);
      continue;
    }
    const doc = readFormDocument(id);
    const largest = largestStep(doc, product.variants);
    const first = firstStep(doc, product.variants);
    // A document of one page: its step 1 is its largest step, held to the stricter goal.
    const benches: Array<{ name: string; goal: number; bench: BenchStep }> =
      first.step === largest.step
        ? [{ name: `step ${largest.step} (step 1 and the largest step)`, goal: 0.5, bench: largest }]
        : [
            { name: `step ${first.step}`, goal: 0.8, bench: first },
            { name: `step ${largest.step} (the largest step)`, goal: 0.5, bench: largest },
          ];
    for (const { name, goal, bench } of benches) {
      const plainDir = join(scratch, `plain-${id}-${bench.step}`);
      await buildPlainRjsf(plainDir, plainForm(doc, bench.fields, bench.data));
      const plain = await serveDirectory(plainDir);
      closers.push(plain.close);

      const pages: Record<Kind, Page> = {
        ours: await openApplication(browser, app.url, product.path, bench, doc.steps.map((s) => s.number)),
        plain: await openPlain(browser, plain.url, bench),
        bare: await openBare(browser, bare.url),
      };
      const selectors = { ours: `#${fieldDomId(bench.typeInto)}`, plain: `#root_${bench.typeInto}`, bare: '#bare' };
      console.log(`\n${id} (/hakemus/${product.path}/), ${name}: ${bench.fields.length} fields on the page, ${bench.rows} list rows; typing '${bench.key}' and Backspace into ${bench.typeInto}`);
      for (const rate of RATES) {
        for (const page of Object.values(pages)) await throttle(page, rate);
        const samples: Record<Kind, number[]> = { ours: [], plain: [], bare: [] };
        for (const key of ['ours', 'plain', 'bare'] as const) await typeAndMeasure(pages[key], selectors[key], WARMUP_KEYS, bench.key);
        for (let round = 0; round < ROUNDS; round++) {
          const order = round % 2 === 0 ? (['ours', 'plain', 'bare'] as const) : (['bare', 'plain', 'ours'] as const);
          for (const key of order) samples[key].push(...(await typeAndMeasure(pages[key], selectors[key], PER_ROUND, bench.key)));
        }
        const p50 = { ours: percentile(samples.ours, 0.5), plain: percentile(samples.plain, 0.5), bare: percentile(samples.bare, 0.5) };
        const p95 = { ours: percentile(samples.ours, 0.95), plain: percentile(samples.plain, 0.95), bare: percentile(samples.bare, 0.95) };
        const speed = rate === 1 ? 'full speed' : `${rate}× CPU`;
        console.log(`  ${speed} (load average ${load()})`);
        console.log(`    ${'this application'.padEnd(46)} p50 ${ms(p50.ours)}  p95 ${ms(p95.ours)}  (${samples.ours.length} keys)`);
        console.log(`    ${'plain RJSF + validator-ajv8 + liveValidate'.padEnd(46)} p50 ${ms(p50.plain)}  p95 ${ms(p95.plain)}  (${samples.plain.length} keys)`);
        console.log(`    ${'a bare <input>, nothing else (the floor)'.padEnd(46)} p50 ${ms(p50.bare)}  p95 ${ms(p95.bare)}  (${samples.bare.length} keys)`);
        const ratio = { p50: p50.ours / p50.plain, p95: p95.ours / p95.plain };
        console.log(`    ${'ratio (this application / plain RJSF)'.padEnd(46)} p50 ${ratio.p50.toFixed(2).padStart(6)} ×   p95 ${ratio.p95.toFixed(2).padStart(6)} ×`);
        console.log(`    ${'ratio (the bare input / plain RJSF)'.padEnd(46)} p50 ${(p50.bare / p50.plain).toFixed(2).padStart(6)} ×   p95 ${(p95.bare / p95.plain).toFixed(2).padStart(6)} ×`);
        const met = ratio.p95 <= goal;
        console.log(`    goal (issue 31): p95 ≤ ${goal}× plain RJSF: ${met ? 'met' : 'not met'}`);
        summary.push(`  ${`${id} ${name}, ${speed}`.padEnd(58)} p95 ${ratio.p95.toFixed(2)}× (p50 ${ratio.p50.toFixed(2)}×), goal ${goal}×: ${met ? 'met' : 'not met'}`);
      }
      for (const page of Object.values(pages)) await page.close();
    }
  }
  console.log(`\nsummary (this application / plain RJSF; load average at the end ${load()})`);
  for (const line of summary) console.log(line);
} finally {
  for (const close of closers) await close().catch(() => undefined);
  rmSync(scratch, { recursive: true, force: true });
}
