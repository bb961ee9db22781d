// /haelainaa (issue 25 item 3, issue 24 item 5) in Chromium on the real server: clicking a card
// creates nothing, so drafts never sent do not show as earlier applications; the prefilled
// application is created when it is first saved, and the list shows it once it is sent.
import { expect, test, type Page } from '@playwright/test';
import { loadFormRuntime } from '../../engine/core/node.ts';
import { validMortgage } from '../fixtures/mortgage-valid.ts';
import { personalIdOfAge } from '../fixtures/personal-id.ts';
import { field, fillFinish, IDENTIFY, step } from './support/application.ts';
import { becomeCustomer, logIn } from './support/customer.ts';
import { chooseMethod, completeIdentification, identifyAtTestBank } from './support/identify.ts';
import { reachStep } from './support/journey.ts';
import { holdLaterParts } from './support/held-requests.ts';
import { pages } from '../../src/app/messages/step.fi.ts';

const patient = expect.configure({ timeout: 30_000 });
const CUSTOMER = { ssn: personalIdOfAge(37, 842), phone: '0407654321', email: 'haku.asiakas@example.fi' };
const person = {
  primaryApplicantPersonalIdentificationNumber: CUSTOMER.ssn,
  primaryApplicantFirstnames: 'Hanna',
  primaryApplicantLastname: 'Hakija',
  primaryApplicantMobilephone: CUSTOMER.phone,
  primaryApplicantMobilephone2: CUSTOMER.phone,
  primaryApplicantEmail: CUSTOMER.email,
  primaryApplicantEmail2: CUSTOMER.email,
};

interface Overview {
  latestApplication: { applicationId: number } | null;
  previousApplications: Array<{ applicationId: number }>;
}
const overviewOf = async (page: Page) => (await (await page.request.get('/api/applications')).json()) as Overview;
/** Which applications are listed: their offers keep arriving from the lenders meanwhile. */
const listedOf = async (page: Page) => {
  const overview = await overviewOf(page);
  return [overview.latestApplication?.applicationId, ...overview.previousApplications.map((application) => application.applicationId)];
};

async function chooseCard(page: Page, button: string): Promise<void> {
  await page.goto('/haelainaa');
  await page.getByRole('button', { name: button }).click();
}

