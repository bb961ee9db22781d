// The step-1 route ships only what step 1 needs (issue 13): the pages it does not show
// are chunks of their own, fetched when shown; the form arrives as one chunk, the route's
// variant set, already resolved, so no JSON Patch library is loaded; and that chunk is
// asked for without waiting for the application's entry. The sizes are
// npm run bench:bundle's; this pins the shape.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { step } from './support/application.ts';

/** The form studio's chunks (issue 30): its entry and lazy chunks are named studio-* (src/build/studio-entry-plugin.ts). */
const STUDIO_CHUNK = /\/assets\/studio-[\w-]+\.(?:js|css)$/;
const LAZY_PAGES = /\/assets\/(?:OffersPage|ResumeGate|PrefillPage|AuthenticationPage|StatusPage|MarketingBanPage|LegalPage)-[\w-]+\.js$/;
/** One chunk per variant set, named after the set (engine/build/vite-plugin-forms.ts). */
const FORM_CHUNK = /\/assets\/(base|kattokorko|yhdistelylaina|kattokorko_yhdistelylaina)-[\w-]+\.js$/;
/** An error code of fast-json-patch; string literals survive minification. */
const JSON_PATCH_MARKER = 'SEQUENCE_NOT_AN_ARRAY';
/**
 * A string literal from modules of the pages step 1 does not show that an import in the
 * entry's code pulled, or could pull, into the entry chunk: the customer area's and the
 * offers' calls (the session on every page uses customer/session-api.ts only).
 */
const OTHER_PAGES_MARKERS: Array<[file: string, marker: string]> = [
  ['src/app/offers/api.ts', 'offers: no content list'],
  ['src/app/customer/api.ts', '/api/auth/login'],
  // The legal pages' texts (issue 25) come with their page; the footer needs only their addresses.
  ['forms/content/legal/kayttoehdot.json', 'Hakijan velvollisuudet'],
  ['forms/content/legal/tietosuojaseloste.json', 'Tietojen luovuttaminen'],
  // The form studio's texts (issue 30): staff's code is a page of its own, never the applicants'.
  ['src/studio/messages.fi.ts', 'Kirjaudu lomakestudioon'],
  // The catalogue's modules of the pages step 1 does not show (issue 31): they come with those pages.
  ['src/app/messages/customer.fi.ts', 'Kirjautumalla näet lainahakemuksiesi tarjoukset'],
  ['src/app/messages/offers.fi.ts', 'Todellinen vuosikorko, pienin ensin'],
  ['src/app/messages/resume.fi.ts', 'Kirjaudu esitäytettyyn hakemukseen'],
  ['src/app/messages/identification.fi.ts', 'Pankit eivät salli tunnistautumista upotetussa'],
  ['src/app/messages/legal.fi.ts', 'Versio {version}'],
];

/** The paths of the JavaScript (and CSS) files the page fetches from now on. */
function scriptsOf(page: Page): string[] {
  const scripts: string[] = [];
  page.on('response', (response) => {
    const path = new URL(response.url()).pathname;
    if (/^\/assets\/.+\.(?:js|css)$/.test(path)) scripts.push(path);
  });
  return scripts;
}

const formChunks = (scripts: string[]) => scripts.map((path) => path.match(FORM_CHUNK)?.[1]).filter(Boolean);

test("step 1 loads no other page's code, one form chunk and no JSON Patch library", async ({ page }) => {
  expect(readFileSync(resolve(import.meta.dirname, '../../node_modules/fast-json-patch/module/core.mjs'), 'utf8')).toContain(JSON_PATCH_MARKER);
  for (const [file, marker] of OTHER_PAGES_MARKERS) expect(readFileSync(resolve(import.meta.dirname, '../..', file), 'utf8'), file).toContain(marker);
  const scripts = scriptsOf(page);
  await page.goto('/hakemus/kulutusluotto/');
  await expect(step(page, 1)).toBeVisible();
  await page.waitForLoadState('networkidle');

  expect(scripts.filter((path) => LAZY_PAGES.test(path))).toEqual([]);
  expect(scripts.filter((path) => STUDIO_CHUNK.test(path))).toEqual([]);
  expect(formChunks(scripts)).toEqual(['base']);
  for (const path of scripts) {
    const code = await (await page.request.get(path)).text();
    expect(code, path).not.toContain(JSON_PATCH_MARKER);
    // The entry holds none of the other pages' calls: they come with their pages.
    for (const [file, marker] of OTHER_PAGES_MARKERS) expect(code, `${path} has ${file}`).not.toContain(marker);
  }

  // The offers page's code is not in what step 1 loaded: it arrives when the page is shown.
  await page.goto(`/hakemus/kulutusluotto/0/1/${'A'.repeat(43)}`);
  await expect.poll(() => scripts.filter((path) => /\/OffersPage-/.test(path))).toHaveLength(1);

  // The studio's page does load its chunks by that name: the check above looks for the right files.
  await page.goto('/studio');
  await expect.poll(() => scripts.filter((path) => STUDIO_CHUNK.test(path)).length).toBeGreaterThan(0);
});

test('each product and brand loads the form chunk of its own variant set', async ({ page, baseURL }) => {
  const scripts = scriptsOf(page);
  await page.goto('/hakemus/yhdistelylaina/');
  await expect(step(page, 1)).toBeVisible();
  await page.goto(`${baseURL!.replace('//localhost', '//kattokorko.localhost')}/hakemus/kulutusluotto/`);
  await expect(step(page, 1)).toBeVisible();
  expect(formChunks(scripts)).toEqual(['yhdistelylaina', 'kattokorko']);
});

test("the route's form chunk is requested without waiting for the application's entry", async ({ page }) => {
  // The entry never arrives: only the small preload entry can ask for the form.
  await page.route(/\/assets\/index-[\w-]+\.js$/, (route) => route.abort());
  const formChunk = page.waitForRequest(FORM_CHUNK);
  await page.goto('/hakemus/kulutusluotto/');
  expect((await formChunk).url()).toMatch(/\/assets\/base-/);
});
