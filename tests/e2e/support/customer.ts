// The customer area's specs (issue 17): a customer made the way a real one is (a mortgage
// submitted and identified at the test bank), the login code read from the development
// outbox, and the checks every customer page gets at 375 px.
import { expect, type Page } from '@playwright/test';
import { loadFormRuntime } from '../../../engine/core/node.ts';
import { fillStep, stepSection } from './fill-from-document.ts';
import { chooseMethod, identifyAtTestBank } from './identify.ts';

const runtime = loadFormRuntime('mortgage');
const patient = expect.configure({ timeout: 30_000 });

/** A mortgage of `data`, submitted and identified: its applicant is now a customer (whether or not a bank takes it). */
export async function becomeCustomer(page: Page, data: Record<string, unknown>): Promise<void> {
  await page.goto('/hakemus/asuntolaina/');
  for (const number of [1, 2, 3, 4]) {
    await patient(stepSection(page, number)).toBeVisible();
    await fillStep(page, runtime, number, data);
    await stepSection(page, number).getByRole('button', { name: runtime.buttonLabel(number, data), exact: true }).click();
  }
  await patient(page).toHaveURL(/\/hakemus\/asuntolaina\/auth\//);
  await chooseMethod(page);
  await identifyAtTestBank(page, String(data.primaryApplicantPersonalIdentificationNumber));
  // The analysis may answer before the status page is seen: a customer whom no bank takes (an
  // older one's loan ends past every bank's age limit) is one all the same, identified.
  await patient(page).toHaveURL(/\/hakemus\/asuntolaina\/(status\/|offers\/|denied)/);
}

interface Mail {
  text: string;
}

const outbox = async (page: Page, email: string): Promise<Mail[]> => (await (await page.request.get(`/api/dev/outbox?to=${encodeURIComponent(email)}`)).json()) as Mail[];

/** The code of the newest mail to `email`, once there is one and its code is not `not`. */
export async function latestCode(page: Page, email: string, not = ''): Promise<string> {
  let code = '';
  await patient
    .poll(async () => {
      const [latest] = await outbox(page, email);
      code = /\b(\d{6})\b/.exec(latest?.text ?? '')?.[1] ?? '';
      return code !== '' && code !== not;
    })
    .toBe(true);
  return code;
}

export interface Customer {
  ssn: string;
  phone: string;
  email: string;
}

/**
 * On /login/1: asks for a code, reads the mail that came for this login (the outbox holds
 * earlier logins' mails too) and enters it; returns when the login has gone on from /login/2.
 */
export async function logIn(page: Page, customer: Customer): Promise<void> {
  await patient(page).toHaveURL(/\/login\/1$/);
  const before = (await outbox(page, customer.email)).length;
  await page.locator('#field--loginSsn').fill(customer.ssn);
  await page.locator('#field--loginPhone').fill(customer.phone);
  await page.getByRole('button', { name: 'Lähetä kirjautumiskoodi' }).click();
  await patient(page).toHaveURL(/\/login\/2$/);
  let code = '';
  await patient
    .poll(async () => {
      const mails = await outbox(page, customer.email);
      code = mails.length > before ? (/\b(\d{6})\b/.exec(mails[0].text)?.[1] ?? '') : '';
      return code;
    })
    .not.toBe('');
  await page.locator('#field--otp').fill(code);
  await page.getByRole('button', { name: 'Kirjaudu', exact: true }).click();
  await patient(page).not.toHaveURL(/\/login\/2$/);
}

/** Nothing wider than a 375 px phone (the viewport is left at 375 px). */
export async function expectNoHorizontalScrollAt375(page: Page): Promise<void> {
  await page.setViewportSize({ width: 375, height: 800 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
}
