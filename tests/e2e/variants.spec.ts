// The consolidation variant (purpose fixed to 19, the payoff rule) and the second
// brand chosen by host name (minimum 2000).
import { expect, test, type Page, type Request } from '@playwright/test';
import { continueFrom, expectStep, field, FINISH, step } from './support/application.ts';
import { reachStep } from './support/journey.ts';

test('consolidation: purpose fixed to 19, its own minimum, loans must be marked for payoff', async ({ page }) => {
  const saves: Request[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().includes('/consumer-applications/save')) saves.push(request);
  });
  await page.goto('/hakemus/yhdistelylaina/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Yhdistä lainasi ja maksa vähemmän');
  const purposes = step(page, 1).getByRole('radio');
  await expect(purposes).toHaveCount(1);
  await expect(step(page, 1).getByRole('radio', { name: 'Lainojen yhdistäminen' })).toBeChecked();
  await expect(page.getByRole('button', { name: 'Muut käyttötarkoitukset' })).toHaveCount(0);
  const amount = field(page, 'inputAppliedAmount');
  await amount.fill('2500');
  await amount.blur();
  await expect(page.locator('[data-field="inputAppliedAmount"] .lv-error-message')).toContainText('Vähintään 3000');
  await amount.fill('8000');

  await reachStepFromHere(page);
  const loans = step(page, 5);
  await continueFrom(page, 5, FINISH);
  const summary = page.locator('[data-error-summary]');
  await expect(summary).toContainText('* Valitse vähintään yksi laina takaisinmaksettavaksi.');
  await loans.getByRole('checkbox', { name: 'Muu laina', exact: true }).check();
  const row = loans.getByRole('group', { name: 'Muu laina 1', exact: true });
  await row.getByLabel(/lainan määrä/).fill('6000');
  await row.getByLabel(/kuukausierä/).fill('200');
  await continueFrom(page, 5, FINISH);
  await expect(summary).toContainText('* Merkitse lainat, jotka haluat maksaa pois nyt haettavalla lainalla.');
  const payoff = loans.getByRole('group', { name: 'Maksettavat lainat' });
  await expect(payoff).toContainText('* Merkitse lainat, jotka haluat maksaa pois nyt haettavalla lainalla.');
  await payoff.getByRole('checkbox', { name: 'Maksan pois: muu laina' }).check();
  await continueFrom(page, 5, FINISH);
  await expectStep(page, 7);

  const bodies = saves.map((request) => request.postDataJSON() as Record<string, unknown>);
  expect(bodies[0]).toMatchObject({ loanPurposeId: 19, inputAppliedAmount: 8000, product: 'yhdistelylaina', brand: 'lainavertailu' });
  expect(bodies.at(-1)).toMatchObject({ useLoanForOtherLoan: true, additionalFormData: { step: 5, primaryApplicantOtherLoanInput: [{ loan: 6000, monthlyPayment: 200 }] } });
});

async function reachStepFromHere(page: import('@playwright/test').Page): Promise<void> {
  const { fillBasics, fillHousing, fillWork, primaryBasics, primaryHousing, primaryWork } = await import('./support/application.ts');
  await continueFrom(page, 1);
  await expectStep(page, 2);
  await fillBasics(page, 'primaryApplicant', primaryBasics);
  await continueFrom(page, 2);
  await expectStep(page, 3);
  await fillHousing(page, 'primaryApplicant', primaryHousing);
  await continueFrom(page, 3);
  await expectStep(page, 4);
  await fillWork(page, 'primaryApplicant', primaryWork);
  await continueFrom(page, 4);
  await expectStep(page, 5);
}

/** The brand colour the page paints with, and the one it gives the browser's chrome. */
async function brandColours(page: Page): Promise<{ css: string; meta: string }> {
  return page.evaluate(() => ({
    css: getComputedStyle(document.documentElement).getPropertyValue('--brand').trim(),
    meta: document.querySelector('meta[name="theme-color"]')?.getAttribute('content') ?? '',
  }));
}

