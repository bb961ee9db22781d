// /lainahakemukset's offers list under a paused clock, with the customer API scripted
// (page.route) as the offers specs script theirs: the session check, the overview and the
// offers answers. What it shows: the latest application's offers polled on the spec's
// schedule (§4 "Offers list in the customer area"), the sort menu, the second brand's
// 10 % filter with 'Näytä lisää lainatarjouksia', the pending lenders, accepting (its
// body), 'Katso tarjoukset' for an earlier application, the help dialog, the §8 failure
// text. The real server's side is customer-journey.spec.ts and the integration tests.
import { expect, test, type Page, type Request } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.ts';
import { brandOrigin, fakeOffer, nextPoll, pausedClock, type FakeOffer } from './support/offers.ts';

const LATEST = 7001;
const EARLIER = 6990;
const LENDER_URL = `/lainaaja/aurinkopankki/901/${'L'.repeat(43)}`;
const OFFERS = [fakeOffer(901, 'aurinkopankki', 'Aurinkopankki', 6.5), fakeOffer(902, 'pohjolan-luotto', 'Pohjolan Luotto', 9.9), fakeOffer(903, 'kaleva-laina', 'Kaleva Laina', 12.4)];
const EARLIER_OFFERS = [fakeOffer(801, 'kaleva-laina', 'Kaleva Laina', 8.1)];

const overview = {
  latestApplication: {
    applicationId: LATEST,
    applicationType: 'CONSUMER',
    appliedAmount: 15000,
    createdAt: '2026-03-01T10:00:00Z',
    receivedOfferCount: 3,
    applicationState: 'FINALIZED',
    pendingOffers: [{ partnerCode: 'revontuli', partnerName: 'Revontuli Rahoitus' }],
  },
  previousApplications: [
    { applicationId: EARLIER, applicationType: 'COMBINE', appliedAmount: 22000, createdAt: '2026-01-12T10:00:00Z', receivedOfferCount: 1, relevant: false, applicationState: 'FINALIZED' },
  ],
};

function offersAnswer(offers: FakeOffer[], pending: number) {
  return { content: offers, page: 0, size: 100, totalElements: offers.length, totalPages: 1, pendingLenders: pending, totalLenders: 4, dispatched: true };
}

/** A logged-in customer's API; returns the offers requests and the accept bodies seen. */
async function scriptCustomer(page: Page, options: { overviewStatus?: number } = {}) {
  const offerRequests: URL[] = [];
  const accepts: Request[] = [];
  await page.route('**/api/auth/check', (route) => route.fulfill({ json: { authenticated: true } }));
  await page.route('**/api/applications', (route) =>
    options.overviewStatus ? route.fulfill({ status: options.overviewStatus, json: { type: 'ERROR' } }) : route.fulfill({ json: overview }),
  );
  await page.route('**/api/applications/*/offers*', async (route) => {
    offerRequests.push(new URL(route.request().url()));
    await route.fulfill({ json: offersAnswer(EARLIER_OFFERS, 0) });
  });
  await page.route('**/api/applications/latest-offers*', async (route) => {
    offerRequests.push(new URL(route.request().url()));
    // The first poll: two lenders answered; later ones: one more.
    const polls = offerRequests.filter((url) => url.pathname.endsWith('latest-offers')).length;
    await route.fulfill({ json: polls === 1 ? offersAnswer(OFFERS.slice(0, 2), 2) : offersAnswer(OFFERS, 1) });
  });
  await page.route('**/api/applications/accept', async (route) => {
    accepts.push(route.request());
    await route.fulfill({ json: { url: LENDER_URL } });
  });
  return { offerRequests, accepts };
}

const rows = (page: Page) => page.locator('.offers__table tr[data-offer-id]');

