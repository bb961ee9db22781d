// Issue 30: the form studio's shell. Without a staff session /studio is a login page; a member
// with no role gets no access; an editor finds the business form in the items list, opens it and
// makes a draft with a note, all by keyboard, and sees it in the history as a draft; an approver
// sees it too. She sends it for approval, a stale tab's discard is refused with the server's
// reason, the approver's page polls for the QA verdict and shows it, and he sends it back with a
// comment. axe checks the list and the item page. The draft is discarded at the end (by keyboard
// too), so the other specs see the business form as forms/ has it. The real QA verdict, minutes
// of work, is not waited for here (publish.spec.ts does); its figures are stood in for.
import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.ts';
import { staffPage } from './support/staff.ts';

const ITEM = 'document:business';
const patient = expect.configure({ timeout: 30_000 });

/** Tab (at most `limit` times) until `target` has the focus: it is reachable by keyboard in page order. */
async function tabTo(page: Page, target: Locator, limit = 60): Promise<void> {
  for (let presses = 0; presses < limit; presses++) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
}

test('without a staff role the studio lets no one in: a login page, and no access for a member with no role', async ({ browser }) => {
  const visitor = await (await browser.newContext()).newPage();
  const response = await visitor.goto('/studio');
  // Staff's page is framed by no one, not even the partner sites that may frame the applicants' pages.
  expect(response!.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(response!.headers()['x-frame-options']).toBe('DENY');
  await expect(visitor.getByRole('heading', { level: 1, name: 'Kirjaudu lomakestudioon' })).toBeFocused();
  await expect(visitor.getByRole('link', { name: 'Kirjaudu sisään' })).toHaveAttribute('href', '/api/staff/login');
  await expectNoAxeViolations(visitor, 'the studio login page');

  // The provider knows Ville Vieras, but he has no role of ours: the login says so and starts no session.
  const ville = await staffPage(browser, 'Ville Vieras', { inStudio: false });
  await expect(ville.locator('body')).toContainText('Sinulla ei ole studion käyttöoikeutta');
  await ville.goto('/studio');
  await expect(ville.getByRole('heading', { level: 1, name: 'Kirjaudu lomakestudioon' })).toBeVisible();
  // A session whose roles were taken away since (the server answers 403): the studio says so.
  await ville.route('**/api/staff/me', (route) => route.fulfill({ status: 403, json: { type: 'STAFF_FORBIDDEN', message: 'Sinulla ei ole tähän tarvittavaa roolia.' } }));
  await ville.reload();
  await expect(ville.getByRole('heading', { level: 1, name: 'Ei käyttöoikeutta' })).toBeVisible();
});

test('an editor makes a draft by keyboard and sends it for approval; the approver sees it, its QA verdict when it arrives, and sends it back', async ({ browser }) => {
  test.setTimeout(120_000);
  const eeva = await staffPage(browser, 'Eeva Editori (editor)');
  const header = eeva.getByRole('banner');
  await expect(header).toContainText('Kirjautunut: Eeva Editori');
  await expect(header).toContainText('Roolit: muokkaaja');
  await expect(eeva.getByRole('heading', { level: 1, name: 'Sisällöt' })).toBeFocused();

  const row = eeva.getByRole('row').filter({ has: eeva.getByRole('rowheader', { name: ITEM, exact: true }) });
  await expect(row.getByRole('cell').first()).toHaveText('lomake');
  await expectNoAxeViolations(eeva, 'the studio items list');

  // Keyboard: from the focused heading, Tab to the item and open it.
  await tabTo(eeva, row.getByRole('link', { name: ITEM, exact: true }));
  await eeva.keyboard.press('Enter');
  await expect(eeva).toHaveURL(`/studio/kohde/${encodeURIComponent(ITEM)}`);
  await expect(eeva.getByRole('heading', { level: 1, name: `Lomake ${ITEM}` })).toBeFocused();
  const history = eeva.getByRole('table', { name: `Kohteen ${ITEM} versiot, uusin ensin` });
  await expect(history.getByRole('cell', { name: 'julkaistu', exact: true })).toHaveCount(1);
  await expectNoAxeViolations(eeva, 'the studio item page');

  // A new draft from the live version, with a note, by keyboard.
  await tabTo(eeva, eeva.getByRole('button', { name: 'Uusi luonnos julkaistusta versiosta' }));
  await eeva.keyboard.press('Enter');
  const note = eeva.getByLabel('Mitä luonnos muuttaa?');
  await expect(note).toBeFocused();
  await eeva.keyboard.type('Studion testi: ei muutoksia');
  await eeva.keyboard.press('Tab');
  await expect(eeva.getByRole('button', { name: 'Luo luonnos' })).toBeFocused();
  await eeva.keyboard.press('Enter');
  const created = eeva.getByRole('status').filter({ hasText: /Luonnos \d+ luotu\./ });
  await patient(created).toBeVisible();
  const number = Number((await created.textContent())!.match(/Luonnos (\d+) luotu/)![1]);
  const draft = history.locator(`tr[data-version="${number}"]`);
  await expect(draft.locator('[data-column="state"]')).toHaveText('luonnos');
  await expect(draft).toContainText('Eeva Editori');
  await expect(draft).toContainText('Studion testi: ei muutoksia');
  // Its changes against the live version and where its QA verdict stands.
  const review = eeva.getByRole('region', { name: `Versio ${number}: muutokset ja QA-tarkistus` });
  // The diff's lines (publish.spec.ts may publish another version of this form meanwhile, so not which).
  await expect(review.getByRole('heading', { level: 3, name: /^Muutokset julkaistuun versioon \d+ nähden$/ })).toBeVisible();
  await expect(review.getByRole('listitem').first()).toBeVisible();
  await expect(review).toContainText('QA-tarkistus tehdään, kun luonnos lähetetään hyväksyttäväksi.');
  await expectNoAxeViolations(eeva, 'the studio item page with a draft');

  // A second tab of Eeva's, opened now, goes stale when the draft moves on.
  const stale = await eeva.context().newPage();
  await stale.goto(`/studio/kohde/${encodeURIComponent(ITEM)}`);
  await expect(stale.locator(`tr[data-version="${number}"]`).getByRole('button', { name: `Hylkää luonnos (Versio ${number})` })).toBeVisible();

  // The approver sees the draft, its author and state, in the list and in the history.
  const aarne = await staffPage(browser, 'Aarne Hyväksyjä (approver)');
  await expect(aarne.getByRole('row').filter({ has: aarne.getByRole('rowheader', { name: ITEM, exact: true }) })).toContainText(`v${number} luonnos, Eeva Editori`);
  // Who is editing an item now: the lease the autosave routes add to the list (stood in for here).
  await aarne.route('**/api/content/items', async (route) => {
    const response = await route.fetch();
    const json = (await response.json()) as { items: Array<{ item: string }> };
    const leased = json.items.map((entry) => (entry.item === ITEM ? { ...entry, lease: { holder: { id: 1, name: 'Eeva Editori' }, expiresAt: '2026-11-27T12:00:00.000Z' } } : entry));
    await route.fulfill({ response, json: { ...json, items: leased } });
  });
  await aarne.reload();
  await expect(aarne.getByRole('row').filter({ has: aarne.getByRole('rowheader', { name: ITEM, exact: true }) })).toContainText('Muokkaa nyt: Eeva Editori');
  await aarne.unroute('**/api/content/items');
  await aarne.goto(`/studio/kohde/${encodeURIComponent(ITEM)}`);
  const seen = aarne.locator(`tr[data-version="${number}"]`);
  await expect(seen.locator('[data-column="state"]')).toHaveText('luonnos');
  await expect(seen).toContainText('Eeva Editori');
  // Not his draft to discard, nor his to send: only to open.
  await expect(seen.getByRole('button')).toHaveCount(0);
  // The draft opens in the draft editor, a chunk of its own.
  await seen.getByRole('link', { name: `Avaa luonnos ${number}` }).click();
  await expect(aarne.getByRole('heading', { level: 1, name: `Yritysluottohakemus – luonnos ${number}` })).toBeVisible();
  // Not his draft: he reads it, outline and all.
  await expect(aarne.getByText('Vain luonnoksen tekijä voi muokata sitä. Näet sen vain luettavana.')).toBeVisible();
  await expect(aarne.getByRole('tree')).toBeVisible();
  await aarne.goBack();

  // Eeva sends it for approval; its QA verdict is then being made.
  await draft.getByRole('button', { name: `Lähetä hyväksyttäväksi (Versio ${number})` }).click();
  await eeva.getByRole('button', { name: 'Vahvista' }).click();
  await expect(eeva.getByRole('status').filter({ hasText: `Versio ${number} lähetetty hyväksyttäväksi.` })).toBeVisible();
  await expect(draft.locator('[data-column="state"]')).toHaveText('tarkastettavana');
  await expect(review).toContainText('QA-tarkistus käynnissä…');

  // The stale tab still offers to discard it; the server refuses, and the page shows its Finnish reason.
  await stale.locator(`tr[data-version="${number}"]`).getByRole('button', { name: `Hylkää luonnos (Versio ${number})` }).click();
  await stale.getByRole('button', { name: 'Vahvista' }).click();
  await expect(stale.getByRole('alert')).toContainText('Toimenpide ei onnistunut: Version tila ei salli tätä toimenpidettä.');

  // The approver's page asks for the verdict until it arrives (on the page's clock; the verdict's
  // figures are stood in for here: the real one takes minutes, and publish.spec.ts waits for it).
  let verdictReady = false;
  await aarne.route(new RegExp(`/api/content/items/[^/]+/versions/${number}$`), async (route) => {
    const response = await route.fetch();
    const json = await response.json();
    await route.fulfill({ response, json: verdictReady ? { ...json, verdict: STOOD_IN_VERDICT } : json });
  });
  await aarne.clock.install();
  await aarne.reload();
  const verdict = aarne.getByRole('region', { name: `Versio ${number}: muutokset ja QA-tarkistus` });
  await expect(verdict).toContainText('QA-tarkistus käynnissä…');
  verdictReady = true;
  await aarne.clock.runFor(5_000);
  await expect(verdict).toContainText('QA-tarkistus hyväksytty');
  await expect(verdict).toContainText('Mutaatiopisteet: 93,3 % (112/120 mutaatiota havaittu)');
  await expect(verdict).toContainText('Yrityksen katuosoite: 2 tapausta');
  await expect(verdict).toContainText('”ei virhettä” → ”Kirjoita katuosoite kokonaan” (2)');
  await expectNoAxeViolations(aarne, 'the studio item page with a version in review');

  // He sends it back: a comment is required, and then kept in the history.
  const inReview = aarne.locator(`tr[data-version="${number}"]`);
  await inReview.getByRole('button', { name: `Palauta muokattavaksi (Versio ${number})` }).click();
  await expect(aarne.getByRole('heading', { level: 2, name: `Palauta versio ${number} muokattavaksi` })).toBeFocused();
  const sendBack = aarne.getByRole('region', { name: `Palauta versio ${number} muokattavaksi` });
  await sendBack.getByRole('button', { name: 'Palauta muokattavaksi' }).click();
  await expect(sendBack).toContainText('Kirjoita palautukselle perustelu.');
  await expect(sendBack.getByLabel('Perustelu')).toBeFocused();
  await sendBack.getByLabel('Perustelu').fill('Ei muutoksia: hylkää tämä');
  await sendBack.getByRole('button', { name: 'Palauta muokattavaksi' }).click();
  await expect(aarne.getByRole('status').filter({ hasText: `Versio ${number} palautettu muokattavaksi.` })).toBeVisible();
  await expect(inReview.locator('[data-column="state"]')).toHaveText('luonnos');
  await expect(inReview).toContainText('Ei muutoksia: hylkää tämä');

  // Eeva discards it by keyboard: the action asks first, then the history says so.
  await eeva.reload();
  await expect(draft.locator('[data-column="state"]')).toHaveText('luonnos');
  await tabTo(eeva, draft.getByRole('button', { name: `Hylkää luonnos (Versio ${number})` }), 80);
  await eeva.keyboard.press('Enter');
  await expect(eeva.getByRole('heading', { level: 2, name: `Hylkää luonnos: Versio ${number}` })).toBeFocused();
  await tabTo(eeva, eeva.getByRole('button', { name: 'Vahvista' }));
  await eeva.keyboard.press('Enter');
  await expect(eeva.getByRole('status').filter({ hasText: `Luonnos ${number} hylätty.` })).toBeVisible();
  await expect(draft.locator('[data-column="state"]')).toHaveText('poistunut käytöstä');

  // Logging out ends the session: the studio asks her to log in again.
  await eeva.getByRole('banner').getByRole('button', { name: 'Kirjaudu ulos' }).click();
  await expect(eeva.getByRole('heading', { level: 1, name: 'Kirjaudu lomakestudioon' })).toBeVisible();
  expect((await eeva.request.get('/api/staff/me')).status()).toBe(401);
});

/** A passing verdict's shape as the server stores it (src/server/versions/qa-verdicts.ts StoredVerdict). */
const STOOD_IN_VERDICT = {
  passes: true,
  reasons: [],
  madeAt: '2026-11-27T10:00:00.000Z',
  forms: {
    business: {
      candidate: { cases: 40 },
      mutation: { total: 120, killed: 112, score: 0.9334, sampled: false, leftOut: { equivalent: 3, variantNotGenerated: 0 }, survivors: [{ id: 'm1', description: 'address: minLength 3 → 4' }] },
      behaviour: {
        compared: 40,
        changed: 2,
        outcomes: { validToInvalid: 2, invalidToValid: 0, messageChanged: 0 },
        fields: [{ field: 'address', label: 'Yrityksen katuosoite', count: 2, changes: [{ before: null, after: 'Kirjoita katuosoite kokonaan', count: 2, examples: [] }] }],
        cases: [],
        missingVariantSets: [],
      },
    },
  },
};
