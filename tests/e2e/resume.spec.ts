// Resuming a saved application in another browser with a one-time code, the prefill
// path and the marketing-ban page (spec §2, §4, §8; marketplace spec §2, §4). Codes are
// read from the development outbox, as a developer reads them from the console.
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { continueFrom, dataLayerEvents, expectStep, field, fillBasics, fillHousing, primaryBasics, primaryHousing, step } from './support/application.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { reachStep } from './support/journey.ts';
import { holdLaterParts } from './support/held-requests.ts';

const TITLE = 'Kirjaudu esitäytettyyn hakemukseen';
const SUBMIT = 'Siirry hakemukseen';
const RESEND = 'Etkö saanut koodia? Tilaa tästä uusi koodi';
const INVALID = 'Hakemuksen tarkistuksessa tapahtui virhe. Tarkista että syötit kertakirjautumiskoodin oikein.';

interface Saved {
  url: string;
  id: string;
  token: string;
  email: string;
}

/**
 * Steps 1 and 2 (or 1-3) filled and saved in one browser, with an address of this test's
 * own; the link (`url`) names the next step, 3 (or 4).
 */
async function saveSteps(page: Page, through: 2 | 3 = 2): Promise<Saved> {
  const email = `jatko.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@example.fi`;
  await reachStep(page, 2);
  await fillBasics(page, 'primaryApplicant', { ...primaryBasics, primaryApplicantEmail: email, primaryApplicantEmail2: email });
  await continueFrom(page, 2);
  await expectStep(page, 3);
  if (through === 3) {
    await fillHousing(page, 'primaryApplicant', primaryHousing);
    await continueFrom(page, 3);
    await expectStep(page, 4);
  }
  const url = page.url();
  const [, id, token] = new RegExp(`/${through + 1}/(\\d+)/([A-Za-z0-9_-]{43})$`).exec(url)!;
  return { url, id, token, email };
}

/** Step n is the current one: the last on the page, with the continue button. */
async function expectCurrent(page: Page, n: number, saved: Saved): Promise<void> {
  await expect(page).toHaveURL(new RegExp(`/hakemus/kulutusluotto/${n}/${saved.id}/${saved.token}$`));
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.locator('.lv-step--current')).toHaveAttribute('id', `step-${n}`);
  await expect(step(page, n).getByRole('button', { name: 'Jatka hakemusta' })).toBeVisible();
  await expect(page.locator('.lv-step')).toHaveCount(n);
}

/** The step the `consumer_application_continue` event names. */
async function continueStep(page: Page): Promise<unknown> {
  return page.evaluate(
    () => ((window as unknown as { dataLayer?: Array<{ event?: string; step?: number }> }).dataLayer ?? []).find((entry) => entry.event === 'consumer_application_continue')?.step,
  );
}

async function latestCode(request: APIRequestContext, email: string, not?: string): Promise<string> {
  let code = '';
  await expect
    .poll(async () => {
      const answer = await request.get(`/api/dev/outbox?to=${encodeURIComponent(email)}`);
      const [latest] = (await answer.json()) as Array<{ text: string }>;
      code = /\b(\d{6})\b/.exec(latest?.text ?? '')?.[1] ?? '';
      return code !== '' && code !== not;
    })
    .toBe(true);
  return code;
}

async function openElsewhere(browser: Browser, url: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(url);
  await expect(page.getByRole('dialog', { name: TITLE })).toBeVisible();
  await expect(page.getByRole('dialog').getByRole('status').first()).toContainText('Lähetimme kertakirjautumiskoodin sähköpostiisi');
  return page;
}

const codeInput = (page: Page) => page.getByRole('dialog').getByLabel('Kertakirjautumiskoodi');

async function enter(page: Page, code: string): Promise<void> {
  await codeInput(page).fill(code);
  await page.getByRole('dialog').getByRole('button', { name: SUBMIT }).click();
}

