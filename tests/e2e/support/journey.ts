// Shortcuts to a later step: the earlier steps filled and saved through the UI, as
// an applicant would, so each spec can start where it wants to look.
import { expect, type Page } from '@playwright/test';
import {
  coApplicantBasics,
  continueFrom,
  expectStep,
  fillBasics,
  fillHousing,
  fillLoanStep,
  fillLoans,
  fillWork,
  primaryBasics,
  primaryHousing,
  primaryWork,
  step,
} from './application.ts';

/**
 * After a save: step n is shown and its heading has focus, which the page gives it once the step
 * is in place; a keyboard user's next key goes there. A test typing before that raced the page
 * settling after the first save (a field filled within 0.1 s of step 2 appearing was once empty).
 */
async function reached(page: Page, n: number): Promise<void> {
  await expectStep(page, n);
  await expect(step(page, n).getByRole('heading', { level: 2 })).toBeFocused();
}

export interface Journey {
  product?: 'kulutusluotto' | 'yhdistelylaina';
  coApplicant?: boolean;
  origin?: string;
  /** Other answers for the primary applicant's step 2 (another person than the fixture's). */
  primary?: Record<string, unknown>;
}

/** Opens the start page and saves steps 1..(target-1); the page ends on step `target`. */
export async function reachStep(page: Page, target: number, journey: Journey = {}): Promise<void> {
  const product = journey.product ?? 'kulutusluotto';
  await page.goto(`${journey.origin ?? ''}/hakemus/${product}/`);
  if (target === 1) return;
  await fillLoanStep(page, { purpose: product === 'kulutusluotto' ? 'Remontti' : undefined, amount: journey.coApplicant ? '30000' : '12000', coApplicant: journey.coApplicant });
  await continueFrom(page, 1);
  await reached(page, 2);
  if (target === 2) return;
  await fillBasics(page, 'primaryApplicant', { ...primaryBasics, ...journey.primary });
  if (journey.coApplicant) await fillBasics(page, 'coApplicant', coApplicantBasics);
  await continueFrom(page, 2);
  await reached(page, 3);
  if (target === 3) return;
  await fillHousing(page, 'primaryApplicant', primaryHousing);
  await continueFrom(page, 3);
  await reached(page, 4);
  if (target === 4) return;
  await fillWork(page, 'primaryApplicant', primaryWork);
  await continueFrom(page, 4);
  await reached(page, 5);
  if (target === 5) return;
  await fillLoans(page, step(page, 5), product === 'yhdistelylaina' ? { kinds: ['Muu laina'] } : { kinds: [] });
  if (product === 'yhdistelylaina') await step(page, 5).getByRole('checkbox', { name: 'Maksan pois: muu laina' }).check();
  await continueFrom(page, 5, journey.coApplicant ? 'Jatka hakemusta' : 'Viimeistele hakemus');
  await reached(page, journey.coApplicant ? 6 : 7);
}
