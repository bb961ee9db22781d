// A reload on a step path stays on that path with the answers of this tab
// (docs/adr/0003-renderer.md: sessionStorage until the one-time-code resume).
import { expect, test } from '@playwright/test';
import { field, primaryBasics, step } from './support/application.ts';
import { reachStep } from './support/journey.ts';

test('a reload on a step path stays there and keeps every answer', async ({ page }) => {
  await reachStep(page, 3);
  await field(page, 'primaryApplicantAddress').fill('Hämeenkatu 5');
  const path = new URL(page.url()).pathname;
  expect(path).toMatch(/^\/hakemus\/kulutusluotto\/3\/\d+\/[A-Za-z0-9_-]{43}$/);
  await page.reload();
  await expect(page).toHaveURL(new RegExp(`${path}$`));
  await expect(step(page, 3)).toBeVisible();
  await expect(step(page, 1)).toBeVisible();
  await expect(step(page, 4)).toHaveCount(0);
  await expect(field(page, 'primaryApplicantAddress')).toHaveValue('Hämeenkatu 5');
  await expect(field(page, 'primaryApplicantFirstnames')).toHaveValue(String(primaryBasics.primaryApplicantFirstnames));
  await expect(step(page, 1).getByRole('radio', { name: 'Remontti' })).toBeChecked();
  await expect(page.locator('aside')).toContainText('Perustiedot');
});

test('a step path in another tab keeps its path and asks for a one-time code (resume.spec.ts)', async ({ page, browser }) => {
  await reachStep(page, 2);
  const url = page.url();
  const other = await browser.newContext();
  const fresh = await other.newPage();
  await fresh.goto(url);
  await expect(fresh).toHaveURL(url);
  await expect(fresh.getByRole('heading', { level: 1 })).toHaveText('Jatka tallennettua hakemusta');
  await expect(fresh.getByRole('dialog', { name: 'Kirjaudu esitäytettyyn hakemukseen' })).toBeVisible();
  await other.close();
});

test('a path beyond the step reached goes back to the furthest step reached', async ({ page }) => {
  await reachStep(page, 2);
  const later = page.url().replace('/2/', '/5/');
  await page.goto(later);
  await expect(page).toHaveURL(/\/2\/\d+\//);
  await expect(step(page, 2)).toBeVisible();
  await expect(step(page, 5)).toHaveCount(0);
});

test('unknown paths and products answer with a Finnish not-found page', async ({ page }) => {
  await page.goto('/hakemus/yritysluottohakemus/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sivua ei löytynyt');
  await page.goto('/hakemus/asuntolaina/offers');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sivua ei löytynyt');
  await page.goto('/hakemus/kulutusluotto/prefill');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Esitäytetty hakemus');
});
