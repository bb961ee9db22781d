// Issue 25 item 1: an application submitted in one browser is identified from another.
// Two browser contexts are two devices: the second has only the link, so the server
// refuses it (401 SESSION_REQUIRED) until a one-time code, read from the development
// outbox, gives it a session; then the person goes on where they were going.
import { expect, test, type Browser, type Page } from '@playwright/test';
import { loadFormRuntime } from '../../engine/core/node.ts';
import { validMortgage } from '../fixtures/mortgage-valid.ts';
import { fillFinish, IDENTIFY, primaryBasics, step } from './support/application.ts';
import { latestCode } from './support/customer.ts';
import { fillStep, stepSection } from './support/fill-from-document.ts';
import { chooseMethod, identifyAtTestBank } from './support/identify.ts';
import { reachStep } from './support/journey.ts';

const runtime = loadFormRuntime('mortgage');
const CREDENTIALS = '(\\d+)\\/([A-Za-z0-9_-]{43})';
const mortgageAt = (page: string) => new RegExp(`/hakemus/asuntolaina/${page}/${CREDENTIALS}(\\?.*)?$`);
// The shared 2-core machine makes a form walk slow at times.
const patient = expect.configure({ timeout: 30_000 });
const CODE_DIALOG = 'Kirjaudu esitäytettyyn hakemukseen';

const uniqueEmail = (who: string) => `${who}.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@example.fi`;

function credentialsOf(page: Page): { id: string; token: string } {
  const [, id, token] = new RegExp(CREDENTIALS).exec(new URL(page.url()).pathname)!;
  return { id, token };
}

/** A mortgage of `data` filled and submitted at its last step in `page`: it waits for identification there. */
async function submitMortgage(page: Page, data: Record<string, unknown>): Promise<{ id: string; token: string }> {
  await page.goto('/hakemus/asuntolaina/');
  const steps = runtime.activeSteps(data).map((s) => s.number);
  for (const number of steps) {
    await patient(stepSection(page, number)).toBeVisible();
    await fillStep(page, runtime, number, data);
    await stepSection(page, number).getByRole('button', { name: runtime.buttonLabel(number, data), exact: true }).click();
  }
  await patient(page).toHaveURL(mortgageAt('auth'));
  return credentialsOf(page);
}

/** A second device: a browser context of its own, without the first one's session cookie. */
async function otherDevice(browser: Browser): Promise<Page> {
  return (await browser.newContext()).newPage();
}

/** The code dialog is open: enters the newest code mailed to `email`. */
async function enterCode(page: Page, email: string): Promise<void> {
  const dialog = page.getByRole('dialog', { name: CODE_DIALOG });
  await patient(dialog).toBeVisible();
  await dialog.getByLabel('Kertakirjautumiskoodi').fill(await latestCode(page, email));
  await dialog.getByRole('button', { name: 'Siirry hakemukseen' }).click();
}

test('a mortgage submitted in one browser: its step link in another asks for the code at the bank choice, then identifies; its /auth link then leads to the result', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const email = uniqueEmail('asuntolaina');
  const data: Record<string, unknown> = { ...validMortgage(), primaryApplicantEmail: email, primaryApplicantEmail2: email };
  const { id, token } = await submitMortgage(page, data);

  const other = await otherDevice(browser);
  await other.goto(`/hakemus/asuntolaina/2/${id}/${token}`);
  // The stage check leads to identification; choosing a bank needs the session, so the code comes first.
  await patient(other).toHaveURL(mortgageAt('auth'));
  await other.getByRole('list').filter({ has: other.locator('.identification-method') }).getByRole('button').first().click();
  await enterCode(other, email);
  await patient(other.getByRole('heading', { level: 1, name: /testitunnistautuminen/ })).toBeVisible();
  await expect(other.getByText('Tunnistautumiseen ohjaaminen ei onnistunut. Yritä uudelleen.')).toHaveCount(0);
  await identifyAtTestBank(other, String(data.primaryApplicantPersonalIdentificationNumber));
  await patient(other).toHaveURL(new RegExp(`/hakemus/asuntolaina/(status|offers)/${id}/${token}$`));

  // Analysed and forwarded: the identification page checks the stage and offers no bank again.
  await patient.poll(async () => (await other.request.get(`/api/mortgage-applications/status/${id}/${token}`)).text()).toBe('OTHER');
  const third = await otherDevice(browser);
  await third.goto(`/hakemus/asuntolaina/auth/${id}/${token}`);
  await patient(third).toHaveURL(mortgageAt('offers'));
});