test('the latest offers: polled, sorted, pending lenders, accepted in a new window', async ({ page, context }) => {
  const { offerRequests, accepts } = await scriptCustomer(page);
  await pausedClock(page);
  await page.goto('/lainahakemukset');
  await expect(page.getByRole('heading', { level: 1, name: 'Lainahakemukset' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Hae lainaa esitäytetyllä hakemuksella' })).toHaveAttribute('href', '/haelainaa');
  const shown = page.locator('.customer-area__shown');
  await expect(shown).toContainText('Viimeisin hakemuksesi');
  await expect(shown.getByRole('listitem').filter({ hasText: 'Revontuli Rahoitus' })).toBeVisible();

  // Spec §4 as issue 25 has it: the first poll at once, default sort apr,asc, page size 100.
  await nextPoll(page);
  await expect(rows(page)).toHaveCount(2);
  expect(offerRequests[0].searchParams.getAll('sort')).toContain('apr,asc');
  expect(offerRequests[0].searchParams.get('size')).toBe('100');
  await nextPoll(page);
  await expect(rows(page)).toHaveCount(3);

  // A sort change asks at once.
  const asked = offerRequests.length;
  await page.getByLabel('Järjestä').selectOption('monthlyPayment,desc');
  await expect.poll(() => offerRequests.length).toBe(asked + 1);
  expect(offerRequests.at(-1)!.searchParams.getAll('sort')).toContain('monthlyPayment,desc');
  // axe needs timers: the clock runs from here on.
  await page.clock.resume();
  await expectNoAxeViolations(page, '/lainahakemukset with offers');

  // Accepting: the application and the offer, and the lender's page in a new window.
  await page.getByRole('button', { name: 'Valitse tarjous: Aurinkopankki' }).click();
  const popup = context.waitForEvent('page');
  await page.getByRole('dialog').getByRole('button', { name: 'Siirry hakemaan' }).click();
  await expect(await popup).toHaveURL(new RegExp(`${LENDER_URL}$`));
  expect(accepts.map((request) => request.postDataJSON())).toEqual([{ applicationId: LATEST, offerId: 901 }]);
});

test('second brand: offers above 10 % wait behind ‘Näytä lisää lainatarjouksia’', async ({ page, baseURL }) => {
  await scriptCustomer(page);
  await pausedClock(page);
  await page.goto(`${brandOrigin(baseURL!, 'kattokorko')}/lainahakemukset`);
  await nextPoll(page);
  await nextPoll(page);
  await expect(rows(page)).toHaveCount(2);
  await expect(page.getByText('Piilotimme 1 tarjousta, joiden nimelliskorko on yli 10 %.')).toBeVisible();
  await page.getByRole('button', { name: 'Näytä lisää lainatarjouksia' }).click();
  await expect(rows(page)).toHaveCount(3);
});

test('an earlier application: its offers with ‘Katso tarjoukset’, the help dialog, a phone’s cards', async ({ page }) => {
  const { offerRequests } = await scriptCustomer(page);
  await pausedClock(page);
  await page.goto('/lainahakemukset');
  const table = page.locator('.customer-area__table');
  await expect(table.getByRole('row').filter({ hasText: 'Yhdistelylaina' })).toContainText('22');

  await page.getByRole('button', { name: 'Ohje: aiemmat hakemukset' }).click();
  const help = page.getByRole('dialog', { name: 'Aiemmat hakemuksesi' });
  await expect(help).toContainText('Katso tarjoukset näyttää');
  await page.keyboard.press('Escape');
  await expect(help).toBeHidden();

  await table.getByRole('button', { name: /^Katso tarjoukset: Yhdistelylaina/ }).click();
  await expect(page.locator('.customer-area__shown')).toContainText('Yhdistelylaina');
  await nextPoll(page);
  await expect(rows(page)).toHaveCount(1);
  expect(offerRequests.at(-1)!.pathname).toBe(`/api/applications/${EARLIER}/offers`);
  await page.getByRole('button', { name: 'Näytä viimeisimmän hakemuksen tarjoukset' }).click();
  await expect(page.locator('.customer-area__shown')).toContainText('Viimeisin hakemuksesi');

  await page.setViewportSize({ width: 375, height: 800 });
  await expect(table).toBeHidden();
  await expect(page.locator('.customer-area__cards').getByRole('heading', { name: 'Yhdistelylaina' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
  await page.clock.resume();
  await expectNoAxeViolations(page, '/lainahakemukset at 375 px');
});

test('the overview cannot be fetched: spec §8’s text', async ({ page }) => {
  await scriptCustomer(page, { overviewStatus: 500 });
  await page.goto('/lainahakemukset');
  await expect(page.getByRole('alert')).toHaveText('Virhe tietojen hakemisessa. Ongelmatilanteissa otattehan yhteyttä asiakaspalveluumme.');
});
