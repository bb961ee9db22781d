// Embedding on a partner's site in Chromium (issue 28 item 4): a page on another origin and
// site (http://127.0.0.1, listed in EMBED_ORIGINS by serve.ts) frames the consumer form from the
// service's origin (http://localhost); the form works inside the frame (step 1 and step 2 saved:
// the second save needs the session cookie, which only a cross-site, partitioned cookie gives a
// third-party frame), has no header or footer, and its height reaches the partner, sent to the
// partner's origin. A third origin not in the list cannot frame it at all.
import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.ts';
import { validApplication } from '../fixtures/consumer-valid.ts';
import { continueFrom, fillBasics, fillLoanStep, primaryBasics, step } from './support/application.ts';
import { completeIdentification } from './support/identify.ts';

const port = Number(process.env.E2E_PORT ?? 4321);
const APP = `http://localhost:${port}`;
const FORM = `${APP}/hakemus/kulutusluotto/`;
const partnerPage = (origin: string) => `${origin}/dev/embed?src=${encodeURIComponent(FORM)}`;

test('a listed partner frames the form: it works inside, without header and footer, and the height reaches the partner', async ({ page }) => {
  const answer = await page.request.get(FORM);
  const csp = answer.headers()['content-security-policy'];
  expect(csp).toContain(`frame-ancestors 'self' http://127.0.0.1:${port}`);
  expect(answer.headers()['x-frame-options']).toBeUndefined();

  await page.goto(partnerPage(`http://127.0.0.1:${port}`));
  const frame = page.frameLocator('#partner-frame');
  const form = frame.locator('#step-1');
  await expect(form).toBeVisible();
  await expect(frame.getByRole('banner')).toHaveCount(0);
  await expect(frame.getByRole('contentinfo')).toHaveCount(0);
  await expect(page.locator('#partner-origin')).toHaveText(APP);
  const firstHeight = Number(await page.locator('#partner-height').textContent());
  expect(firstHeight).toBeGreaterThan(300);

  const inFrame = frame as unknown as Page;
  await fillLoanStep(inFrame, { purpose: 'Remontti', amount: '12000' });
  await continueFrom(inFrame, 1);
  await expect(step(inFrame, 2)).toBeVisible();
  await fillBasics(inFrame, 'primaryApplicant', primaryBasics);
  await continueFrom(inFrame, 2);
  // Saved with the session cookie the first save set in this third-party frame.
  await expect(step(inFrame, 3)).toBeVisible();
  await expect(frame.getByRole('alertdialog')).toHaveCount(0);
  // The page grew with step 3: the partner was told.
  await expect.poll(async () => Number(await page.locator('#partner-height').textContent())).not.toBe(firstHeight);
  await expectNoAxeViolations(page, 'kumppanin sivu');
});

test('an origin not in EMBED_ORIGINS cannot frame the form', async ({ page }) => {
  await page.goto(partnerPage(`http://refused.localhost:${port}`));
  // Chromium replaces the refused frame with its own error page.
  await expect.poll(() => page.frames().map((frame) => frame.url())).toContain('chrome-error://chromewebdata/');
  await expect(page.locator('#partner-height')).toHaveText('–');
});

test('identification leaves the frame for the top window with the application, and comes back to the service’s own page', async ({ page }) => {
  await page.goto(partnerPage(`http://127.0.0.1:${port}`));
  const frame = page.frameLocator('#partner-frame');
  await expect(frame.locator('#step-1')).toBeVisible();
  // An application made inside the frame, as its last save would: its session is the frame's (the partner's partition).
  const inside = page.frames().find((candidate) => candidate.url().startsWith(APP))!;
  const { id, token } = await inside.evaluate(async (body) => {
    const response = await fetch('/api/lainavertailu22/consumer-applications/save', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    return (await response.json()) as { id: number; token: string };
  }, { ...validApplication(), additionalFormData: { step: 7, hasCoApplicant: false } });
  await inside.goto(`${APP}/hakemus/kulutusluotto/authentication/${id}/${token}`);
  await expect(frame.getByText('Pankit eivät salli tunnistautumista upotetussa ikkunassa.', { exact: false })).toBeVisible();
  await expect(frame.getByRole('button', { name: 'Nordea' })).toHaveCount(0);
  await expectNoAxeViolations(page, 'tunnistautuminen kehyksessä');

  await frame.getByRole('button', { name: 'Jatka tunnistautumiseen' }).click();
  // The top window is now the service's own page, holding the application: the banks are offered.
  await expect(page).toHaveURL(`${APP}/hakemus/kulutusluotto/authentication/${id}/${token}`);
  await completeIdentification(page, { primary: String(validApplication().primaryApplicantPersonalIdentificationNumber) });
  await expect(page).toHaveURL(new RegExp(`^${APP}/hakemus/kulutusluotto/0/${id}/`));
});
