// Issue 30: a legal page's draft in the studio is edited as its JSON source: a labelled text box,
// a Finnish error naming the line while the text is not JSON (and nothing saved), an autosave once
// it is; the item's page shows the draft's changes text by text and no QA verdict. Nothing is
// published (this spec is not in the `publishing` project): the draft is discarded at the end.
import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.ts';

const patient = expect.configure({ timeout: 30_000 });
/** The autosave's pause (src/studio/draft/autosave.ts AUTOSAVE_DELAY_MS), run on the page's clock. */
const AUTOSAVE_MS = 1_000;
const ITEM = 'content:legal/ennakkotiedot';
const versionsUrl = `/api/content/items/${encodeURIComponent(ITEM)}/versions`;
let made: { page: Page; number: number } | undefined;

test.afterAll(async () => {
  if (!made) return;
  const { page, number } = made;
  await page.goto('about:blank');
  expect((await page.request.post(`${versionsUrl}/${number}/discard`, { data: {} })).status()).toBe(200);
  await page.request.delete(`/api/content/items/${encodeURIComponent(ITEM)}/lease`);
});

test("a legal page's draft is edited as JSON: a Finnish parse error, then an autosave, then its diff", async ({ browser }) => {
  const page = await (await browser.newContext()).newPage();
  await page.clock.install();
  await page.goto('/api/staff/login');
  await page.getByLabel('Eeva Editori').check();
  await page.getByRole('button', { name: 'Kirjaudu', exact: true }).click();
  await patient(page).toHaveURL(/\/studio$/);
  // The legal pages and the banners are among the items.
  await expect(page.getByRole('link', { name: ITEM })).toBeVisible();
  await expect(page.getByRole('link', { name: 'content:banners' })).toBeVisible();

  const versions = (await (await page.request.get(versionsUrl)).json()) as { versions: Array<{ number: number; state: string }> };
  const live = versions.versions.find((version) => version.state === 'live')!;
  const { source } = (await (await page.request.get(`${versionsUrl}/${live.number}`)).json()) as { source: Record<string, unknown> };
  const created = await page.request.post(versionsUrl, { data: { source, note: 'Otsikko' } });
  expect(created.status()).toBe(201);
  const { number } = ((await created.json()) as { version: { number: number } }).version;
  made = { page, number };

  await page.goto(`/studio/kohde/${encodeURIComponent(ITEM)}/luonnos/${number}`);
  await patient(page.getByRole('heading', { level: 1, name: `${ITEM} – luonnos ${number}` })).toBeFocused();
  const text = page.getByRole('textbox', { name: 'Sisällön lähde (JSON)' });
  await expect(text).toHaveValue(/"title": "Ennakkotiedot"/);
  await expect(text).toBeEditable();

  // A trailing comma: not JSON, so the error says where, and nothing is saved.
  const written = await text.inputValue();
  await text.fill(written.replace('"title": "Ennakkotiedot",', '"title": "Ennakkotiedot",,'));
  await expect(page.getByRole('alert')).toHaveText('Tekstiä ei voi tallentaa: JSON-virhe rivillä 3, sarakkeessa 28.');
  await expect(text).toHaveAttribute('aria-invalid', 'true');
  await page.clock.runFor(AUTOSAVE_MS + 100);
  await expect(page.locator('[data-save-state]')).toHaveAttribute('data-save-state', 'idle');
  await expectNoAxeViolations(page, 'the JSON draft editor with a parse error');

  await text.fill(written.replace('"title": "Ennakkotiedot"', '"title": "Ennakkotiedot luotonvälityksestä"'));
  await expect(page.getByRole('alert')).toHaveText('');
  await page.clock.runFor(AUTOSAVE_MS + 100);
  await patient(page.locator('[data-save-state]')).toHaveAttribute('data-save-state', 'saved');
  await expect.poll(async () => ((await (await page.request.get(`${versionsUrl}/${number}`)).json()) as { source: { title: string } }).source.title).toBe('Ennakkotiedot luotonvälityksestä');

  // The item's page: the draft's change in words, and no QA verdict to wait for.
  await page.getByRole('link', { name: 'Takaisin versiohistoriaan' }).click();
  const review = page.getByRole('region', { name: `Versio ${number}: muutokset ja QA-tarkistus` });
  await patient(review.getByRole('listitem')).toHaveText(['Sivu: otsikko "Ennakkotiedot" → "Ennakkotiedot luotonvälityksestä"']);
  await expect(review).toContainText('Tälle sisällölle ei tehdä QA-tarkistusta');
});
