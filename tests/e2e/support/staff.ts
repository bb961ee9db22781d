// A staff member's own browser, logged in by choosing them at the development staff provider
// (/dev-staff-idp): the studio's specs and the publishing specs each act as several people.
import { expect, type Browser, type Page } from '@playwright/test';

/** The member's page after the login: in the studio unless `inStudio` is false (a member with no role is refused). */
export async function staffPage(browser: Browser, member: string, { inStudio = true }: { inStudio?: boolean } = {}): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.goto('/api/staff/login');
  await page.getByLabel(member).check();
  await page.getByRole('button', { name: 'Kirjaudu', exact: true }).click();
  if (inStudio) await expect(page).toHaveURL(/\/studio$/, { timeout: 30_000 });
  return page;
}
