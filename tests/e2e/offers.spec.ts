// Step 0, the offers list, in Chromium against the real server, reached through the
// whole journey: apply, identify at the development provider, finish.
import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.ts';
import { validApplication } from '../fixtures/consumer-valid.ts';
import { personalIdOfAge } from '../fixtures/personal-id.ts';
import { fillFinish, IDENTIFY, primaryBasics, step } from './support/application.ts';
import { completeIdentification } from './support/identify.ts';
import { holdRequests } from './support/held-requests.ts';
import { reachStep } from './support/journey.ts';
import { API, expectOffersPageReady, fakeOffer, fetchTimes, newApplication, nextPoll, offersPath, pausedClock, recordFetchTimes, STEP1 } from './support/offers.ts';
import { carrySession } from './support/session.ts';
const OFFERS_PATH = /\/hakemus\/kulutusluotto\/0\/\d+\/[A-Za-z0-9_-]{43}$/;

/** Apply through the UI, identify, finish: the page ends on the offers list. */
async function applyAndIdentify(page: Page, origin = ''): Promise<void> {
  await reachStep(page, 7, { origin });
  await fillFinish(page);
  await step(page, 7).getByRole('button', { name: IDENTIFY }).click();
  await expect(page).toHaveURL(/\/authentication\//);
  await completeIdentification(page, { primary: String(primaryBasics.primaryApplicantPersonalIdentificationNumber) });
  await expect(page).toHaveURL(OFFERS_PATH, { timeout: 30_000 });
}

async function visibleRows(page: Page) {
  return page.locator('.offers__table tr[data-offer-id]:visible');
}

interface ApiOffer {
  id: number;
  amount: number;
  interest: number;
  monthlyPayment: number;
  downsell: boolean;
}
interface ApiPage {
  content: ApiOffer[];
  pendingLenders: number;
  dispatched: boolean;
}

/** The offers API as the page asks it, from Node (the same server whatever the host). */
async function offersApi(page: Page, id: string, token: string, sort = 'apr,asc'): Promise<ApiPage> {
  const answer = await page.request.get(`/api/lainavertailu22/offers/${id}/${token}?page=0&size=100&sort=amount,desc&sort=${sort}`);
  expect(answer.status()).toBe(200);
  return (await answer.json()) as ApiPage;
}

const credentialsOf = (url: string) => {
  const [, id, token] = /\/0\/(\d+)\/([A-Za-z0-9_-]{43})$/.exec(url)!;
  return { id, token };
};

/** Spec §9, written out here rather than taken from rules.ts: 0.85 % of the largest amount, in cents. */
const expectedPurchaseValue = (offers: Array<{ amount: number }>) => Math.round(Math.max(...offers.map((offer) => offer.amount)) * 0.85) / 100;

const purchasesOf = (page: Page) =>
  page.evaluate(() => ((window as { dataLayer?: Array<{ event?: string }> }).dataLayer ?? []).filter((e) => e.event === 'purchase'));

/** Lets React run the effects of what was just rendered. */
const settle = (page: Page) => page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 50))));

const shownIds = async (page: Page) => (await page.locator('.offers__table tr[data-offer-id]').evaluateAll((rows) => rows.map((row) => Number(row.getAttribute('data-offer-id')))));

