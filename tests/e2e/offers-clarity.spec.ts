// Issue 25, items 5–9: the offers page says what is true and shows it plainly. The order
// follows the sort menu's label (5); a broken link is not an empty list, and the verdict
// 'Ei lainatarjouksia' never stands beside 'Haetaan tarjouksia...' (6); an empty result
// says what to do next (7); a chart of what each offer costs, and the total repayable in
// every layout (8); offers the server already has show at once (9). The page's clock is
// paused: it polls when a test moves time on (support/offers.ts).
import { expect, test, type Page, type Route } from '@playwright/test';
import { validBusiness } from '../fixtures/business-valid.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import {
  brandOrigin,
  expectOffersPageReady,
  fakeOffer,
  fetchTimes,
  LENDERS,
  newApplication,
  nextPoll,
  offersPath,
  pausedClock,
  recordFetchTimes,
  scriptAnswers,
  type FakeOffer,
} from './support/offers.ts';

const heading = (page: Page) => page.getByRole('heading', { level: 1 });
const tableRows = (page: Page) => page.locator('.offers__table tr[data-offer-id]');
const WAITING_HEADING = 'Haetaan tarjouksia...';
const NONE = 'Ei lainatarjouksia';

/** The table's column of this header, as the rows show it, top to bottom. */
async function column(page: Page, header: string): Promise<string[]> {
  const headers = await page.locator('.offers__table thead th').allTextContents();
  const index = headers.indexOf(header);
  expect(index, `column '${header}' in ${headers.join(' | ')}`).toBeGreaterThanOrEqual(0);
  // Intl's Finnish figures use no-break spaces; written here with plain ones.
  return tableRows(page).evaluateAll((rows, at) => rows.map((row) => (row.children[at].textContent ?? '').replace(/\s/g, ' ')), index);
}

const percent = (text: string) => Number(text.replace(/[^\d,]/g, '').replace(',', '.'));

test.describe('item 5: the order a person sees follows the sort menu', () => {
  // Smaller offers only (the applicant asked for 30 000 €), each lender a different amount:
  // spec §7's server sort (amount,desc first) would list them largest first.
  const DOWNSELL: FakeOffer[] = [
    fakeOffer(801, 'aurinkopankki', 'Aurinkopankki', 9.74, { downsell: true, amount: 20000, apr: 10.54, monthlyPayment: 301, totalAmount: 28900 }),
    fakeOffer(802, 'pohjolan-luotto', 'Pohjolan Luotto', 8.25, { downsell: true, amount: 18000, apr: 9.05, monthlyPayment: 262, totalAmount: 25200 }),
    fakeOffer(803, 'kaleva-laina', 'Kaleva Laina', 9.6, { downsell: true, amount: 16000, apr: 10.4, monthlyPayment: 240, totalAmount: 23000 }),
    fakeOffer(804, 'helmi-laina', 'Helmi Laina', 11.27, { downsell: true, amount: 12000, apr: 12.07, monthlyPayment: 190, totalAmount: 18200 }),
    fakeOffer(805, 'koivu-rahoitus', 'Koivu Rahoitus', 5.29, { downsell: true, amount: 8000, apr: 6.09, monthlyPayment: 99, totalAmount: 9500 }),
  ];
  const FIELD = { apr: 'apr', interest: 'interest', monthlyPayment: 'monthlyPayment', amount: 'amount' } as const;

  /** Answers as the server does (spec §7): every sort pair of the request in turn. */
  async function serveSorted(page: Page, offers: FakeOffer[]): Promise<void> {
    await page.route('**/api/lainavertailu22/offers/**', async (route: Route) => {
      const pairs = new URL(route.request().url()).searchParams.getAll('sort').map((pair) => pair.split(',') as [keyof typeof FIELD, string]);
      const sorted = [...offers].sort((a, b) => {
        for (const [field, direction] of pairs) {
          const difference = (a[FIELD[field]] - b[FIELD[field]]) * (direction === 'desc' ? -1 : 1);
          if (difference !== 0) return difference;
        }
        return a.id - b.id;
      });
      await route.fulfill({ json: { content: sorted, totalElements: sorted.length, pendingLenders: 0, totalLenders: LENDERS, dispatched: true } });
    });
  }

  test('a downsell list under each label runs in that label’s order', async ({ page }) => {
    const app = await newApplication(page);
    await serveSorted(page, DOWNSELL);
    await pausedClock(page);
    await page.goto(offersPath(app));
    await expectOffersPageReady(page);
    // Smaller offers show by themselves from the third poll (spec §4).
    for (let poll = 1; poll <= 3; poll++) await nextPoll(page);
    await expect(heading(page)).toHaveText('Lainatarjoukset: 5 kpl');
    const sort = page.getByLabel('Järjestä');
    await expect(sort.locator('option:checked')).toHaveText('Todellinen vuosikorko, pienin ensin');
    const aprs = (await column(page, 'Todellinen vuosikorko')).map(percent);
    expect(aprs).toEqual([6.09, 9.05, 10.4, 10.54, 12.07]);

    await sort.selectOption({ label: 'Kuukausierä, pienin ensin' });
    await expect(tableRows(page).first()).toHaveAttribute('data-offer-id', '805');
    expect((await column(page, 'Kuukausierä')).map((text) => Number(text.replace(/[^\d,]/g, '').replace(',', '.')))).toEqual([99, 190, 240, 262, 301]);

    await sort.selectOption({ label: 'Nimelliskorko, suurin ensin' });
    await expect(tableRows(page).first()).toHaveAttribute('data-offer-id', '804');
    expect((await column(page, 'Nimelliskorko')).map(percent)).toEqual([11.27, 9.74, 9.6, 8.25, 5.29]);

    // The phone's cards follow the same order.
    await page.setViewportSize({ width: 375, height: 800 });
    const cards = page.locator('.offer-card[data-offer-id]');
    expect(await cards.evaluateAll((items) => items.map((item) => item.getAttribute('data-offer-id')))).toEqual(['804', '801', '803', '802', '805']);
  });
});

