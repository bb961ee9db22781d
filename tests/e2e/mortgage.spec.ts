// The mortgage in Chromium (issue 15): the five-step form from forms/mortgage.json,
// filled from the document by the generic filler, submitted at its last step, the
// primary applicant identified at the development test bank, the status polled
// (page.clock) to the thank-you or the denied page; a reopened link's stage check; the
// warnings, the label that follows the accommodation and the clamping notices; axe on
// every page and 375 px without horizontal scroll.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { loadFormRuntime } from '../../engine/core/node.ts';
import { validMortgage, validMortgageWithCoApplicant } from '../fixtures/mortgage-valid.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { fillStep, stepSection } from './support/fill-from-document.ts';
import { chooseMethod, identifyAtTestBank } from './support/identify.ts';

const runtime = loadFormRuntime('mortgage');
const START = '/hakemus/asuntolaina/';
const CREDENTIALS = '(\\d+)\\/([A-Za-z0-9_-]{43})';
const at = (page: string) => new RegExp(`/hakemus/asuntolaina/${page}/${CREDENTIALS}(\\?.*)?$`);
// The shared 2-core machine makes a five-step walk slow at times.
const patient = expect.configure({ timeout: 30_000 });

type Data = Record<string, unknown>;

/** Fills and continues every step the data makes active; ends on the page the last step leads to. */
async function fillMortgage(page: Page, data: Data): Promise<void> {
  await page.goto(START);
  const steps = runtime.activeSteps(data).map((step) => step.number);
  for (const number of steps) {
    const section = stepSection(page, number);
    await patient(section).toBeVisible();
    await fillStep(page, runtime, number, data);
    await expectNoAxeViolations(page, `mortgage step ${number}`, `#step-${number}`);
    await section.getByRole('button', { name: runtime.buttonLabel(number, data), exact: true }).click();
    if (number !== steps.at(-1)) await patient(stepSection(page, runtime.nextStep(number, data)!)).toBeVisible();
  }
}

/** The id and token of the page's path. */
function credentialsOf(page: Page): { id: string; token: string } {
  const [, id, token] = new RegExp(CREDENTIALS).exec(new URL(page.url()).pathname)!;
  return { id, token };
}

/** Waits until the server has analysed the application (asking it analyses it once its time has come). */
async function analysed(request: APIRequestContext, page: Page, expected: 'OTHER' | 'DENIED'): Promise<void> {
  const { id, token } = credentialsOf(page);
  await patient.poll(async () => (await request.get(`/api/mortgage-applications/status/${id}/${token}`)).text()).toBe(expected);
}

/** The status page polls every 5 s: the page's clock moves on until it has left for `page`. */
async function pollUntil(page: Page, target: RegExp): Promise<void> {
  await patient(async () => {
    if (!target.test(page.url())) await page.clock.runFor(5000);
    await expect(page).toHaveURL(target, { timeout: 2000 });
  }).toPass();
}

test('without a co-applicant: four steps, identification, analysis and the thank-you page; the link then leads there', async ({ page, request, browser }) => {
  test.setTimeout(240_000);
  const data = validMortgage();
  await fillMortgage(page, data);
  // Submitted at step 4: the status page finds it waiting for identification and leads there.
  await patient(page).toHaveURL(at('auth'));
  await expect(page.getByText('Yhteishakemuksessa riittää, että päähakija tunnistautuu.')).toBeVisible();
  await expectNoAxeViolations(page, 'the mortgage authentication page');

  await page.clock.install();
  await chooseMethod(page);
  await identifyAtTestBank(page, String(data.primaryApplicantPersonalIdentificationNumber));
  // Back from the bank on the status page, which moves on to the thank-you page once the banks have answered.
  await patient(page).toHaveURL(new RegExp(`/hakemus/asuntolaina/(status|offers)/${CREDENTIALS}$`));
  await expectNoAxeViolations(page, 'the mortgage status page');
  await analysed(request, page, 'OTHER');
  await pollUntil(page, at('offers'));
  await expect(page.getByRole('heading', { level: 1, name: 'Kiitos hakemuksestasi!' })).toBeVisible();
  await expect(page.getByRole('listitem').first()).toBeVisible();
  await expectNoAxeViolations(page, 'the mortgage thank-you page');

  // The same application's step link, opened where nothing of it is held, goes to where it is.
  const { id, token } = credentialsOf(page);
  const other = await browser.newPage();
  await other.goto(`/hakemus/asuntolaina/2/${id}/${token}`);
  await patient(other).toHaveURL(at('offers'));
  await other.close();
});

