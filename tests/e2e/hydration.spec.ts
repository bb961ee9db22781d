// Issue 31 goal 1: step 1 of a product comes rendered in the HTML and the browser hydrates it
// (docs/adr/0012-first-paint.md). Without JavaScript the form is on the page; with it, hydration
// raises no error and no CSP violation, and the hydrated step behaves as a client-rendered one:
// validation on leaving a field, the error summary on continue, Back and Forward, a reloaded
// draft's answers, and a key typed before the script ran reaches the answers; Enter pressed
// before then reloads nothing.
import { expect, test, type Page } from '@playwright/test';
import { CONTINUE, continueFrom, expectStep, field, fillLoanStep, step } from './support/application.ts';
import { holdLaterParts, holdRequests } from './support/held-requests.ts';

const START = '/hakemus/kulutusluotto/';
const DRAFT = 'lv:draft:lainavertailu:kulutusluotto';

/** Console errors (React's recoverable hydration errors are logged there, boot.tsx), page errors and CSP violations. */
async function watchFaults(page: Page): Promise<string[]> {
  const faults: string[] = [];
  page.on('console', (message) => {
    // A visitor's session check answers 401 (customer/session-api.ts): the browser logs the status, no fault.
    if (message.type() === 'error' && !/status of 401/.test(message.text())) faults.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => faults.push(`page: ${error.message}`));
  await page.exposeFunction('reportCspViolation', (text: string) => faults.push(`csp: ${text}`));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) =>
      void (window as unknown as { reportCspViolation: (text: string) => void }).reportCspViolation(`${event.violatedDirective} ${event.blockedURI}`),
    );
  });
  return faults;
}

const hydrated = (page: Page) => expect(page.locator('html[data-hydrated]')).toHaveCount(1);

const draftAmount = (page: Page) =>
  page.evaluate((key) => (JSON.parse(sessionStorage.getItem(key) ?? '{}') as { data?: Record<string, unknown> }).data?.inputAppliedAmount, DRAFT);

test('without JavaScript, step 1 is on the page: its heading, fields, labels and button', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
  const page = await context.newPage();
  const sheets: string[] = [];
  page.on('request', (request) => void (request.resourceType() === 'stylesheet' && sheets.push(request.url())));
  const response = await page.goto(START);
  expect(response!.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(step(page, 1).getByRole('heading', { level: 2 })).toHaveText('Laina');
  await expect(field(page, 'inputAppliedAmount')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Lainasumma' })).toBeVisible();
  await expect(step(page, 1).getByRole('radio', { name: 'Remontti' })).toBeVisible();
  await expect(step(page, 1).getByRole('button', { name: CONTINUE })).toBeVisible();
  // The form's chunk is asked for from the HTML, not only by a script.
  expect(await response!.text()).toMatch(/<link rel="modulepreload" crossorigin href="\/assets\/base-[\w-]+\.js">/);
  // Styled by the sheets the page carries (live-page.ts inlineStylesheets), none asked for: a linked
  // sheet would hold the first paint back until it arrived.
  await expect(step(page, 1).getByRole('button', { name: CONTINUE })).not.toHaveCSS('background-color', 'rgba(0, 0, 0, 0)');
  expect(await page.locator('style').count()).toBeGreaterThan(0);
  expect(sheets).toEqual([]);
  await context.close();
});

test('the second brand gets its own step 1 from the server', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(`${baseURL!.replace('//localhost', '//kattokorko.localhost')}${START}`);
  await expect(page.locator('html')).toHaveAttribute('data-brand', 'kattokorko');
  await expect(page.locator('.site-header')).toContainText('Kattokorko');
  await expect(field(page, 'inputAppliedAmount')).toBeVisible();
  await context.close();
});