test.describe('offers after identification', () => {

  test('offers arrive while polling, sort, accept opens the lender page in a new window', async ({ page, context }) => {
    test.setTimeout(150_000);
    await page.addInitScript(() => ((window as { dataLayer?: unknown[] }).dataLayer = []));
    // The lenders answer here in 1–4.5 s and the first poll goes at once: on a loaded machine the
    // offers came with it, and the wait was gone before it was looked at. The polls are held
    // until the page has been seen waiting.
    const polls = await holdRequests(page, /\/api\/lainavertailu22\/offers\//);
    await applyAndIdentify(page);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Haetaan tarjouksia...');
    await expect(page.getByText('Odota hetki. Tarjouksia haetaan...')).toBeVisible();
    polls.release();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Lainatarjoukset: [1-9]\d* kpl$/, { timeout: 60_000 });
    const rows = await visibleRows(page);
    await expect(rows.first()).toBeVisible();

    // The purchase event waits for the final list: every lender has answered.
    const { id, token } = credentialsOf(page.url());
    await expect(page.getByText(/Vastausta odotetaan vielä/)).toHaveCount(0, { timeout: 60_000 });
    const final = await offersApi(page, id, token);
    expect(final).toMatchObject({ dispatched: true, pendingLenders: 0 });
    await expect.poll(() => purchasesOf(page)).toHaveLength(1);
    expect(await purchasesOf(page)).toEqual([{ event: 'purchase', ecommerce: { transaction_id: id, value: expectedPurchaseValue(final.content), currency: 'EUR' } }]);

    await expectNoAxeViolations(page, 'offers list');

    // Sorting by monthly payment, largest first: the request keeps spec §7's amount,desc first,
    // the rows follow the label (issue 25), the larger amount first among equal payments.
    const before = await shownIds(page);
    const sorted = page.waitForRequest((request) => request.url().includes('sort=monthlyPayment%2Cdesc') || request.url().includes('sort=monthlyPayment,desc'));
    await page.getByLabel('Järjestä').selectOption({ label: 'Kuukausierä, suurin ensin' });
    const request = await sorted;
    expect(new URL(request.url()).searchParams.getAll('sort')).toEqual(['amount,desc', 'monthlyPayment,desc']);
    // The same offers, largest payment first whatever their amounts.
    const bySort = (await offersApi(page, id, token, 'monthlyPayment,desc')).content;
    const expectedOrder = bySort
      .filter((offer) => before.includes(offer.id))
      .sort((a, b) => b.monthlyPayment - a.monthlyPayment || b.amount - a.amount)
      .map((offer) => offer.id);
    await expect.poll(() => shownIds(page)).toEqual(expectedOrder);
    if (new Set(bySort.filter((offer) => before.includes(offer.id)).map((offer) => offer.monthlyPayment)).size > 1) expect(expectedOrder).not.toEqual(before);
    // A re-sorted list is no new purchase.
    await settle(page);
    expect(await purchasesOf(page)).toHaveLength(1);

    await page.getByRole('button', { name: 'Tietoa koroista' }).click();
    const info = page.getByRole('dialog', { name: 'Tietoa koroista' });
    await expect(info).toContainText('20 prosenttia');
    await page.keyboard.press('Escape');
    await expect(info).toBeHidden();

    const first = rows.first();
    const lender = await first.locator('img').getAttribute('alt');
    await first.getByRole('button', { name: /^Valitse tarjous/ }).click();
    const dialog = page.getByRole('dialog', { name: `Valitsemasi tarjous: ${lender}` });
    await expect(dialog).toBeVisible();
    await expectNoAxeViolations(page, 'accept dialog');
    const popup = context.waitForEvent('page');
    await dialog.locator('.modal__footer button').click();
    const lenderPage = await popup;
    // The lender window is open: the dialog is closed over the list.
    await expect(dialog).toBeHidden();
    await expect(first).toBeVisible();
    await expect(lenderPage).toHaveURL(/\/lainaaja\/[a-z0-9-]+\/\d+\/[A-Za-z0-9_-]{43}$/);
    await expect(lenderPage.getByRole('heading', { level: 1 })).toHaveText('Valitsemasi lainatarjous');
    await expect(lenderPage.getByText('simuloitu kumppanisivu')).toBeVisible();
    await expect(lenderPage.getByRole('img', { name: lender! })).toBeVisible();
    await expectNoAxeViolations(lenderPage, 'lender page');

    await page.setViewportSize({ width: 375, height: 800 });
    await expect(page.locator('.offer-card').first()).toBeVisible();
    await expect(page.locator('.offers__table')).toBeHidden();
    await expectNoAxeViolations(page, 'offers list at 375 px');
  });

  test('second brand: real offers above 10 % are hidden until asked', async ({ page, baseURL }) => {
    test.setTimeout(150_000);
    // An applicant of 35 is within every lender's age range, so the high-appetite lenders
    // (nominal rates from 10.5 % up) answer beside the cheap ones. Saved through the API,
    // identified in the browser on the second brand's host.
    const personalId = personalIdOfAge(35, 402);
    const created = await page.request.post(`${API}/save`, {
      data: { ...validApplication(), primaryApplicantPersonalIdentificationNumber: personalId, brand: 'kattokorko', additionalFormData: { step: 7, hasCoApplicant: false } },
    });
    expect(created.status(), await created.text()).toBe(200);
    const { id, token } = (await created.json()) as { id: number; token: string };
    const origin = baseURL!.replace('//localhost', '//kattokorko.localhost');
    await carrySession(page, baseURL!, origin);
    await page.goto(`${origin}/hakemus/kulutusluotto/authentication/${id}/${token}`);
    await completeIdentification(page, { primary: personalId });
    await expect(page.locator('html')).toHaveAttribute('data-brand', 'kattokorko');

    await expect.poll(async () => (await offersApi(page, String(id), String(token))).pendingLenders, { timeout: 60_000 }).toBe(0);
    const { content } = await offersApi(page, String(id), String(token));
    const regular = content.filter((offer) => !offer.downsell);
    // Three or more regular offers: downsell ones stay hidden, only the 10 % rule is at work.
    expect(regular.length).toBeGreaterThanOrEqual(3);
    const low = regular.filter((offer) => offer.interest <= 10);
    const high = regular.filter((offer) => offer.interest > 10);
    expect(low.length).toBeGreaterThan(0);
    expect(high.length).toBeGreaterThan(0);

    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Lainatarjoukset: ${low.length} kpl`, { timeout: 20_000 });
    await expect(page.getByText(`Piilotimme ${high.length} tarjousta, joiden nimelliskorko on yli 10 %.`)).toBeVisible();
    const interests = async () =>
      (await page.locator('.offers__table tr[data-offer-id] td:nth-child(4)').allTextContents()).map((text) => Number(text.replace(/[^\d,]/g, '').replace(',', '.')));
    const shown = await interests();
    expect(shown).toHaveLength(low.length);
    for (const interest of shown) expect(interest).toBeLessThanOrEqual(10);
    expect(await shownIds(page)).toEqual(low.map((offer) => offer.id));

    await page.getByRole('button', { name: 'Näytä lisää lainatarjouksia' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Lainatarjoukset: ${regular.length} kpl`);
    await expect(page.locator('.offers__table tr[data-offer-id]')).toHaveCount(regular.length);
    expect((await interests()).filter((interest) => interest > 10)).toHaveLength(high.length);
    await expect(page.getByRole('button', { name: 'Näytä lisää lainatarjouksia' })).toHaveCount(0);
  });
});

