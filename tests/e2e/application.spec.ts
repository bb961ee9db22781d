// A whole consumer application in the browser against the real server: every step
// saved, the summary panel growing, analytics once per step.
import { expect, test, type Page } from '@playwright/test';
import { readFormDocument } from '../../engine/core/node.ts';
import { lenderCounts } from '../../src/build/lender-counts.ts';
import {
  coApplicantBasics,
  coApplicantDetails,
  continueFrom,
  dataLayerEvents,
  expectStep,
  fillBasics,
  fillFinish,
  fillHousing,
  fillLoanStep,
  fillLoans,
  fillWork,
  FINISH,
  IDENTIFY,
  primaryBasics,
  primaryHousing,
  primaryWork,
  step,
} from './support/application.ts';
import { holdRequests } from './support/held-requests.ts';

// The resolved document (its shared sections included), as the app renders it.
const consumer = readFormDocument('consumer');

/** The progress bar shows the value the document gives the step. */
async function expectProgress(page: Page, n: number): Promise<void> {
  const progress = consumer.steps.find((s) => s.number === n)?.progress;
  expect(progress).toBeDefined();
  await expect(page.getByRole('progressbar')).toHaveAttribute('aria-valuenow', String(progress));
}

test('a complete application without a co-applicant skips step 6 and ends at identification', async ({ page }) => {
  await page.goto('/hakemus/kulutusluotto/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // Spec §1: the claims and the payout promise above the form, where a visitor looks first.
  const hero = page.getByRole('region', { name: 'Vertaa kulutusluotot yhdellä hakemuksella' });
  // The number of lenders is the marketplace's own (issue 25 item 10), not a figure in a text.
  await expect(hero).toContainText(`${lenderCounts().consumer} lainanantajaa`);
  await expect(hero).toContainText('yli 300 000 tyytyväistä asiakasta');
  await expect(hero).toContainText('3 min');
  await expect(hero).toContainText('samana päivänä, viimeistään kahden pankkipäivän kuluessa');
  // Beside the form: the promo box and the support line with a number to call.
  const aside = page.locator('aside');
  await expect(aside.locator('.promo')).toBeVisible();
  await expect(aside.getByRole('link', { name: /09 4242 4242/ })).toHaveAttribute('href', /^tel:\+358/);
  await expectProgress(page, 1);
  await fillLoanStep(page, { purpose: 'Remontti', amount: '12000', tenor: '5' });
  await expect(page.getByTestId('installment-estimate')).toContainText('243');
  // The first save is held back a moment so the loading dialog can be seen.
  const save = await holdRequests(page, '**/consumer-applications/save');
  await continueFrom(page, 1);
  await expect(page.getByRole('dialog', { name: 'Lähetetään tietoja...' })).toBeVisible();
  save.release();
  await expect(page.getByRole('dialog', { name: 'Lähetetään tietoja...' })).toHaveCount(0);
  await page.unroute('**/consumer-applications/save');

  await expectStep(page, 2);
  await expectProgress(page, 2);
  await expect(page.locator('aside').getByRole('heading', { name: 'Laina', exact: true })).toBeVisible();
  await expect(page.locator('aside')).toContainText('12 000 €');
  await expect(page.locator('aside')).toContainText('Remontti');
  await fillBasics(page, 'primaryApplicant', primaryBasics);
  await continueFrom(page, 2);

  await expectStep(page, 3);
  await expectProgress(page, 3);
  await fillHousing(page, 'primaryApplicant', primaryHousing);
  await continueFrom(page, 3);

  await expectStep(page, 4);
  await expectProgress(page, 4);
  await fillWork(page, 'primaryApplicant', primaryWork);
  await continueFrom(page, 4);

  await expectStep(page, 5);
  await expectProgress(page, 5);
  await expect(step(page, 5).getByRole('button', { name: FINISH })).toBeVisible();
  await fillLoans(page, step(page, 5), { kinds: ['Muu laina'], cards: ['Visa'] });
  await continueFrom(page, 5, FINISH);

  // No co-applicant: step 6 is not part of the flow.
  await expectStep(page, 7);
  await expect(step(page, 6)).toHaveCount(0);
  await expect(step(page, 7).getByText('Vaihe 6/6')).toBeVisible();
  await expect(page.locator('aside')).toContainText('Lainat ja luottokortit');
  await expect(page.locator('aside')).not.toContainText('Kanssahakijan');
  await expectProgress(page, 7);
  // Tilinumero joins the summary once the account number is given.
  const ibanSection = page.locator('aside').getByRole('heading', { name: 'Tilinumero', exact: true });
  await expect(ibanSection).toHaveCount(0);
  await fillFinish(page);
  await expect(ibanSection).toBeVisible();
  expect(await dataLayerEvents(page)).toEqual([1, 2, 3, 4, 5, 7].map((n) => `consumer_application_${n}`));
  await step(page, 7).getByRole('button', { name: IDENTIFY }).click();

  await expect(page).toHaveURL(/\/hakemus\/kulutusluotto\/authentication\/\d+\/[A-Za-z0-9_-]{43}$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Vahva tunnistautuminen' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Valitse tunnistautumistapa' })).toBeVisible();
});

