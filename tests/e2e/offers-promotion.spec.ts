// Issue 11, item 10: the promoted business credit (marketplace spec §1: the offers table
// "always includes ... when any offers exist"). It shows only beside listed offers,
// never above an empty list or while waiting, and until the business loan application
// exists it says plainly where that will be instead of opening a 'coming later' dialog.
import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.ts';
import { brandOrigin, expectOffersPageReady, fakeOffer, newApplication, nextPoll, offersPath, pausedClock, scriptAnswers } from './support/offers.ts';

const TITLE = 'Yritykselle: joustava yritysluotto';
// The promoted row leads to the business loan form (issue 16).
const LINK = 'Hae yritysluottoa';
const OFFERS = [
  fakeOffer(921, 'aurinkopankki', 'Aurinkopankki', 6.5),
  fakeOffer(922, 'pohjolan-luotto', 'Pohjolan Luotto', 8.9),
];

async function open(page: Page, offers: typeof OFFERS, origin = ''): Promise<void> {
  const app = await newApplication(page);
  await scriptAnswers(page, [{ pending: 0, offers }]);
  await pausedClock(page);
  await page.goto(`${origin}${offersPath(app)}`);
  await expectOffersPageReady(page);
}

for (const brand of ['lainavertailu', 'kattokorko'] as const) {
  test(`${brand}: no business promotion while waiting nor above an empty list`, async ({ page, baseURL }) => {
    await open(page, [], brandOrigin(baseURL!, brand));
    await expect(page.getByText('Odota hetki. Tarjouksia haetaan...')).toBeVisible();
    await expect(page.getByText(TITLE)).toHaveCount(0);
    for (let poll = 1; poll <= 3; poll++) await nextPoll(page);
    await expect(page.getByText('Ei lainatarjouksia', { exact: true })).toBeVisible();
    await expect(page.getByText(TITLE)).toHaveCount(0);
    await expect(page.getByRole('link', { name: LINK })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Lue lisää yritysluotosta' })).toHaveCount(0);
  });
}

test('beside offers the promoted row says where the business loan application will be, with nothing to open', async ({ page }) => {
  await open(page, OFFERS);
  await nextPoll(page);
  // The page keeps its own title (the product route's title must not overwrite it).
  await expect(page).toHaveTitle(/^Lainatarjoukset \| /);
  const promoted = page.locator('.offers__table tbody.offers__promoted tr');
  await expect(promoted).toContainText('Mainos');
  await expect(promoted).toContainText(TITLE);
  await expect(promoted.getByRole('link', { name: LINK })).toHaveAttribute('href', '/hakemus/yritysluotto/');
  await expect(promoted.getByRole('button')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Lue lisää yritysluotosta' })).toHaveCount(0);
  // The list's first offer follows it; the first Tab stop in the list is a real offer.
  await expect(page.locator('.offers__table tr[data-offer-id]')).toHaveCount(OFFERS.length);

  await page.setViewportSize({ width: 375, height: 800 });
  const card = page.locator('.offers__cards > li.promoted-card');
  await expect(card).toBeVisible();
  await expect(card.getByRole('link', { name: LINK })).toHaveAttribute('href', '/hakemus/yritysluotto/');
  await expect(card.getByRole('button')).toHaveCount(0);
  await page.clock.resume();
  await expectNoAxeViolations(page, 'offer cards with the business promotion, 375 px');
});
