// /omattiedot, the header's menu, '/' and /maksuturva in Chromium (issue 17): a customer
// (a mortgage submitted and identified, support/customer.ts) is sent from a private page
// to the login and back; sees their details, is told about a bad postal code, fixes it
// (the town filled in from the code) and saves; a reload shows what was saved; a refused
// or failed save says 'Tarkista tiedot' and keeps what was typed. The menu names the
// customer's pages, marks the current one and folds behind 'Valikko' on a phone; '/' logs
// out; /maksuturva is the customer's, reached through the login.
import { expect, test, type Browser, type Page } from '@playwright/test';
import { validMortgage } from '../fixtures/mortgage-valid.ts';
import { personalIdOfAge } from '../fixtures/personal-id.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { becomeCustomer, expectNoHorizontalScrollAt375, logIn, type Customer } from './support/customer.ts';

const patient = expect.configure({ timeout: 30_000 });

// A person of this spec's own: the login finds customers by identity code, and its code goes
// to the e-mail of their latest application.
const customer: Customer = { ssn: personalIdOfAge(47, 817), phone: '0451239876', email: 'omat.tiedot@example.fi' };
const application: Record<string, unknown> = {
  ...validMortgage(),
  primaryApplicantPersonalIdentificationNumber: customer.ssn,
  primaryApplicantFirstnames: 'Tiina',
  primaryApplicantLastname: 'Tietoinen',
  primaryApplicantMobilephone: customer.phone,
  primaryApplicantMobilephone2: customer.phone,
  primaryApplicantEmail: customer.email,
  primaryApplicantEmail2: customer.email,
  primaryApplicantAddress: 'Mannerheimintie 1 A 2',
  primaryApplicantZip: '00100',
  primaryApplicantCity: 'Helsinki',
};

const field = (page: Page, id: string) => page.locator(`#field--${id}`);
const menu = (page: Page) => page.getByRole('navigation', { name: 'Asiakasvalikko' });

/** A browser of its own that has not logged in. */
async function visitor(browser: Browser): Promise<Page> {
  return (await browser.newContext()).newPage();
}

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ browser }) => {
  test.setTimeout(240_000);
  const page = await visitor(browser);
  await becomeCustomer(page, application);
  await page.context().close();
});