test.describe('offers list before the lenders answer', () => {
  // The page's clock is paused: it polls when the test moves time on (support/offers.ts).
  test('while waiting: the wait text, where the application is, no advert; accessible at 375 px', async ({ page }) => {
    const app = await newApplication(page);
    await page.setViewportSize({ width: 375, height: 800 });
    await pausedClock(page);
    await page.goto(offersPath(app));
    await expectOffersPageReady(page);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Haetaan tarjouksia...');
    await expect(page.getByText('Odota hetki. Tarjouksia haetaan...')).toBeVisible();
    // Saved, not yet identified: the first poll (at once) finds nothing dispatched.
    await nextPoll(page);
    await expect(page.getByText('Hakemuksesi välitetään lainanantajille.')).toBeVisible();
    // No advert while waiting (the business credit is promoted only beside offers).
    await expect(page.getByText('Mainos')).toHaveCount(0);
    // axe needs the page's timers: the clock runs from here (a poll may come, the page still waits).
    await page.clock.resume();
    await expectNoAxeViolations(page, 'offers page, waiting, 375 px');
  });

  test('polls on the spec’s schedule, then says there are no offers', async ({ page }) => {
    const app = await newApplication(page);
    const polls: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/lainavertailu22/offers/')) polls.push(request.url());
    });
    await recordFetchTimes(page);
    await pausedClock(page);
    await page.goto(offersPath(app));
    await expectOffersPageReady(page);
    const opened = await page.evaluate(() => Date.now());
    await nextPoll(page);
    await nextPoll(page);
    await expect(page.getByText('Odota hetki. Tarjouksia haetaan...')).toBeVisible();
    await nextPoll(page);
    await expect(page.getByText('Ei lainatarjouksia')).toBeVisible();
    await expect(page.getByText('Odota hetki. Tarjouksia haetaan...')).toHaveCount(0);
    await expect(page.getByText('Mainos')).toHaveCount(0);
    // Three polls: at once (issue 25), then 5 s, then 5.5 s later (the page's clock moved only for them).
    expect(polls).toHaveLength(3);
    const [first, second, third] = await fetchTimes(page);
    expect(first).toBe(opened);
    expect([second - first, third - second]).toEqual([5000, 5500]);
    expect(new URL(polls[0]).searchParams.getAll('sort')).toEqual(['amount,desc', 'apr,asc']);
  });

  test('second brand shows its sponsored banner when there are no offers', async ({ page, baseURL }) => {
    const { id, token } = await newApplication(page);
    const origin = baseURL!.replace('//localhost', '//kattokorko.localhost');
    await pausedClock(page);
    await page.goto(`${origin}/hakemus/kulutusluotto/0/${id}/${token}`);
    await expectOffersPageReady(page);
    for (let poll = 1; poll <= 3; poll++) await nextPoll(page);
    await expect(page.getByText('Ei lainatarjouksia')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Kokeile myös vaihtoehtoista rahoittajaa' })).toBeVisible();
    await page.clock.resume();
    await expectNoAxeViolations(page, 'second brand, no offers');
  });

  // A wrong token is a broken link, not an empty list (issue 25): offers-clarity.spec.ts.
});

