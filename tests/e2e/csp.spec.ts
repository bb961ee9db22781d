// The server's Content-Security-Policy has no 'unsafe-eval' (and no inline script),
// and the application runs under it: no violation event, no CSP console error.
import { expect, test } from '@playwright/test';
import { fillFinish, IDENTIFY, step } from './support/application.ts';
import { reachStep } from './support/journey.ts';

test('the pages run under the server CSP without a violation', async ({ page }) => {
  // Every step is walked: allow for a busy 2-core machine.
  test.setTimeout(180_000);
  const consoleErrors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  // Reported to the test process as they happen, so navigations and reloads lose none.
  const violations: string[] = [];
  await page.exposeFunction('reportCspViolation', (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) =>
      void (window as unknown as { reportCspViolation: (text: string) => void }).reportCspViolation(`${event.violatedDirective} ${event.blockedURI}`),
    );
  });

  const response = await page.goto('/hakemus/kulutusluotto/');
  const policy = response!.headers()['content-security-policy'] ?? '';
  expect(policy).toContain("default-src 'self'");
  expect(policy).toMatch(/script-src 'self'(;|$)/);
  expect(policy).not.toContain('unsafe-eval');

  // Exercise what could trip a policy: the validator chunk, saving, lookups, dialogs,
  // styles, a reload on a step path and the identification page.
  await reachStep(page, 3);
  await step(page, 3).getByLabel('Postinumero').fill('00100');
  await expect(step(page, 3).getByLabel('Postitoimipaikka')).toHaveValue('Helsinki');
  await page.reload();
  await expect(step(page, 3)).toBeVisible();
  await reachStep(page, 7);
  await step(page, 7).getByRole('button', { name: 'Mikä on PEP?' }).first().click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.keyboard.press('Escape');
  await fillFinish(page);
  await step(page, 7).getByRole('button', { name: IDENTIFY }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Vahva tunnistautuminen' })).toBeVisible();
  // The method pictures load from our own origin under img-src.
  const picture = page.locator('main img').first();
  await expect(picture).toBeVisible();
  // Visible comes before loaded on a busy machine: wait for the picture itself (a blocked one ends complete with no width).
  await expect.poll(() => picture.evaluate((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0)).toBe(true);

  expect(violations).toEqual([]);
  expect(consoleErrors.filter((text) => /Content Security Policy|Refused to/i.test(text))).toEqual([]);
  expect(pageErrors).toEqual([]);
});