test.describe('item 6: a broken link, and no mixed states', () => {
  test('an offers link the server does not know says so and stops polling', async ({ page }) => {
    const { id } = await newApplication(page);
    const requests: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/lainavertailu22/offers/')) requests.push(request.url());
    });
    await pausedClock(page);
    await page.goto(`/hakemus/kulutusluotto/0/${id}/wrongtoken`);
    await expect(heading(page)).toHaveText('Hakemusta ei löytynyt');
    await expect(page.getByText('Linkki on virheellinen tai vanhentunut', { exact: false })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Täytä uusi hakemus' })).toHaveAttribute('href', '/hakemus/kulutusluotto/');
    await expect(page.getByText(WAITING_HEADING)).toHaveCount(0);
    await expect(page.getByText(NONE)).toHaveCount(0);
    await expect(page.getByText('Odota hetki. Tarjouksia haetaan...')).toHaveCount(0);
    // A minute on, no more polls: the one answer (404) was the answer.
    await page.clock.runFor(60_000);
    await page.evaluate(() => fetch('/api/health'));
    expect(requests).toHaveLength(1);
    await page.clock.resume();
    await expectNoAxeViolations(page, 'offers link not found');
    await page.setViewportSize({ width: 375, height: 800 });
    await expectNoAxeViolations(page, 'offers link not found, 375 px');
  });

  test('the consumer list never says it is searching beside the verdict', async ({ page }) => {
    const app = await newApplication(page);
    // After the verdict a lender is still pending, then every lender has answered: no offers.
    await scriptAnswers(page, [
      { pending: 8, offers: [] },
      { pending: 4, offers: [] },
      { pending: 2, offers: [] },
      { pending: 0, offers: [] },
    ]);
    await pausedClock(page);
    await page.goto(offersPath(app));
    await expectOffersPageReady(page);
    await nextPoll(page);
    await nextPoll(page);
    await expect(heading(page)).toHaveText(WAITING_HEADING);
    await expect(page.getByText(NONE)).toHaveCount(0);
    await nextPoll(page);
    await expect(heading(page)).toHaveText(NONE);
    await expect(page.getByText(WAITING_HEADING)).toHaveCount(0);
    await expect(page.getByText('Vastausta odotetaan vielä 2 lainanantajalta.')).toBeVisible();
    await nextPoll(page);
    await expect(heading(page)).toHaveText(NONE);
    await expect(page.getByText(WAITING_HEADING)).toHaveCount(0);
  });

  test('the business list waits for more than two polls, then says there are none without "searching"', async ({ page }) => {
    const created = await page.request.post('/api/business-applications/create', { data: validBusiness() });
    expect(created.status()).toBe(200);
    const { id, token } = (await created.json()) as { id: number; token: string };
    // Every financier has answered before the first poll; none made an offer.
    await page.route('**/api/business-applications/offers/**', (route) =>
      route.fulfill({ json: { content: [], totalElements: 0, pendingLenders: 0, totalLenders: 9, dispatched: true } }),
    );
    await pausedClock(page);
    await page.goto(`/hakemus/yritysluotto/3/${id}/${token}`);
    await expectOffersPageReady(page);
    await nextPoll(page);
    await expect(heading(page)).toHaveText(WAITING_HEADING);
    await expect(page.getByText('Odota hetki. Tarjouksia haetaan...')).toBeVisible();
    await expect(page.getByText(NONE)).toHaveCount(0);
    await nextPoll(page);
    await expect(page.getByText(NONE)).toHaveCount(0);
    await nextPoll(page);
    await expect(heading(page)).toHaveText(NONE);
    await expect(page.getByText(WAITING_HEADING)).toHaveCount(0);
    await expect(page.getByText('Odota hetki. Tarjouksia haetaan...')).toHaveCount(0);
    // 30 s on, the same.
    await page.clock.runFor(30_000);
    await expect(heading(page)).toHaveText(NONE);
    await expect(page.getByText(WAITING_HEADING)).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'Mitä voit tehdä nyt?' })).toBeVisible();
    await page.clock.resume();
    await expectNoAxeViolations(page, 'business, no offers');
    await page.setViewportSize({ width: 375, height: 800 });
    await expectNoAxeViolations(page, 'business, no offers, 375 px');
  });
});

