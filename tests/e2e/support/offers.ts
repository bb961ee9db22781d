// The offers page under a paused clock: the browser polls only when a test moves its
// time on, and each step waits for the page to show that poll's answer (its
// `data-polls` count), so no test waits for time. Lender answers can be scripted poll
// by poll with page.route, or come from the real server.
import { expect, type Page } from '@playwright/test';

export const API = '/api/lainavertailu22/consumer-applications';
export const OFFERS_API = '**/api/lainavertailu22/offers/**';
export const STEP1 = { loanPurposeId: 16, inputAppliedAmount: 15000, inputAppliedTenor: 8, hasCoApplicant: false, additionalFormData: { step: 1, hasCoApplicant: false } };
/** The simulated marketplace sends every application to this many lenders. */
export const LENDERS = 16;

/** Spec §4 and §9, written out here rather than taken from rules.ts: 5 s, then 500 ms more each poll (after the first poll, which is at once: issue 25). */
export const pollDelay = (pollsDone: number) => 5000 + 500 * pollsDone;

export const brandOrigin = (baseURL: string, brand: 'lainavertailu' | 'kattokorko') =>
  brand === 'kattokorko' ? baseURL.replace('//localhost', '//kattokorko.localhost') : baseURL;

/** A saved (not identified) application: the offers page opens for it, the real API answers with nothing dispatched. */
export async function newApplication(page: Page): Promise<{ id: number; token: string }> {
  const created = await page.request.post(`${API}/save`, { data: STEP1 });
  expect(created.status()).toBe(200);
  return (await created.json()) as { id: number; token: string };
}

export const offersPath = (app: { id: number | string; token: string }) => `/hakemus/kulutusluotto/0/${app.id}/${app.token}`;

export function fakeOffer(id: number, partnerCode: string, partnerName: string, interest: number, extra: Record<string, unknown> = {}) {
  return {
    id,
    partnerCode,
    partnerName,
    amount: 15000,
    totalAmount: 19000,
    tenor: 96,
    interest,
    apr: interest + 0.8,
    monthlyPayment: 190 + interest,
    arrangementFee: 0,
    monthlyFee: 3,
    downsell: false,
    additionalInfo: null,
    lenderInfo: 'Kiinteä kuukausierä koko laina-ajan.',
    buttonText: 'Siirry hakemaan',
    logoUrl: `/images/partners/${partnerCode}.svg`,
    ...extra,
  };
}
export type FakeOffer = ReturnType<typeof fakeOffer>;

/** One poll's answer: how many lenders are still pending and the offers so far. */
export interface Answer {
  pending: number;
  offers: FakeOffer[];
}

/**
 * Answers the page's polls from `answers`, one per poll, the last one again for every
 * later poll; every lender counted, the application dispatched. Returns the requests seen.
 */
export async function scriptAnswers(page: Page, answers: Answer[]): Promise<URL[]> {
  const requests: URL[] = [];
  await page.route(OFFERS_API, async (route) => {
    const url = new URL(route.request().url());
    requests.push(url);
    const answer = answers[Math.min(requests.length, answers.length) - 1];
    await route.fulfill({
      headers: { 'cache-control': 'no-store' },
      json: {
        content: answer.offers,
        page: 0,
        size: 100,
        totalElements: answer.offers.length,
        totalPages: answer.offers.length ? 1 : 0,
        pendingLenders: answer.pending,
        totalLenders: LENDERS,
        dispatched: true,
      },
    });
  });
  return requests;
}

/** Fake timers from the start, paused: nothing the page schedules runs until a test moves time on. */
export async function pausedClock(page: Page): Promise<void> {
  await page.clock.install({ time: new Date('2026-03-02T09:00:00+02:00') });
  await page.clock.pauseAt(new Date('2026-03-02T09:00:01+02:00'));
}

/** Pauses a clock that was installed running (through pages that need time to flow), a second from now. */
export async function pauseNow(page: Page): Promise<void> {
  // A second ahead: the clock runs on while this call travels, and cannot pause in the past.
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
}

const offersRoot = (page: Page) => page.locator('.offers');

export async function pollsShown(page: Page): Promise<number> {
  return Number(await offersRoot(page).getAttribute('data-polls'));
}

/** Waits for the offers page to be there, its poll count shown. */
export async function expectOffersPageReady(page: Page): Promise<void> {
  await expect(offersRoot(page)).toHaveAttribute('data-polls', /^\d+$/);
}

/** The polls each test has stepped to, per page: the page's first poll comes on its own. */
const stepped = new WeakMap<Page, number>();

/**
 * Moves the clock to the page's next poll and waits until the page shows its answer.
 * The first poll is at once (issue 25): it needs no time, only its answer, and may be
 * there before the test asks; the first call returns it. After poll n the next one is
 * `pollDelay(n - 1)` later; a poll's answer is rendered after the page has set the timer
 * of the next one, so once `data-polls` reads n, moving on by that delay reaches poll n + 1.
 */
export async function nextPoll(page: Page): Promise<number> {
  const done = await pollsShown(page);
  // A page opened anew (its count below what the test reached) starts again.
  const reached = stepped.get(page) ?? 0;
  const seen = done < reached ? 0 : reached;
  if (done === 0 || (done === 1 && seen === 0)) {
    await expect(offersRoot(page), 'the first poll is at once').toHaveAttribute('data-polls', '1');
    stepped.set(page, 1);
    return 1;
  }
  await page.clock.runFor(pollDelay(done - 1));
  await expect(offersRoot(page), `poll ${done + 1} comes ${pollDelay(done - 1)} ms after poll ${done} (polling has not stopped)`).toHaveAttribute(
    'data-polls',
    String(done + 1),
  );
  stepped.set(page, done + 1);
  return done + 1;
}

/**
 * Notes the page's own clock at every offers request it makes. Under a paused clock the
 * figures are exact: time moves only when a test moves it.
 */
export async function recordFetchTimes(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const record = window as unknown as { offersFetchedAt: number[] };
    record.offersFetchedAt = [];
    const original = window.fetch.bind(window);
    window.fetch = (input, init) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      if (url.includes('/api/lainavertailu22/offers/')) record.offersFetchedAt.push(Date.now());
      return original(input, init);
    };
  });
}

export const fetchTimes = (page: Page) => page.evaluate(() => (window as unknown as { offersFetchedAt: number[] }).offersFetchedAt);
