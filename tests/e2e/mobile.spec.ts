// 360 px wide and keyboard alone: no sideways scrolling on any step, targets of at
// least 24 px, and the loan step, the basics and the cards done without a mouse.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { readFormDocument } from '../../engine/core/node.ts';
import { coApplicantDetails, continueFrom, expectStep, field, finish, IDENTIFY, optionTitle, primaryBasics, primaryHousing, primaryWork, step } from './support/application.ts';
import { reachStep } from './support/journey.ts';

// The resolved document (its shared sections included), as the app renders it.
const consumer = readFormDocument('consumer');

test.use({ viewport: { width: 360, height: 740 }, hasTouch: true });

/** Tabs forward until the target has focus: how a keyboard user gets there. */
async function tabTo(page: Page, target: Locator, limit = 60): Promise<void> {
  for (let i = 0; i < limit; i++) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`never reached ${target}`);
}

async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

async function expectTargetsAtLeast24px(page: Page): Promise<void> {
  const small = await page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('button, input, select, a.lv-button, summary')]
      .filter((element) => element.offsetParent !== null && !element.classList.contains('lv-card__input'))
      .map((element) => ({ element, box: element.getBoundingClientRect() }))
      .filter(({ box }) => box.width < 24 || box.height < 24)
      .map(({ element }) => element.outerHTML.slice(0, 80)),
  );
  expect(small).toEqual([]);
}

test('steps 1 and 2 by keyboard alone at 360 px', async ({ page }) => {
  await page.goto('/hakemus/kulutusluotto/');
  await expectNoSidewaysScroll(page);
  await expectTargetsAtLeast24px(page);

  // Radio cards: one tab stop, arrows choose.
  await tabTo(page, step(page, 1).getByRole('radio').first());
  await page.keyboard.press('ArrowRight');
  await expect(step(page, 1).getByRole('radio', { name: 'Ajoneuvon hankinta tai korjaus' })).toBeChecked();
  await tabTo(page, field(page, 'inputAppliedAmount'));
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('9000');
  await page.keyboard.press('Tab');
  await page.keyboard.press('ArrowRight');
  await expect(field(page, 'inputAppliedAmount')).toHaveValue('9500');
  await tabTo(page, step(page, 1).getByRole('button', { name: 'Jatka hakemusta' }));
  await page.keyboard.press('Enter');
  await expectStep(page, 2);
  await expect(step(page, 2).getByRole('heading', { name: 'Perustiedot' })).toBeFocused();
  await expectNoSidewaysScroll(page);

  for (const name of ['PersonalIdentificationNumber', 'Firstnames', 'Lastname', 'Mobilephone', 'Mobilephone2', 'Email', 'Email2']) {
    await tabTo(page, field(page, `primaryApplicant${name}`));
    await page.keyboard.type(String(primaryBasics[`primaryApplicant${name}`]));
  }
  await tabTo(page, field(page, 'primaryApplicantMaritalStatusId'));
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await expect(field(page, 'primaryApplicantMaritalStatusId')).not.toHaveValue('');
  // Enter in a text field continues, as a form does.
  await tabTo(page, field(page, 'primaryApplicantEmail2'));
  await page.keyboard.press('Enter');
  await expectStep(page, 3);
});

test('loan rows and the summary panel by keyboard at 360 px', async ({ page }) => {
  await reachStep(page, 5);
  await expectNoSidewaysScroll(page);
  const loans = step(page, 5);
  await tabTo(page, loans.getByRole('checkbox', { name: 'Opintolaina' }));
  await page.keyboard.press('Space');
  await tabTo(page, loans.getByLabel('Opintolaina 1: lainan määrä'));
  await page.keyboard.type('4000');
  await page.keyboard.press('Tab');
  await page.keyboard.type('120');
  await tabTo(page, loans.getByRole('button', { name: 'Lisää laina (Opintolainat)' }));
  await page.keyboard.press('Enter');
  await expect(loans.getByLabel('Opintolaina 2: lainan määrä')).toBeFocused();
  await tabTo(page, loans.getByRole('button', { name: 'Poista laina (Opintolaina 2)' }));
  await page.keyboard.press('Enter');
  await expect(loans.getByRole('button', { name: 'Lisää laina (Opintolainat)' })).toBeFocused();
  await expectNoSidewaysScroll(page);
  await expectTargetsAtLeast24px(page);
  await continueFrom(page, 5, 'Viimeistele hakemus');
  await expectStep(page, 7);
  await expectNoSidewaysScroll(page);

  // Below the form on a phone, the summary opens on request; its pencil goes back to the step.
  const toggle = page.getByRole('button', { name: 'Näytä yhteenveto' });
  await tabTo(page, toggle, 120);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: 'Piilota yhteenveto' })).toHaveAttribute('aria-expanded', 'true');
  await tabTo(page, page.getByRole('button', { name: 'Muokkaa: Asumistiedot' }));
  await page.keyboard.press('Enter');
  await expect(step(page, 3).getByRole('heading', { name: 'Asumistiedot' })).toBeFocused();
  await expect(step(page, 3).getByRole('heading', { name: 'Asumistiedot' })).toBeInViewport();
});