test('a saved application opens in a new browser with the code and lands on the step its link names', async ({ page, browser }) => {
  const saved = await saveSteps(page);
  const other = await openElsewhere(browser, saved.url);
  const dialog = other.getByRole('dialog', { name: TITLE });
  // Nothing of the application shows before the code.
  await expect(step(other, 1)).toHaveCount(0);
  await expect(codeInput(other)).toHaveAttribute('autocomplete', 'one-time-code');
  await expect(codeInput(other)).toHaveAttribute('inputmode', 'numeric');
  await expect(codeInput(other)).toBeFocused();
  await expect(dialog.getByRole('link', { name: 'Aseta markkinointiesto' })).toHaveAttribute('href', `/u/${saved.id}/${saved.token}`);
  await expectNoAxeViolations(other, 'the one-time code dialog');

  const code = await latestCode(other.request, saved.email);
  // Pasting works, spaces and all.
  await codeInput(other).fill(`${code.slice(0, 3)} ${code.slice(3)}`);
  await dialog.getByRole('button', { name: SUBMIT }).click();

  // The link names step 3 (steps 1 and 2 were saved), and both are complete.
  await expectCurrent(other, 3, saved);
  await expect(field(other, 'primaryApplicantFirstnames')).toHaveValue(String(primaryBasics.primaryApplicantFirstnames));
  await expect(field(other, 'primaryApplicantEmail')).toHaveValue(saved.email);
  await expect(step(other, 1).getByRole('radio', { name: 'Remontti' })).toBeChecked();
  const events = await dataLayerEvents(other);
  expect(events).toEqual(expect.arrayContaining(['prefill_show', 'prefill_login_success', 'consumer_application_continue']));

  // A reload in the same tab needs no new code.
  await other.reload();
  await expectCurrent(other, 3, saved);
  await other.context().close();
});

test("after the code the dialog stays busy until the later steps' validators are here, then lands", async ({ page, browser }) => {
  const saved = await saveSteps(page);
  const context = await browser.newContext();
  const other = await context.newPage();
  // Which step it lands on checks the saved answers of every step (ResumeGate.tsx `land`).
  const laterParts = await holdLaterParts(other);
  await other.goto(saved.url);
  const dialog = other.getByRole('dialog', { name: TITLE });
  await expect(dialog).toBeVisible();
  await laterParts.asked;
  const verified = other.waitForResponse((response) => response.url().endsWith('/get/verify-with-otp'));
  await enter(other, await latestCode(other.request, saved.email));
  // The code is accepted, and still nothing of the application shows: the dialog says it is busy.
  expect((await verified).status()).toBe(200);
  const busy = dialog.getByRole('button', { name: 'Tarkistetaan koodia…' });
  await expect(busy).toBeDisabled();
  await expect(busy).toHaveAttribute('aria-busy', 'true');
  await expect(step(other, 1)).toHaveCount(0);
  laterParts.release();
  await expectCurrent(other, 3, saved);
  await expect(field(other, 'primaryApplicantEmail')).toHaveValue(saved.email);
  await context.close();
});

// Issue 14: the link alone is not the application. A copied step link in a fresh browser
// asks for the code; the applicant's own browser goes on through a reload and Back/Forward
// without one; the other browser, once it has the code, saves like the first.
test('a copied step link asks a fresh browser for the code, never the applicant’s own browser', async ({ page, browser }) => {
  const saved = await saveSteps(page);
  const other = await openElsewhere(browser, saved.url);

  await page.reload();
  await expectCurrent(page, 3, saved);
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`/2/${saved.id}/${saved.token}$`));
  await page.goForward();
  await expectCurrent(page, 3, saved);

  await enter(other, await latestCode(other.request, saved.email));
  await expectCurrent(other, 3, saved);
  await fillHousing(other, 'primaryApplicant', primaryHousing);
  await continueFrom(other, 3);
  await expectCurrent(other, 4, saved);
  await other.context().close();
});

test('a link naming step 4 (steps 1-3 saved) lands on step 4 once the code is entered', async ({ page, browser }) => {
  const saved = await saveSteps(page, 3);
  const other = await openElsewhere(browser, saved.url);
  await enter(other, await latestCode(other.request, saved.email));
  await expectCurrent(other, 4, saved);
  await expect(field(other, 'primaryApplicantAddress')).toHaveValue(String(primaryHousing.primaryApplicantAddress));
  await expect(field(other, 'primaryApplicantCity')).toHaveValue(String(primaryHousing.primaryApplicantCity));
  await expect(field(other, 'primaryApplicantEmail')).toHaveValue(saved.email);
  await expect(step(other, 4).getByRole('heading', { level: 2 })).toBeFocused();
  expect(await continueStep(other)).toBe(4);
  await other.context().close();
});