// The list's rules in the browser on a fixed set of offers: the real API answers each
// poll and the browser sees these offers in its place (the lenders' answers depend on
// the applicant, these exercise every branch). Accepting still goes to the real API,
// which refuses these made-up offer ids; the page stays usable.
test.describe('offers list rules in the browser', () => {
  const offer = fakeOffer;
  const OFFERS = [
    offer(901, 'aurinkopankki', 'Aurinkopankki', 6.5),
    offer(902, 'pohjolan-luotto', 'Pohjolan Luotto', 9.9),
    offer(903, 'kaleva-laina', 'Kaleva Laina', 12.4),
    offer(904, 'tunturi-raha', 'Tunturiraha', 16.9),
  ];

  async function openWith(page: Page, offers: unknown[], origin = ''): Promise<void> {
    const created = await page.request.post(`${API}/save`, { data: STEP1 });
    const { id, token } = (await created.json()) as { id: number; token: string };
    await page.route('**/api/lainavertailu22/offers/**', async (route) => {
      // Node cannot resolve kattokorko.localhost; the browser can. The same server either way.
      const real = await route.fetch({ url: route.request().url().replace('//kattokorko.localhost', '//localhost') });
      const body = (await real.json()) as Record<string, unknown>;
      await route.fulfill({ response: real, json: { ...body, content: offers, totalElements: offers.length, dispatched: true, pendingLenders: 0 } });
    });
    await page.goto(`${origin}/hakemus/kulutusluotto/0/${id}/${token}`);
  }

  test('first brand: every offer, the cheapest badge, accessible with the dialog open at 375 px', async ({ page }) => {
    await page.addInitScript(() => ((window as { dataLayer?: unknown[] }).dataLayer = []));
    await openWith(page, OFFERS);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Lainatarjoukset: 4 kpl', { timeout: 15_000 });
    await expect(page.locator('.offers__table tr[data-offer-id]')).toHaveCount(4);
    await expect(page.locator('.offers__table tr[data-offer-id]').first()).toContainText('Halvin todellinen vuosikorko');
    await expect(page.locator('.offers__table .offers__badge')).toHaveCount(1);
    await expect(page.locator('.offers__table tr[data-offer-id]').first()).toContainText('15 000 €');
    await expect(page.locator('.offers__table tr[data-offer-id]').first()).toContainText('8 v');
    await expect(page.locator('.offers__table tr[data-offer-id]').first()).toContainText('6,50 %');
    const purchases = await page.evaluate(() => ((window as { dataLayer?: Array<{ event?: string }> }).dataLayer ?? []).filter((e) => e.event === 'purchase'));
    expect(purchases).toEqual([{ event: 'purchase', ecommerce: { transaction_id: expect.any(String), value: 127.5, currency: 'EUR' } }]);
    // Spec §2: the business credit is promoted as the list's first row, marked as an advertisement.
    const promoted = page.locator('.offers__table tbody tr').first();
    await expect(promoted).not.toHaveAttribute('data-offer-id');
    await expect(promoted).toContainText('Mainos');
    await expect(promoted).toContainText('Yritykselle: joustava yritysluotto');
    await expectNoAxeViolations(page, 'offers list with offers');

    await page.setViewportSize({ width: 375, height: 800 });
    await expect(page.locator('.offers__table')).toBeHidden();
    await expect(page.locator('.offer-card')).toHaveCount(4);
    await expect(page.locator('.offers__cards > li').first()).toContainText('Mainos');
    await expectNoAxeViolations(page, 'offer cards at 375 px');
    await page.locator('.offer-card').first().getByRole('button', { name: 'Valitse tarjous: Aurinkopankki' }).click();
    const dialog = page.getByRole('dialog', { name: 'Valitsemasi tarjous: Aurinkopankki' });
    await expect(dialog).toContainText('Takaisin maksettava yhteensä');
    await expectNoAxeViolations(page, 'accept dialog at 375 px');

    // Spec §4: the close icon fires the same accept call.
    const accept = page.waitForRequest((request) => request.method() === 'POST' && request.url().includes('/consumer-applications/offers/'));
    await dialog.getByRole('button', { name: 'Sulje' }).click();
    expect((await accept).postDataJSON()).toEqual({ offerId: 901 });
    await expect(dialog).toBeHidden();
    await expect(page.locator('.offers[data-accept-failed]')).toBeAttached();
    await expect(page.locator('.offer-card')).toHaveCount(4);
  });

  test('the purchase event waits for the final list and counts its largest offer, once per session', async ({ page }) => {
    test.setTimeout(60_000);
    await page.addInitScript(() => ((window as { dataLayer?: unknown[] }).dataLayer = []));
    const early = [offer(911, 'tunturi-raha', 'Tunturiraha', 9.5, { amount: 4000 })];
    const final = [...early, offer(912, 'aurinkopankki', 'Aurinkopankki', 6.5, { amount: 15000 }), offer(913, 'kaleva-laina', 'Kaleva Laina', 7.1, { amount: 14500 })];
    const created = await page.request.post(`${API}/save`, { data: STEP1 });
    const { id, token } = (await created.json()) as { id: number; token: string };
    let polls = 0;
    // First answer: one small offer while two lenders are pending; then the final list.
    await page.route('**/api/lainavertailu22/offers/**', async (route) => {
      polls += 1;
      const real = await route.fetch();
      const body = (await real.json()) as Record<string, unknown>;
      const offers = polls === 1 ? early : final;
      await route.fulfill({ response: real, json: { ...body, content: offers, totalElements: offers.length, dispatched: true, pendingLenders: polls === 1 ? 2 : 0 } });
    });
    await page.goto(`/hakemus/kulutusluotto/0/${id}/${token}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Lainatarjoukset: 1 kpl', { timeout: 15_000 });
    await expect(page.getByText('Vastausta odotetaan vielä 2 lainanantajalta.')).toBeVisible();
    await settle(page);
    expect(await purchasesOf(page)).toEqual([]);

    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Lainatarjoukset: 3 kpl', { timeout: 15_000 });
    await expect.poll(() => purchasesOf(page)).toHaveLength(1);
    expect(await purchasesOf(page)).toEqual([{ event: 'purchase', ecommerce: { transaction_id: String(id), value: expectedPurchaseValue(final), currency: 'EUR' } }]);
    expect(expectedPurchaseValue(final)).not.toBe(expectedPurchaseValue(early));

    // Reloaded in the same tab (the same browser session): the list again, no second event.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Lainatarjoukset: 3 kpl', { timeout: 15_000 });
    await settle(page);
    expect(await purchasesOf(page)).toEqual([]);
  });

  test('a sort change fetches at once and restarts the poll schedule at 5 s', async ({ page }) => {
    const { id, token } = await newApplication(page);
    const sorts: string[] = [];
    // A lender stays pending, so the page keeps polling: 5 s, then 5.5 s, then 6 s …
    await page.route('**/api/lainavertailu22/offers/**', async (route) => {
      sorts.push(new URL(route.request().url()).searchParams.getAll('sort')[1]);
      await route.fulfill({ json: { content: OFFERS, totalElements: OFFERS.length, dispatched: true, pendingLenders: 1, totalLenders: 16 } });
    });
    await recordFetchTimes(page);
    await pausedClock(page);
    await page.goto(`/hakemus/kulutusluotto/0/${id}/${token}`);
    await expectOffersPageReady(page);
    await nextPoll(page);
    await nextPoll(page);
    const [first, second] = await fetchTimes(page);
    // The first poll at once (issue 25), the second 5 s later.
    expect(second - first).toBe(5000);
    // 4 s after the second poll: the old schedule would poll again 1.5 s from here.
    await page.clock.runFor(4000);
    await page.getByLabel('Järjestä').selectOption({ label: 'Nimelliskorko, pienin ensin' });
    await expect.poll(() => sorts.length).toBe(3);
    expect(sorts[2]).toBe('interest,asc');
    const changed = (await fetchTimes(page))[2];
    expect(changed - second).toBe(4000);
    // The next poll comes 5 s after the change, in the new order; none came at the old time.
    await page.clock.runFor(5000);
    await expect(page.locator('.offers')).toHaveAttribute('data-polls', '3');
    expect(sorts).toEqual(['apr,asc', 'apr,asc', 'interest,asc', 'interest,asc']);
    expect((await fetchTimes(page))[3] - changed).toBe(5000);
  });

  test('second brand hides offers above 10 % until asked', async ({ page, baseURL }) => {
    await openWith(page, OFFERS, baseURL!.replace('//localhost', '//kattokorko.localhost'));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Lainatarjoukset: 2 kpl', { timeout: 15_000 });
    await expect(page.getByText('Piilotimme 2 tarjousta, joiden nimelliskorko on yli 10 %.')).toBeVisible();
    await expect(page.locator('.offers__table tr[data-offer-id]')).toHaveCount(2);
    await page.getByRole('button', { name: 'Näytä lisää lainatarjouksia' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Lainatarjoukset: 4 kpl');
    await expect(page.locator('.offers__table tr[data-offer-id]')).toHaveCount(4);
  });

  test('second brand, every offer above 10 %: says so, offers the rest and its banner', async ({ page, baseURL }) => {
    await openWith(page, OFFERS.slice(2), baseURL!.replace('//localhost', '//kattokorko.localhost'));
    await expect(page.getByText('Emme saaneet yhtään tarjousta, jonka nimelliskorko olisi enintään 10 %', { exact: false })).toBeVisible({ timeout: 15_000 });
    await expect(page.getByText('Tarjoukset eivät sido sinua.', { exact: false })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Kokeile myös vaihtoehtoista rahoittajaa' })).toBeVisible();
    await expectNoAxeViolations(page, 'second brand, all filtered');
    await page.getByRole('button', { name: 'Näytä lisää lainatarjouksia' }).click();
    await expect(page.locator('.offers__table tr[data-offer-id]')).toHaveCount(2);
  });

  test('one regular offer and smaller ones: the smaller ones wait for the button', async ({ page }) => {
    await openWith(page, [OFFERS[0], offer(905, 'helmi-laina', 'Helmi Laina', 8, { downsell: true, amount: 9000 })]);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Lainatarjoukset: 1 kpl', { timeout: 15_000 });
    await page.getByRole('button', { name: 'Näytä pienemmät lainatarjoukset' }).click();
    await expect(page.locator('.offers__table tr[data-offer-id]')).toHaveCount(2);
    await expect(page.locator('.offers__table tr[data-offer-id]').nth(1)).toContainText('Pienempi kuin hakemasi summa');
  });
});