/**
 * Fills a step's fields from data with the keyboard only, in the order the document
 * lists them: Tab to each, type into text fields, Space on checkboxes, arrows in lists.
 */
async function fillStepByKeyboard(page: Page, n: number, data: Record<string, unknown>): Promise<void> {
  const order = consumer.steps.find((s) => s.number === n)!.sections.flatMap((section) => section.fields);
  for (const id of order) {
    if (!(id in data)) continue;
    const control = field(page, id);
    if (!(await control.isVisible())) continue;
    const value = data[id];
    const kind = await control.evaluate((element) => (element instanceof HTMLSelectElement ? 'select' : (element as HTMLInputElement).type));
    if (kind === 'checkbox') {
      if ((await control.isChecked()) === value) continue;
      await tabTo(page, control, 200);
      await page.keyboard.press('Space');
      await expect(control).toBeChecked({ checked: Boolean(value) });
    } else if (kind === 'select') {
      await tabTo(page, control, 200);
      const label = optionTitle(id, value);
      const selected = () => control.evaluate((element) => (element as HTMLSelectElement).selectedOptions[0]?.textContent ?? '');
      for (let i = 0; i < 150 && (await selected()) !== label; i++) await page.keyboard.press('ArrowDown');
      expect(await selected()).toBe(label);
    } else if ((await control.inputValue()) !== String(value)) {
      await tabTo(page, control, 200);
      // Replace what is there: the town may have arrived from the postal code meanwhile.
      await page.keyboard.press('ControlOrMeta+a');
      await page.keyboard.type(String(value));
    }
  }
}

test('housing, work, the co-applicant step and the finish by keyboard alone at 360 px', async ({ page }) => {
  test.setTimeout(240_000);
  await reachStep(page, 3, { coApplicant: true });
  await fillStepByKeyboard(page, 3, primaryHousing);
  await expect(field(page, 'primaryApplicantCity')).toHaveValue(String(primaryHousing.primaryApplicantCity));
  await tabTo(page, step(page, 3).getByRole('button', { name: 'Jatka hakemusta' }));
  await page.keyboard.press('Enter');
  await expectStep(page, 4);

  await fillStepByKeyboard(page, 4, primaryWork);
  await tabTo(page, step(page, 4).getByRole('button', { name: 'Jatka hakemusta' }));
  await page.keyboard.press('Enter');
  await expectStep(page, 5);

  await fillStepByKeyboard(page, 5, { primaryApplicantHasNoLoans: true });
  await tabTo(page, step(page, 5).getByRole('button', { name: 'Jatka hakemusta' }));
  await page.keyboard.press('Enter');
  await expectStep(page, 6);
  await expectNoSidewaysScroll(page);

  await fillStepByKeyboard(page, 6, coApplicantDetails);
  await tabTo(page, step(page, 6).getByRole('button', { name: 'Viimeistele hakemus' }), 200);
  await page.keyboard.press('Enter');
  await expectStep(page, 7);

  await fillStepByKeyboard(page, 7, { ...finish, coApplicantNotPep: true, coApplicantPermissionLoanInfo: true, coApplicantAcceptTerms: true });
  await expectTargetsAtLeast24px(page);
  await tabTo(page, step(page, 7).getByRole('button', { name: IDENTIFY }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Vahva tunnistautuminen' })).toBeVisible();
  await expectNoSidewaysScroll(page);
});
