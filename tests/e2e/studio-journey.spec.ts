// Issue 30's acceptance journey, through the studio's own pages: Eeva Editori drafts the consumer
// form in the draft editor (the amount's maximum 70 000 → 80 000, a new loan purpose, and a new
// text field on the employment step shown only for one employment type, built in the condition
// builder), sees the changes in the draft's preview and in the readable diff, and sends it for approval; Aarne Hyväksyjä waits
// for its QA verdict, reads the changed cases and the mutation score, and publishes it. A fresh
// applicant gets the new form at once (no rebuild, no restart) under the strict CSP, while an
// application saved before the publish resumes on the form it was started on (issue 29). Aarne then
// rolls back from the history and applicants get the old form again. The API is only read, except
// in afterAll: if the journey stops after the publish, the old version is put back there, so no
// later run of anything sees the changed form. (This spec is in the `publishing` project, which runs
// after every other spec: see playwright.config.ts.)
import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { fieldDomId } from '../../engine/react/ids.ts';
import { continueFrom, expectStep, field, fillBasics, primaryBasics, step } from './support/application.ts';
import { reachStep } from './support/journey.ts';
import { staffPage } from './support/staff.ts';

const ITEM = 'document:consumer';
const VERSIONS = `/api/content/items/${encodeURIComponent(ITEM)}/versions`;
const PURPOSE = { code: '21', title: 'Kodinkoneet' };
const NOTE = 'Lainasumma enintään 80 000 €, uusi käyttötarkoitus Kodinkoneet, määräaikaisille työnantajan puhelin';
/** The new text field on the employment step, shown only when the employment type is määräaikainen (code 4). */
const PHONE = { id: 'tyonantajanPuhelin', label: 'Työnantajan puhelinnumero' };
const SUBMIT_NOTE = 'Puhelinnumero kysytään vain määräaikaisilta.';
const patient = expect.configure({ timeout: 30_000 });

/** The live version's number, read for the assertions and for putting it back. */
async function liveNumber(page: Page): Promise<number> {
  const items = (await (await page.request.get('/api/content/items')).json()) as { items: Array<{ item: string; live: number | null }> };
  return items.items.find((entry) => entry.item === ITEM)!.live!;
}

/** A fresh applicant's browser that reports any CSP violation (as publish.spec.ts and csp.spec.ts do). */
async function applicantPage(browser: Browser, violations: string[]): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.exposeFunction('reportCspViolation', (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) =>
      void (window as unknown as { reportCspViolation: (text: string) => void }).reportCspViolation(`${event.violatedDirective} ${event.blockedURI}`),
    );
  });
  return page;
}

const amountOf = (scope: Locator) => scope.locator(`#${fieldDomId('inputAppliedAmount')}`);
/** The slider's ends, as the applicant reads them ('500 €', '70 000 €'). */
const amountEnds = (scope: Locator) => scope.locator('[data-field="inputAppliedAmount"] .lv-slider__scale span');

/** Typing over the maximum: the field keeps to it and says so. */
async function expectMaximum(scope: Locator, maximum: number): Promise<void> {
  const amount = amountOf(scope);
  await amount.fill(String(maximum));
  await amount.blur();
  await expect(amount).toHaveValue(String(maximum));
  await expect(scope.getByText(`Enintään ${maximum}`, { exact: true })).toHaveCount(0);
  await amount.fill(String(maximum + 1));
  await expect(amount).toHaveValue(String(maximum));
  await expect(scope.getByText(`Enintään ${maximum}`, { exact: true })).toBeVisible();
}

/** The new purpose's card, shown or not (the cards past the first three are in the page, hidden until opened). */
const purposeCard = (scope: Locator) => scope.locator('.lv-card__label').filter({ hasText: PURPOSE.title });

/** The loan purposes past the first three open from the disclosure; the new one is among them, or not. */
async function expectPurpose(scope: Locator, shown: boolean): Promise<void> {
  const more = scope.getByRole('button', { name: 'Muut käyttötarkoitukset' });
  if ((await more.getAttribute('aria-expanded')) !== 'true') await more.click();
  await expect(scope.getByRole('radio', { name: 'Häät' })).toBeVisible();
  if (shown) await expect(scope.getByRole('radio', { name: PURPOSE.title })).toBeVisible();
  // Not even behind the disclosure.
  else await expect(purposeCard(scope)).toHaveCount(0);
}

// What afterAll needs to put the old form back if the journey stops while the draft is live.
let before: number | undefined;
let draft: number | undefined;

