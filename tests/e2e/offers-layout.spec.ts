// Issue 11, item 11 (part): an offer's facts keep each label and its value on one row,
// the value at the right edge, on a phone-width card (375 px) and in the accept dialog
// on a desktop (1280 px).
import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectOffersPageReady, fakeOffer, newApplication, nextPoll, offersPath, pausedClock, scriptAnswers } from './support/offers.ts';

// Large sums: the longest values the list shows.
const OFFERS = [
  fakeOffer(931, 'kaleva-laina', 'Kaleva Laina', 4.6, { amount: 70000, totalAmount: 98765.43, tenor: 234, monthlyPayment: 1234.56 }),
  fakeOffer(932, 'aurinkopankki', 'Aurinkopankki', 6.5, { amount: 60000, totalAmount: 87654.32 }),
];

async function open(page: Page, width: number): Promise<void> {
  await page.setViewportSize({ width, height: 900 });
  const app = await newApplication(page);
  await scriptAnswers(page, [{ pending: 0, offers: OFFERS }]);
  await pausedClock(page);
  await page.goto(offersPath(app));
  await expectOffersPageReady(page);
  await nextPoll(page);
}

/** Every label/value pair of these fact lists shares one row, the value flush right. */
async function expectOneRowEach(lists: Locator): Promise<void> {
  const pairs = lists.locator(':scope > div');
  expect(await pairs.count()).toBeGreaterThan(0);
  for (const pair of await pairs.all()) {
    const [row, term, value] = await Promise.all([pair.boundingBox(), pair.locator('dt').boundingBox(), pair.locator('dd').boundingBox()]);
    const label = await pair.locator('dt').textContent();
    // Side by side: the value starts right of the label and overlaps its line vertically.
    expect(value!.x, `${label}: value beside its label`).toBeGreaterThanOrEqual(term!.x + term!.width);
    expect(value!.y, `${label}: value on the label's row`).toBeLessThan(term!.y + term!.height);
    expect(value!.x + value!.width, `${label}: value at the right edge`).toBeCloseTo(row!.x + row!.width, 0);
  }
}

test('375 px: each fact on an offer card is one row, the value right-aligned', async ({ page }) => {
  await open(page, 375);
  const lists = page.locator('.offer-card .offer-facts');
  await expect(lists).toHaveCount(OFFERS.length);
  await expect(lists.first()).toContainText('Takaisin maksettava yhteensä');
  await expectOneRowEach(lists);
});

test('1280 px: each fact in the accept dialog is one row, the value right-aligned', async ({ page }) => {
  await open(page, 1280);
  await page.getByRole('button', { name: 'Valitse tarjous: Kaleva Laina' }).click();
  const lists = page.getByRole('dialog').locator('.offer-facts');
  await expect(lists).toContainText('Takaisin maksettava yhteensä');
  await expectOneRowEach(lists);
});
