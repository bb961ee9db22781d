// axe-core (WCAG 2.0–2.2 A and AA) on every step, empty, with its errors shown and
// filled, plus the dialogs; desktop and phone widths.
import { expect, test, type Page } from '@playwright/test';
import {
  coApplicantBasics,
  coApplicantDetails,
  continueFrom,
  expectStep,
  fillBasics,
  fillFinish,
  fillHousing,
  fillLoanStep,
  fillLoans,
  fillWork,
  FINISH,
  IDENTIFY,
  primaryBasics,
  primaryHousing,
  primaryWork,
  step,
} from './support/application.ts';
import { expectNoAxeViolations } from './support/axe.ts';

/** Presses the step's button with nothing filled in, so its errors show, and checks that state too. */
async function withErrors(page: Page, n: number, label = 'Jatka hakemusta'): Promise<void> {
  await expectNoAxeViolations(page, `step ${n}`, `#step-${n}`);
  await continueFrom(page, n, label);
  await expect(page.locator('[data-error-summary]')).toBeFocused();
  await expectNoAxeViolations(page, `step ${n} with errors`, `#step-${n}`);
}

for (const viewport of [
  { width: 1280, height: 900 },
  { width: 360, height: 740 },
]) {
  test(`every step, with and without errors, at ${viewport.width} px`, async ({ page }) => {
    // Some twenty axe runs over a growing page: minutes on a 2-core machine running two workers.
    test.setTimeout(360_000);
    await page.setViewportSize(viewport);
    await page.goto('/hakemus/kulutusluotto/?amount=30000');
    await expectNoAxeViolations(page, 'the start page');
    await withErrors(page, 1);
    await fillLoanStep(page, { purpose: 'Remontti', coApplicant: true });
    await continueFrom(page, 1);

    await expectStep(page, 2);
    await withErrors(page, 2);
    await fillBasics(page, 'primaryApplicant', primaryBasics);
    await fillBasics(page, 'coApplicant', coApplicantBasics);
    await continueFrom(page, 2);

    await expectStep(page, 3);
    await withErrors(page, 3);
    await fillHousing(page, 'primaryApplicant', primaryHousing);
    await continueFrom(page, 3);

    await expectStep(page, 4);
    await withErrors(page, 4);
    await fillWork(page, 'primaryApplicant', primaryWork);
    await continueFrom(page, 4);

    await expectStep(page, 5);
    await withErrors(page, 5);
    await fillLoans(page, step(page, 5), { kinds: ['Asuntolaina', 'Muu laina'], cards: ['Visa'] });
    await step(page, 5).getByRole('button', { name: 'Lisää laina (Asuntolainat)' }).click();
    await expectNoAxeViolations(page, 'step 5 with loan rows', '#step-5');
    await step(page, 5).getByRole('button', { name: 'Poista laina (Asuntolaina 2)' }).click();
    await continueFrom(page, 5);

    await expectStep(page, 6);
    await withErrors(page, 6, FINISH);
    await fillHousing(page, 'coApplicant', coApplicantDetails);
    await fillWork(page, 'coApplicant', coApplicantDetails);
    await fillLoans(page, step(page, 6), { kinds: [] });
    await continueFrom(page, 6, FINISH);

    await expectStep(page, 7);
    await withErrors(page, 7, IDENTIFY);
    await expectNoAxeViolations(page, 'the whole page with every step');
    await step(page, 7).getByRole('button', { name: 'Mikä on PEP?' }).first().click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expectNoAxeViolations(page, 'the PEP dialog');
    await page.keyboard.press('Escape');
    await step(page, 5).getByRole('button', { name: 'Mitä lainoja tähän merkitään?' }).click();
    await expectNoAxeViolations(page, 'the loan types dialog');
    await page.keyboard.press('Escape');
    await fillFinish(page, { coApplicant: true });
    await page.route('**/consumer-applications/save/**', async (route) => {
      const body = JSON.parse(route.request().postData() ?? '{}');
      await route.continue({ postData: JSON.stringify({ ...body, coApplicantLastname: 'V1rtanen' }) });
    });
    await step(page, 7).getByRole('button', { name: IDENTIFY }).click();
    await expect(page.getByRole('dialog', { name: 'Hakemuksen tallennus epäonnistui' })).toBeVisible();
    await expectNoAxeViolations(page, 'the save-failed dialog');
    await page.keyboard.press('Escape');
    await expectNoAxeViolations(page, 'step 7 with a server error');
    await page.unroute('**/consumer-applications/save/**');
    await step(page, 7).getByRole('button', { name: IDENTIFY }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Vahva tunnistautuminen' })).toBeVisible();
    await expectNoAxeViolations(page, 'the identification page');
  });
}

test('the second brand and the consolidation variant', async ({ page, baseURL }) => {
  await page.goto(`${baseURL!.replace('//localhost', '//kattokorko.localhost')}/hakemus/yhdistelylaina/`);
  await expectNoAxeViolations(page, 'kattokorko consolidation, step 1');
  await fillLoanStep(page, { amount: '100' });
  await continueFrom(page, 1);
  await expect(page.locator('[data-error-summary]')).toBeFocused();
  await expectNoAxeViolations(page, 'kattokorko consolidation, step 1 with errors');
});
