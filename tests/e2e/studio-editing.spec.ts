// Issue 30: editing a draft in the form studio, through its UI. Two editors on one item: the
// lease (renewed while the editor is open) makes the second read-only: on her draft because it
// is hers, on his own because she holds the item; he sees who edits, and nothing he types is
// saved, until she leaves and he takes his turn. A stale tab's save is refused as a conflict,
// overwrites nothing and offers to reload. Five edits undone and redone, each state restored.
// A field's question and an option's text edited with the keyboard only. A shared section's
// question changed once shows in the consumer and the mortgage previews. axe checks every
// studio view on the way (the login page, the items list, an item page with a draft, the editor
// with a field selected and the preview, a read-only draft, the conflict). Each test works on
// an item of its own (the lease is the item's, and other specs edit document:business); the
// autosave's pause and the lease's renewal run on the page's clock. Every draft made here is
// discarded at the end, also when a test fails, so the other specs see forms/ as it is.
import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.ts';
import { staffPage } from './support/staff.ts';

const patient = expect.configure({ timeout: 30_000 });
/** The autosave's pause (src/studio/draft/autosave.ts AUTOSAVE_DELAY_MS), run on the page's clock. */
const AUTOSAVE_MS = 1_000;
/** How often an open editor renews its lease (src/studio/draft/lease.ts LEASE_RENEW_MS). */
const LEASE_RENEW_MS = 30_000;

type Json = Record<string, any>;
const made: Array<{ page: Page; item: string; number: number }> = [];

test.afterAll(async () => {
  const drafts = made.splice(0);
  const pages = [...new Set(drafts.map((draft) => draft.page))];
  // Leaving the editors gives their leases back (other specs may edit these items next).
  for (const page of pages) await page.goto('about:blank').catch(() => undefined);
  const discarded: string[] = [];
  for (const { page, item, number } of drafts) {
    const response = await page.request.post(`${versionsUrl(item)}/${number}/discard`, { data: {} });
    discarded.push(`${item}/${number}: ${response.status()}`);
    await page.request.delete(`/api/content/items/${encodeURIComponent(item)}/lease`);
  }
  for (const page of pages) await page.context().close();
  expect(discarded.filter((line) => !line.endsWith(': 200')), 'every draft made here is discarded').toEqual([]);
});

const versionsUrl = (item: string) => `/api/content/items/${encodeURIComponent(item)}/versions`;
const draftPath = (item: string, number: number) => `/studio/kohde/${encodeURIComponent(item)}/luonnos/${number}`;

/** A draft of the item's live version, made as the studio's "Uusi luonnos" makes it (its API); discarded at the end. */
async function createDraft(page: Page, item: string, note: string): Promise<number> {
  const versions = (await (await page.request.get(versionsUrl(item))).json()) as { versions: Array<{ number: number; state: string }> };
  const live = versions.versions.find((version) => version.state === 'live')!;
  const { source } = await storedVersion(page, item, live.number);
  const response = await page.request.post(versionsUrl(item), { data: { source, note } });
  expect(response.status(), await response.text()).toBe(201);
  const { version } = (await response.json()) as { version: { number: number } };
  made.push({ page, item, number: version.number });
  return version.number;
}

async function storedVersion(page: Page, item: string, number: number): Promise<{ revision: number; source: Json }> {
  const response = await page.request.get(`${versionsUrl(item)}/${number}`);
  expect(response.ok()).toBe(true);
  return (await response.json()) as { revision: number; source: Json };
}

async function openDraft(page: Page, item: string, number: number, title: string): Promise<void> {
  await page.goto(draftPath(item, number));
  await patient(page.getByRole('heading', { level: 1, name: `${title} – luonnos ${number}` })).toBeFocused();
}

/** Tab (at most `limit` times) until `target` has the focus: it is reachable by keyboard in page order. */
async function tabTo(page: Page, target: Locator, limit = 60): Promise<void> {
  for (let presses = 0; presses < limit; presses++) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
}

