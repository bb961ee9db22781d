// The browser's Back and Forward buttons walk the steps of one application (issue 11,
// item 3): every continue pushes the next step's path, Back shows the previous step as
// the current one with every answer kept, Forward shows the later one again, and none
// of it leaves the service, reloads the page or asks for a one-time code in this tab.
import { expect, test, type Page } from '@playwright/test';
import {
  continueFrom,
  dataLayerEvents,
  expectStep,
  field,
  fillBasics,
  fillHousing,
  fillWork,
  primaryBasics,
  primaryHousing,
  primaryWork,
  selectCode,
  step,
} from './support/application.ts';
import { reachStep } from './support/journey.ts';

const CODE_DIALOG = 'Kirjaudu esitäytettyyn hakemukseen';
const STEP_PATH = /^\/hakemus\/kulutusluotto\/(\d)\/(\d+)\/([A-Za-z0-9_-]{43})$/;

/** Steps 1-3 saved with an e-mail address of this test's own, so its outbox is this test's. */
async function reachStep4(page: Page): Promise<{ id: string; token: string; email: string }> {
  const email = `historia.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@example.fi`;
  await reachStep(page, 2);
  await fillBasics(page, 'primaryApplicant', { ...primaryBasics, primaryApplicantEmail: email, primaryApplicantEmail2: email });
  await continueFrom(page, 2);
  await expectStep(page, 3);
  await fillHousing(page, 'primaryApplicant', primaryHousing);
  await continueFrom(page, 3);
  await expectStep(page, 4);
  const [, , id, token] = STEP_PATH.exec(new URL(page.url()).pathname)!;
  return { id, token, email };
}

/** Step n is the current one (its continue button shows) and no later step is on the page. */
async function expectCurrent(page: Page, n: number, application: { id: string; token: string }): Promise<void> {
  await expect(page).toHaveURL(new RegExp(`/hakemus/kulutusluotto/${n}/${application.id}/${application.token}$`));
  await expect(page.locator('.lv-step--current')).toHaveAttribute('id', `step-${n}`);
  await expect(step(page, n).getByRole('button', { name: /Jatka hakemusta|Viimeistele hakemus/ })).toBeVisible();
  await expect(page.locator('.lv-step')).toHaveCount(n);
  await expect(page.getByRole('dialog')).toHaveCount(0);
}

const count = (events: string[], event: string) => events.filter((e) => e === event).length;

