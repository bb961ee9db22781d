// Issue 25 item 2 in Chromium, on the real server: the login answered `true` for any phone, so
// a customer who typed a wrong phone went on to /login/2, got no mail, and every code said
// 'Tarkista kertakirjautumiskoodi'. Now a phone that is not the customer's (or an identity code
// of no customer) stays on /login/1 with spec §8's wrong-phone text, no mail goes out, and a
// 429 says it is a rate limit, not a wrong phone.
import { expect, test, type Browser, type Page } from '@playwright/test';
import { validMortgage } from '../fixtures/mortgage-valid.ts';
import { personalIdOfAge } from '../fixtures/personal-id.ts';
import { becomeCustomer, type Customer } from './support/customer.ts';

const patient = expect.configure({ timeout: 30_000 });

const customer: Customer = { ssn: personalIdOfAge(38, 273), phone: '0458765123', email: 'vaara.puhelin@example.fi' };
const WRONG_PHONE_TEXT = 'Kirjautuminen epäonnistui. Tarkista että käytät samaa puhelinnumeroa kuin edellisellä lainahakemuksellasi.';

async function visitor(browser: Browser): Promise<Page> {
  return (await browser.newContext()).newPage();
}

async function askForCode(page: Page, ssn: string, phone: string): Promise<void> {
  await page.locator('#field--loginSsn').fill(ssn);
  await page.locator('#field--loginPhone').fill(phone);
  await page.getByRole('button', { name: 'Lähetä kirjautumiskoodi' }).click();
}

const mails = async (page: Page) => ((await (await page.request.get(`/api/dev/outbox?to=${encodeURIComponent(customer.email)}`)).json()) as unknown[]).length;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ browser }) => {
  test.setTimeout(240_000);
  const page = await visitor(browser);
  await becomeCustomer(page, {
    ...validMortgage(),
    primaryApplicantPersonalIdentificationNumber: customer.ssn,
    primaryApplicantMobilephone: customer.phone,
    primaryApplicantMobilephone2: customer.phone,
    primaryApplicantEmail: customer.email,
    primaryApplicantEmail2: customer.email,
  });
  await page.context().close();
});

test('a wrong phone, or an identity code of no customer, stays on /login/1 with the wrong-phone text and mails nothing', async ({ browser }) => {
  test.setTimeout(120_000);
  const page = await visitor(browser);
  await page.goto('/login/1');
  const before = await mails(page);

  await askForCode(page, customer.ssn, '0401112233');
  await expect(page.getByRole('alert')).toContainText(WRONG_PHONE_TEXT);
  await expect(page.getByRole('alert')).toContainText('asiakaspalvelu');
  await expect(page).toHaveURL(/\/login\/1$/);

  await askForCode(page, personalIdOfAge(39, 275), customer.phone);
  await expect(page.getByRole('alert')).toContainText(WRONG_PHONE_TEXT);
  await expect(page).toHaveURL(/\/login\/1$/);
  expect(await mails(page)).toBe(before);

  // The right phone goes on to the code, which is mailed.
  await askForCode(page, customer.ssn, customer.phone);
  await patient(page).toHaveURL(/\/login\/2$/);
  await patient.poll(() => mails(page)).toBe(before + 1);
});

test('a 429 says to wait, in minutes, not to check the phone', async ({ browser }) => {
  const page = await visitor(browser);
  // The e2e server runs without limits (support/serve.ts); the server's 429 is as limits.ts answers it.
  await page.route('**/api/auth/login', (route) =>
    route.fulfill({
      status: 429,
      headers: { 'retry-after': '540' },
      json: { type: 'RATE_LIMITED', message: 'Liian monta pyyntöä. Yritä hetken kuluttua uudelleen.', retryAfterSeconds: 540 },
    }),
  );
  await page.goto('/login/1');
  await askForCode(page, customer.ssn, customer.phone);
  await expect(page.getByRole('alert')).toContainText('Liian monta kirjautumisyritystä. Voit yrittää uudelleen 9 minuutin kuluttua.');
  await expect(page.getByRole('alert')).not.toContainText('puhelinnumeroa');
  await expect(page).toHaveURL(/\/login\/1$/);
});