test('the second brand by host: its name and logo, minimum 2000', async ({ page, baseURL }) => {
  const origin = baseURL!.replace('//localhost', '//kattokorko.localhost');
  const created = page.waitForRequest((request) => request.url().endsWith('/consumer-applications/save'));
  await page.goto(`${origin}/hakemus/kulutusluotto/`);
  await expect(page.getByRole('banner')).toContainText('Kattokorko');
  await expect(page).toHaveTitle(/Kattokorko/);
  await expect(page.locator('html')).toHaveAttribute('data-brand', 'kattokorko');
  await expect(page.getByRole('banner').locator('[data-logo]')).toHaveAttribute('data-logo', 'kattokorko');
  expect(await brandColours(page)).toEqual({ css: '#0b5752', meta: '#0b5752' });
  const amount = field(page, 'inputAppliedAmount');
  await amount.fill('1500');
  await amount.blur();
  await expect(page.locator('[data-field="inputAppliedAmount"] .lv-error-message')).toContainText('Vähintään 2000');
  await expect(page.getByRole('slider', { name: 'Lainasumma, liukusäädin' })).toHaveAttribute('min', '2000');
  await amount.fill('2000');
  await step(page, 1).getByRole('radio', { name: 'Remontti' }).check();
  await continueFrom(page, 1);
  expect((await created).postDataJSON()).toMatchObject({ brand: 'kattokorko', product: 'kulutusluotto', inputAppliedAmount: 2000 });
  await expectStep(page, 2);
});

test('the first brand accepts 1500', async ({ page }) => {
  await page.goto('/hakemus/kulutusluotto/');
  await expect(page.getByRole('banner')).toContainText('Lainavertailu');
  await expect(page.getByRole('banner').locator('[data-logo]')).toHaveAttribute('data-logo', 'lainavertailu');
  expect(await brandColours(page)).toEqual({ css: '#0f3a63', meta: '#0f3a63' });
  await field(page, 'inputAppliedAmount').fill('1500');
  await field(page, 'inputAppliedAmount').blur();
  await expect(page.locator('[data-field="inputAppliedAmount"] .lv-error-message')).toHaveCount(0);
});

test('query parameters: amount and tenor only within range, source and gclid travel with the first save', async ({ page }) => {
  await page.goto('/hakemus/kulutusluotto/?amount=90000&tenor=25&source=partner-x&gclid=abc123');
  await expect(field(page, 'inputAppliedAmount')).toHaveValue('15000');
  await expect(field(page, 'inputAppliedTenor')).toHaveValue('8');
  await page.goto('/hakemus/kulutusluotto/?amount=4500&tenor=3&source=partner-x&gclid=abc123');
  await expect(field(page, 'inputAppliedAmount')).toHaveValue('4500');
  await expect(field(page, 'inputAppliedTenor')).toHaveValue('3');
  const created = page.waitForRequest((request) => request.url().endsWith('/consumer-applications/save'));
  await step(page, 1).getByRole('radio', { name: 'Remontti' }).check();
  await continueFrom(page, 1);
  const body = (await created).postDataJSON() as Record<string, unknown>;
  // Spec §3: the channel travels as channelId, read from the `source` parameter.
  expect(body).toMatchObject({ channelId: 'partner-x', gaData: { gclid: 'abc123' }, inputAppliedAmount: 4500, inputAppliedTenor: 3 });
  expect(body).not.toHaveProperty('source');
  expect(String(body.landingUrl)).toContain('amount=90000');
});

test("the second brand's query keeps to its own minimum: ?amount=1000 is ignored, the tenor taken (issue 25 item 14)", async ({ page, baseURL }) => {
  const origin = baseURL!.replace('//localhost', '//kattokorko.localhost');
  await page.goto(`${origin}/hakemus/kulutusluotto/?amount=1000&tenor=3`);
  await expect(field(page, 'inputAppliedTenor')).toHaveValue('3');
  await expect(field(page, 'inputAppliedAmount')).toHaveValue('15000');
  await expect(page.locator('[data-field="inputAppliedAmount"] .lv-error-message')).toHaveCount(0);
});
