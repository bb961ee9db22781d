// Issue 11, item 1: the offers page follows spec §4 whatever the lenders' timing. The
// wait text is for fewer than three polls; from the third poll on the list, the
// downsell rule and the empty state (with the second brand's banner) show, also when
// every lender answered before the first poll. While waiting, the page says how many
// lenders have answered out of how many.
//
// Lender timing is scripted poll by poll (page.route) on both brands for an applicant
// who gets only smaller (downsell) offers and one who gets none; two more tests run the
// real marketplace end to end. The browser's clock is paused: polls happen when a test
// moves time on, and every step waits for the page to show that poll's answer.
import { expect, test, type Page } from '@playwright/test';
import { validApplication } from '../fixtures/consumer-valid.ts';
import { personalIdOfAge } from '../fixtures/personal-id.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { completeIdentification } from './support/identify.ts';
import {
  API,
  brandOrigin,
  expectOffersPageReady,
  fakeOffer,
  LENDERS,
  newApplication,
  nextPoll,
  offersPath,
  pauseNow,
  pausedClock,
  pollsShown,
  scriptAnswers,
  type Answer,
  type FakeOffer,
} from './support/offers.ts';

type Brand = 'lainavertailu' | 'kattokorko';
const BRANDS: Brand[] = ['lainavertailu', 'kattokorko'];

const WAIT = 'Odota hetki. Tarjouksia haetaan...';
const NONE = 'Ei lainatarjouksia';
const SMALLER = 'Pienempi kuin hakemasi summa';
const BANNER = 'Kokeile myös vaihtoehtoista rahoittajaa';
const progressText = (answered: number) => `${answered}/${LENDERS} lainanantajaa on vastannut.`;

// Smaller offers only, every one at most 10 % (the second brand's filter lets them through).
const DOWNSELL: FakeOffer[] = [
  fakeOffer(951, 'aurinkopankki', 'Aurinkopankki', 5.2, { downsell: true, amount: 9000 }),
  fakeOffer(952, 'pohjolan-luotto', 'Pohjolan Luotto', 6.9, { downsell: true, amount: 8000 }),
  fakeOffer(953, 'kaleva-laina', 'Kaleva Laina', 4.6, { downsell: true, amount: 10000 }),
  fakeOffer(954, 'helmi-laina', 'Helmi Laina', 7.4, { downsell: true, amount: 7500 }),
  fakeOffer(955, 'koivu-rahoitus', 'Koivu Rahoitus', 8.1, { downsell: true, amount: 6000 }),
  fakeOffer(956, 'virta-rahoitus', 'Virta Rahoitus', 7.2, { downsell: true, amount: 9500 }),
];

interface Applicant {
  name: string;
  /** The offers there are once `answered` of the lenders have answered. */
  offersAfter(answered: number): FakeOffer[];
}
const APPLICANTS: Applicant[] = [
  { name: 'downsell-only applicant', offersAfter: (answered) => DOWNSELL.slice(0, Math.floor((DOWNSELL.length * answered) / LENDERS)) },
  { name: 'applicant with no offers', offersAfter: () => [] },
];

/** Pending lenders at each poll; the last figure holds for every later poll. */
const TIMINGS: Array<{ name: string; pending: number[] }> = [
  { name: 'every lender answers before the first poll', pending: [0] },
  { name: 'some lenders answer after the third poll', pending: [10, 6, 3, 0] },
  { name: 'no lender answers before the third poll', pending: [LENDERS, LENDERS, LENDERS, 8, 0] },
];

const heading = (page: Page) => page.getByRole('heading', { level: 1 });
const rows = (page: Page) => page.locator('.offers__table tr[data-offer-id]');
const promotedRow = (page: Page) => page.locator('.offers__table tbody.offers__promoted');