test('a card creates nothing; the prefilled application is created by its first save and listed once sent', async ({ page, browser }) => {
  test.setTimeout(240_000);
  // A customer: a consumer loan applied for, identified and sent.
  await reachStep(page, 7, { primary: person });
  await fillFinish(page);
  await step(page, 7).getByRole('button', { name: IDENTIFY }).click();
  await completeIdentification(page, { primary: CUSTOMER.ssn });

  const context = await browser.newContext();
  const customer = await context.newPage();
  await customer.goto('/lainahakemukset');
  await logIn(customer, CUSTOMER);
  await patient(customer).toHaveURL(/\/lainahakemukset$/);
  const before = await overviewOf(customer);
  expect(before.latestApplication).not.toBeNull();
  expect(before.previousApplications).toEqual([]);
  const listedBefore = await listedOf(customer);

  // Each card opens its prefilled form, with no application behind it yet.
  await chooseCard(customer, 'Hae yhdistelylainaa');
  await patient(customer).toHaveURL(/\/hakemus\/yhdistelylaina\//);
  await patient(step(customer, 7)).toBeVisible();
  await expect(field(customer, 'primaryApplicantLastname')).toHaveValue('Hakija');
  await chooseCard(customer, 'Hae asuntolainaa');
  await patient(customer).toHaveURL(/\/hakemus\/asuntolaina\//);
  await expect(field(customer, 'primaryApplicantLastname')).toHaveValue('Hakija');
  await chooseCard(customer, 'Hae kulutusluottoa');
  await patient(customer).toHaveURL(/\/hakemus\/kulutusluotto\//);
  await patient(step(customer, 7)).toBeVisible();

  // Nothing was sent, so there is nothing earlier to list.
  await customer.goto('/lainahakemukset');
  await expect(customer.getByRole('heading', { level: 1, name: 'Lainahakemukset' })).toBeVisible();
  await expect(customer.locator('.customer-area__shown')).toBeVisible();
  await expect(customer.getByRole('heading', { name: 'Aiemmat hakemuksesi' })).toHaveCount(0);
  expect(await listedOf(customer)).toEqual(listedBefore);

  // The consumer loan's first save creates it (the draft is still this tab's), then it is sent.
  // Step 7 waits for its validator: held back here, as a loaded machine delays it, a check of
  // a step-7 answer before it came blanked the page (a CI run's failure).
  const laterParts = await holdLaterParts(customer);
  await chooseCard(customer, 'Hae kulutusluottoa');
  await patient(customer).toHaveURL(/\/hakemus\/kulutusluotto\/$/);
  await laterParts.asked;
  await expect(customer.getByRole('heading', { level: 1, name: pages.loadingForm })).toBeVisible();
  await expect(field(customer, 'primaryApplicantIbanNumber')).toHaveCount(0);
  laterParts.release();
  await patient(step(customer, 7)).toBeVisible();
  await expect(field(customer, 'primaryApplicantAcceptTerms')).not.toBeChecked();
  await fillFinish(customer);
  const created = customer.waitForResponse((response) => response.request().method() === 'POST' && /\/consumer-applications\/save$/.test(new URL(response.url()).pathname));
  await step(customer, 7).getByRole('button', { name: IDENTIFY }).click();
  expect((await created).status()).toBe(200);
  await patient(customer).toHaveURL(/\/hakemus\/kulutusluotto\/authentication\/\d+\//);
  const id = Number(/\/authentication\/(\d+)\//.exec(customer.url())![1]);
  // Created, not sent: still not listed.
  expect(await listedOf(customer)).toEqual(listedBefore);
  await completeIdentification(customer, { primary: CUSTOMER.ssn });

  await customer.goto('/lainahakemukset');
  const after = await overviewOf(customer);
  expect(after.latestApplication?.applicationId).toBe(id);
  expect(after.previousApplications.map((application) => application.applicationId)).toEqual([before.latestApplication!.applicationId]);
  await expect(customer.getByRole('heading', { name: 'Aiemmat hakemuksesi' })).toBeVisible();
  await context.close();
});

test('a prefilled mortgage, first saved at its last step, is created and then submitted', async ({ page, browser }) => {
  test.setTimeout(240_000);
  const owner = { ssn: personalIdOfAge(42, 913), phone: '0407651234', email: 'asunto.asiakas@example.fi' };
  const data: Record<string, unknown> = {
    ...validMortgage(),
    primaryApplicantPersonalIdentificationNumber: owner.ssn,
    primaryApplicantMobilephone: owner.phone,
    primaryApplicantMobilephone2: owner.phone,
    primaryApplicantEmail: owner.email,
    primaryApplicantEmail2: owner.email,
  };
  await becomeCustomer(page, data);

  const context = await browser.newContext();
  const customer = await context.newPage();
  await customer.goto('/lainahakemukset');
  await logIn(customer, owner);
  await patient(customer).toHaveURL(/\/lainahakemukset$/);
  const before = await overviewOf(customer);
  const listedBefore = await listedOf(customer);

  // The whole form, prefilled from the earlier mortgage (the same document: the loan too).
  await chooseCard(customer, 'Hae asuntolainaa');
  await patient(customer).toHaveURL(/\/hakemus\/asuntolaina\/$/);
  const runtime = loadFormRuntime('mortgage');
  const last = runtime.activeSteps(data).at(-1)!.number;
  await patient(step(customer, last)).toBeVisible();
  expect(await listedOf(customer)).toEqual(listedBefore);
  const saves: Array<{ created: boolean; status: number }> = [];
  customer.on('response', (response) => {
    const path = new URL(response.url()).pathname;
    if (response.request().method() === 'POST' && path.includes('/mortgage-applications/save')) saves.push({ created: path.endsWith('/save'), status: response.status() });
  });
  await step(customer, last).getByRole('button', { name: runtime.buttonLabel(last, data), exact: true }).click();
  // Created, then submitted: it waits for identification, not yet listed.
  await patient(customer).toHaveURL(/\/hakemus\/asuntolaina\/(auth|status)\//);
  expect(saves).toEqual([
    { created: true, status: 200 },
    { created: false, status: 200 },
  ]);
  expect(await listedOf(customer)).toEqual(listedBefore);
  await patient(customer).toHaveURL(/\/hakemus\/asuntolaina\/auth\//);
  await chooseMethod(customer);
  await identifyAtTestBank(customer, owner.ssn);
  await patient(customer).toHaveURL(/\/hakemus\/asuntolaina\/(status|offers)\//);
  const after = await overviewOf(customer);
  expect(after.previousApplications.map((application) => application.applicationId)).toEqual([before.latestApplication!.applicationId]);
  await context.close();
});