test('with a co-applicant: the fifth step, and only the primary applicant identifies', async ({ page, request }) => {
  test.setTimeout(240_000);
  const data = validMortgageWithCoApplicant();
  expect(runtime.buttonLabel(4, data)).toBe('Jatka hakemusta');
  await fillMortgage(page, data);
  await patient(page).toHaveURL(at('auth'));
  await page.clock.install();
  await chooseMethod(page);
  await identifyAtTestBank(page, String(data.primaryApplicantPersonalIdentificationNumber));
  await analysed(request, page, 'OTHER');
  await pollUntil(page, at('offers'));
  await expect(page.getByRole('heading', { level: 1, name: 'Kiitos hakemuksestasi!' })).toBeVisible();
});

test('one no bank takes is denied: the denied page gives the reasons, and its link leads back there', async ({ page }) => {
  test.setTimeout(240_000);
  const data: Data = { ...validMortgage(), inputAppliedAmount: 650000, ownFunding: 0, apartmentPriceEstimate: 300000, primaryApplicantGrossMonthlyIncome: 1500, primaryApplicantNetMonthlyIncome: 1200 };
  await fillMortgage(page, data);
  await patient(page).toHaveURL(at('auth'));
  const { id, token } = credentialsOf(page);
  await page.clock.install();
  await chooseMethod(page);
  await identifyAtTestBank(page, String(data.primaryApplicantPersonalIdentificationNumber));
  await analysed(page.request, page, 'DENIED');
  await pollUntil(page, /\/hakemus\/asuntolaina\/denied$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Hakemustasi ei välitetty pankeille' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Syyt' })).toBeVisible();
  await expect(page.locator('.mortgage-reasons li').first()).toHaveText(/\.$/);
  await expectNoAxeViolations(page, 'the mortgage denied page');

  await page.goto(`/hakemus/asuntolaina/2/${id}/${token}`);
  await patient(page).toHaveURL(/\/hakemus\/asuntolaina\/denied$/);
  await expect(page.locator('.mortgage-reasons li').first()).toBeVisible();
});

test('warnings beside the field never stop a step; the living-expense label follows the accommodation; the sliders clamp with a notice', async ({ page }) => {
  test.setTimeout(180_000);
  await page.goto(START);
  const amount = page.locator('#field--inputAppliedAmount');
  await amount.fill('800000');
  await expect(page.getByText('Huom. enintään 700000 €')).toBeVisible();
  await expect(amount).toHaveValue('700000');
  const tenor = page.locator('#field--inputAppliedTenor');
  await tenor.fill('40');
  await expect(page.getByText('Huom. Enintään 30 vuotta')).toBeVisible();
  await expect(tenor).toHaveValue('30');

  const data = { ...validMortgage(), primaryApplicantAccommodationId: 1, primaryApplicantApartmentTypeId: 1, primaryApplicantOtherRegularExpenses: 12000, primaryApplicantGrossMonthlyIncome: 25000, primaryApplicantNetMonthlyIncome: 21000 };
  await fillStep(page, runtime, 1, data);
  await stepSection(page, 1).getByRole('button', { name: 'Jatka hakemusta', exact: true }).click();
  const housing = stepSection(page, 2);
  await patient(housing).toBeVisible();
  await fillStep(page, runtime, 2, data);
  const expenses = housing.locator('[data-field="primaryApplicantLivingExpenses"] label').first();
  await expect(expenses).toHaveText('Yhtiövastike');
  await housing.locator('#field--primaryApplicantAccommodationId').selectOption({ label: 'Vuokra-asunto' });
  await expect(expenses).toHaveText('Vuokra');
  await housing.locator('#field--primaryApplicantAccommodationId').selectOption({ label: 'Omistusasunto' });
  await housing.locator('#field--primaryApplicantApartmentTypeId').selectOption({ label: 'Omakotitalo' });
  await expect(housing.locator('[data-field="primaryApplicantLivingExpenses"]')).toHaveCount(0);
  await housing.locator('#field--primaryApplicantApartmentTypeId').selectOption({ label: 'Kerrostalo' });
  await expect(expenses).toHaveText('Yhtiövastike');

  const otherExpenses = page.locator('#field--primaryApplicantOtherRegularExpenses');
  await expect(housing.getByText('Tarkasta syöttämäsi summa')).toBeVisible();
  await expect(otherExpenses).toHaveAttribute('aria-describedby', /__warning/);
  await expect(otherExpenses).not.toHaveAttribute('aria-invalid', 'true');
  await housing.getByRole('button', { name: 'Jatka hakemusta', exact: true }).click();
  const work = stepSection(page, 3);
  await patient(work).toBeVisible();
  await fillStep(page, runtime, 3, data);
  await expect(work.getByText('* Tarkista, että bruttotulojen arvo on oikein')).toBeVisible();
  await expect(work.getByText('* Tarkista, että nettotulojen arvo on oikein')).toBeVisible();
  await expectNoAxeViolations(page, 'a step with warnings', '#step-3');
  await work.getByRole('button', { name: 'Jatka hakemusta', exact: true }).click();
  await patient(stepSection(page, 4)).toBeVisible();
  // The summary repeats the warning beside the answer.
  await expect(page.locator('.lv-summary__warning', { hasText: 'Tarkasta syöttämäsi summa' }).first()).toBeAttached();

  await page.setViewportSize({ width: 375, height: 800 });
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
});

