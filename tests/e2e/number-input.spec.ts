// Numbers typed into the real page (spec §5, issue 11 item 4): a comma or a dot is
// a decimal separator, never dropped so that '12,5' becomes 125; a field of whole
// years says 'Vain numeroita' instead of changing '1,5' into 15; and '1e309' is not
// a number in any money field of the form, on step 1 or later. And the amount range
// the page states is the brand's own (item 2): the second brand's minimum is 2000.
import { expect, test, type Page, type Request } from '@playwright/test';
import { continueFrom, expectStep, field, step } from './support/application.ts';
import { reachStep } from './support/journey.ts';

const errorOf = (page: Page, id: string) => page.locator(`[data-field="${id}"] .lv-error-message`);
const summary = (page: Page) => page.locator('[data-error-summary]');

function recordSaves(page: Page): Request[] {
  const saves: Request[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().includes('/consumer-applications/save')) saves.push(request);
  });
  return saves;
}

test('step 1: a decimal comma stays a decimal, whole years are asked for, 1e309 is refused', async ({ page }) => {
  const saves = recordSaves(page);
  await page.goto('/hakemus/kulutusluotto/');
  const amount = field(page, 'inputAppliedAmount');
  const tenor = field(page, 'inputAppliedTenor');

  // '12,5' is twelve and a half euros, under the minimum: not 125.
  await amount.fill('12,5');
  await expect(amount).toHaveValue('12.5');
  await amount.blur();
  await expect(errorOf(page, 'inputAppliedAmount')).toHaveText('Virhe: Vähintään 500');
  await expect(amount).toHaveValue('12.5');

  // Loan time is whole years: '1,5' and '2.5' are neither 15 nor 25 (clamped to 20).
  await tenor.fill('1,5');
  await tenor.blur();
  await expect(errorOf(page, 'inputAppliedTenor')).toHaveText('Virhe: Vain numeroita');
  await expect(tenor).toHaveValue('1.5');
  await tenor.fill('3');
  await tenor.blur();
  await expect(errorOf(page, 'inputAppliedTenor')).toHaveCount(0);
  await tenor.fill('2.5');
  await tenor.blur();
  await expect(errorOf(page, 'inputAppliedTenor')).toHaveText('Virhe: Vain numeroita');
  await expect(tenor).toHaveValue('2.5');
  await expect(page.getByText('Enintään 20 vuotta')).toHaveCount(0);
  await tenor.fill('3');

  // '1e309' is not a number: it stays as typed and is refused, on blur and on continue.
  await amount.fill('1e309');
  await amount.blur();
  await expect(errorOf(page, 'inputAppliedAmount')).toHaveText('Virhe: Vain numeroita');
  await expect(amount).toHaveValue('1e309');
  await step(page, 1).getByRole('radio', { name: 'Remontti' }).check();
  await continueFrom(page, 1);
  await expect(summary(page).getByRole('link')).toHaveText(['Lainasumma: Vain numeroita']);
  expect(saves).toHaveLength(0);

  // Cents are kept: '2500,5' is saved as 2500.5.
  await amount.fill('2500,5');
  await expect(errorOf(page, 'inputAppliedAmount')).toHaveCount(0);
  const created = page.waitForRequest((request) => request.url().endsWith('/consumer-applications/save'));
  await continueFrom(page, 1);
  expect((await created).postDataJSON()).toMatchObject({ inputAppliedAmount: 2500.5, inputAppliedTenor: 3 });
  await expectStep(page, 2);
});

test('step 3: money fields read a decimal comma and refuse 1e309', async ({ page }) => {
  await reachStep(page, 3);
  const living = field(page, 'primaryApplicantLivingExpenses');
  const other = field(page, 'primaryApplicantOtherRegularExpenses');
  await other.fill('12,5');
  await expect(other).toHaveValue('12.5');
  await other.blur();
  await expect(errorOf(page, 'primaryApplicantOtherRegularExpenses')).toHaveCount(0);

  await living.fill('1e309');
  await living.blur();
  await expect(errorOf(page, 'primaryApplicantLivingExpenses')).toHaveText('Virhe: Vain numeroita');
  await expect(living).toHaveValue('1e309');
  await continueFrom(page, 3);
  await expect(summary(page).getByRole('link', { name: 'Asumiskulut: Vain numeroita' })).toBeVisible();
  await living.fill('850,5');
  await expect(errorOf(page, 'primaryApplicantLivingExpenses')).toHaveCount(0);
});

test('step 5: a loan row reads a decimal comma and refuses 1e309', async ({ page }) => {
  await reachStep(page, 5);
  const loans = step(page, 5);
  await loans.getByRole('checkbox', { name: 'Muu laina', exact: true }).check();
  const row = loans.getByRole('group', { name: 'Muu laina 1', exact: true });
  const loan = row.getByLabel(/lainan määrä/);
  const payment = row.getByLabel(/kuukausierä/);
  await loan.fill('1e309');
  await loan.blur();
  await expect(errorOf(page, 'primaryApplicantOtherLoanInput.0.loan')).toHaveText('Virhe: Vain numeroita');
  await expect(loan).toHaveValue('1e309');
  await loan.fill('5000,5');
  await expect(errorOf(page, 'primaryApplicantOtherLoanInput.0.loan')).toHaveCount(0);
  await payment.fill('150,25');
  await expect(payment).toHaveValue('150.25');
  const saved = page.waitForRequest((request) => /\/consumer-applications\/save\/\d+\//.test(request.url()));
  await continueFrom(page, 5, 'Viimeistele hakemus');
  expect((await saved).postDataJSON()).toMatchObject({ additionalFormData: { primaryApplicantOtherLoanInput: [{ loan: 5000.5, monthlyPayment: 150.25 }] } });
  await expectStep(page, 7);
});

test('the amount range the page states is the brand document\'s: 500 here, 2 000 on the second brand', async ({ page, baseURL }) => {
  const eyebrow = page.locator('.hero__eyebrow');
  const amountEnds = page.locator('[data-field="inputAppliedAmount"] .lv-slider__scale span');
  await page.goto('/hakemus/kulutusluotto/');
  await expect(eyebrow).toHaveText('Kulutusluotto 500–70 000 €');
  await expect(amountEnds).toHaveText(['500 €', '70 000 €']);

  await page.goto(`${baseURL!.replace('//localhost', '//kattokorko.localhost')}/hakemus/kulutusluotto/`);
  await expect(page.locator('html')).toHaveAttribute('data-brand', 'kattokorko');
  await expect(eyebrow).toHaveText('Kulutusluotto 2 000–70 000 €');
  await expect(amountEnds).toHaveText(['2 000 €', '70 000 €']);
  const amount = field(page, 'inputAppliedAmount');
  await amount.fill('1999,5');
  await amount.blur();
  await expect(errorOf(page, 'inputAppliedAmount')).toHaveText('Virhe: Vähintään 2000');
});
