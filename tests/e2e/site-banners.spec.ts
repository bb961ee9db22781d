// Site banners in Chromium (issue 28 item 3): a banner from the API shows on top of the page in
// its landmark, is axe clean and fits 375 px; closed with the keyboard it stays closed after a
// reload while another stays until it is closed too. The banners are scoped to one page so the
// specs running beside this one never see them.
import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.ts';
import { writeBanners } from './support/banners.ts';

const PAGE = '/sivuston-kayttoehdot';
const run = Date.now();
const WARNING = {
  id: `huoltokatko-${run}`,
  text: 'Palvelussa on huoltokatko su 6.12. klo 2–4. Hakemuksesi tallentuu, mutta tarjousten saapuminen voi viivästyä.',
  link: { text: 'Lue lisää', href: '/kayttoehdot' },
  severity: 'warning',
  start: '2020-01-01T00:00:00+02:00',
  end: '2099-01-01T00:00:00+02:00',
  pages: [PAGE],
};
const CRITICAL = { ...WARNING, id: `puhelinhairio-${run}`, text: 'Asiakaspalvelun puhelinnumerossa on häiriö. Tavoitat meidät sähköpostitse.', severity: 'critical' };
delete (CRITICAL as { link?: unknown }).link;

test.beforeAll(() => writeBanners([WARNING, CRITICAL]));
test.afterAll(() => writeBanners([]));

test('a banner from the API shows, closes with the keyboard, and stays closed after a reload', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto(PAGE);
  const region = page.getByRole('region', { name: 'Tiedotteet' });
  await expect(region.getByText(WARNING.text)).toBeVisible();
  await expect(region.getByRole('alert')).toContainText(CRITICAL.text);
  await expect(region.getByRole('link', { name: 'Lue lisää' })).toHaveAttribute('href', '/kayttoehdot');
  // Above the header, as the first thing after the skip link; measured once the page's text is
  // there (the loading page's header is replaced by the page's own when the text arrives).
  await expect(page.getByRole('heading', { level: 1, name: 'Sivuston käyttöehdot' })).toBeVisible();
  const regionBox = (await region.boundingBox())!;
  const headerBox = (await page.getByRole('banner').boundingBox())!;
  expect(regionBox.y).toBeLessThan(headerBox.y);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await expectNoAxeViolations(page, 'tiedotteet');

  const close = region.getByRole('button', { name: 'Sulje tiedote' });
  await expect(close).toHaveCount(2);
  await close.first().focus();
  await page.keyboard.press('Escape');
  await expect(region.getByText(WARNING.text)).toHaveCount(0);
  // The focus moved on to the other banner's button, not to the document.
  await expect(close).toHaveCount(1);
  await expect(close).toBeFocused();

  const banners = page.waitForResponse((response) => response.url().includes('/api/site-banners'));
  await page.reload();
  await banners;
  await expect(region.getByText(CRITICAL.text)).toBeVisible();
  await expect(page.getByText(WARNING.text)).toHaveCount(0);

  await region.getByRole('button', { name: 'Sulje tiedote' }).click();
  await expect(region).toHaveCount(0);
  const again = page.waitForResponse((response) => response.url().includes('/api/site-banners'));
  await page.reload();
  expect((await (await again).json()).banners).toHaveLength(2);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Tiedotteet' })).toHaveCount(0);
});