/** Who holds the item's lease now, as the items list says. */
async function leaseOf(page: Page, item: string): Promise<{ holder: { name: string }; expiresAt: string } | null> {
  const { items } = (await (await page.request.get('/api/content/items')).json()) as { items: Json[] };
  return items.find((entry) => entry.item === item)?.lease ?? null;
}

const saveState = (page: Page) => page.locator('[data-save-state]');
/** Lets the autosave's pause pass on the page's clock and waits for the save to be done. */
async function autosaved(page: Page): Promise<void> {
  await page.clock.runFor(AUTOSAVE_MS + 100);
  await patient(saveState(page)).toHaveAttribute('data-save-state', 'saved');
}

/** Replaces an inspector input's text and commits it as the editor does (Enter). */
async function commit(input: Locator, text: string): Promise<void> {
  await input.fill(text);
  await input.press('Enter');
  await expect(input).toHaveValue(text);
}

test('two editors on one item: the lease makes the other read-only until the first leaves; a stale tab is refused as a conflict', async ({ browser }) => {
  test.setTimeout(150_000);
  const ITEM = 'document:mortgage';
  const TITLE = 'Asuntolainahakemus';
  const eeva = await staffPage(browser, 'Eeva Editori (editor)');
  const erkki = await staffPage(browser, 'Erkki Editori (editor)');
  const hers = await createDraft(eeva, ITEM, 'Studion muokkaustesti: Eevan luonnos');

  // Eeva opens her draft: she holds the item's lease, so the items list says she is editing it.
  await eeva.clock.install();
  await openDraft(eeva, ITEM, hers, TITLE);
  await patient.poll(async () => (await leaseOf(erkki, ITEM))?.holder.name).toBe('Eeva Editori');
  await erkki.reload();
  await expect(erkki.getByRole('row').filter({ has: erkki.getByRole('rowheader', { name: ITEM, exact: true }) })).toContainText('Muokkaa nyt: Eeva Editori');
  // While her editor stays open it renews the lease (every 30 s on its clock), so it does not lapse under her.
  const taken = (await leaseOf(eeva, ITEM))!.expiresAt;
  const renewal = eeva.waitForRequest((request) => request.method() === 'POST' && request.url().endsWith('/lease'));
  await eeva.clock.runFor(LEASE_RENEW_MS);
  await renewal;
  await patient.poll(async () => (await leaseOf(eeva, ITEM))!.expiresAt > taken).toBe(true);

  // Erkki opens her draft: not his to edit, so he reads it; nothing he types is kept or sent.
  const puts: string[] = [];
  erkki.on('request', (request) => {
    if (request.method() === 'PUT') puts.push(request.url());
  });
  await erkki.clock.install();
  await openDraft(erkki, ITEM, hers, TITLE);
  await expect(erkki.getByRole('note')).toHaveText('Vain luonnoksen tekijä voi muokata sitä. Näet sen vain luettavana.');
  await erkki.getByRole('treeitem', { name: /^Laina$/ }).click();
  await erkki.getByRole('treeitem', { name: /^Omarahoitus/ }).click();
  const hisQuestion = erkki.getByLabel('Kysymys', { exact: true });
  await expect(hisQuestion).toHaveValue('Omarahoitus');
  await expect(hisQuestion).not.toBeEditable();
  await expect(erkki.getByLabel('Vähintään', { exact: true })).not.toBeEditable();
  await hisQuestion.press('End');
  await erkki.keyboard.type(' (Erkki)');
  await hisQuestion.press('Enter');
  await expect(hisQuestion).toHaveValue('Omarahoitus');
  await expect(erkki.getByRole('button', { name: 'Kumoa' })).toBeDisabled();
  await expect(erkki.getByRole('button', { name: 'Siirrä kenttää ylöspäin' })).toHaveCount(0);
  await patient(erkki.getByRole('region', { name: 'Esikatselu' }).locator('.studio-preview-frame')).toBeVisible();
  await expectNoAxeViolations(erkki, 'a draft read by another editor');

  // His own draft of the same item: he is its author, but Eeva holds the item's lease, so it is read-only too and says who edits.
  const his = await createDraft(erkki, ITEM, 'Studion muokkaustesti: Erkin luonnos');
  await openDraft(erkki, ITEM, his, TITLE);
  const held = erkki.getByRole('alert').filter({ hasText: 'Muokkaa nyt: Eeva Editori' });
  await expect(held).toContainText('Luonnos on vain luettavissa, kunnes muokkaaja sulkee sen.');
  await erkki.getByRole('treeitem', { name: /^Laina$/ }).click();
  await erkki.getByRole('treeitem', { name: /^Omarahoitus/ }).click();
  await expect(hisQuestion).not.toBeEditable();
  await hisQuestion.press('End');
  await erkki.keyboard.type(' (Erkki)');
  await hisQuestion.press('Enter');
  await expect(hisQuestion).toHaveValue('Omarahoitus');
  await erkki.clock.runFor(AUTOSAVE_MS * 5);
  await expectNoAxeViolations(erkki, 'a draft whose item another editor holds');
  expect(puts, 'a read-only draft sends no save').toEqual([]);

  // Eeva leaves: her lease is given back, and Erkki may take his turn.
  await eeva.getByRole('navigation', { name: 'Studion valikko' }).getByRole('link', { name: 'Sisällöt' }).click();
  await expect(eeva.getByRole('heading', { level: 1, name: 'Sisällöt' })).toBeVisible();
  await patient.poll(() => leaseOf(erkki, ITEM)).toBeNull();
  await held.getByRole('button', { name: 'Yritä muokata uudelleen' }).click();
  await expect(held).toHaveCount(0);
  await erkki.getByRole('treeitem', { name: /^Omarahoitus/ }).click();
  await expect(hisQuestion).toBeEditable();
  await commit(hisQuestion, 'Omarahoitus (Erkin luonnos)');
  await autosaved(erkki);
  expect((await storedVersion(erkki, ITEM, his)).source.fields.ownFunding.schema.title).toBe('Omarahoitus (Erkin luonnos)');
  // Now Eeva's own draft is the read-only one: Erkki holds the item.
  await eeva.goto(draftPath(ITEM, hers));
  await expect(eeva.getByRole('alert').filter({ hasText: 'Muokkaa nyt: Erkki Editori' })).toBeVisible();
  await erkki.getByRole('navigation', { name: 'Studion valikko' }).getByRole('link', { name: 'Sisällöt' }).click();
  await expect(erkki.getByRole('heading', { level: 1, name: 'Sisällöt' })).toBeVisible();

  // Two tabs of Eeva's on her draft: both hers to edit (the lease is hers in either).
  await patient.poll(() => leaseOf(eeva, ITEM)).toBeNull();
  await openDraft(eeva, ITEM, hers, TITLE);
  const stale = await eeva.context().newPage();
  await stale.clock.install();
  await openDraft(stale, ITEM, hers, TITLE);
  for (const tab of [eeva, stale]) {
    await tab.getByRole('treeitem', { name: /^Laina$/ }).click();
    await tab.getByRole('treeitem', { name: /^Omarahoitus/ }).click();
    await expect(tab.getByLabel('Kysymys', { exact: true })).toBeEditable();
  }
  const before = await storedVersion(eeva, ITEM, hers);
  await commit(eeva.getByLabel('Kysymys', { exact: true }), 'Omarahoitus (ensimmäinen välilehti)');
  await autosaved(eeva);
  const saved = await storedVersion(eeva, ITEM, hers);
  expect(saved.revision).toBe(before.revision + 1);
  expect(saved.source.fields.ownFunding.schema.title).toBe('Omarahoitus (ensimmäinen välilehti)');

  // The other tab still has the revision it opened: its save is refused, and it says so and offers to reload.
  await commit(stale.getByLabel('Vähintään', { exact: true }), '1000');
  await stale.clock.runFor(AUTOSAVE_MS + 100);
  const conflict = stale.getByRole('alert').filter({ hasText: 'Tallennus epäonnistui: joku muu on tallentanut luonnoksen sillä välin.' });
  await patient(conflict).toBeFocused();
  await expect(conflict).toContainText('Tallentamattomat muutoksesi menetetään.');
  await expect(saveState(stale)).toHaveAttribute('data-save-state', 'conflict');
  // Stopped: a further change is not saved either, and nothing can be edited until it is reloaded.
  await expect(stale.getByLabel('Kysymys', { exact: true })).not.toBeEditable();
  await expectNoAxeViolations(stale, 'a draft whose save met a conflict');
  const after = await storedVersion(eeva, ITEM, hers);
  expect(after.revision).toBe(saved.revision);
  expect(after.source.fields.ownFunding.schema).toEqual(saved.source.fields.ownFunding.schema);

  // Reloading shows what the first tab saved, and the tab can edit again.
  await conflict.getByRole('button', { name: 'Lataa uudelleen' }).click();
  await expect(conflict).toHaveCount(0);
  await expect(stale.getByRole('heading', { level: 1, name: `${TITLE} – luonnos ${hers}` })).toBeFocused();
  await expect(stale.getByLabel('Kysymys', { exact: true })).toHaveValue('Omarahoitus (ensimmäinen välilehti)');
  await expect(stale.getByLabel('Vähintään', { exact: true })).toHaveValue('0');
  await expect(stale.getByLabel('Kysymys', { exact: true })).toBeEditable();
  await stale.close();
});