test('a mortgage submitted in one browser: through /prefill and the code in another, "Tunnistaudu" goes on to identification', async ({ page, browser }) => {
  test.setTimeout(240_000);
  const email = uniqueEmail('esitaytto');
  const data: Record<string, unknown> = { ...validMortgage(), primaryApplicantEmail: email, primaryApplicantEmail2: email };
  const { id, token } = await submitMortgage(page, data);

  const other = await otherDevice(browser);
  await other.goto(`/hakemus/asuntolaina/prefill?id=${id}&token=${token}`);
  await enterCode(other, email);
  // The whole form, submitted already: its last button goes on to identification instead of a save error.
  const last = runtime.activeSteps(data).at(-1)!.number;
  await patient(stepSection(other, last)).toBeVisible();
  await stepSection(other, last).getByRole('button', { name: runtime.buttonLabel(last, data), exact: true }).click();
  await patient(other).toHaveURL(mortgageAt('auth'));
  await expect(other.getByText(/Hakemuksen tallennus epäonnistui/)).toHaveCount(0);
  await chooseMethod(other);
  await identifyAtTestBank(other, String(data.primaryApplicantPersonalIdentificationNumber));
  await patient(other).toHaveURL(new RegExp(`/hakemus/asuntolaina/(status|offers)/${id}/${token}$`));
});

/** A consumer application filled to step 7 in `page` and sent on to identification; its id and token. */
async function toIdentification(page: Page, email: string): Promise<{ id: string; token: string }> {
  await reachStep(page, 7, { primary: { primaryApplicantEmail: email, primaryApplicantEmail2: email } });
  await fillFinish(page);
  await step(page, 7).getByRole('button', { name: IDENTIFY }).click();
  await patient(page).toHaveURL(/\/hakemus\/kulutusluotto\/authentication\/\d+\/[A-Za-z0-9_-]{43}$/);
  const [, id, token] = /\/authentication\/(\d+)\/([A-Za-z0-9_-]{43})$/.exec(page.url())!;
  return { id, token };
}

const CONSUMER_PERSON = String(primaryBasics.primaryApplicantPersonalIdentificationNumber);

test('a consumer application at step 7 in one browser: its identification link in another asks for the code at the bank choice, then reaches the offers', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const email = uniqueEmail('kulutus');
  const { id, token } = await toIdentification(page, email);

  const other = await otherDevice(browser);
  await other.goto(`/hakemus/kulutusluotto/authentication/${id}/${token}`);
  await other.getByRole('list').filter({ has: other.locator('.identification-method') }).getByRole('button').first().click();
  await enterCode(other, email);
  await identifyAtTestBank(other, CONSUMER_PERSON);
  await patient(other).toHaveURL(new RegExp(`/hakemus/kulutusluotto/0/${id}/${token}$`));
});

test('a consumer application at step 7 in one browser: its finishing page in another asks for the code, then for the identification', async ({ page, browser }) => {
  test.setTimeout(240_000);
  const email = uniqueEmail('viimeistely');
  const { id, token } = await toIdentification(page, email);

  const other = await otherDevice(browser);
  await other.goto(`/hakemus/kulutusluotto/status/${id}/${token}`);
  await enterCode(other, email);
  // Not 'Jotain meni vikaan': the check ran again with the session and says what is missing.
  await patient(other.getByRole('heading', { level: 1, name: 'Tunnistautuminen puuttuu' })).toBeVisible();
  await other.getByRole('link', { name: 'Tunnistaudu päähakijana' }).click();
  await chooseMethod(other);
  await identifyAtTestBank(other, CONSUMER_PERSON);
  await patient(other).toHaveURL(new RegExp(`/hakemus/kulutusluotto/0/${id}/${token}$`));
});
