// The business loan in Chromium (issue 16): the company form from forms/business.json,
// sent in one call, 'Olet valmis!' moving on to the offers, the offers polled
// (page.clock) in the server's order with the promoted continuous credit and its link to
// its partner's page (issue 25, item 15), one accepted
// in the window opened before the call; the Finnish messages of a wrong Y-tunnus, a
// short IBAN and a small turnover in the field and in the error summary; a server
// VALIDATION_ERROR merged into the form; the host page's preset; axe; 375 px.
import { expect, test, type Page } from '@playwright/test';
import { loadFormRuntime } from '../../engine/core/node.ts';
import { validBusiness } from '../fixtures/business-valid.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { fillStep, stepSection } from './support/fill-from-document.ts';

const runtime = loadFormRuntime('business');
const START = '/hakemus/yritysluotto/';
const OFFERS = /\/hakemus\/yritysluotto\/3\/(\d+)\/([A-Za-z0-9_-]{43})$/;
const patient = expect.configure({ timeout: 30_000 });
const SEND = 'Lähetä hakemus';
const PROMOTED_LINK = 'Tutustu jatkuvaan yritysluottoon';
const PROMOTED_PAGE = '/kumppani/jatkuva-yritysluotto';

async function fillForm(page: Page, data: Record<string, unknown>): Promise<void> {
  await patient(stepSection(page, 1)).toBeVisible();
  await fillStep(page, runtime, 1, data);
}

const send = (page: Page) => stepSection(page, 1).getByRole('button', { name: SEND, exact: true }).click();