test('hydrated step 1 validates on leaving a field, summarises errors on continue, and walks Back and Forward, with no hydration error or CSP violation', async ({ page }) => {
  const faults = await watchFaults(page);
  await page.goto(START);
  await hydrated(page);
  const amount = field(page, 'inputAppliedAmount');
  await amount.fill('');
  await amount.blur();
  await expect(page.locator('[data-field="inputAppliedAmount"] .lv-error-message')).toBeVisible();
  await continueFrom(page, 1);
  await expect(step(page, 1).locator('[data-error-summary]')).toBeVisible();
  await fillLoanStep(page, { purpose: 'Remontti', amount: '12000' });
  await page.evaluate(() => ((document.querySelector('#step-1') as unknown as { kept?: true }).kept = true));
  await continueFrom(page, 1);
  await expectStep(page, 2);
  // The first save turns the start path into a step's: the page goes on, it is not built anew
  // (a field typed into as step 2 appeared could land in the page being replaced).
  expect(await page.evaluate(() => (document.querySelector('#step-1') as unknown as { kept?: true }).kept)).toBe(true);
  await page.goBack();
  await expect(page.locator('.lv-step--current')).toHaveAttribute('id', 'step-1');
  await expect(amount).toHaveValue(/12\s?000/);
  await page.goForward();
  await expect(page.locator('.lv-step--current')).toHaveAttribute('id', 'step-2');
  // The later chunks name the inlined sheets as theirs: Vite's loader finds their (disabled) links and adds none.
  const linked = await page.evaluate(() => [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]:not([disabled])')].map((link) => link.href));
  const inlined = await page.evaluate(() => [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"][disabled]')].map((link) => link.href));
  expect(inlined.length).toBeGreaterThan(0);
  expect(linked.filter((href) => inlined.includes(href))).toEqual([]);
  expect(faults).toEqual([]);
});

test("a reloaded start page shows this tab's draft after hydration, without a hydration error", async ({ page }) => {
  const faults = await watchFaults(page);
  await page.goto(START);
  await hydrated(page);
  await fillLoanStep(page, { purpose: 'Remontti', amount: '8500' });
  await expect.poll(() => draftAmount(page)).toBe(8500);
  await page.reload();
  await hydrated(page);
  await expect(field(page, 'inputAppliedAmount')).toHaveValue(/8\s?500/);
  await expect(step(page, 1).getByRole('radio', { name: 'Remontti' })).toBeChecked();
  // The draft is still this tab's: hydrating with the server's answers did not overwrite it.
  expect(await draftAmount(page)).toBe(8500);
  expect(faults).toEqual([]);
});

/** Opens the start page with the application's entry script held back: the server's HTML alone, until the returned function lets the script go. */
async function openStartHeld(page: Page): Promise<() => void> {
  const entry = await holdRequests(page, /\/assets\/index-[\w-]+\.js$/);
  await page.goto(START, { waitUntil: 'commit' });
  return entry.release;
}

test('an amount typed before the page has hydrated reaches the answers', async ({ page }) => {
  const faults = await watchFaults(page);
  // The application's entry is held until the amount is typed into the server's HTML.
  const release = await openStartHeld(page);
  const amount = field(page, 'inputAppliedAmount');
  await amount.fill('9300');
  await expect(page.locator('html[data-hydrated]')).toHaveCount(0);
  release();
  await hydrated(page);
  await expect(amount).toHaveValue(/9\s?300/);
  await expect.poll(() => draftAmount(page)).toBe(9300);
  expect(faults).toEqual([]);
});

test('Enter in a field before the page has hydrated reloads nothing', async ({ page }) => {
  const faults = await watchFaults(page);
  const release = await openStartHeld(page);
  const amount = field(page, 'inputAppliedAmount');
  await amount.fill('9300');
  // A mark on this document: a reload (the field's form submitted natively) would take it away.
  await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
  await amount.press('Enter');
  await expect(page.locator('html[data-hydrated]')).toHaveCount(0);
  release();
  await hydrated(page);
  expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
  expect(new URL(page.url()).search).toBe('');
  await expect.poll(() => draftAmount(page)).toBe(9300);
  // Ready, the page has no held default button left (FieldForm.tsx EnterHeld): Enter is as on a page rendered in the browser.
  await expect(step(page, 1).locator('button[type="submit"][hidden]')).toHaveCount(0);
  expect(faults).toEqual([]);
});

test("leaving a step-1 answer that a later step's check reads, before that step's validator has arrived, breaks nothing", async ({ page }) => {
  const faults = await watchFaults(page);
  // The later steps' validators (schema-parts.ts) are held until step 1 has been answered and left.
  const laterParts = await holdLaterParts(page);
  await page.goto(START);
  await hydrated(page);
  // The purpose is read by the later steps' "no loans" checks, which a blur re-checks when answered.
  await step(page, 1).getByRole('radio', { name: 'Remontti' }).check();
  await field(page, 'inputAppliedAmount').focus();
  await laterParts.asked;
  await expect(step(page, 1).getByRole('radio', { name: 'Remontti' })).toBeChecked();
  laterParts.release();
  await fillLoanStep(page, { amount: '12000' });
  await continueFrom(page, 1);
  await expectStep(page, 2);
  expect(faults).toEqual([]);
});