/** What the page must show after poll `poll`, given that poll's answer. */
async function expectPoll(page: Page, brand: Brand, poll: number, answer: Answer): Promise<void> {
  const answered = LENDERS - answer.pending;
  if (poll < 3) {
    // Waiting: progress a person can read, nothing listed, no verdict, no advert.
    await expect(page.getByText(progressText(answered))).toBeVisible();
    await expect(heading(page)).toHaveText('Haetaan tarjouksia...');
    await expect(page.getByText(WAIT)).toBeVisible();
    await expect(page.locator('.offers__progress-bar')).toHaveJSProperty('value', answered);
    await expect(rows(page)).toHaveCount(0);
    await expect(page.getByText(NONE)).toHaveCount(0);
    await expect(page.getByText('Mainos')).toHaveCount(0);
    return;
  }
  // From the third poll on: the verdict, whatever the lenders' timing.
  if (answer.offers.length > 0) {
    await expect(heading(page)).toHaveText(`Lainatarjoukset: ${answer.offers.length} kpl`);
    await expect(rows(page)).toHaveCount(answer.offers.length);
    for (const row of await rows(page).all()) await expect(row).toContainText(SMALLER);
    await expect(promotedRow(page)).toContainText('Mainos');
    await expect(page.getByText(NONE)).toHaveCount(0);
    await expect(page.getByRole('heading', { name: BANNER })).toHaveCount(0);
  } else {
    // The verdict is the title, never beside 'Haetaan tarjouksia...' (issue 25), lenders pending or not.
    await expect(heading(page)).toHaveText(NONE);
    await expect(page.getByText('Haetaan tarjouksia...')).toHaveCount(0);
    await expect(rows(page)).toHaveCount(0);
    await expect(promotedRow(page)).toHaveCount(0);
    if (brand === 'kattokorko') await expect(page.getByRole('heading', { name: BANNER })).toBeVisible();
    else await expect(page.getByText('Mainos')).toHaveCount(0);
  }
  await expect(page.getByText(WAIT)).toHaveCount(0);
  if (answer.pending > 0) await expect(page.getByText(`Vastausta odotetaan vielä ${answer.pending} lainanantajalta.`)).toBeVisible();
  else await expect(page.getByText(/Vastausta odotetaan vielä/)).toHaveCount(0);
}

/**
 * Polling has stopped: a long while later the only request is one the page makes on
 * request (something observable, so the absence of polls in between is real; an empty
 * list has no sort menu to change, issue 25).
 */
async function expectPollingStopped(page: Page, requests: URL[], polls: number): Promise<void> {
  await page.clock.runFor(120_000);
  await page.evaluate((path) => fetch(path).catch(() => undefined), `${new URL(requests[0]).pathname}?probe=1`);
  await expect.poll(() => requests.length).toBe(polls + 1);
  expect(requests[polls].searchParams.get('probe')).toBe('1');
  expect(await pollsShown(page)).toBe(polls);
}

test.describe('offers page, whatever the lenders’ timing (scripted answers)', () => {
  for (const brand of BRANDS) {
    for (const applicant of APPLICANTS) {
      for (const timing of TIMINGS) {
        test(`${brand}, ${applicant.name}: ${timing.name}`, async ({ page, baseURL }) => {
          const answers: Answer[] = timing.pending.map((pending) => ({ pending, offers: applicant.offersAfter(LENDERS - pending) }));
          const app = await newApplication(page);
          const requests = await scriptAnswers(page, answers);
          await pausedClock(page);
          await page.goto(`${brandOrigin(baseURL!, brand)}${offersPath(app)}`);
          await expect(page.locator('html')).toHaveAttribute('data-brand', brand);
          await expectOffersPageReady(page);

          const polls = Math.max(answers.length, 3);
          for (let poll = 1; poll <= polls; poll++) {
            expect(await nextPoll(page)).toBe(poll);
            await expectPoll(page, brand, poll, answers[Math.min(poll, answers.length) - 1]);
          }
          expect(requests).toHaveLength(polls);
          await expectPollingStopped(page, requests, polls);
        });
      }
    }
  }
});

test('the progress while waiting is accessible, at 375 px too', async ({ page }) => {
  const app = await newApplication(page);
  await scriptAnswers(page, [{ pending: 9, offers: [] }]);
  await pausedClock(page);
  await page.goto(offersPath(app));
  await expectOffersPageReady(page);
  await nextPoll(page);
  await expect(page.getByText(progressText(7))).toBeVisible();
  // axe needs the page's timers: the clock runs from here (the page still waits at the next poll).
  await page.clock.resume();
  await expectNoAxeViolations(page, 'offers page, lenders answering');
  await page.setViewportSize({ width: 375, height: 800 });
  await expectNoAxeViolations(page, 'offers page, lenders answering, 375 px');
});

