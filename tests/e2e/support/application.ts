// Walking the consumer application through its pages the way an applicant does:
// by the labels and buttons on screen. Data comes from the shared fixtures.
import { expect, type Locator, type Page } from '@playwright/test';
import { fieldDomId } from '../../../engine/react/ids.ts';
import { readFormDocument } from '../../../engine/core/node.ts';
import { coApplicantBasics, coApplicantDetails, finish, primaryBasics, primaryHousing, primaryLoans, primaryWork } from '../../fixtures/consumer-valid.ts';

// The resolved document (its shared sections included), as the app renders it.
const consumer = readFormDocument('consumer');

export { coApplicantBasics, coApplicantDetails, finish, primaryBasics, primaryHousing, primaryLoans, primaryWork };

export const CONTINUE = 'Jatka hakemusta';
export const FINISH = 'Viimeistele hakemus';
export const IDENTIFY = 'Tunnistaudu tästä lähettääksesi hakemus';

/** The control of a field by its id in the form document. */
export const field = (page: Page, id: string): Locator => page.locator(`#${fieldDomId(id)}`);
export const step = (page: Page, n: number): Locator => page.locator(`#step-${n}`);

export async function choose(page: Page, id: string, optionLabel: string): Promise<void> {
  await field(page, id).selectOption({ label: optionLabel });
}

export async function continueFrom(page: Page, n: number, label = CONTINUE): Promise<void> {
  await step(page, n).getByRole('button', { name: label }).click();
}

/** Polls a field's value without the test runner's expect, so tools can use these helpers too. */
export async function waitForValue(page: Page, id: string, value: string): Promise<void> {
  await page.waitForFunction(([domId, expected]) => (document.getElementById(domId) as HTMLInputElement | null)?.value === expected, [fieldDomId(id), value] as const);
}

/** Waits for step n to be revealed after a save. */
export async function expectStep(page: Page, n: number): Promise<void> {
  await expect(step(page, n)).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/${n}/\\d+/[A-Za-z0-9_-]{43}`));
}

export async function fillLoanStep(page: Page, options: { purpose?: string; amount?: string; tenor?: string; coApplicant?: boolean } = {}): Promise<void> {
  const s = step(page, 1);
  if (options.purpose) await s.getByRole('radio', { name: options.purpose }).check();
  if (options.amount) await field(page, 'inputAppliedAmount').fill(options.amount);
  if (options.tenor) await field(page, 'inputAppliedTenor').fill(options.tenor);
  if (options.coApplicant) await s.getByRole('checkbox', { name: 'Haen lainaa yhdessä kanssahakijan kanssa' }).check();
}

/** The title the document gives a field's code: what the applicant sees in the list. */
export function optionTitle(id: string, code: unknown): string {
  const options = (consumer.schema.properties as Record<string, { oneOf?: Array<{ const: unknown; title: string }> }>)[id]?.oneOf;
  const label = options ? options.find((option) => option.const === code)?.title : String(code);
  if (label === undefined) throw new Error(`${id} has no option ${String(code)}`);
  return label;
}

/** Chooses the option whose title the document gives the code. */
export async function selectCode(page: Page, id: string, code: unknown): Promise<void> {
  await field(page, id).selectOption({ label: optionTitle(id, code) });
}

type Who = 'primaryApplicant' | 'coApplicant';

export async function fillBasics(page: Page, who: Who, data: Record<string, unknown>): Promise<void> {
  for (const name of ['PersonalIdentificationNumber', 'Firstnames', 'Lastname', 'Mobilephone', 'Mobilephone2', 'Email', 'Email2']) {
    await field(page, `${who}${name}`).fill(String(data[`${who}${name}`]));
  }
  await selectCode(page, `${who}MaritalStatusId`, data[`${who}MaritalStatusId`]);
}

export async function fillHousing(page: Page, who: Who, data: Record<string, unknown>): Promise<void> {
  for (const name of ['AccommodationId', 'ApartmentTypeId', 'HouseholdPeople', 'MoveCurrentAddressMonth', 'MoveCurrentAddressYear']) {
    await selectCode(page, `${who}${name}`, data[`${who}${name}`]);
  }
  await field(page, `${who}LivingExpenses`).fill(String(data[`${who}LivingExpenses`]));
  await field(page, `${who}OtherRegularExpenses`).fill(String(data[`${who}OtherRegularExpenses`]));
  if (data.coApplicantSameAddressAsPrimary === true && who === 'coApplicant') return;
  await field(page, `${who}Address`).fill(String(data[`${who}Address`] ?? primaryHousing.primaryApplicantAddress));
  await field(page, `${who}Zip`).fill(String(data[`${who}Zip`] ?? primaryHousing.primaryApplicantZip));
  // The town comes from the postal code lookup.
  await waitForValue(page, `${who}City`, String(data[`${who}City`] ?? primaryHousing.primaryApplicantCity));
}

export async function fillWork(page: Page, who: Who, data: Record<string, unknown>): Promise<void> {
  await selectCode(page, `${who}EmploymentTypeId`, data[`${who}EmploymentTypeId`]);
  for (const name of ['WorkStartMonth', 'WorkStartYear', 'TemporaryTillMonth', 'TemporaryTillYear', 'OccupationCodeId', 'BusinessClassificationId', 'EducationId']) {
    if (data[`${who}${name}`] !== undefined) await selectCode(page, `${who}${name}`, data[`${who}${name}`]);
  }
  for (const name of ['GrossMonthlyIncome', 'NetMonthlyIncome', 'Employer', 'Occupation']) {
    await field(page, `${who}${name}`).fill(String(data[`${who}${name}`]));
  }
}

/** Cards and one loan of each ticked kind. */
export async function fillLoans(page: Page, scope: Locator, loans: { kinds: string[]; amount?: string; payment?: string; cards?: string[] }): Promise<void> {
  for (const card of loans.cards ?? []) await scope.getByRole('checkbox', { name: card, exact: true }).check();
  if (loans.kinds.length === 0) {
    await scope.getByRole('checkbox', { name: 'Ei lainoja' }).check();
    return;
  }
  for (const kind of loans.kinds) {
    await scope.getByRole('checkbox', { name: kind, exact: true }).check();
    const row = scope.getByRole('group', { name: `${kind} 1`, exact: true });
    await row.getByLabel(/lainan määrä/).fill(loans.amount ?? '5000');
    await row.getByLabel(/kuukausierä/).fill(loans.payment ?? '150');
  }
}

export async function fillFinish(page: Page, options: { coApplicant?: boolean } = {}): Promise<void> {
  await field(page, 'primaryApplicantIbanNumber').fill(String(finish.primaryApplicantIbanNumber));
  for (const who of options.coApplicant ? ['primaryApplicant', 'coApplicant'] : ['primaryApplicant']) {
    await field(page, `${who}NotPep`).check();
    await field(page, `${who}PermissionLoanInfo`).check();
    await field(page, `${who}AcceptTerms`).check();
  }
}

/** The analytics events the page pushed. */
export async function dataLayerEvents(page: Page): Promise<string[]> {
  return page.evaluate(() => ((window as unknown as { dataLayer?: Array<{ event?: string }> }).dataLayer ?? []).map((entry) => entry.event ?? ''));
}