test('five edits undone one by one and redone, each state restored in the inspector and the last one stored', async ({ browser }) => {
  test.setTimeout(120_000);
  const ITEM = 'document:consumer';
  const eeva = await staffPage(browser, 'Eeva Editori (editor)');
  const number = await createDraft(eeva, ITEM, 'Studion muokkaustesti: kumoa ja tee uudelleen');
  await eeva.clock.install();
  await openDraft(eeva, ITEM, number, 'Kulutusluottohakemus');
  const original = (await storedVersion(eeva, ITEM, number)).source.fields.inputAppliedTenor;
  await eeva.getByRole('treeitem', { name: /^Laina-aika \(/ }).click();

  const inputs = {
    question: eeva.getByLabel('Kysymys', { exact: true }),
    label: eeva.getByLabel('Lyhyt nimi', { exact: true }),
    minimum: eeva.getByLabel('Vähintään', { exact: true }),
    maximum: eeva.getByLabel('Enintään', { exact: true }),
    message: eeva.getByLabel('Ilmoitus: liian suuri (maximum)', { exact: true }),
  };
  type State = Record<keyof typeof inputs, string>;
  const read = async (): Promise<State> => {
    const state = {} as State;
    for (const [name, input] of Object.entries(inputs)) state[name as keyof State] = await input.inputValue();
    return state;
  };
  const expectState = async (state: State) => {
    for (const [name, input] of Object.entries(inputs)) await expect(input, name).toHaveValue(state[name as keyof State]);
  };

  const states: State[] = [await read()];
  expect(states[0]).toEqual({ question: 'Laina-aika', label: 'Laina-aika', minimum: '1', maximum: '20', message: 'Enintään {limit} vuotta' });
  const edits: Array<[keyof State, string]> = [
    ['question', 'Kuinka pitkä laina-aika?'],
    ['minimum', '2'],
    ['maximum', '15'],
    ['label', 'Laina-aika vuosina'],
    ['message', 'Laina-aika on enintään {limit} vuotta'],
  ];
  for (const [name, text] of edits) {
    await commit(inputs[name], text);
    states.push({ ...states.at(-1)!, [name]: text });
    await expectState(states.at(-1)!);
  }
  await patient(eeva.getByRole('region', { name: 'Esikatselu' }).locator('.studio-preview-frame')).toBeVisible();
  await expectNoAxeViolations(eeva, 'the draft editor with a field selected and the preview');

  const undo = eeva.getByRole('button', { name: 'Kumoa' });
  const redo = eeva.getByRole('button', { name: 'Tee uudelleen' });
  for (let step = 4; step >= 0; step--) {
    await undo.click();
    await expectState(states[step]);
  }
  await expect(undo).toBeDisabled();
  // Undone all the way, the draft is stored as it was made.
  await autosaved(eeva);
  expect((await storedVersion(eeva, ITEM, number)).source.fields.inputAppliedTenor).toEqual(original);

  for (let step = 1; step <= 5; step++) {
    // Redo by the keyboard shortcut too: Ctrl+Y, and Ctrl+Shift+Z (focus on the button, outside any text).
    if (step % 2) await redo.click();
    else await eeva.keyboard.press(step === 2 ? 'Control+y' : 'Control+Shift+z');
    await expectState(states[step]);
  }
  await expect(redo).toBeDisabled();
  await autosaved(eeva);
  const stored = (await storedVersion(eeva, ITEM, number)).source.fields.inputAppliedTenor;
  expect(stored.schema).toMatchObject({ title: 'Kuinka pitkä laina-aika?', minimum: 2, maximum: 15 });
  expect(stored.label).toBe('Laina-aika vuosina');
  expect(stored.messages.maximum).toBe('Laina-aika on enintään {limit} vuotta');
  // Ctrl+Z outside a text undoes too (one step), stored after the pause.
  await eeva.keyboard.press('Control+z');
  await expectState(states[4]);
  await autosaved(eeva);
  expect((await storedVersion(eeva, ITEM, number)).source.fields.inputAppliedTenor.messages.maximum).toBe('Enintään {limit} vuotta');
});

test('by keyboard only: open a draft, move in the outline to a field, edit its question and an option; both are saved', async ({ browser }) => {
  test.setTimeout(120_000);
  const ITEM = 'document:insurance';
  const eeva = await staffPage(browser, 'Eeva Editori (editor)');
  const number = await createDraft(eeva, ITEM, 'Studion muokkaustesti: näppäimistöllä');
  await eeva.clock.install();
  await eeva.goto(`/studio/kohde/${encodeURIComponent(ITEM)}`);
  await expect(eeva.getByRole('heading', { level: 1, name: `Lomake ${ITEM}` })).toBeFocused();
  await expectNoAxeViolations(eeva, 'the studio item page with a draft');

  await tabTo(eeva, eeva.getByRole('link', { name: `Avaa luonnos ${number}` }), 80);
  await eeva.keyboard.press('Enter');
  await patient(eeva.getByRole('heading', { level: 1, name: `Maksuturvavakuutus – luonnos ${number}` })).toBeFocused();

  // The outline is one tab stop: its first step.
  const tree = eeva.getByRole('tree', { name: 'Lomakkeen rakenne' });
  await tabTo(eeva, tree.getByRole('treeitem', { name: /^Vaihe 1/ }));
  await eeva.keyboard.press('ArrowRight'); // the step is open: to its first section
  await expect(tree.getByRole('treeitem', { name: /^Vakuutus$/ })).toBeFocused();
  await eeva.keyboard.press('ArrowRight'); // open the section
  await expect(tree.getByRole('treeitem', { name: /^Vakuutus$/ })).toHaveAttribute('aria-expanded', 'true');
  await eeva.keyboard.press('ArrowRight'); // to its first field
  await expect(tree.getByRole('treeitem', { name: /^Turvattava kuukausierä/ })).toBeFocused();
  await eeva.keyboard.press('ArrowDown');
  const field = tree.getByRole('treeitem', { name: /^Eräpäivä/ });
  await expect(field).toBeFocused();
  await eeva.keyboard.press('Enter');
  await expect(field).toHaveAttribute('aria-selected', 'true');
  await expect(eeva.getByRole('heading', { level: 2, name: 'Kenttä: Eräpäivä' })).toBeFocused();

  const question = eeva.getByLabel('Kysymys', { exact: true });
  await tabTo(eeva, question);
  await eeva.keyboard.press('Control+a');
  await eeva.keyboard.type('Minä päivänä maksu veloitetaan?');
  await eeva.keyboard.press('Enter');
  const option = eeva.getByLabel('Vaihtoehdon 2 teksti', { exact: true });
  await tabTo(eeva, option);
  await eeva.keyboard.press('Control+a');
  await eeva.keyboard.type('Kuun 15. päivä');
  await eeva.keyboard.press('Tab');
  await expect(question).toHaveValue('Minä päivänä maksu veloitetaan?');
  await expect(option).toHaveValue('Kuun 15. päivä');

  await autosaved(eeva);
  const stored = (await storedVersion(eeva, ITEM, number)).source.fields.appliedDueDate;
  expect(stored.schema.title).toBe('Minä päivänä maksu veloitetaan?');
  expect(stored.schema.oneOf.map((option: Json) => option.title)).toEqual(['Kuukauden 1. päivä', 'Kuun 15. päivä', 'Kuukauden 28. päivä']);
});

test("a shared section's question changed once shows in both the consumer and the mortgage previews", async ({ browser }) => {
  test.setTimeout(150_000);
  const ITEM = 'section:housing';
  const NEW = 'Millainen asumismuotosi on?';
  // The login page first: axe on the studio's gate, before anyone has logged in.
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto('/studio');
  await expect(visitor.getByRole('heading', { level: 1, name: 'Kirjaudu lomakestudioon' })).toBeFocused();
  await expectNoAxeViolations(visitor, 'the studio login page');
  await visitor.context().close();

  const eeva = await staffPage(browser, 'Eeva Editori (editor)');
  await expectNoAxeViolations(eeva, 'the studio items list');
  const number = await createDraft(eeva, ITEM, 'Studion muokkaustesti: jaettu osio');
  await eeva.clock.install();
  await eeva.goto(draftPath(ITEM, number));
  await patient(eeva.getByRole('heading', { level: 1, name: new RegExp(` – luonnos ${number}$`) })).toBeFocused();
  await eeva.getByRole('treeitem', { name: /^Asumismuoto/ }).click();
  await commit(eeva.getByLabel('Kysymys', { exact: true }), NEW);
  await autosaved(eeva);
  expect((await storedVersion(eeva, ITEM, number)).source.fields.AccommodationId.schema.title).toBe(NEW);

  // The preview offers every form that includes the section; in each, the step with the housing questions.
  const preview = eeva.getByRole('region', { name: 'Esikatselu' });
  // The controls' labels wrap their selects (the name then includes the chosen option).
  const control = (name: string) => preview.locator('.studio-preview-controls label').filter({ hasText: new RegExp(`^${name}`) }).locator('select');
  const documentChoice = control('Lomake');
  await patient(documentChoice).toBeVisible();
  const offered = await documentChoice.locator('option').allTextContents();
  expect(offered).toEqual(expect.arrayContaining(['consumer', 'mortgage']));
  for (const [document, step] of [
    ['consumer', '3. Asumistiedot'],
    ['mortgage', '2. Asumistiedot'],
  ]) {
    await documentChoice.selectOption(document);
    const stepChoice = control('Näytä vaiheeseen');
    await patient(stepChoice.locator('option', { hasText: step })).toHaveCount(1);
    await stepChoice.selectOption({ label: step });
    await patient(preview.getByText(NEW, { exact: true })).toBeVisible();
    await expect(preview.getByText('Asumismuoto', { exact: true })).toHaveCount(0);
  }
  await expectNoAxeViolations(eeva, 'the draft editor with the preview loaded');
});