test.describe('item 7: an empty result says what to do next', () => {
  for (const brand of ['lainavertailu', 'kattokorko'] as const) {
    test(`${brand}: advice instead of a sort menu over nothing, accessible at 1280 and 375 px`, async ({ page, baseURL }) => {
      const app = await newApplication(page);
      await scriptAnswers(page, [{ pending: 0, offers: [] }]);
      await pausedClock(page);
      await page.goto(`${brandOrigin(baseURL!, brand)}${offersPath(app)}`);
      await expectOffersPageReady(page);
      for (let poll = 1; poll <= 3; poll++) await nextPoll(page);
      await expect(heading(page)).toHaveText(NONE);
      await expect(page.getByText('Lainatarjoukset: 0 kpl')).toHaveCount(0);
      await expect(page.getByLabel('Järjestä')).toHaveCount(0);
      const advice = page.getByRole('region', { name: 'Mitä voit tehdä nyt?' });
      await expect(advice).toBeVisible();
      await expect(advice.getByRole('heading', { name: 'Hae pienempää summaa tai pidemmällä laina-ajalla' })).toBeVisible();
      await expect(advice.getByRole('link', { name: 'Tee uusi hakemus', exact: true })).toHaveAttribute('href', '/hakemus/kulutusluotto/');
      await expect(advice.getByRole('link', { name: 'Tee uusi hakemus kanssahakijan kanssa' })).toBeVisible();
      await expect(advice.getByRole('heading', { name: 'Kysy asiakaspalvelusta' })).toBeVisible();
      await expect(advice.getByRole('link', { name: 'puh. 09 4242 4242' })).toHaveAttribute('href', 'tel:+358942424242');
      await page.clock.resume();
      await expectNoAxeViolations(page, `${brand}, no offers`);
      await page.setViewportSize({ width: 375, height: 800 });
      await expectNoAxeViolations(page, `${brand}, no offers, 375 px`);

      if (brand === 'kattokorko') {
        // The partner banner is a link a person can follow, to a page that says it is a demo.
        const partner = page.getByRole('link', { name: 'Tutustu Vaihtoehtorahoitukseen (esittelysivu)' });
        await partner.click();
        await expect(page).toHaveURL(/\/kumppani\/vaihtoehtorahoitus$/);
        await expect(page.getByRole('heading', { level: 1, name: 'Vaihtoehtorahoitus' })).toBeVisible();
        await expect(page.getByRole('note')).toContainText('esittelyversion kuvitteellinen kumppanisivu');
        await expectNoAxeViolations(page, 'the demo partner page');
      }
    });
  }
});

