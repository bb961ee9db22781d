// npm run screenshots: every step of the consumer application (with a co-applicant,
// so step 6 is there too) at 1280 px and 375 px wide, plus the error summary, a
// dialog, the identification page and the one-time code dialog of a saved link opened
// in another browser, written to screenshots/. Builds the pages and
// runs the real server on a throwaway database, like the e2e suite.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { CHROMIUM, CHROMIUM_ARGS } from '../tests/e2e/support/chromium.ts';
import {
  coApplicantBasics,
  coApplicantDetails,
  continueFrom,
  fillBasics,
  fillFinish,
  fillHousing,
  fillLoanStep,
  fillLoans,
  fillWork,
  FINISH,
  primaryBasics,
  primaryHousing,
  primaryWork,
  step,
} from '../tests/e2e/support/application.ts';

const root = resolve(import.meta.dirname, '..');
const outDir = join(root, 'screenshots');
const port = Number(process.env.SCREENSHOTS_PORT ?? 4331);
const base = `http://localhost:${port}`;
const WIDTHS = [
  { name: 'desktop', width: 1280, height: 900 },
  { name: 'mobile', width: 375, height: 812 },
];

async function startServer(): Promise<ChildProcess> {
  const server = spawn(process.execPath, ['--import', 'tsx', 'tests/e2e/support/serve.ts'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let i = 0; i < 240; i++) {
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
    const up = await fetch(`http://127.0.0.1:${port}/api/health`).then((r) => r.ok, () => false);
    if (up) return server;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('the server did not start in 120 s');
}

/** The step's section, full height, across the page width (the summary beside it shows on desktop). */
async function shootStep(page: Page, n: number, file: string): Promise<void> {
  const section = step(page, n);
  await section.scrollIntoViewIfNeeded();
  await page.waitForTimeout(300);
  const box = await section.boundingBox();
  const scrollY = await page.evaluate(() => window.scrollY);
  if (!box) throw new Error(`step ${n} is not on the page`);
  const width = page.viewportSize()!.width;
  await page.screenshot({ path: file, fullPage: true, clip: { x: 0, y: Math.max(0, box.y + scrollY - 24), width, height: box.height + 48 } });
}

/** Walks the application; returns the saved link of step 3 (for the code dialog). */
async function walk(page: Page, dir: string): Promise<string> {
  const shot = (name: string) => join(dir, `${name}.png`);
  await page.goto(`${base}/hakemus/kulutusluotto/?amount=30000&tenor=10`);
  await page.getByRole('heading', { level: 1 }).waitFor();
  await page.screenshot({ path: shot('00-start') });
  await continueFrom(page, 1);
  await page.locator('[data-error-summary]').waitFor();
  await shootStep(page, 1, shot('01-loan-errors'));
  await fillLoanStep(page, { purpose: 'Ajoneuvon hankinta tai korjaus' });
  await page.getByRole('button', { name: 'Muut käyttötarkoitukset' }).click();
  await shootStep(page, 1, shot('01-loan'));
  await fillLoanStep(page, { coApplicant: true });
  await continueFrom(page, 1);

  await step(page, 2).waitFor();
  await fillBasics(page, 'primaryApplicant', primaryBasics);
  await fillBasics(page, 'coApplicant', coApplicantBasics);
  await shootStep(page, 2, shot('02-basics'));
  await continueFrom(page, 2);

  await step(page, 3).waitFor();
  await page.waitForURL(/\/3\/\d+\//);
  const savedLink = page.url();
  await fillHousing(page, 'primaryApplicant', primaryHousing);
  await shootStep(page, 3, shot('03-housing'));
  await continueFrom(page, 3);

  await step(page, 4).waitFor();
  await fillWork(page, 'primaryApplicant', primaryWork);
  await shootStep(page, 4, shot('04-work'));
  await continueFrom(page, 4);

  await step(page, 5).waitFor();
  await fillLoans(page, step(page, 5), { kinds: ['Muu laina', 'Opintolaina'], cards: ['Visa'] });
  await step(page, 5).getByRole('button', { name: 'Lisää laina' }).first().click();
  await shootStep(page, 5, shot('05-loans'));
  await step(page, 5).getByRole('button', { name: 'Poista laina' }).click();
  await continueFrom(page, 5);

  await step(page, 6).waitFor();
  await fillHousing(page, 'coApplicant', coApplicantDetails);
  await fillWork(page, 'coApplicant', coApplicantDetails);
  await fillLoans(page, step(page, 6), { kinds: [] });
  await shootStep(page, 6, shot('06-co-applicant'));
  await continueFrom(page, 6, FINISH);

  await step(page, 7).waitFor();
  await shootStep(page, 7, shot('07-finish-empty'));
  await fillFinish(page, { coApplicant: true });
  await shootStep(page, 7, shot('07-finish'));
  const aside = page.locator('aside');
  const toggle = aside.getByRole('button', { name: 'Näytä yhteenveto' });
  if (await toggle.isVisible()) await toggle.click();
  await aside.scrollIntoViewIfNeeded();
  await aside.screenshot({ path: shot('08-summary-panel') });

  await step(page, 7).getByRole('button', { name: 'Mikä on PEP?' }).first().click();
  await page.getByRole('dialog').waitFor();
  await page.screenshot({ path: shot('09-pep-dialog') });
  await page.keyboard.press('Escape');

  // A save the server refuses: the dialog lists the fields to check.
  await page.route('**/consumer-applications/save/**', async (route) => {
    const body = JSON.parse(route.request().postData() ?? '{}');
    await route.continue({ postData: JSON.stringify({ ...body, primaryApplicantFirstnames: 'M4ija' }) });
  });
  await step(page, 7).getByRole('button', { name: 'Tunnistaudu tästä lähettääksesi hakemus' }).click();
  await page.getByRole('dialog', { name: 'Hakemuksen tallennus epäonnistui' }).waitFor();
  await page.screenshot({ path: shot('10-save-failed') });
  await page.getByRole('button', { name: 'Tarkista kentät' }).click();
  await page.waitForTimeout(400);
  await page.screenshot({ path: shot('11-server-error-summary') });
  await page.unroute('**/consumer-applications/save/**');
  await page.getByRole('link', { name: /Etunimet/ }).click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type(String(primaryBasics.primaryApplicantFirstnames));
  await step(page, 7).getByRole('button', { name: 'Tunnistaudu tästä lähettääksesi hakemus' }).click();
  await page.getByRole('heading', { level: 1, name: 'Vahva tunnistautuminen' }).waitFor();
  await page.screenshot({ path: shot('12-authentication'), fullPage: true });
  return savedLink;
}

/** The saved link in a browser that does not hold the application: the code dialog, resend locked. */
async function codeDialog(page: Page, link: string, dir: string): Promise<void> {
  await page.goto(link);
  const dialog = page.getByRole('dialog', { name: 'Kirjaudu esitäytettyyn hakemukseen' });
  await dialog.getByText('Lähetimme kertakirjautumiskoodin').waitFor();
  await page.screenshot({ path: join(dir, '14-code-dialog.png') });
}

async function secondBrand(page: Page, dir: string): Promise<void> {
  await page.goto(`http://kattokorko.localhost:${port}/hakemus/yhdistelylaina/`);
  await page.getByRole('heading', { level: 1 }).waitFor();
  await page.screenshot({ path: join(dir, '13-kattokorko-consolidation.png') });
}

const server = await startServer();
const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
try {
  rmSync(outDir, { recursive: true, force: true });
  for (const size of WIDTHS) {
    const dir = join(outDir, `${size.width}`);
    mkdirSync(dir, { recursive: true });
    const context = await browser.newContext({ viewport: { width: size.width, height: size.height }, locale: 'fi-FI', timezoneId: 'Europe/Helsinki', reducedMotion: 'reduce' });
    const page = await context.newPage();
    const savedLink = await walk(page, dir).catch(async (error: unknown) => {
      await page.screenshot({ path: join(dir, 'failure.png') });
      throw error;
    });
    await secondBrand(page, dir);
    await context.close();
    const elsewhere = await browser.newContext({ viewport: { width: size.width, height: size.height }, locale: 'fi-FI', timezoneId: 'Europe/Helsinki', reducedMotion: 'reduce' });
    await codeDialog(await elsewhere.newPage(), savedLink, dir);
    await elsewhere.close();
    console.log(`screenshots/${size.width}/: ${size.name}`);
  }
} finally {
  await browser.close();
  server.kill('SIGTERM');
}