test.afterAll(async ({ browser }) => {
  if (before === undefined || draft === undefined) return;
  const aarne = await staffPage(browser, 'Aarne Hyväksyjä (approver)');
  if ((await liveNumber(aarne)) !== draft) return;
  const rolledBack = await aarne.request.post(`${VERSIONS}/${before}/rollback`);
  expect(rolledBack.status(), await rolledBack.text()).toBe(200);
  await aarne.context().close();
});

test('an editor changes the consumer form in the studio, an approver publishes it after its QA verdict, applicants get it at once (an older application keeps its own), and a rollback undoes it', async ({ browser }) => {
  // The consumer form's QA verdict takes minutes on two shared cores.
  test.setTimeout(480_000);

  // 1. The older application: steps 1 and 2 saved on the form as it is now.
  const older = await (await browser.newContext()).newPage();
  const email = `vanha.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@example.fi`;
  await reachStep(older, 2);
  await fillBasics(older, 'primaryApplicant', { ...primaryBasics, primaryApplicantEmail: email, primaryApplicantEmail2: email });
  await continueFrom(older, 2);
  await expectStep(older, 3);
  const resumeUrl = older.url();
  await older.context().close();

  // 2. Eeva opens the consumer form from the items list and makes a draft of its live version, with a note.
  const eeva = await staffPage(browser, 'Eeva Editori (editor)');
  before = await liveNumber(eeva);
  await eeva.getByRole('row').filter({ has: eeva.getByRole('rowheader', { name: ITEM, exact: true }) }).getByRole('link', { name: ITEM, exact: true }).click();
  await expect(eeva.getByRole('heading', { level: 1, name: `Lomake ${ITEM}` })).toBeVisible();
  await eeva.getByRole('button', { name: 'Uusi luonnos julkaistusta versiosta' }).click();
  await eeva.getByLabel('Mitä luonnos muuttaa?').fill(NOTE);
  await eeva.getByRole('button', { name: 'Luo luonnos' }).click();
  const created = eeva.getByRole('status').filter({ hasText: /Luonnos \d+ luotu\./ });
  await patient(created).toBeVisible();
  const number = Number((await created.textContent())!.match(/Luonnos (\d+) luotu/)![1]);
  draft = number;
  const draftRow = eeva.locator(`tr[data-version="${number}"]`);
  await expect(draftRow).toContainText(NOTE);

  // The draft editor: the amount field from the outline, its maximum in the inspector.
  await draftRow.getByRole('link', { name: `Avaa luonnos ${number}` }).click();
  await patient(eeva.getByRole('heading', { level: 1, name: new RegExp(`luonnos ${number}$`) })).toBeVisible();
  const outline = eeva.getByRole('tree', { name: 'Lomakkeen rakenne' });
  const saveState = eeva.locator('[data-save-state]');
  await outline.getByRole('treeitem', { name: /^Lainasumma \(/ }).click();
  const amountDetails = eeva.getByRole('region', { name: 'Kenttä: Lainasumma' });
  // Filled once the lease is hers (the inputs are read-only until then).
  const maximum = amountDetails.getByLabel('Enintään', { exact: true });
  await expect(maximum).toHaveValue('70000');
  await maximum.fill('80000');
  await maximum.press('Enter');
  await patient(saveState).toHaveAttribute('data-save-state', 'saved');

  // A new text field at the end of the employment step, visible only when the employment type is
  // määräaikainen (4), built in the condition builder (as studio-conditions.spec.ts does).
  const add = eeva.getByRole('form', { name: 'Lisää kenttä' });
  await add.getByLabel('Vaihe ja osio').selectOption({ label: 'Vaihe 4: Työ- ja koulutustiedot' });
  await add.getByLabel('Kentän tyyppi').selectOption({ label: 'teksti' });
  await add.getByLabel('Tunnus').fill(PHONE.id);
  await add.getByLabel('Kysymys').fill(PHONE.label);
  await add.getByLabel('Kysymys').press('Enter');
  await expect(eeva.getByRole('heading', { level: 2, name: `Kenttä: ${PHONE.label}` })).toBeFocused();
  const visible = eeva.getByRole('region', { name: 'Näkyvyyden ehto' });
  await visible.getByRole('button', { name: 'Lisää ehto' }).click();
  const condition = visible.getByRole('group', { name: 'Ehto 1' });
  await condition.getByLabel('Kenttä').selectOption({ label: 'Työsuhteen tyyppi' });
  await condition.getByLabel('Vertailu').selectOption({ label: 'on' });
  await condition.getByLabel('Arvo', { exact: true }).selectOption({ label: 'Määräaikainen' });
  await expect(visible).toContainText('Sääntö sanoin: näytetään, kun työsuhteen tyyppi on määräaikainen');
  await patient(saveState).toHaveAttribute('data-save-state', 'saved');

  // The loan purpose: a new option, its code and Finnish text, in the options table.
  await outline.getByRole('treeitem', { name: /^Lainan käyttötarkoitus \(/ }).click();
  const purposeDetails = eeva.getByRole('region', { name: 'Kenttä: Lainan käyttötarkoitus' });
  await purposeDetails.getByLabel('Uuden vaihtoehdon koodi').fill(PURPOSE.code);
  await purposeDetails.getByLabel('Uuden vaihtoehdon teksti').fill(PURPOSE.title);
  await purposeDetails.getByRole('button', { name: 'Lisää vaihtoehto' }).click();
  const options = purposeDetails.getByRole('group', { name: 'Vaihtoehdot' });
  await expect(options.getByRole('textbox', { name: 'Vaihtoehdon 11 koodi' })).toHaveValue(PURPOSE.code);
  await expect(options.getByRole('textbox', { name: 'Vaihtoehdon 11 teksti' })).toHaveValue(PURPOSE.title);
  await patient(saveState).toHaveAttribute('data-save-state', 'saved');

  // The preview of the saved draft: the real step 1 with both changes (once it shows the last
  // revision, the one with the new purpose: each revision renders the form anew).
  const preview = eeva.getByRole('region', { name: 'Esikatselu' });
  await patient(purposeCard(preview)).toHaveCount(1);
  await expect(amountEnds(preview)).toHaveText(['500 €', '80 000 €']);
  await expectMaximum(preview, 80_000);
  await expectPurpose(preview, true);

  // 3. Back in the history: the draft's readable diff, then off for approval.
  await eeva.getByRole('link', { name: 'Takaisin versiohistoriaan' }).click();
  const review = eeva.getByRole('region', { name: `Versio ${number}: muutokset ja QA-tarkistus` });
  await expect(review.getByRole('heading', { level: 3, name: `Muutokset julkaistuun versioon ${before} nähden` })).toBeVisible();
  // One sentence per change (numbers grouped with a no-break space).
  await expect(review.getByRole('list').first().getByRole('listitem')).toHaveText([
    `Lainan käyttötarkoitus: uusi vaihtoehto "${PURPOSE.title}" (${PURPOSE.code})`,
    /^Lainasumma: enimmäismäärä 70\s000 → 80\s000$/,
    `${PHONE.label}: uusi kenttä vaiheessa "Työ- ja koulutustiedot" (näkyy ehdolla)`,
  ]);
  await draftRow.getByRole('button', { name: `Lähetä hyväksyttäväksi (Versio ${number})` }).click();
  await eeva.getByLabel('Saate hyväksyjälle (valinnainen)').fill(SUBMIT_NOTE);
  await eeva.getByRole('button', { name: 'Vahvista' }).click();
  await expect(eeva.getByRole('status').filter({ hasText: `Versio ${number} lähetetty hyväksyttäväksi.` })).toBeVisible();
  await expect(draftRow.locator('[data-column="state"]')).toHaveText('tarkastettavana');
  await expect(draftRow.locator('[data-column="comment"]')).toHaveText(SUBMIT_NOTE);

  // Aarne waits on the item page for the QA verdict (the page asks again every few seconds).
  const aarne = await staffPage(browser, 'Aarne Hyväksyjä (approver)');
  await aarne.goto(`/studio/kohde/${encodeURIComponent(ITEM)}`);
  const verdict = aarne.getByRole('region', { name: `Versio ${number}: muutokset ja QA-tarkistus` });
  await expect(verdict).toContainText('QA-tarkistus käynnissä…');
  // The note she sent it with, beside the version in review.
  await expect(aarne.locator(`tr[data-version="${number}"] [data-column="comment"]`)).toHaveText(SUBMIT_NOTE);
  await expect(verdict.getByText('QA-tarkistus hyväksytty')).toBeVisible({ timeout: 360_000 });
  const consumer = verdict.getByRole('region', { name: /consumer/ });
  await expect(consumer).toContainText(/Mutaatiopisteet: \d+(,\d+)? % \(\d+\/\d+ mutaatiota havaittu\)/);
  // The score, for the run's report (the gate itself holds it to its threshold).
  test.info().annotations.push({ type: 'consumer mutation score', description: (await consumer.textContent())?.match(/Mutaatiopisteet: [^)]*\)/)?.[0] });
  // The cases whose outcome changes, by field and message: amounts over 70 000 are no longer refused.
  await expect(consumer.getByRole('listitem').filter({ hasText: /^Lainasumma: \d+ tapausta/ })).toContainText(/”[^”]*70000[^”]*” → ”ei virhettä”/);

  await aarne.locator(`tr[data-version="${number}"]`).getByRole('button', { name: `Hyväksy ja julkaise (Versio ${number})` }).click();
  await aarne.getByRole('button', { name: 'Vahvista' }).click();
  await patient(aarne.getByRole('status').filter({ hasText: `Versio ${number} julkaistu.` })).toBeVisible();
  await expect(aarne.locator(`tr[data-version="${number}"] [data-column="state"]`)).toHaveText('julkaistu');
  expect(await liveNumber(aarne)).toBe(number);

  // 4. A fresh applicant gets the new form: no rebuild, no restart, the strict CSP.
  const violations: string[] = [];
  const fresh = await applicantPage(browser, violations);
  const response = await fresh.goto('/hakemus/kulutusluotto/');
  expect(response!.headers()['content-security-policy']).toMatch(/script-src 'self'(;|$)/);
  await patient(amountEnds(step(fresh, 1))).toHaveText(['500 €', '80 000 €']);
  await expect(fresh.locator('.hero__eyebrow')).toHaveText('Kulutusluotto 500–80 000 €');
  await expectMaximum(step(fresh, 1), 80_000);
  await expectPurpose(step(fresh, 1), true);
  // The new field on the employment step, after the earlier steps are saved: there for a
  // määräaikainen employment (4), not for a permanent one.
  await reachStep(fresh, 4);
  const employmentType = field(fresh, 'primaryApplicantEmploymentTypeId');
  await employmentType.selectOption({ label: 'Määräaikainen' });
  await expect(step(fresh, 4).getByLabel(PHONE.label)).toBeVisible();
  await employmentType.selectOption({ label: 'Vakituinen' });
  await expect(step(fresh, 4).getByLabel(PHONE.label)).toHaveCount(0);
  await employmentType.selectOption({ label: 'Määräaikainen' });
  await expect(step(fresh, 4).getByLabel(PHONE.label)).toBeVisible();
  expect(violations).toEqual([]);
  await fresh.context().close();

  // 5. The older application resumes (another browser, the link and a one-time code) on the form it was started on.
  const resumed = await applicantPage(browser, violations);
  await resumed.goto(resumeUrl);
  const dialog = resumed.getByRole('dialog', { name: 'Kirjaudu esitäytettyyn hakemukseen' });
  await expect(dialog.getByRole('status').first()).toContainText('Lähetimme kertakirjautumiskoodin sähköpostiisi');
  let code = '';
  await expect
    .poll(async () => {
      const [latest] = (await (await resumed.request.get(`/api/dev/outbox?to=${encodeURIComponent(email)}`)).json()) as Array<{ text: string }>;
      code = /\b(\d{6})\b/.exec(latest?.text ?? '')?.[1] ?? '';
      return code;
    })
    .not.toBe('');
  await dialog.getByLabel('Kertakirjautumiskoodi').fill(code);
  await dialog.getByRole('button', { name: 'Siirry hakemukseen' }).click();
  await expectStep(resumed, 3);
  await expect(amountEnds(step(resumed, 1))).toHaveText(['500 €', '70 000 €']);
  await expectMaximum(step(resumed, 1), 70_000);
  await expectPurpose(step(resumed, 1), false);
  expect(violations).toEqual([]);
  await resumed.context().close();

  // 6. Aarne rolls back to the version that was live before, from the history.
  await aarne.locator(`tr[data-version="${before}"]`).getByRole('button', { name: `Palauta voimaan (Versio ${before})` }).click();
  await aarne.getByRole('button', { name: 'Vahvista' }).click();
  const rolledBack = aarne.getByRole('status').filter({ hasText: new RegExp(`Versio ${before} palautettu voimaan uutena versiona \\d+\\.`) });
  await patient(rolledBack).toBeVisible();
  const copy = Number((await rolledBack.textContent())!.match(/uutena versiona (\d+)/)![1]);
  await expect(aarne.locator(`tr[data-version="${copy}"] [data-column="state"]`)).toHaveText('julkaistu');
  await expect(aarne.locator(`tr[data-version="${number}"] [data-column="state"]`)).toHaveText('poistunut käytöstä');

  const after = await applicantPage(browser, violations);
  await after.goto('/hakemus/kulutusluotto/');
  await patient(amountEnds(step(after, 1))).toHaveText(['500 €', '70 000 €']);
  await expect(after.locator('.hero__eyebrow')).toHaveText('Kulutusluotto 500–70 000 €');
  await expectMaximum(step(after, 1), 70_000);
  await expectPurpose(step(after, 1), false);
  expect(violations).toEqual([]);
});
