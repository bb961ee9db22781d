// Issue 11, item 7: the accept dialog. Spec §4 fires the accept call when the dialog's
// close icon is clicked; Escape only closes it. 'Siirry hakemaan' opens the lender
// window and closes the dialog, leaving the list. All by keyboard except the icon.
//
// The offers are scripted (page.route) and so is the accept answer: it names a lender
// page address the way the real API does (the real accept is walked end to end in
// offers.spec.ts).
import { expect, test, type Page, type Request } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.ts';
import { expectOffersPageReady, fakeOffer, newApplication, nextPoll, offersPath, pausedClock, scriptAnswers } from './support/offers.ts';

const OFFERS = [
  fakeOffer(901, 'aurinkopankki', 'Aurinkopankki', 6.5),
  fakeOffer(902, 'pohjolan-luotto', 'Pohjolan Luotto', 9.9),
  fakeOffer(903, 'kaleva-laina', 'Kaleva Laina', 12.4),
];
const LENDER_URL = `/lainaaja/aurinkopankki/901/${'L'.repeat(43)}`;

const isAccept = (request: Request) => request.method() === 'POST' && request.url().includes('/api/lainavertailu22/consumer-applications/offers/');

async function openList(page: Page): Promise<Request[]> {
  const app = await newApplication(page);
  await scriptAnswers(page, [{ pending: 0, offers: OFFERS }]);
  const accepts: Request[] = [];
  await page.route('**/api/lainavertailu22/consumer-applications/offers/**', async (route) => {
    accepts.push(route.request());
    await route.fulfill({ headers: { 'cache-control': 'no-store' }, json: { url: LENDER_URL } });
  });
  await pausedClock(page);
  await page.goto(offersPath(app));
  await expectOffersPageReady(page);
  await nextPoll(page);
  await expect(page.locator('.offers__table tr[data-offer-id]')).toHaveCount(OFFERS.length);
  return accepts;
}

test('Escape only closes the accept dialog; its close icon fires the accept call', async ({ page }) => {
  const accepts = await openList(page);
  const choose = page.getByRole('button', { name: 'Valitse tarjous: Aurinkopankki' }).first();
  const dialog = page.getByRole('dialog', { name: 'Valitsemasi tarjous: Aurinkopankki' });

  // By keyboard: open, the dialog's own button has the focus, Escape closes it.
  await choose.focus();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Siirry hakemaan' })).toBeFocused();
  await expectNoAxeViolationsPaused(page);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(choose).toBeFocused();

  // The close icon: the accept call goes out (spec §4), the dialog closes.
  await page.keyboard.press('Enter');
  await expect(dialog).toBeVisible();
  const accepted = page.waitForRequest(isAccept);
  await dialog.getByRole('button', { name: 'Sulje' }).click();
  expect((await accepted).postDataJSON()).toEqual({ offerId: 901 });
  await expect(dialog).toBeHidden();
  // Requests go out in order: had Escape fired one, it would have come before this one.
  expect(accepts).toHaveLength(1);
  await expect(page.locator('.offers[data-accept-failed]')).toHaveCount(0);
});

test('‘Siirry hakemaan’ opens the lender window and closes the dialog over the list', async ({ page, context }) => {
  const accepts = await openList(page);
  const choose = page.getByRole('button', { name: 'Valitse tarjous: Aurinkopankki' }).first();
  const dialog = page.getByRole('dialog', { name: 'Valitsemasi tarjous: Aurinkopankki' });
  await choose.focus();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeVisible();

  const popup = context.waitForEvent('page');
  await page.keyboard.press('Enter');
  const lenderWindow = await popup;
  await expect(dialog).toBeHidden();
  await expect(page.locator('.offers__table tr[data-offer-id]')).toHaveCount(OFFERS.length);
  // The new window is sent to the address the accept call answered.
  await expect(lenderWindow).toHaveURL(new RegExp(`${LENDER_URL}$`));
  expect(accepts.map((request) => request.postDataJSON())).toEqual([{ offerId: 901 }]);
  await expect(page.locator('.offers[data-accept-failed]')).toHaveCount(0);
});

/** axe needs the page's timers: it runs with the clock moving, which is paused again after. */
async function expectNoAxeViolationsPaused(page: Page): Promise<void> {
  await page.clock.resume();
  await expectNoAxeViolations(page, 'accept dialog');
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
}