test('Back and Forward walk the steps with every answer kept, without leaving the page or asking for a code', async ({ page }) => {
  const codeRequests: string[] = [];
  page.on('request', (request) => {
    if (/\/send-code|verify-with-otp/.test(request.url())) codeRequests.push(request.url());
  });
  const application = await reachStep4(page);
  await selectCode(page, 'primaryApplicantEmploymentTypeId', primaryWork.primaryApplicantEmploymentTypeId);
  await field(page, 'primaryApplicantEmployer').fill('Historia Oy');

  // Everything from here on happens in this one document: a reload or another page would lose the mark.
  await page.evaluate(() => ((window as unknown as { historyMark?: string }).historyMark = 'same page'));
  const visited: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) visited.push(frame.url());
  });

  await page.goBack();
  await expectCurrent(page, 3, application);
  await expect(field(page, 'primaryApplicantAddress')).toHaveValue(String(primaryHousing.primaryApplicantAddress));
  await expect(field(page, 'primaryApplicantCity')).toHaveValue(String(primaryHousing.primaryApplicantCity));
  await expect(field(page, 'primaryApplicantFirstnames')).toHaveValue(String(primaryBasics.primaryApplicantFirstnames));
  // The summary beside the form follows the step shown.
  await expect(page.locator('aside')).toContainText('Perustiedot');
  await expect(page.locator('aside')).not.toContainText('Asumistiedot');

  await page.goBack();
  await expectCurrent(page, 2, application);
  await expect(field(page, 'primaryApplicantFirstnames')).toHaveValue(String(primaryBasics.primaryApplicantFirstnames));
  await expect(field(page, 'primaryApplicantEmail')).toHaveValue(application.email);
  await expect(step(page, 1).getByRole('radio', { name: 'Remontti' })).toBeChecked();

  await page.goForward();
  await expectCurrent(page, 3, application);
  await expect(field(page, 'primaryApplicantAddress')).toHaveValue(String(primaryHousing.primaryApplicantAddress));
  // The step shown is scrolled to and its heading takes focus, as after continuing.
  await expect(step(page, 3).getByRole('heading', { level: 2 })).toBeFocused();

  await page.goForward();
  await expectCurrent(page, 4, application);
  await expect(field(page, 'primaryApplicantEmployer')).toHaveValue('Historia Oy');

  // Continuing from an earlier step saves it again and moves forward as before.
  await page.goBack();
  await expectCurrent(page, 3, application);
  await expect(step(page, 3).getByRole('heading', { level: 2 })).toBeFocused();
  await field(page, 'primaryApplicantAddress').fill('Hämeenkatu 5');
  const saved = page.waitForResponse((response) => response.url().includes(`/save/${application.id}/`) && response.request().method() === 'POST');
  await continueFrom(page, 3);
  expect((await saved).status()).toBe(200);
  await expectCurrent(page, 4, application);
  await expect(field(page, 'primaryApplicantEmployer')).toHaveValue('Historia Oy');
  await page.goBack();
  await expectCurrent(page, 3, application);
  await expect(field(page, 'primaryApplicantAddress')).toHaveValue('Hämeenkatu 5');

  expect(await page.evaluate(() => (window as unknown as { historyMark?: string }).historyMark)).toBe('same page');
  for (const url of visited) expect(new URL(url).pathname).toMatch(STEP_PATH);
  expect(visited.length).toBeGreaterThanOrEqual(7);
  // No code was asked for or sent in this tab.
  expect(codeRequests).toEqual([]);
  const outbox = await page.request.get(`/api/dev/outbox?to=${encodeURIComponent(application.email)}`);
  expect(await outbox.json()).toEqual([]);
  // Analytics: each step once, however often it was shown again.
  const events = await dataLayerEvents(page);
  for (const n of [1, 2, 3, 4]) expect(count(events, `consumer_application_${n}`), `consumer_application_${n}`).toBe(1);
});

test('after Back, a reload stays on the step shown and Forward still reaches the later step', async ({ page }) => {
  const application = await reachStep4(page);
  await fillWork(page, 'primaryApplicant', primaryWork);
  await page.goBack();
  await expectCurrent(page, 3, application);
  await page.reload();
  await expectCurrent(page, 3, application);
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('Jatka tallennettua hakemusta');
  await expect(field(page, 'primaryApplicantAddress')).toHaveValue(String(primaryHousing.primaryApplicantAddress));
  await page.goForward();
  await expectCurrent(page, 4, application);
  await expect(field(page, 'primaryApplicantEmployer')).toHaveValue(String(primaryWork.primaryApplicantEmployer));
  const outbox = await page.request.get(`/api/dev/outbox?to=${encodeURIComponent(application.email)}`);
  expect(await outbox.json()).toEqual([]);
});

test('a step that no longer applies is not landed on: Forward to the co-applicant step after unticking shows step 5', async ({ page }) => {
  await reachStep(page, 6, { coApplicant: true });
  const [, , id, token] = STEP_PATH.exec(new URL(page.url()).pathname)!;
  const application = { id, token };
  await page.goBack();
  await expectCurrent(page, 5, application);
  await step(page, 1).getByRole('checkbox', { name: 'Haen lainaa yhdessä kanssahakijan kanssa' }).uncheck();
  await expect(step(page, 5).getByRole('button', { name: 'Viimeistele hakemus' })).toBeVisible();
  await page.goForward();
  await expectCurrent(page, 5, application);
  await expect(step(page, 6)).toHaveCount(0);
});