test('a saved mortgage opened elsewhere asks for the code, then shows the whole form at once', async ({ page, browser }) => {
  test.setTimeout(180_000);
  const data = validMortgage();
  await page.goto(START);
  await fillStep(page, runtime, 1, data);
  await stepSection(page, 1).getByRole('button', { name: 'Jatka hakemusta', exact: true }).click();
  await patient(stepSection(page, 2)).toBeVisible();
  for (const number of [2, 3]) {
    await fillStep(page, runtime, number, data);
    await stepSection(page, number).getByRole('button', { name: 'Jatka hakemusta', exact: true }).click();
    await patient(stepSection(page, number + 1)).toBeVisible();
  }
  const { id, token } = credentialsOf(page);

  const context = await browser.newContext();
  const other = await context.newPage();
  await other.goto(`/hakemus/asuntolaina/2/${id}/${token}`);
  const dialog = other.getByRole('dialog');
  await patient(dialog.getByRole('status').first()).toContainText('Lähetimme kertakirjautumiskoodin sähköpostiisi');
  const email = String(data.primaryApplicantEmail);
  let code = '';
  await patient
    .poll(async () => {
      const [latest] = (await (await other.request.get(`/api/dev/outbox?to=${encodeURIComponent(email)}`)).json()) as Array<{ text: string }>;
      code = /\b(\d{6})\b/.exec(latest?.text ?? '')?.[1] ?? '';
      return code;
    })
    .not.toBe('');
  await dialog.getByLabel('Kertakirjautumiskoodi').fill(code);
  await dialog.getByLabel('Kertakirjautumiskoodi').press('Enter');
  // Every step of the saved answers at once and the next one current, whichever step the link named.
  for (const number of [1, 2, 3, 4]) await patient(stepSection(other, number)).toBeVisible();
  await expect(stepSection(other, 4).getByRole('button', { name: 'Tunnistaudu', exact: true })).toBeVisible();
  await expect(other).toHaveURL(at('4'));
  await expect(other.locator('#field--primaryApplicantLivingExpenses')).toHaveValue(String(data.primaryApplicantLivingExpenses));
  await context.close();
});

