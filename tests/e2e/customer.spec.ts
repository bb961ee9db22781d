// The customer login and the applications list in Chromium (issue 17, first part): a
// guarded page sends a visitor to /login/1 and, after the code from the development
// outbox, back where they were going; a wrong code says so; the list shows the
// customer's application and cancels it; logging out ends the session. The customer is
// made the way a real one is: a mortgage submitted and identified at the test bank.
import { expect, test, type Page } from '@playwright/test';
import { loadFormRuntime } from '../../engine/core/node.ts';
import { validMortgage } from '../fixtures/mortgage-valid.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { fillStep, stepSection } from './support/fill-from-document.ts';
import { chooseMethod, identifyAtTestBank } from './support/identify.ts';

const runtime = loadFormRuntime('mortgage');
const patient = expect.configure({ timeout: 30_000 });

/** A mortgage of `data`, submitted and identified: its applicant is now a customer. */
async function becomeCustomer(page: Page, data: Record<string, unknown>): Promise<void> {
  await page.goto('/hakemus/asuntolaina/');
  for (const number of [1, 2, 3, 4]) {
    await patient(stepSection(page, number)).toBeVisible();
    await fillStep(page, runtime, number, data);
    await stepSection(page, number).getByRole('button', { name: runtime.buttonLabel(number, data), exact: true }).click();
  }
  await patient(page).toHaveURL(/\/hakemus\/asuntolaina\/auth\//);
  await chooseMethod(page);
  await identifyAtTestBank(page, String(data.primaryApplicantPersonalIdentificationNumber));
  await patient(page).toHaveURL(/\/hakemus\/asuntolaina\/(status|offers)\//);
}

async function latestCode(page: Page, email: string, not = ''): Promise<string> {
  let code = '';
  await patient
    .poll(async () => {
      const [latest] = (await (await page.request.get(`/api/dev/outbox?to=${encodeURIComponent(email)}`)).json()) as Array<{ text: string }>;
      code = /\b(\d{6})\b/.exec(latest?.text ?? '')?.[1] ?? '';
      return code !== '' && code !== not;
    })
    .toBe(true);
  return code;
}

test('a customer logs in with a code, lands where they were going, cancels an application and logs out', async ({ page, browser }) => {
  test.setTimeout(240_000);
  const data: Record<string, unknown> = { ...validMortgage(), primaryApplicantEmail: 'kirjautuja@example.fi', primaryApplicantEmail2: 'kirjautuja@example.fi' };
  await becomeCustomer(page, data);

  const context = await browser.newContext();
  const visitor = await context.newPage();
  await visitor.goto('/lainahakemukset');
  await patient(visitor).toHaveURL(/\/login\/1$/);
  await expect(visitor.getByRole('heading', { level: 1, name: 'Kirjaudu sisään' })).toBeVisible();
  await expect(visitor.getByText('Lähetämme kertakirjautumiskoodin sähköpostiisi.', { exact: false })).toBeVisible();
  await expectNoAxeViolations(visitor, 'login step 1');
  await visitor.locator('#field--loginSsn').fill(String(data.primaryApplicantPersonalIdentificationNumber));
  await visitor.locator('#field--loginPhone').fill(String(data.primaryApplicantMobilephone));
  await visitor.getByRole('button', { name: 'Lähetä kirjautumiskoodi' }).click();
  await patient(visitor).toHaveURL(/\/login\/2$/);
  await expect(visitor.locator('#field--otp')).toHaveAttribute('autocomplete', 'one-time-code');
  await expectNoAxeViolations(visitor, 'login step 2');

  // A wrong code first: the spec's text, with the customer service.
  const code = await latestCode(visitor, 'kirjautuja@example.fi');
  await visitor.locator('#field--otp').fill(code === '000000' ? '111111' : '000000');
  await visitor.getByRole('button', { name: 'Kirjaudu', exact: true }).click();
  await expect(visitor.getByRole('alert')).toContainText('Kirjautuminen epäonnistui. Tarkista kertakirjautumiskoodi.');

  await visitor.locator('#field--otp').fill(code);
  await visitor.getByRole('button', { name: 'Kirjaudu', exact: true }).click();
  await patient(visitor).toHaveURL(/\/lainahakemukset$/);
  const item = visitor.locator('.customer-application').first();
  await patient(item).toContainText('Asuntolaina');
  await expect(visitor.getByRole('navigation', { name: 'Asiakasvalikko' }).getByRole('link', { name: 'Kirjaudu ulos' })).toBeVisible();
  await expectNoAxeViolations(visitor, 'the applications list');

  await item.getByRole('button', { name: /^Peru hakemus/ }).click();
  await expect(item.getByRole('button', { name: 'Peruttu' })).toBeDisabled();

  await visitor.setViewportSize({ width: 375, height: 800 });
  expect(await visitor.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);

  await visitor.getByRole('link', { name: 'Kirjaudu ulos' }).click();
  await patient(visitor).toHaveURL(/\/login\/1$/);
  expect((await visitor.request.get('/api/auth/check')).status()).toBe(401);
  await visitor.goto('/lainahakemukset');
  await patient(visitor).toHaveURL(/\/login\/1$/);
  await context.close();
});