test.describe('item 8: a picture of what each offer costs', () => {
  const OFFERS: FakeOffer[] = [
    fakeOffer(701, 'aurinkopankki', 'Aurinkopankki', 6.5, { totalAmount: 19870.4, monthlyPayment: 206.99 }),
    fakeOffer(702, 'pohjolan-luotto', 'Pohjolan Luotto', 7.9, { totalAmount: 21010.55, monthlyPayment: 218.86 }),
    fakeOffer(703, 'kaleva-laina', 'Kaleva Laina', 9.4, { totalAmount: 22260, monthlyPayment: 231.88 }),
    fakeOffer(704, 'helmi-laina', 'Helmi Laina', 12.1, { totalAmount: 24500.1, monthlyPayment: 255.21 }),
  ];

  test('a chart of the total repayable and the monthly payment, the smallest marked in words; the table shows the total too', async ({ page }) => {
    const app = await newApplication(page);
    await scriptAnswers(page, [{ pending: 0, offers: OFFERS }]);
    await pausedClock(page);
    await page.goto(offersPath(app));
    await expectOffersPageReady(page);
    await nextPoll(page);
    await expect(heading(page)).toHaveText('Lainatarjoukset: 4 kpl');

    const chart = page.getByRole('figure', { name: 'Tarjoukset kuvana' });
    await expect(chart).toBeVisible();
    const chartTable = chart.getByRole('table', { name: 'Takaisin maksettava yhteensä ja kuukausierä tarjouksittain' });
    const rows = chartTable.locator('tbody tr');
    await expect(rows).toHaveCount(4);
    await expect(rows.nth(0)).toContainText('Aurinkopankki');
    await expect(rows.nth(0)).toContainText('19 870,40 €');
    await expect(rows.nth(0)).toContainText('206,99 € / kk');
    await expect(rows.nth(3)).toContainText('24 500,10 €');
    // The smallest total is marked in words (not by colour alone), once.
    await expect(chart.getByText('Pienin takaisin maksettava summa')).toHaveCount(1);
    await expect(rows.nth(0)).toContainText('Pienin takaisin maksettava summa');
    // The bars are drawn to scale: the largest total is the longest bar.
    const widths = await chartTable.locator('.offers-chart__bar--total').evaluateAll((bars) => bars.map((bar) => bar.getBoundingClientRect().width));
    expect(widths[3]).toBeGreaterThan(widths[0]);
    expect(Math.round((widths[0] / widths[3]) * 100)).toBe(Math.round((19870.4 / 24500.1) * 100));

    // The desktop table shows the total repayable, as the cards and the dialog do.
    expect(await column(page, 'Takaisin maksettava yhteensä')).toEqual(['19 870,40 €', '21 010,55 €', '22 260,00 €', '24 500,10 €']);
    await page.clock.resume();
    await expectNoAxeViolations(page, 'offers with the chart');

    await page.setViewportSize({ width: 375, height: 800 });
    await expect(chart).toBeVisible();
    await expect(page.locator('.offer-card').first()).toContainText('Takaisin maksettava yhteensä');
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
    await expectNoAxeViolations(page, 'offers with the chart, 375 px');
  });
});

test.describe('item 9: offers the server already has show at once', () => {
  test('returning to the offers page lists them without waiting, then polls 5 s and 5.5 s later', async ({ page }) => {
    const app = await newApplication(page);
    await scriptAnswers(page, [{ pending: 3, offers: [fakeOffer(601, 'aurinkopankki', 'Aurinkopankki', 6.5), fakeOffer(602, 'kaleva-laina', 'Kaleva Laina', 7.1)] }]);
    await recordFetchTimes(page);
    await pausedClock(page);
    await page.goto(offersPath(app));
    const opened = await page.evaluate(() => Date.now());
    // The clock has not moved: the offers are there.
    await expect(heading(page)).toHaveText('Lainatarjoukset: 2 kpl');
    await expect(tableRows(page)).toHaveCount(2);
    expect(await page.evaluate(() => Date.now())).toBe(opened);
    expect(await fetchTimes(page)).toEqual([opened]);
    expect(await nextPoll(page)).toBe(1);
    expect(await nextPoll(page)).toBe(2);
    expect(await nextPoll(page)).toBe(3);
    const [first, second, third] = await fetchTimes(page);
    expect([second - first, third - second]).toEqual([5000, 5500]);
  });
});
