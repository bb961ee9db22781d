// Issue 30: a form's draft is also reachable as its JSON source, for what the form editor has no
// control for (the insurance's price table, an override of a shared field): the same draft, saved
// with the same revision and lease as the form editor's. Nothing is published: the draft is
// discarded at the end.
import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.ts';

const patient = expect.configure({ timeout: 30_000 });
/** The autosave's pause (src/studio/draft/autosave.ts AUTOSAVE_DELAY_MS), run on the page's clock. */
const AUTOSAVE_MS = 1_000;

test("a form's draft can be edited as its JSON source, beside the form editor, and keeps one lease and revision", async ({ browser }) => {
  const FORM = 'document:user-details';
  const formVersions = `/api/content/items/${encodeURIComponent(FORM)}/versions`;
  const page = await (await browser.newContext()).newPage();
  await page.clock.install();
  await page.goto('/api/staff/login');
  await page.getByLabel('Eeva Editori').check();
  await page.getByRole('button', { name: 'Kirjaudu', exact: true }).click();
  await patient(page).toHaveURL(/\/studio$/);
  const versions = (await (await page.request.get(formVersions)).json()) as { versions: Array<{ number: number; state: string }> };
  const live = versions.versions.find((version) => version.state === 'live')!;
  const { source } = (await (await page.request.get(`${formVersions}/${live.number}`)).json()) as { source: Record<string, unknown> };
  const created = await page.request.post(formVersions, { data: { source, note: 'Lähteen muokkaus' } });
  expect(created.status()).toBe(201);
  const { number } = ((await created.json()) as { version: { number: number } }).version;
  try {
    await page.goto(`/studio/kohde/${encodeURIComponent(FORM)}/luonnos/${number}`);
    await patient(page.getByRole('tree')).toBeVisible();
    await page.getByRole('link', { name: /Muokkaa lähdettä JSON-muodossa/ }).click();
    const text = page.getByRole('textbox', { name: 'Sisällön lähde (JSON)' });
    await patient(text).toHaveValue(/"title": "Omat tiedot"/);
    await expect(text).toBeEditable();
    // What the form editor has no control for (here the document's own title) is written in the source.
    const written = JSON.parse(await text.inputValue()) as { title: string };
    await text.fill(JSON.stringify({ ...written, title: 'Omat tiedot ja markkinointi' }, null, 2));
    await page.clock.runFor(AUTOSAVE_MS + 100);
    await patient(page.locator('[data-save-state]')).toHaveAttribute('data-save-state', 'saved');
    await expect.poll(async () => ((await (await page.request.get(`${formVersions}/${number}`)).json()) as { source: { title: string }; revision: number })).toMatchObject({ source: { title: 'Omat tiedot ja markkinointi' }, revision: 2 });
    await expectNoAxeViolations(page, 'a form draft as its JSON source');
    // Back in the form editor, the same draft as saved, still editable under the same lease.
    await page.getByRole('link', { name: 'Takaisin lomake-editoriin' }).click();
    await patient(page.getByRole('heading', { level: 1, name: `Omat tiedot ja markkinointi – luonnos ${number}` })).toBeVisible();
  } finally {
    await page.goto('about:blank');
    expect((await page.request.post(`${formVersions}/${number}/discard`, { data: {} })).status()).toBe(200);
    await page.request.delete(`/api/content/items/${encodeURIComponent(FORM)}/lease`);
  }
});
