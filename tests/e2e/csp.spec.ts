// The server's Content-Security-Policy has no 'unsafe-eval' (and no inline script),
// and the application runs under it: no violation event, no CSP console error.
import { expect, test } from '@playwright/test';
import { continueFrom, expectStep, fillBasics, fillLoanStep, primaryBasics, step } from './support/application.ts';

test('the pages run under the server CSP without a violation', async ({ page }) => {
  const consoleErrors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) => seen.push(`${event.violatedDirective} ${event.blockedURI}`));
  });

  const response = await page.goto('/hakemus/kulutusluotto/');
  const policy = response!.headers()['content-security-policy'] ?? '';
  expect(policy).toContain("default-src 'self'");
  expect(policy).toMatch(/script-src 'self'(;|$)/);
  expect(policy).not.toContain('unsafe-eval');

  // Exercise what could trip a policy: the validator chunk, saving, lookups, dialogs, styles.
  await fillLoanStep(page, { purpose: 'Remontti', amount: '9000' });
  await continueFrom(page, 1);
  await expectStep(page, 2);
  await fillBasics(page, 'primaryApplicant', primaryBasics);
  await continueFrom(page, 2);
  await expectStep(page, 3);
  await step(page, 3).getByLabel('Postinumero').fill('00100');
  await expect(step(page, 3).getByLabel('Postitoimipaikka')).toHaveValue('Helsinki');
  await page.reload();
  await expect(step(page, 3)).toBeVisible();

  const violations = await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);
  expect(violations).toEqual([]);
  expect(consoleErrors.filter((text) => /Content Security Policy|Refused to/i.test(text))).toEqual([]);
  expect(pageErrors).toEqual([]);
});
