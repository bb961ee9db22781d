// Strong identification in the browser: step 7 → authentication page → test bank →
// finishing page → step 0, with and without a co-applicant, the wrong person at the
// bank, and the pages under axe and the CSP.
import { expect, test, type Page } from '@playwright/test';
import {
  coApplicantBasics,
  coApplicantDetails,
  continueFrom,
  expectStep,
  fillFinish,
  fillHousing,
  fillLoans,
  fillWork,
  FINISH,
  finish,
  IDENTIFY,
  primaryBasics,
  primaryHousing,
  primaryWork,
  step,
} from './support/application.ts';
import { recordAnalytics } from './support/analytics.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { holdRequests } from './support/held-requests.ts';
import { chooseMethod, completeIdentification, identifyAtTestBank } from './support/identify.ts';
import { reachStep } from './support/journey.ts';

const PRIMARY = String(primaryBasics.primaryApplicantPersonalIdentificationNumber);
const CO_APPLICANT = String(coApplicantBasics.coApplicantPersonalIdentificationNumber);
const STEP_0 = /\/hakemus\/kulutusluotto\/0\/\d+\/[A-Za-z0-9_-]{43}$/;

/** Records CSP violations and console errors from the first page on. */
async function watchCsp(page: Page): Promise<() => Promise<void>> {
  const consoleErrors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) => seen.push(`${event.violatedDirective} ${event.blockedURI}`));
  });
  return async () => {
    const violations = await page.evaluate(() => (window as unknown as { cspViolations?: string[] }).cspViolations ?? []);
    expect(violations).toEqual([]);
    expect(consoleErrors.filter((text) => /Content Security Policy|Refused to/i.test(text))).toEqual([]);
  };
}

async function toAuthentication(page: Page, coApplicant = false): Promise<void> {
  await reachStep(page, 7, { coApplicant });
  if (coApplicant) {
    await fillHousing(page, 'coApplicant', coApplicantDetails);
    await fillWork(page, 'coApplicant', coApplicantDetails);
    await fillLoans(page, step(page, 6), { kinds: [] });
    await continueFrom(page, 6, FINISH);
    await expectStep(page, 7);
  }
  await fillFinish(page, { coApplicant });
  await step(page, 7).getByRole('button', { name: IDENTIFY }).click();
  await expect(page).toHaveURL(/\/hakemus\/kulutusluotto\/authentication\/\d+\/[A-Za-z0-9_-]{43}$/);
}

