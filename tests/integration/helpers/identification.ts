// Strong identification through the development provider's test bank, as a browser
// does it: our API's redirect URL, the provider, the test bank form, back to the
// callback. For tests of what follows identification; identity.test.ts checks each
// leg of the round trip itself.
import { applicant, type Browser } from './server.ts';

/** Identifies `party` of the application as `personalId`; answers where the callback sends the browser. */
export async function identifyAtTestBank(
  serverUrl: string,
  application: { id: number; token: string },
  personalId: string,
  { party, browser = applicant }: { party?: 'PRIMARY' | 'CO_APPLICANT'; browser?: Browser } = {},
): Promise<string> {
  const started = await browser.get(`${serverUrl}/api/auth/visma/${application.id}/${application.token}/op${party ? `?party=${party}` : ''}`);
  if (started.status !== 200) throw new Error(`identification did not start: ${started.status} ${started.text}`);
  const authorize = new URL(started.text);
  const toBank = await browser.fetch(authorize.href);
  const bankUrl = new URL(toBank.headers.get('location')!, authorize);
  await browser.fetch(bankUrl.href);
  const form = new URLSearchParams({ action: 'login', personalId });
  const submitted = await browser.fetch(bankUrl.href, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: form.toString() });
  const resumed = await browser.fetch(new URL(submitted.headers.get('location')!, bankUrl).href);
  const callback = new URL(resumed.headers.get('location')!, bankUrl);
  const done = await browser.fetch(callback.href);
  if (done.status !== 303) throw new Error(`callback answered ${done.status}`);
  return done.headers.get('location')!;
}