test('a company applies, sees "Olet valmis!", waits for the offers and accepts one in a new window', async ({ page, request }) => {
  test.setTimeout(180_000);
  await page.clock.install();
  await page.goto(START);
  await fillForm(page, validBusiness());
  await expectNoAxeViolations(page, 'the business form');
  await send(page);
  await expect(page.getByRole('dialog', { name: 'Olet valmis!' })).toBeVisible();
  await page.getByRole('button', { name: 'Siirry tarjouksiin' }).click();
  await patient(page).toHaveURL(OFFERS);
  const [, id, token] = OFFERS.exec(new URL(page.url()).pathname)!;
  // The first poll is at once (issue 25): the financiers that have answered may be listed already.
  await expect(page.locator('.offers')).toHaveAttribute('data-polls', /^[1-9]\d*$/);

  // The financiers answer in (scaled) real time; the page polls on its own clock.
  await patient.poll(async () => ((await (await request.get(`/api/business-applications/offers/${id}/${token}?page=0&size=100`)).json()) as { pendingLenders: number }).pendingLenders).toBe(0);
  await page.clock.runFor(5000);
  const cards = page.locator('.offer-card[data-offer-id]');
  await patient(cards.first()).toBeVisible();
  const promoted = page.locator('.promoted-card');
  await expect(promoted).toContainText('Jatkuva yritysluotto');
  // Issue 25, item 15: the promoted row has an action, as the consumer list's has: a link to its partner's page.
  const promotedLink = promoted.getByRole('link', { name: PROMOTED_LINK });
  await expect(promotedLink).toHaveAttribute('href', PROMOTED_PAGE);
  await expect(promotedLink).toHaveClass(/offers__business-link/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Lainatarjoukset: \d+ kpl$/);
  await expectNoAxeViolations(page, 'the business offers');

  const [popup] = await Promise.all([page.context().waitForEvent('page'), cards.first().getByRole('button').click()]);
  await patient(popup).toHaveURL(/\/lainaaja\/[a-z0-9-]+\/\d+\/[A-Za-z0-9_-]{43}$/);
  await popup.close();

  await page.setViewportSize({ width: 375, height: 800 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
  await expect(promotedLink).toBeVisible();
  await expectNoAxeViolations(page, 'the business offers at 375 px');

  // Reached and opened from the keyboard, like the consumer list's link; it leads to the partner's demo page.
  await promotedLink.focus();
  await expect(promotedLink).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`${PROMOTED_PAGE}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Jatkuva yritysluotto');
  await expect(page.getByRole('note')).toContainText('kuvitteellinen kumppanisivu');
  await expectNoAxeViolations(page, "the continuous credit partner's page");
});

test('a wrong Y-tunnus check digit, a short IBAN and a small turnover each say so in the field and in the summary', async ({ page }) => {
  let creates = 0;
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().includes('/api/business-applications/create')) creates += 1;
  });
  await page.goto(START);
  await fillForm(page, { ...validBusiness(), businessIdentityCode: '0737546-3', ibanNumber: 'FI21 1234 5600 0007', monthlyTurnover: 499 });
  await send(page);
  const summary = stepSection(page, 1).locator('[data-error-summary]');
  await expect(summary).toBeVisible();
  for (const [field, message] of [
    ['businessIdentityCode', 'Tarkasta Y-tunnus'],
    ['ibanNumber', 'Tarkista tilinumeron pituus'],
    ['monthlyTurnover', 'Vähintään 500'],
  ]) {
    await expect(page.locator(`[data-field="${field}"] .lv-error-message`)).toContainText(message);
    await expect(summary).toContainText(message);
  }
  await expectNoAxeViolations(page, 'the business form with errors', '#step-1');
  expect(creates).toBe(0);
});

test("the server's VALIDATION_ERROR is merged into the form beside the failure dialog", async ({ page }) => {
  await page.route('**/api/business-applications/create', (route) =>
    route.fulfill({ status: 400, json: { type: 'VALIDATION_ERROR', message: 'Tarkista kentät', errors: { name: 'Yritys on jo haettu tänään' } } }),
  );
  await page.goto(START);
  await fillForm(page, validBusiness());
  await send(page);
  const dialog = page.getByRole('dialog', { name: 'Hakemuksen lähetys epäonnistui' });
  await expect(dialog).toContainText('Hakemuksen lähetyksessä tapahtui virhe. Ole hyvä, tarkista tiedot ja yritä uudelleen.');
  await expect(dialog).toContainText('Yritys on jo haettu tänään');
  await dialog.getByRole('button').first().click();
  await expect(page.locator('[data-field="name"] .lv-error-message')).toContainText('Yritys on jo haettu tänään');
});

test("a host page's preset fills the amount, the term in months and the names, and hides the header and footer", async ({ page }) => {
  await page.addInitScript(() => {
    (window as unknown as { presetFormData: object }).presetFormData = { amount: 40000, tenor: 2, firstname: 'Pekka', lastname: 'Puuseppä' };
  });
  await page.goto(START);
  await patient(stepSection(page, 1)).toBeVisible();
  await expect(page.locator('#field--appliedAmount')).toHaveValue('40000');
  await expect(page.locator('#field--appliedTenor option:checked')).toHaveText('24 kk');
  await expect(page.locator('#field--primaryApplicantFirstnames')).toHaveValue('Pekka');
  await expect(page.locator('#field--primaryApplicantLastname')).toHaveValue('Puuseppä');
  await expect(page.locator('.site-header')).toHaveCount(0);
  await expect(page.locator('.site-footer')).toHaveCount(0);
});

test('without a preset the form starts at 25 000 € with the header; a broken offers link leads to the error page', async ({ page }) => {
  await page.goto(START);
  await expect(page.locator('#field--appliedAmount')).toHaveValue('25000');
  await expect(page.locator('#field--appliedTenor option:checked')).toHaveText('12 kk');
  await expect(page.locator('.site-header')).toBeVisible();
  // What the applicant typed outlives a reload; the start amount does not overwrite it.
  await page.locator('#field--appliedAmount').fill('30000');
  await page.locator('#field--name').fill('Kestopaja Oy');
  await expect.poll(() => page.evaluate(() => JSON.stringify(sessionStorage)).then((text) => text.includes('Kestopaja Oy'))).toBe(true);
  await page.reload();
  await expect(page.locator('#field--name')).toHaveValue('Kestopaja Oy');
  await expect(page.locator('#field--appliedAmount')).toHaveValue('30000');
  await page.goto(`/hakemus/yritysluotto/3/1/${'A'.repeat(43)}`);
  await patient(page).toHaveURL(/\/hakemus\/yritysluotto\/error$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Hakemuksen käsittelyssä on tapahtunut virhe' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Täytä uusi hakemus' })).toHaveAttribute('href', '/hakemus/asuntolaina/');
});
