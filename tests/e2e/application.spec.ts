// A whole consumer application in the browser against the real server: every step
// saved, the summary panel growing, analytics once per step.
import { expect, test } from '@playwright/test';
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

test('a complete application without a co-applicant skips step 6 and ends at identification', async ({ page }) => {
  await page.goto('/hakemus/kulutusluotto/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await fillLoanStep(page, { purpose: 'Remontti', amount: '12000', tenor: '5' });
  await expect(page.getByTestId('installment-estimate')).toContainText('243');
  await continueFrom(page, 1);

  await expectStep(page, 2);
  await expect(page.locator('aside').getByRole('heading', { name: 'Laina', exact: true })).toBeVisible();
  await expect(page.locator('aside')).toContainText('12 000 €');
  await expect(page.locator('aside')).toContainText('Remontti');
  await fillBasics(page, 'primaryApplicant', primaryBasics);
  await continueFrom(page, 2);

  await expectStep(page, 3);
  await fillHousing(page, 'primaryApplicant', primaryHousing);
  await continueFrom(page, 3);

  await expectStep(page, 4);
  await fillWork(page, 'primaryApplicant', primaryWork);
  await continueFrom(page, 4);

  await expectStep(page, 5);
  await expect(step(page, 5).getByRole('button', { name: FINISH })).toBeVisible();
  await fillLoans(page, step(page, 5), { kinds: ['Muu laina'], cards: ['Visa'] });
  await continueFrom(page, 5, FINISH);

  // No co-applicant: step 6 is not part of the flow.
  await expectStep(page, 7);
  await expect(step(page, 6)).toHaveCount(0);
  await expect(step(page, 7).getByText('Vaihe 6/6')).toBeVisible();
  await expect(page.locator('aside')).toContainText('Lainat ja luottokortit');
  await expect(page.locator('aside')).not.toContainText('Kanssahakijan');
  await fillFinish(page);
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
