// The header in Chromium (issue 28 item 1; marketplace spec §2): the title by `?view=`, the links
// to the four application pages and customer service, and at 375 px the menu behind 'Lainat'
// (Escape folds it back to its button), with no horizontal scroll; axe clean.
import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.ts';

const LINKS = ['Kulutusluotto', 'Yhdistelylaina', 'Asuntolaina', 'Yritysluotto', 'Asiakaspalvelu'];

test('the title follows ?view= and the links lead to the application pages and customer service', async ({ page }) => {
  await page.goto('/hakemus/kulutusluotto/?view=asuntolaina');
  const header = page.getByRole('banner');
  await expect(header.locator('.site-header__title')).toHaveText('Asuntolaina');
  const nav = header.getByRole('navigation', { name: 'Lainahakemukset ja asiakaspalvelu' });
  for (const name of LINKS) await expect(nav.getByRole('link', { name, exact: true })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Kulutusluotto', exact: true })).toHaveAttribute('aria-current', 'page');
  await expect(header.getByRole('link', { name: 'asiakaspalvelu@lainavertailu.fi' })).toBeVisible();

  await nav.getByRole('link', { name: 'Yritysluotto', exact: true }).click();
  await expect(page).toHaveURL(/\/hakemus\/yritysluotto\/$/);
  await expect(header.locator('.site-header__title')).toHaveText('Yritysluotto');
  await nav.getByRole('link', { name: 'Asiakaspalvelu', exact: true }).click();
  await expect(page).toHaveURL(/#asiakaspalvelu$/);
  await expect(page.getByRole('contentinfo').getByRole('heading', { name: 'Asiakaspalvelu' })).toBeInViewport();
  await page.goto('/hakemus/yritysluotto/?view=asiakaspalvelu');
  await expect(header.locator('.site-header__title')).toHaveText('Asiakaspalvelu');
  await expectNoAxeViolations(page, 'ylätunniste');
});

test('375 px: the application pages fold behind Lainat, Escape folds them back', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/hakemus/kulutusluotto/');
  const nav = page.getByRole('navigation', { name: 'Lainahakemukset ja asiakaspalvelu' });
  const toggle = nav.getByRole('button', { name: 'Lainat' });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(nav.getByRole('link', { name: 'Asuntolaina' })).toBeHidden();
  await toggle.click();
  await expect(nav.getByRole('link', { name: 'Asuntolaina' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await expectNoAxeViolations(page, 'ylätunniste 375 px');
  await page.keyboard.press('Escape');
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(toggle).toBeFocused();
});