test('analytics: one consumer_application_n event per step reached', async ({ page }) => {
  await page.goto('/hakemus/kulutusluotto/');
  await fillLoanStep(page, { purpose: 'Remontti' });
  await continueFrom(page, 1);
  await expectStep(page, 2);
  await fillBasics(page, 'primaryApplicant', primaryBasics);
  await continueFrom(page, 2);
  await expectStep(page, 3);
  await page.reload();
  await expect(step(page, 3)).toBeVisible();
  // A reload does not repeat the events of steps already reached.
  expect(await dataLayerEvents(page)).toEqual([]);
  await fillHousing(page, 'primaryApplicant', primaryHousing);
  await continueFrom(page, 3);
  await expectStep(page, 4);
  expect(await dataLayerEvents(page)).toEqual(['consumer_application_4']);
});

test('a complete application with a co-applicant shows step 6 and the co-applicant summaries', async ({ page }) => {
  await page.goto('/hakemus/kulutusluotto/?amount=30000&tenor=10');
  const prompt = page.getByTestId('co-applicant-prompt');
  await expect(prompt).toBeVisible();
  await fillLoanStep(page, { purpose: 'Ajoneuvon hankinta tai korjaus', coApplicant: true });
  await expect(prompt).toHaveCount(0);
  await continueFrom(page, 1);

  await expectStep(page, 2);
  const coGroup = step(page, 2).getByRole('group', { name: 'Kanssahakijan tiedot' });
  await expect(coGroup).toBeVisible();
  await fillBasics(page, 'primaryApplicant', primaryBasics);
  await fillBasics(page, 'coApplicant', coApplicantBasics);
  await continueFrom(page, 2);

  await expectStep(page, 3);
  await fillHousing(page, 'primaryApplicant', primaryHousing);
  await continueFrom(page, 3);
  await expectStep(page, 4);
  await fillWork(page, 'primaryApplicant', primaryWork);
  await continueFrom(page, 4);

  await expectStep(page, 5);
  // With a co-applicant step 6 follows, so the button continues rather than finishes.
  await fillLoans(page, step(page, 5), { kinds: [] });
  await continueFrom(page, 5);

  await expectStep(page, 6);
  await expect(page.locator('aside').getByRole('heading', { name: 'Kanssahakijan perustiedot' })).toBeVisible();
  await expect(page.locator('aside')).toContainText(String(coApplicantBasics.coApplicantFirstnames));
  await fillHousing(page, 'coApplicant', coApplicantDetails);
  await fillWork(page, 'coApplicant', coApplicantDetails);
  await fillLoans(page, step(page, 6), { kinds: [] });
  await continueFrom(page, 6, FINISH);

  await expectStep(page, 7);
  await expect(page.locator('aside').getByRole('heading', { name: 'Kanssahakijan asuminen, työ ja lainat' })).toBeVisible();
  await expect(step(page, 7).getByRole('group', { name: 'Kanssahakijan suostumukset' })).toBeVisible();
  await fillFinish(page, { coApplicant: true });
  await step(page, 7).getByRole('button', { name: IDENTIFY }).click();
  await expect(page).toHaveURL(/\/authentication\//);
  await expect(page.getByText('Molemmat hakijat tunnistautuvat')).toBeVisible();
});