test('issue 25: ?amount=&tenor= prefill the mortgage and business forms, the amount snaps to the 500 € step, the income help opens', async ({ page }) => {
  test.setTimeout(180_000);
  await page.goto(`${START}?amount=250000&tenor=25`);
  const amount = page.locator('#field--inputAppliedAmount');
  await expect(amount).toHaveValue('250000');
  await expect(page.locator('#field--inputAppliedTenor')).toHaveValue('25');
  await amount.fill('150249');
  await amount.blur();
  await expect(amount).toHaveValue('150000');
  await amount.fill('150250');
  await amount.blur();
  await expect(amount).toHaveValue('150500');

  const data = validMortgage();
  await fillStep(page, runtime, 1, data);
  await stepSection(page, 1).getByRole('button', { name: 'Jatka hakemusta', exact: true }).click();
  await patient(stepSection(page, 2)).toBeVisible();
  await fillStep(page, runtime, 2, data);
  await stepSection(page, 2).getByRole('button', { name: 'Jatka hakemusta', exact: true }).click();
  const work = stepSection(page, 3);
  await patient(work).toBeVisible();
  await work.getByRole('button', { name: 'Mitä tuloiksi merkitään?' }).click();
  const help = page.getByRole('dialog', { name: 'Brutto- ja nettotulot' });
  await expect(help).toContainText('Nettotulot');
  await expectNoAxeViolations(page, 'the income help');
  await page.keyboard.press('Escape');
  await expect(help).toBeHidden();
  await expect(work.getByRole('button', { name: 'Mitä tuloiksi merkitään?' })).toBeFocused();

  // The business form takes the same query: the term in years becomes its months.
  await page.goto('/hakemus/yritysluotto/?amount=40000&tenor=2');
  await expect(page.locator('#field--appliedAmount')).toHaveValue('40000');
  await expect(page.locator('#field--appliedTenor option:checked')).toHaveText('24 kk');
});

test('issue 25: the prefill link: a wrong code is told in the mortgage words, the right one opens the whole form on the start path', async ({ page, browser }) => {
  test.setTimeout(180_000);
  const email = `asunto.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@example.fi`;
  const data: Data = { ...validMortgage(), primaryApplicantEmail: email, primaryApplicantEmail2: email };
  await page.goto(START);
  await fillStep(page, runtime, 1, data);
  await stepSection(page, 1).getByRole('button', { name: 'Jatka hakemusta', exact: true }).click();
  await patient(stepSection(page, 2)).toBeVisible();
  await fillStep(page, runtime, 2, data);
  await stepSection(page, 2).getByRole('button', { name: 'Jatka hakemusta', exact: true }).click();
  await patient(stepSection(page, 3)).toBeVisible();
  const { id, token } = credentialsOf(page);

  const context = await browser.newContext();
  const other = await context.newPage();
  await other.goto(`${START}prefill?id=${id}&token=${token}`);
  const dialog = other.getByRole('dialog', { name: 'Kirjaudu esitäytettyyn hakemukseen' });
  await patient(dialog.getByRole('status').first()).toContainText('Lähetimme kertakirjautumiskoodin sähköpostiisi');
  let code = '';
  await patient
    .poll(async () => {
      const [latest] = (await (await other.request.get(`/api/dev/outbox?to=${encodeURIComponent(email)}`)).json()) as Array<{ text: string }>;
      code = /\b(\d{6})\b/.exec(latest?.text ?? '')?.[1] ?? '';
      return code;
    })
    .not.toBe('');
  const input = dialog.getByLabel('Kertakirjautumiskoodi');
  await input.fill(code === '000000' ? '111111' : '000000');
  await input.press('Enter');
  await expect(dialog).toContainText('Tarkista koodi ja yritä uudelleen.');
  await input.fill(code);
  await input.press('Enter');
  await expect(other).toHaveURL(/\/hakemus\/asuntolaina\/$/);
  for (const number of [1, 2, 3, 4]) await patient(stepSection(other, number)).toBeVisible();
  await expect(other.locator('#field--primaryApplicantLivingExpenses')).toHaveValue(String(data.primaryApplicantLivingExpenses));
  await expect(stepSection(other, 4).getByRole('button', { name: 'Tunnistaudu', exact: true })).toBeVisible();
  // A reload keeps the application this tab holds.
  await other.reload();
  await patient(stepSection(other, 4)).toBeVisible();
  await expect(other.locator('#field--primaryApplicantLivingExpenses')).toHaveValue(String(data.primaryApplicantLivingExpenses));
  await context.close();
});

test('the error page names the customer service and the ways on, clean under axe and at 375 px', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/hakemus/asuntolaina/error');
  await expect(page.getByRole('heading', { level: 1, name: 'Hakemuksen käsittelyssä on tapahtunut virhe' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Kirjaudu tilillesi' })).toHaveAttribute('href', '/');
  await expect(page.getByRole('link', { name: 'Täytä uusi hakemus' })).toHaveAttribute('href', START);
  await expectNoAxeViolations(page, 'the mortgage error page');
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
});