test('a link naming a step beyond what the saved data allows lands on the first step that is not complete', async ({ page, browser }) => {
  const saved = await saveSteps(page);
  // Steps 1 and 2 were saved; the link is edited to name step 7.
  const other = await openElsewhere(browser, saved.url.replace(/\/3\/(\d+)\//, '/7/$1/'));
  await enter(other, await latestCode(other.request, saved.email));
  await expectCurrent(other, 3, saved);
  await expect(field(other, 'primaryApplicantAddress')).toHaveValue('');
  expect(await continueStep(other)).toBe(3);
  await other.context().close();
});

test('a resume link with the id and token in the query lands on the first step that is not complete', async ({ page, browser }) => {
  const saved = await saveSteps(page);
  const other = await openElsewhere(browser, `/hakemus/kulutusluotto/?id=${saved.id}&token=${saved.token}`);
  await enter(other, await latestCode(other.request, saved.email));
  await expectCurrent(other, 3, saved);
  await other.context().close();
});

test('empty, wrong, expired and used-up codes each say what went wrong; resending waits 7 s', async ({ page, browser }) => {
  test.setTimeout(90_000);
  const saved = await saveSteps(page);
  const other = await openElsewhere(browser, saved.url);
  const dialog = other.getByRole('dialog', { name: TITLE });
  const resend = dialog.getByRole('button', { name: RESEND });
  const opened = Date.now();
  await expect(resend).toBeDisabled();
  await expect(dialog.locator('[aria-live="polite"]')).toContainText(/Uuden koodin voi tilata \d sekunnin kuluttua/);

  await dialog.getByRole('button', { name: SUBMIT }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Pakollinen tieto');

  const first = await latestCode(other.request, saved.email);
  const wrong = first === '000000' ? '111111' : '000000';
  await enter(other, wrong);
  await expect(dialog.getByRole('alert')).toHaveText(`${INVALID} Yrityksiä jäljellä: 4.`);
  await expect(codeInput(other)).toHaveAttribute('aria-invalid', 'true');

  const expired = await other.request.post('/api/dev/otp/expire', { data: { applicationId: saved.id, applicationToken: saved.token } });
  expect(expired.status()).toBe(200);
  await enter(other, first);
  // §8's sentence first, then what to do about it.
  await expect(dialog.getByRole('alert')).toHaveText(`${INVALID} Kertakirjautumiskoodi on vanhentunut tai jo käytetty. Tilaa uusi koodi.`);

  await expect(resend).toBeEnabled({ timeout: 9_000 });
  expect(Date.now() - opened).toBeGreaterThanOrEqual(6_000);
  await resend.click();
  await expect(resend).toBeDisabled();
  const second = await latestCode(other.request, saved.email, first);
  const other2 = second === '000000' ? '111111' : '000000';
  for (let i = 0; i < 5; i++) {
    await enter(other, other2);
    await expect(dialog.getByRole('alert')).toHaveText(`${INVALID} Yrityksiä jäljellä: ${4 - i}.`);
  }
  await enter(other, second);
  await expect(dialog.getByRole('alert')).toHaveText(`${INVALID} Koodi syötettiin väärin liian monta kertaa, eikä sitä voi enää käyttää. Tilaa uusi koodi.`);
  await expect(step(other, 1)).toHaveCount(0);
  await other.context().close();
});

test('a failed send says so (§8), and the resend link then sends the code', async ({ page, browser }) => {
  const saved = await saveSteps(page);
  const context = await browser.newContext();
  const other = await context.newPage();
  let refused = 0;
  await other.route('**/api/lainavertailu22/consumer-applications/send-code', async (route) => {
    refused += 1;
    await route.fulfill({ status: 500, json: { type: 'INTERNAL', message: 'x' } });
  });
  await other.goto(saved.url);
  const dialog = other.getByRole('dialog', { name: TITLE });
  await expect(dialog.getByRole('status')).toHaveText('Jotain meni pieleen. Päivitä sivu.');
  await expect(dialog.getByRole('status')).toHaveClass(/lv-error-message/);
  expect(refused).toBe(1);
  await expect(step(other, 1)).toHaveCount(0);

  // Nothing was sent, so nothing locks the link: asking again goes through.
  await other.unroute('**/api/lainavertailu22/consumer-applications/send-code');
  await dialog.getByRole('button', { name: RESEND }).click();
  await expect(dialog.getByRole('status')).toContainText('Lähetimme kertakirjautumiskoodin sähköpostiisi');
  await enter(other, await latestCode(other.request, saved.email));
  await expect(step(other, 2)).toBeVisible();
  await context.close();
});

test('Escape closes the dialog and the page says what happened, with a way back in', async ({ page, browser }) => {
  const saved = await saveSteps(page);
  const other = await openElsewhere(browser, saved.url);
  await other.setViewportSize({ width: 360, height: 740 });
  expect(await other.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await other.keyboard.press('Escape');
  await expect(other.getByRole('dialog')).toHaveCount(0);
  await expect(other.getByRole('heading', { level: 1 })).toHaveText('Kirjautuminen keskeytyi');
  await expect(other.getByRole('link', { name: 'Aloita uusi hakemus' })).toHaveAttribute('href', '/hakemus/kulutusluotto/');
  await expect(step(other, 1)).toHaveCount(0);
  await expectNoAxeViolations(other, 'the page after closing the code dialog');
  await other.getByRole('button', { name: 'Syötä kertakirjautumiskoodi' }).click();
  await expect(other.getByRole('dialog', { name: TITLE })).toBeVisible();
  await enter(other, await latestCode(other.request, saved.email));
  await expect(step(other, 2)).toBeVisible();
  await other.context().close();
});

test('the prefill path verifies the code and lands on step 7', async ({ page, browser }) => {
  const saved = await saveSteps(page);
  const other = await openElsewhere(browser, `/hakemus/kulutusluotto/prefill?id=${saved.id}&token=${saved.token}`);
  await enter(other, await latestCode(other.request, saved.email));
  await expect(other).toHaveURL(new RegExp(`/hakemus/kulutusluotto/7/${saved.id}/${saved.token}$`));
  await expect(step(other, 7)).toBeVisible();
  await expect(field(other, 'primaryApplicantFirstnames')).toHaveValue(String(primaryBasics.primaryApplicantFirstnames));
  await other.goto('/hakemus/kulutusluotto/prefill');
  await expect(other.getByRole('heading', { level: 1 })).toHaveText('Esitäytetty hakemus');
  await expect(other.getByText('Linkistä puuttuu hakemuksen tunniste')).toBeVisible();
  await other.context().close();
});

test('the marketing-ban page: Yes sets the ban and returns to the start page after 3 s', async ({ page, browser }) => {
  const saved = await saveSteps(page);
  const other = await openElsewhere(browser, saved.url);
  await other.getByRole('dialog').getByRole('link', { name: 'Aseta markkinointiesto' }).click();
  await expect(other).toHaveURL(`/u/${saved.id}/${saved.token}`);
  await expect(other.getByRole('heading', { level: 1 })).toHaveText('Markkinointiesto');
  expect(await dataLayerEvents(other)).toContain('prefill_set_marketing_ban');
  await expectNoAxeViolations(other, 'the marketing-ban page');
  await other.getByRole('button', { name: 'Kyllä' }).click();
  const done = other.getByRole('dialog', { name: 'OK' });
  await expect(done).toContainText('Markkinointiesto asetettu');
  // Timed from the dialog appearing: axe below may take a while on a busy machine.
  const shown = Date.now();
  await expect(done).toContainText('Siirryt etusivulle 3 sekunnin kuluttua.');
  await expectNoAxeViolations(other, 'the marketing ban confirmation');
  await expect(other).toHaveURL(/\/hakemus\/kulutusluotto\/$/, { timeout: 6_000 });
  expect(Date.now() - shown).toBeGreaterThanOrEqual(2_500);
  await other.context().close();
});

test('the marketing-ban page: No returns at once; a failure says so and also returns after 3 s', async ({ page }) => {
  const token = 'A'.repeat(43);
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto(`/u/999999999/${token}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Markkinointiesto');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await page.getByRole('button', { name: 'Ei' }).click();
  await expect(page).toHaveURL(/\/hakemus\/kulutusluotto\/$/);

  // Marketplace spec §8: 'Markkinointieston asettaminen epäonnistui', then the redirect.
  await page.goto(`/u/999999999/${token}`);
  await page.getByRole('button', { name: 'Kyllä' }).click();
  const failed = page.getByRole('dialog', { name: 'Virhe' });
  await expect(failed).toContainText('Markkinointieston asettaminen epäonnistui');
  await expect(failed).toContainText('Siirryt etusivulle 3 sekunnin kuluttua.');
  await expectNoAxeViolations(page, 'the marketing ban failure');
  await expect(page).toHaveURL(/\/hakemus\/kulutusluotto\/$/);

  // The redirect comes after 3 s, by the page's clock (paused, moved on by hand).
  await page.clock.install();
  await page.goto(`/u/999999999/${token}`);
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
  await page.getByRole('button', { name: 'Kyllä' }).click();
  await expect(failed).toContainText('Markkinointieston asettaminen epäonnistui');
  await page.clock.runFor(2_900);
  await expect(page).toHaveURL(`/u/999999999/${token}`);
  await page.clock.runFor(200);
  await expect(page).toHaveURL(/\/hakemus\/kulutusluotto\/$/);
});

// Issue 29: an application is checked with the form release it was started on, so a resumed one
// renders that release, not one published since. Publishing the consumer form here would cost
// minutes of QA verdict (publish.spec.ts publishes the business form, which is never resumed), so
// this browser is told that another consumer release is live: the served page's data block names
// an unknown one, whose module is the server's module of the build's release with a label changed.
test('a resumed application renders the release it was started on, though another is live since, also after a reload', async ({ page, browser }) => {
  const OLD = 'Lainan käyttötarkoitus';
  const NEW = 'Käyttötarkoitus (julkaistu)';
  const published = 'f'.repeat(64);
  const saved = await saveSteps(page);

  const context = await browser.newContext();
  let built = '';
  await context.route(
    (url) => url.pathname.startsWith('/hakemus/'),
    async (route) => {
      if (route.request().resourceType() !== 'document') return route.fallback();
      const response = await route.fetch();
      const html = await response.text();
      built = /"consumer":"([0-9a-f]{64})"/.exec(html)![1];
      const headers = Object.fromEntries(Object.entries(response.headers()).filter(([name]) => !/^(content-encoding|content-length|etag)$/i.test(name)));
      await route.fulfill({ status: response.status(), headers, body: html.replace(`"consumer":"${built}"`, `"consumer":"${published}"`) });
    },
  );
  const modules: string[] = [];
  await context.route(`**/forms/${published}/*.js`, async (route) => {
    const key = new URL(route.request().url()).pathname.split('/').pop();
    const response = await route.fetch({ url: new URL(`/forms/${built}/${key}`, route.request().url()).href });
    await route.fulfill({ response, headers: { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-store' }, body: (await response.text()).replaceAll(JSON.stringify(OLD), JSON.stringify(NEW)) });
  });
  context.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/forms/')) modules.push(new URL(request.url()).pathname);
  });

  // A new applicant gets the live release.
  const fresh = await context.newPage();
  await fresh.goto('/hakemus/kulutusluotto/');
  await expect(step(fresh, 1).getByText(NEW, { exact: true })).toBeVisible();
  await fresh.close();

  // The saved one, resumed with the code, gets its own (here the build's).
  const other = await context.newPage();
  await other.goto(saved.url);
  await expect(other.getByRole('dialog', { name: TITLE })).toBeVisible();
  await enter(other, await latestCode(other.request, saved.email));
  await expectCurrent(other, 3, saved);
  await expect(step(other, 1).getByText(OLD, { exact: true })).toBeVisible();
  await expect(step(other, 1).getByText(NEW, { exact: true })).toHaveCount(0);

  // The tab keeps the release with the answers: a reload renders the same form, from the build.
  const before = modules.length;
  await other.reload();
  await expectCurrent(other, 3, saved);
  await expect(step(other, 1).getByText(OLD, { exact: true })).toBeVisible();
  expect(modules.slice(before)).toEqual([]);
  await context.close();

  // The applicant's own tab keeps the release its first save was stamped with, for its reloads.
  const live = ((await (await page.request.get('/api/forms/live')).json()) as { releases: Record<string, string> }).releases;
  expect(await page.evaluate((id) => JSON.parse(sessionStorage.getItem(`lv:release:${id}`) ?? 'null'), saved.id)).toEqual({ token: saved.token, release: live.consumer });
});