test('the primary applicant identifies, sees the finishing page and reaches the offers', async ({ page }) => {
  const checkCsp = await watchCsp(page);
  const events = await recordAnalytics(page);
  await toAuthentication(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Vahva tunnistautuminen' })).toBeVisible();
  await expect(page.getByText('3.11.2025')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Nordea' })).toBeVisible();
  await expectNoAxeViolations(page, 'the authentication page');

  // By keyboard: the method buttons are reachable and start the redirect.
  await page.getByRole('button', { name: 'Nordea' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Nordea – testitunnistautuminen' })).toBeVisible();

  // The completion check is held back, so the finishing page is seen while it runs.
  const completions = await holdRequests(page, '**/api/lainavertailu22/consumer-applications/authentication/complete/**');
  await identifyAtTestBank(page, PRIMARY);
  await expect(page).toHaveURL(/\/hakemus\/kulutusluotto\/status\/\d+\/[A-Za-z0-9_-]{43}$/, { timeout: 15_000 });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Viimeistellään hakemusta');
  await expect.poll(() => completions.count).toBe(1);
  await expect(page).not.toHaveURL(STEP_0);
  completions.release();
  await expect(page).toHaveURL(STEP_0, { timeout: 15_000 });
  await checkCsp();

  // Issue 28 item 5: the journey's events in order, the offers page reached from the app itself,
  // and nothing personal in any event.
  await expect.poll(() => events.map((event) => event.event)).toContain('loan_application_offers_page');
  const names = events.map((event) => event.event).filter((name) => name !== 'purchase');
  expect(names).toEqual([...[1, 2, 3, 4, 5, 7].map((n) => `consumer_application_${n}`), 'loan_application_offers_page']);
  expect(events.find((event) => event.event === 'loan_application_offers_page')).toMatchObject({ return_from_outside: false, product: 'kulutusluotto' });
  const personal = [primaryBasics, primaryHousing, primaryWork, finish].flatMap((answers) =>
    Object.entries(answers).filter(([field, value]) => typeof value === 'string' && value.length >= 5 && !/Id$|Type/.test(field)).map(([, value]) => String(value)),
  );
  expect(personal.length).toBeGreaterThan(5);
  const written = JSON.stringify(events);
  for (const value of personal) expect(written, value).not.toContain(value);

  // Opened again from outside the app (a bookmark, another tab): reported as such.
  const other = await page.context().newPage();
  const reopened = await recordAnalytics(other);
  await other.goto(page.url());
  await expect.poll(() => reopened.find((event) => event.event === 'loan_application_offers_page')).toMatchObject({ return_from_outside: true });
  await other.close();
});

test('with a co-applicant both identify, the primary first', async ({ page }) => {
  await toAuthentication(page, true);
  await expect(page.getByText('Tunnistautuja: Päähakija')).toBeVisible();
  await chooseMethod(page, 'OP');
  await identifyAtTestBank(page, PRIMARY);

  await expect(page.getByText('Kanssahakijan tunnistautuminen puuttuu.')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText('Päähakijan tunnistautuminen puuttuu.')).toHaveCount(0);
  // The primary applicant's identification is confirmed before the co-applicant's is asked for (issue 25 item 16).
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Päähakija on tunnistautunut');
  const confirmed = page.getByRole('status').filter({ hasText: 'Päähakijan tunnistautuminen onnistui.' });
  const next = page.getByText('Kanssahakijan tunnistautuminen puuttuu.');
  expect(await confirmed.evaluate((done, later) => Boolean(done.compareDocumentPosition(later!) & Node.DOCUMENT_POSITION_FOLLOWING), await next.elementHandle())).toBe(true);
  await expect(page.getByRole('link', { name: 'Täytä uusi hakemus' })).toBeVisible();
  await expectNoAxeViolations(page, 'the finishing page with a party missing');

  await page.getByRole('link', { name: 'Tunnistaudu kanssahakijana' }).click();
  await expect(page.getByText('Tunnistautuja: Kanssahakija')).toBeVisible();
  await chooseMethod(page);
  await identifyAtTestBank(page, CO_APPLICANT);
  await expect(page).toHaveURL(STEP_0, { timeout: 15_000 });
});

test('someone else at the bank is told apart', async ({ page }) => {
  await toAuthentication(page);
  await chooseMethod(page);
  await identifyAtTestBank(page, '010180-9015');
  await expect(page.getByText('Tunnistautunut henkilö ei ole hakemuksen hakija.')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText('Päähakijan tunnistautuminen puuttuu.')).toBeVisible();
  await expectNoAxeViolations(page, 'the finishing page after a mismatch');
  // The right person can still identify from here.
  await page.getByRole('link', { name: 'Tunnistaudu päähakijana' }).click();
  await completeIdentification(page, { primary: PRIMARY });
});

test('the pages without id and token, and at 360 px', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/hakemus/kulutusluotto/authentication');
  await expect(page.getByRole('heading', { level: 1, name: 'Hakemuksen tiedot puuttuvat' })).toBeVisible();
  await page.goto('/hakemus/kulutusluotto/status/');
  await expect(page.getByRole('heading', { level: 1, name: 'Hakemuksen tiedot puuttuvat' })).toBeVisible();
  await expectNoAxeViolations(page, 'the missing-details page');

  // A well-formed but unknown application: the completion check fails, a retry is offered.
  await page.goto(`/hakemus/kulutusluotto/status/999999/${'a'.repeat(43)}`);
  await expect(page.getByText('Jotain meni vikaan. Yritä uudelleen.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Yritä uudelleen' })).toBeVisible();
  await expectNoAxeViolations(page, 'the finishing page after an error');

  await page.goto(`/hakemus/kulutusluotto/authentication/999999/${'a'.repeat(43)}`);
  const first = page.locator('.identification-method').first();
  await expect(first).toBeVisible();
  const box = (await first.boundingBox())!;
  expect(box.height).toBeGreaterThanOrEqual(24);
  expect(box.width).toBeGreaterThanOrEqual(24);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await expectNoAxeViolations(page, 'the authentication page at 360 px');
  // The redirect cannot be had for an unknown application: a message and a retry, no dead end.
  await first.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Ohjataan tunnistautumiseen' })).toBeVisible();
  await expect(page.getByText('Tunnistautumiseen ohjaaminen ei onnistunut. Yritä uudelleen.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Yritä uudelleen' })).toBeFocused();
});