// The real marketplace: identified applications, real lenders (in the e2e server every
// lender answers within about 5 s of the dispatch, before the page's first poll).
test.describe('offers page on the real marketplace, every lender answering before the third poll', () => {
  interface Real {
    brand: Brand;
    name: string;
    data: Record<string, unknown>;
  }
  const REAL: Real[] = [
    {
      brand: 'lainavertailu',
      name: 'downsell-only applicant',
      // 70 000 € on a modest income: every lender that answers offers less than asked.
      data: {
        inputAppliedAmount: 70000,
        primaryApplicantGrossMonthlyIncome: 3000,
        primaryApplicantNetMonthlyIncome: 2300,
        primaryApplicantPersonalIdentificationNumber: personalIdOfAge(35, 404),
      },
    },
    {
      brand: 'kattokorko',
      name: 'applicant with no offers',
      // Older than any lender lends to: every lender declines.
      data: { primaryApplicantPersonalIdentificationNumber: personalIdOfAge(80, 406) },
    },
  ];

  for (const real of REAL) {
    test(`${real.brand}, ${real.name}`, async ({ page, baseURL }) => {
      test.setTimeout(90_000);
      const personalId = String(real.data.primaryApplicantPersonalIdentificationNumber);
      // Saved by the page itself, so its session cookie is the browser's own (with partner frames
      // allowed it is partitioned; one put in by the API client would not be, and would linger
      // beside the one identification renews).
      await page.goto(`${brandOrigin(baseURL!, real.brand)}/hakemus/kulutusluotto/`);
      const { status, id, token } = await page.evaluate(
        async ({ url, body }) => {
          const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
          return { status: response.status, ...((await response.json()) as { id: number; token: string }) };
        },
        { url: `${API}/save`, body: { ...validApplication(), ...real.data, brand: real.brand, additionalFormData: { step: 7, hasCoApplicant: false } } },
      );
      expect(status).toBe(200);
      const requests: URL[] = [];
      page.on('request', (request) => {
        if (request.url().includes('/api/lainavertailu22/offers/')) requests.push(new URL(request.url()));
      });
      // The clock runs through identification (its pages need time to flow) and stops on the offers page.
      await page.clock.install();
      await page.goto(`${brandOrigin(baseURL!, real.brand)}/hakemus/kulutusluotto/authentication/${id}/${token}`);
      await completeIdentification(page, { primary: personalId });
      await expectOffersPageReady(page);
      await pauseNow(page);
      await expect(page.locator('html')).toHaveAttribute('data-brand', real.brand);

      // Every lender answers (the server says so) while the page has made fewer than three polls.
      const api = async () => {
        const answer = await page.request.get(`/api/lainavertailu22/offers/${id}/${token}?page=0&size=100&sort=amount,desc&sort=apr,asc`);
        expect(answer.status()).toBe(200);
        return (await answer.json()) as { content: Array<{ downsell: boolean }>; pendingLenders: number; totalLenders: number; dispatched: boolean };
      };
      await expect.poll(async () => (await api()).pendingLenders, { timeout: 30_000 }).toBe(0);
      const final = await api();
      expect(final).toMatchObject({ dispatched: true, totalLenders: LENDERS });
      expect(await pollsShown(page)).toBeLessThan(3);
      if (real.name.startsWith('downsell')) {
        expect(final.content.length).toBeGreaterThan(0);
        expect(final.content.every((offer) => offer.downsell)).toBe(true);
      } else {
        expect(final.content).toEqual([]);
      }

      while ((await pollsShown(page)) < 2) {
        const poll = await nextPoll(page);
        // The first poll is at once (issue 25), perhaps before the lenders answered; the later ones see them all.
        if (poll > 1) await expect(page.getByText(progressText(LENDERS))).toBeVisible();
        await expect(page.getByText(WAIT)).toBeVisible();
        expect(poll).toBeLessThan(3);
      }
      expect(await nextPoll(page)).toBe(3);
      await expectPoll(page, real.brand, 3, { pending: 0, offers: final.content as FakeOffer[] });
      await expectPollingStopped(page, requests, 3);
    });
  }
});
