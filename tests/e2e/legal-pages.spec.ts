// Issue 25 item 4 and issue 28 item 2: the terms, the privacy policy, the site terms and
// the pre-contract information are pages of the service, written in forms/content/; the
// consent on step 7 links to them in a new tab, so the form stays as it was, and every
// page's footer links to all four, on both brands.
import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.ts';
import { field, finish, step } from './support/application.ts';
import { reachStep } from './support/journey.ts';

const PAGES = [
  { link: 'Tietosuojaseloste', path: '/tietosuojaseloste', heading: 'Tietosuojaseloste' },
  { link: 'Palvelun käyttöehdot', path: '/kayttoehdot', heading: 'Palvelun käyttöehdot' },
  { link: 'Sivuston käyttöehdot', path: '/sivuston-kayttoehdot', heading: 'Sivuston käyttöehdot' },
  { link: 'Ennakkotiedot', path: '/ennakkotiedot', heading: 'Ennakkotiedot' },
];

const BRANDS = [
  { name: 'Lainavertailu', host: (base: string) => base },
  { name: 'Kattokorko', host: (base: string) => base.replace('//localhost', '//kattokorko.localhost') },
];

const footerLinks = (page: Page) => page.getByRole('contentinfo').getByRole('navigation', { name: 'Ehdot ja tietosuoja' });

test("step 7's consent opens the terms in a new tab and the form keeps its answers", async ({ page, context }) => {
  await reachStep(page, 7);
  const iban = String(finish.primaryApplicantIbanNumber);
  await field(page, 'primaryApplicantIbanNumber').fill(iban);
  await field(page, 'primaryApplicantNotPep').check();

  const consent = step(page, 7).locator(`[data-field="primaryApplicantAcceptTerms"]`);
  const terms = consent.getByRole('link', { name: 'käyttöehdot (avautuu uuteen välilehteen)' });
  await expect(terms).toHaveAttribute('target', '_blank');
  await expect(consent.getByRole('link', { name: /^tietosuojaselosteen/ })).toHaveAttribute('href', '/tietosuojaseloste');
  await expect(consent.getByRole('link', { name: /^ennakkotiedot/ })).toHaveAttribute('href', '/ennakkotiedot');

  const [tab] = await Promise.all([context.waitForEvent('page'), terms.click()]);
  await expect(tab).toHaveURL(/\/kayttoehdot$/);
  await expect(tab.getByRole('heading', { level: 1, name: 'Palvelun käyttöehdot' })).toBeVisible();
  await expect(tab.getByText(/Esimerkkiteksti/)).toBeVisible();
  // The page's own links lead on to the other texts.
  await expect(tab.getByRole('main').getByRole('link', { name: 'tietosuojaselosteen' })).toHaveAttribute('href', '/tietosuojaseloste');

  // The form's tab did not move, and the click on the link did not tick the box its label belongs to.
  await expect(step(page, 7)).toBeVisible();
  await expect(page).toHaveURL(/\/7\/\d+\/[A-Za-z0-9_-]{43}$/);
  await expect(field(page, 'primaryApplicantIbanNumber')).toHaveValue(iban);
  await expect(field(page, 'primaryApplicantNotPep')).toBeChecked();
  await expect(field(page, 'primaryApplicantAcceptTerms')).not.toBeChecked();
  // Ticking the box by its label still works.
  await consent.getByText('Olen lukenut').click();
  await expect(field(page, 'primaryApplicantAcceptTerms')).toBeChecked();
});

for (const brand of BRANDS) {
  test(`${brand.name}: the footer links to the four legal pages, in the brand's words`, async ({ page, baseURL }) => {
    const origin = brand.host(baseURL!);
    await page.goto(`${origin}/hakemus/kulutusluotto/`);
    await expect(step(page, 1)).toBeVisible();
    await expect(page.getByRole('contentinfo')).toContainText('perustettu vuonna 2008 Suomen ensimmäisenä lainavertailuyhtiönä');
    for (const legal of PAGES) {
      await footerLinks(page).getByRole('link', { name: legal.link, exact: true }).click();
      await expect(page).toHaveURL(`${origin}${legal.path}`);
      await expect(page.getByRole('heading', { level: 1, name: legal.heading })).toBeVisible();
      // The brand's own words: its name filled into the text.
      await expect(page.getByRole('main')).toContainText(`${brand.name}-`);
      await expect(page).toHaveTitle(`${legal.heading} – ${brand.name}`);
      await page.goBack();
      await expect(step(page, 1)).toBeVisible();
    }
  });
}

test('the legal pages have no accessibility violations, on either brand', async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  for (const legal of PAGES) {
    await page.goto(legal.path);
    await expect(page.getByRole('heading', { level: 1, name: legal.heading })).toBeVisible();
    await expectNoAxeViolations(page, legal.path);
  }
  // The second brand's colours.
  await page.goto(`${BRANDS[1].host(baseURL!)}/tietosuojaseloste`);
  await expect(page.getByRole('heading', { level: 1, name: 'Tietosuojaseloste' })).toBeVisible();
  await expectNoAxeViolations(page, 'Kattokorko /tietosuojaseloste');
});

test('the legal pages fit a 375 px screen without sideways scrolling', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  for (const legal of PAGES) {
    const response = await page.goto(legal.path);
    expect(response?.status(), legal.path).toBe(200);
    await expect(page.getByRole('heading', { level: 1, name: legal.heading })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), legal.path).toBeLessThanOrEqual(0);
  }
  await expectNoAxeViolations(page, '375 px /ennakkotiedot');
});