test('/omattiedot: the details after the login, a bad postal code, saved, and still there after a reload', async ({ browser }) => {
  test.setTimeout(120_000);
  const page = await visitor(browser);
  await page.goto('/omattiedot');
  await logIn(page, customer);
  await patient(page).toHaveURL(/\/omattiedot$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Omat tiedot' })).toBeVisible();

  // The details of the latest identified application; the name shown, not editable.
  await patient(field(page, 'address')).toHaveValue('Mannerheimintie 1 A 2');
  await expect(field(page, 'name')).toHaveValue('Tiina Tietoinen');
  await expect(field(page, 'name')).not.toBeEditable();
  await expect(field(page, 'zip')).toHaveValue('00100');
  await expect(field(page, 'city')).toHaveValue('Helsinki');
  await expect(field(page, 'phone')).toHaveValue(customer.phone);
  await expect(field(page, 'email')).toHaveValue(customer.email);
  await expect(field(page, 'hasMarketingBan')).not.toBeChecked();
  await expect(page.getByText('Vaihe 1/1')).toHaveCount(0);
  await expect(page.getByRole('progressbar')).toHaveCount(0);
  await expectNoAxeViolations(page, '/omattiedot');

  // A bad postal code: the document's message, and nothing is sent.
  let posts = 0;
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/user') posts += 1;
  });
  await field(page, 'address').fill('Hämeenkatu 5 B 6');
  await field(page, 'zip').fill('331');
  await page.getByRole('button', { name: 'Tallenna tiedot' }).click();
  await expect(page.locator('#field--zip__error')).toContainText('Tarkista postinumero');
  await expect(page.getByRole('status').filter({ hasText: 'Tiedot päivitetty' })).toHaveCount(0);
  expect(posts).toBe(0);

  // Fixed: the town comes from the postal code, as on the application forms; then saved.
  await field(page, 'zip').fill('33100');
  await expect(field(page, 'city')).toHaveValue('Tampere');
  await expect(page.locator('#field--zip__error')).toHaveCount(0);
  await field(page, 'hasMarketingBan').check();
  await page.getByRole('button', { name: 'Tallenna tiedot' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Tiedot päivitetty' })).toBeVisible();
  expect(posts).toBe(1);

  await page.reload();
  await patient(field(page, 'address')).toHaveValue('Hämeenkatu 5 B 6');
  await expect(field(page, 'zip')).toHaveValue('33100');
  await expect(field(page, 'city')).toHaveValue('Tampere');
  await expect(field(page, 'hasMarketingBan')).toBeChecked();
  await expect(field(page, 'phone')).toHaveValue(customer.phone);

  // The server refuses a field: its message on the field, 'Tarkista tiedot', nothing typed lost.
  await page.route('**/api/user', (route) =>
    route.request().method() === 'POST' ? route.fulfill({ status: 400, json: { type: 'VALIDATION_ERROR', errors: { city: 'Tarkista postitoimipaikka' } } }) : route.fallback(),
  );
  await field(page, 'address').fill('Satakunnankatu 7');
  await page.getByRole('button', { name: 'Tallenna tiedot' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Tarkista tiedot' })).toBeVisible();
  await expect(page.locator('#field--city__error')).toContainText('Tarkista postitoimipaikka');
  await expect(field(page, 'address')).toHaveValue('Satakunnankatu 7');
  await page.unroute('**/api/user');

  // No answer at all: 'Tarkista tiedot' too, still nothing lost.
  await page.route('**/api/user', (route) => (route.request().method() === 'POST' ? route.abort() : route.fallback()));
  await field(page, 'city').fill('Tampere');
  await page.getByRole('button', { name: 'Tallenna tiedot' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Tarkista tiedot' })).toBeVisible();
  await expect(field(page, 'address')).toHaveValue('Satakunnankatu 7');
  await page.unroute('**/api/user');
  await expectNoHorizontalScrollAt375(page);
  await page.context().close();
});

test("the header's menu: the customer's pages, the current one marked, folded behind 'Valikko' on a phone", async ({ browser }) => {
  test.setTimeout(120_000);
  const page = await visitor(browser);

  // A visitor is offered the login, nothing else.
  await page.goto('/hakemus/kulutusluotto/');
  await expect(menu(page).getByRole('link')).toHaveText(['Kirjaudu sisään']);
  await expect(menu(page).getByRole('link', { name: 'Kirjaudu sisään' })).toHaveAttribute('href', '/login/1');
  await menu(page).getByRole('link', { name: 'Kirjaudu sisään' }).click();
  await logIn(page, customer);
  await patient(page).toHaveURL(/\/lainahakemukset$/);

  const links = menu(page).getByRole('link');
  await expect(links).toHaveText(['Lainahakemukset', 'Hae lainaa', 'Omat tiedot', 'Kirjaudu ulos']);
  for (const [name, href] of [['Lainahakemukset', '/lainahakemukset'], ['Hae lainaa', '/haelainaa'], ['Omat tiedot', '/omattiedot'], ['Kirjaudu ulos', '/logout']])
    await expect(menu(page).getByRole('link', { name }), name).toHaveAttribute('href', href);
  await expect(menu(page).getByRole('link', { name: 'Lainahakemukset' })).toHaveAttribute('aria-current', 'page');
  await expect(menu(page).getByRole('button', { name: 'Valikko' })).toBeHidden();

  // Within the app: the page is not loaded again, the session the app knows is kept.
  await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
  await menu(page).getByRole('link', { name: 'Omat tiedot' }).click();
  await patient(page).toHaveURL(/\/omattiedot$/);
  await expect(menu(page).getByRole('link', { name: 'Omat tiedot' })).toHaveAttribute('aria-current', 'page');
  await expect(menu(page).getByRole('link', { name: 'Lainahakemukset' })).not.toHaveAttribute('aria-current', 'page');
  expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);

  // A phone: the items fold behind the button; it opens them, Escape folds them and the button has the focus.
  await expectNoHorizontalScrollAt375(page);
  const toggle = menu(page).getByRole('button', { name: 'Valikko' });
  await expect(toggle).toBeVisible();
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(links.first()).toBeHidden();
  const controlled = await toggle.getAttribute('aria-controls');
  expect(controlled).toBeTruthy();
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await expect(page.locator(`#${controlled}`)).toBeVisible();
  await expect(links).toHaveText(['Lainahakemukset', 'Hae lainaa', 'Omat tiedot', 'Kirjaudu ulos']);
  for (const link of await links.all()) await expect(link).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
  await expectNoAxeViolations(page, 'the open menu at 375 px');
  await menu(page).getByRole('link', { name: 'Lainahakemukset' }).focus();
  await page.keyboard.press('Escape');
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(links.first()).toBeHidden();
  await expect(toggle).toBeFocused();

  // Following a link folds the menu again.
  await toggle.click();
  await menu(page).getByRole('link', { name: 'Lainahakemukset' }).click();
  await patient(page).toHaveURL(/\/lainahakemukset$/);
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await page.context().close();
});

test('/maksuturva: for a customer only, back after the login, the insurance page', async ({ browser }) => {
  test.setTimeout(120_000);
  const page = await visitor(browser);
  await page.goto('/maksuturva');
  await logIn(page, customer);
  await patient(page).toHaveURL(/\/maksuturva$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Maksuturva' })).toBeVisible();
  // A 47-year-old in permanent work: the landing view (the insurance itself is insurance.spec.ts's).
  await patient(page.getByRole('heading', { level: 2, name: 'Voit hakea Maksuturvaa, jos' })).toBeVisible();
  await expect(page.getByRole('slider')).toBeVisible();
  await page.context().close();
});

test("'/' logs the customer out on the way to the start; a visitor just goes there", async ({ browser }) => {
  test.setTimeout(120_000);
  const page = await visitor(browser);
  await page.goto('/');
  await patient(page).toHaveURL(/\/hakemus\/kulutusluotto\/$/);
  await expect(menu(page).getByRole('link', { name: 'Kirjaudu sisään' })).toBeVisible();

  await page.goto('/lainahakemukset');
  await logIn(page, customer);
  await patient(page).toHaveURL(/\/lainahakemukset$/);
  expect((await page.request.get('/api/auth/check')).status()).toBe(200);

  await page.goto('/');
  await patient(page).toHaveURL(/\/hakemus\/kulutusluotto\/$/);
  await expect(menu(page).getByRole('link', { name: 'Kirjaudu sisään' })).toBeVisible();
  expect((await page.request.get('/api/auth/check')).status()).toBe(401);
  await page.goto('/lainahakemukset');
  await patient(page).toHaveURL(/\/login\/1$/);
  await page.context().close();
});
