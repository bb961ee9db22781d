// Issue 30: a field's conditions in the draft editor. Eeva adds a text field to the consumer
// form's employment step, builds 'show only when the employment type is määräaikainen (4)' in
// the condition builder and reads it in words; the preview, with sample answers and the
// employment type chosen in its own form, shows the field for type 4 and hides it for another.
// A rule naming a field the form does not have (typed as JSON) is refused in Finnish and not
// saved. A draft with a broken rule: the preview's finding links to the field, which the editor
// then selects. Nothing is published: the draft is discarded at the end, so forms/ stays as it is.
import { expect, test, type Browser, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.ts';
import { staffPage } from './support/staff.ts';

const ITEM = 'document:consumer';
const patient = expect.configure({ timeout: 30_000 });

const api = (path: string) => `/api/content/items/${encodeURIComponent(ITEM)}${path}`;

/** A draft of the live consumer form, made through the content API (the studio's own spec makes one by hand). */
async function newDraft(page: Page): Promise<number> {
  const items = (await (await page.request.get('/api/content/items')).json()) as { items: Array<{ item: string; live?: number }> };
  const live = items.items.find((entry) => entry.item === ITEM)!.live!;
  const version = (await (await page.request.get(api(`/versions/${live}`))).json()) as { source: Record<string, unknown> };
  const created = await page.request.post(api('/versions'), { data: { source: version.source, note: 'Ehtojen testi: hylätään lopuksi' } });
  expect(created.status()).toBe(201);
  const answer = (await created.json()) as { number?: number; version?: { number: number } };
  return answer.version?.number ?? answer.number!;
}

test('an editor adds a field, shows it only for one employment type, sees it in the preview, and a rule with a missing field is refused', async ({ browser }) => {
  test.setTimeout(180_000);
  const eeva = await staffPage(browser, 'Eeva Editori (editor)');
  const number = await newDraft(eeva);
  try {
    await eeva.goto(`/studio/kohde/${encodeURIComponent(ITEM)}/luonnos/${number}`);
    const saved = eeva.locator('[data-save-state]');
    await patient(eeva.getByRole('button', { name: 'Lisää kenttä' })).toBeVisible();

    // A new text field at the end of the employment step, by its form.
    const add = eeva.getByRole('form', { name: 'Lisää kenttä' });
    await add.getByLabel('Vaihe ja osio').selectOption({ label: 'Vaihe 4: Työ- ja koulutustiedot' });
    await add.getByLabel('Kentän tyyppi').selectOption({ label: 'teksti' });
    await add.getByLabel('Tunnus').fill('tyonantajanPuhelin');
    await add.getByLabel('Kysymys').fill('Työnantajan puhelinnumero');
    await add.getByLabel('Kysymys').press('Enter');
    // It is selected and its details have the focus.
    await expect(eeva.getByRole('heading', { level: 2, name: 'Kenttä: Työnantajan puhelinnumero' })).toBeFocused();
    await expect(eeva.getByRole('treeitem', { name: /Työnantajan puhelinnumero/ })).toHaveAttribute('aria-selected', 'true');

    // The condition: työsuhteen tyyppi on määräaikainen.
    const visible = eeva.getByRole('region', { name: 'Näkyvyyden ehto' });
    await patient(visible).toBeVisible();
    await visible.getByRole('button', { name: 'Lisää ehto' }).click();
    const condition = visible.getByRole('group', { name: 'Ehto 1' });
    await condition.getByLabel('Kenttä').selectOption({ label: 'Työsuhteen tyyppi' });
    await condition.getByLabel('Vertailu').selectOption({ label: 'on' });
    await condition.getByLabel('Arvo', { exact: true }).selectOption({ label: 'Määräaikainen' });
    await expect(visible).toContainText('Sääntö sanoin: näytetään, kun työsuhteen tyyppi on määräaikainen');
    await patient(saved).toHaveAttribute('data-save-state', 'saved');
    await expectNoAxeViolations(eeva, 'the draft editor with a field and its condition');
    const stored = async () => ((await (await eeva.request.get(api(`/versions/${number}`))).json()) as { source: { fields: Record<string, { visible?: unknown }> } }).source.fields.tyonantajanPuhelin;
    await patient.poll(async () => (await stored())?.visible).toEqual({ '==': [{ var: 'primaryApplicantEmploymentTypeId' }, 4] });

    // A check on the field: added, its message edited in the inspector and saved; then removed,
    // so the field can be removed at the end (nothing may name it).
    const checksOf = async () =>
      ((await (await eeva.request.get(api(`/versions/${number}`))).json()) as { source: { checks?: Array<{ field?: string; message?: string }> } }).source.checks?.filter(
        (check) => check.field === 'tyonantajanPuhelin',
      ) ?? [];
    await eeva.getByRole('button', { name: 'Lisää tarkistus' }).click();
    const check = eeva.getByRole('group', { name: 'Tarkistus 1' });
    await patient(check).toBeVisible();
    await expectNoAxeViolations(eeva, 'the draft editor with a check of the field');
    await check.getByLabel('Viesti hakijalle').fill('Anna työnantajan puhelinnumero');
    await check.getByLabel('Viesti hakijalle').press('Enter');
    await patient.poll(async () => (await checksOf()).map((item) => item.message)).toEqual(['Anna työnantajan puhelinnumero']);
    await check.getByRole('button', { name: 'Poista tarkistus 1' }).click();
    await expect(check).toHaveCount(0);
    await patient.poll(async () => (await checksOf()).length).toBe(0);

    // The preview: sample answers, then the employment type chosen on the employment step.
    const preview = eeva.getByRole('region', { name: 'Esikatselu' });
    await patient(preview.getByRole('button', { name: 'Täytä esimerkkivastaukset' })).toBeEnabled();
    await preview.getByRole('button', { name: 'Täytä esimerkkivastaukset' }).click();
    await preview.getByLabel('Näytä vaiheeseen').selectOption({ label: '4. Työ- ja koulutustiedot' });
    const employment = preview.getByLabel('Työsuhteen tyyppi', { exact: true });
    await patient(employment).toBeVisible();
    await employment.selectOption({ label: 'Määräaikainen' });
    await expect(preview.getByLabel('Työnantajan puhelinnumero')).toBeVisible();
    await employment.selectOption({ label: 'Vakituinen' });
    await expect(preview.getByLabel('Työnantajan puhelinnumero')).toHaveCount(0);

    // A rule naming a field the form does not have: refused in Finnish, and the saved rule stays.
    await visible.getByRole('button', { name: 'Näytä JSON' }).click();
    await visible.getByLabel('Ehto JSON-muodossa').fill('{"==":[{"var":"eiOle"},1]}');
    await expect(visible.getByRole('status')).toContainText('Ehtoa ei tallennettu:');
    await expect(visible.getByRole('status')).toContainText('Kenttää "eiOle" ei ole lomakkeessa');
    await expect(saved).toHaveAttribute('data-save-state', 'saved');
    expect((await stored())?.visible).toEqual({ '==': [{ var: 'primaryApplicantEmploymentTypeId' }, 4] });

    // A field of the shared work section: the forms that share it, the way to the section, and
    // a short name for this form only (the include's override), which the outline then uses.
    await eeva.getByRole('treeitem', { name: /^Työsuhteen tyyppi \(/ }).click();
    const inspector = eeva.locator('.sd-inspector');
    await expect(inspector.getByRole('list', { name: 'Osio on käytössä lomakkeissa' }).getByRole('listitem')).toHaveText(['consumer', 'mortgage']);
    await expect(inspector.getByRole('link', { name: 'Muokkaa osiota work' })).toHaveAttribute('href', '/studio/kohde/section%3Awork');
    await inspector.getByLabel('Lyhyt nimi tässä lomakkeessa').fill('Työsuhde');
    await inspector.getByLabel('Lyhyt nimi tässä lomakkeessa').press('Enter');
    await expect(eeva.getByRole('treeitem', { name: /^Työsuhde \(/ })).toBeVisible();
    await patient.poll(async () => ((await (await eeva.request.get(api(`/versions/${number}`))).json()) as { source: { include: Record<string, any> } }).source.include.work).toEqual({
      override: { fields: { EmploymentTypeId: { label: 'Työsuhde' } } },
    });

    // The added field can be removed again: nothing reads it.
    await eeva.getByRole('treeitem', { name: /^Työnantajan puhelinnumero/ }).click();
    await inspector.getByRole('button', { name: 'Poista kenttä' }).click();
    await expect(eeva.getByRole('treeitem', { name: /^Työnantajan puhelinnumero/ })).toHaveCount(0);
    await patient.poll(async () => (await stored()) === undefined).toBe(true);
  } finally {
    // Leave the editor (it gives the lease back), then discard the draft.
    await eeva.goto('/studio');
    const discarded = await eeva.request.post(api(`/versions/${number}/discard`), { data: {} });
    expect(discarded.status()).toBe(200);
  }
});

test('a draft with a broken rule: the preview’s finding links to the field, and the editor selects it', async ({ browser }) => {
  test.setTimeout(120_000);
  const eeva = await staffPage(browser, 'Eeva Editori (editor)');
  const items = (await (await eeva.request.get('/api/content/items')).json()) as { items: Array<{ item: string; live?: number }> };
  const live = items.items.find((entry) => entry.item === ITEM)!.live!;
  const { source } = (await (await eeva.request.get(api(`/versions/${live}`))).json()) as { source: { fields: Record<string, Record<string, unknown>> } };
  // The amount shown only by a field the form does not have: the preview cannot compile it, and says why.
  source.fields.inputAppliedAmount.visible = { '==': [{ var: 'eiOle' }, 1] };
  const created = await eeva.request.post(api('/versions'), { data: { source, note: 'Rikkinäinen ehto: hylätään lopuksi' } });
  expect(created.status(), await created.text()).toBe(201);
  const answer = (await created.json()) as { number?: number; version?: { number: number } };
  const number = answer.version?.number ?? answer.number!;
  // Aarne, the approver, follows it: he only reads the draft, so no lease is taken beside the other test's editor.
  const aarne = await staffPage(browser, 'Aarne Hyväksyjä (approver)');
  try {
    await aarne.goto(`/studio/kohde/${encodeURIComponent(ITEM)}/luonnos/${number}`);
    const preview = aarne.getByRole('region', { name: 'Esikatselu' });
    const finding = preview.getByRole('listitem').filter({ hasText: '/fields/inputAppliedAmount/visible' });
    await patient(finding).toContainText('sääntö viittaa kenttään "eiOle"');
    await expect(aarne.getByRole('treeitem', { name: /^Lainasumma \(/ })).toHaveAttribute('aria-selected', 'false');
    await finding.getByRole('link', { name: 'Näytä kenttä inputAppliedAmount editorissa' }).click();
    await expect(aarne).toHaveURL(new RegExp(`/luonnos/${number}\\?field=inputAppliedAmount$`));
    await expect(aarne.getByRole('heading', { level: 2, name: 'Kenttä: Lainasumma' })).toBeFocused();
    await expect(aarne.getByRole('treeitem', { name: /^Lainasumma \(/ })).toHaveAttribute('aria-selected', 'true');
  } finally {
    const discarded = await eeva.request.post(api(`/versions/${number}/discard`), { data: {} });
    expect(discarded.status()).toBe(200);
  }
});
