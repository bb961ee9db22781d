// Staff login as a browser goes, for tests: our login route, the development staff provider's
// choice of test staff, and our callback, which starts the staff session.
import { expect } from 'vitest';
import { STAFF_LOGIN_COOKIE } from '../../../src/server/staff/routes.ts';
import { Browser } from './server.ts';

/** Logs `subject` (a test staff member of staff/dev-provider.ts) in; the browser, the callback's answer and where it was. */
export async function logInStaff(url: string, subject: string, browser = new Browser()) {
  const started = await browser.fetch(`${url}/api/staff/login`);
  expect(started.status).toBe(303);
  const loginCookie = browser.cookie(url, STAFF_LOGIN_COOKIE)!;
  expect(loginCookie).toBeTruthy();
  const authorize = new URL(started.headers.get('location')!);
  expect(authorize.origin + authorize.pathname).toBe(`${url}/dev-staff-idp/auth`);
  for (const param of ['state', 'nonce', 'code_challenge']) expect(authorize.searchParams.get(param)).toBeTruthy();
  expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
  const toChooser = await browser.fetch(authorize.href);
  expect(toChooser.status).toBe(303);
  const chooserUrl = new URL(toChooser.headers.get('location')!, authorize);
  const chooser = await browser.fetch(chooserUrl.href);
  expect(chooser.status).toBe(200);
  const page = await chooser.text();
  expect(page).toContain('Eeva Editori');
  expect(page).toContain('Aarne Hyväksyjä');
  const form = new URLSearchParams({ action: 'login', member: subject });
  const submitted = await browser.fetch(chooserUrl.href, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: form.toString() });
  expect(submitted.status).toBe(303);
  const resumed = await browser.fetch(new URL(submitted.headers.get('location')!, chooserUrl).href);
  expect(resumed.status).toBe(303);
  const callback = new URL(resumed.headers.get('location')!, chooserUrl);
  expect(callback.origin + callback.pathname).toBe(`${url}/api/staff/callback`);
  const done = await browser.fetch(callback.href);
  return { browser, done, callback, loginCookie };
}
