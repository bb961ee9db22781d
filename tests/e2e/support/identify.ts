// Strong identification through the development provider's test bank, for any spec
// that needs an identified application (the offers journey starts here).
import { expect, type Page } from '@playwright/test';

// The consumer flow's path word is `authentication`, the mortgage flow's `auth` (spec §2 of each).
const AUTHENTICATION = /\/hakemus\/[a-z]+\/(authentication|auth)\/\d+\/[A-Za-z0-9_-]{43}(\?.*)?$/;
const STEP_0 = /\/hakemus\/[a-z]+\/0\/\d+\/[A-Za-z0-9_-]{43}$/;

/** On the test bank page: types `personalId` (any valid code, a listed test person too) and confirms. */
export async function identifyAtTestBank(page: Page, personalId: string): Promise<void> {
  await expect(page.getByRole('heading', { level: 1, name: /testitunnistautuminen/ })).toBeVisible();
  await page.getByLabel('Tai kirjoita henkilötunnus').fill(personalId);
  await page.getByRole('button', { name: 'Tunnistaudu', exact: true }).click();
}

/** Picks a method on the authentication page (the first one unless named) and lands on the test bank. */
export async function chooseMethod(page: Page, method?: string): Promise<void> {
  await expect(page).toHaveURL(AUTHENTICATION);
  const methods = page.getByRole('list').filter({ has: page.locator('.identification-method') }).getByRole('button');
  await (method ? methods.filter({ hasText: method }).first() : methods.first()).click();
  await expect(page.getByRole('heading', { level: 1, name: /testitunnistautuminen/ })).toBeVisible();
}

/**
 * Starts on the authentication page and identifies the primary applicant, then the
 * co-applicant when given; returns when the browser is on step 0 (the offers).
 */
export async function completeIdentification(page: Page, people: { primary: string; coApplicant?: string }): Promise<void> {
  await chooseMethod(page);
  await identifyAtTestBank(page, people.primary);
  if (people.coApplicant) {
    await page.getByRole('link', { name: 'Tunnistaudu kanssahakijana' }).click();
    await chooseMethod(page);
    await identifyAtTestBank(page, people.coApplicant);
  }
  // The finishing page completes the application and sends it to every lender first: on a busy 2-core machine that can take a while.
  await expect(page).toHaveURL(STEP_0, { timeout: 30_000 });
}
