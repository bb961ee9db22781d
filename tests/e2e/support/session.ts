// The browser session (issue 14) belongs to the host an application was saved on, as a
// browser keeps cookies per host. Specs that save through the API on the first brand's
// host and go on in the browser on the second brand's host give that host the session the
// applicant would have had there (Node cannot reach kattokorko.localhost to save there).
import type { Page } from '@playwright/test';

export async function carrySession(page: Page, from: string, to: string): Promise<void> {
  if (new URL(from).host === new URL(to).host) return;
  const session = (await page.context().cookies(from)).filter((cookie) => cookie.name === 'lv_session');
  // As the other host sets it over plain http (Strict; sessions.ts): on localhost it is a
  // cross-site, Secure one (serve.ts lets a partner frame the pages), which another http name would refuse.
  await page.context().addCookies(session.map(({ name, value, httpOnly }) => ({ name, value, httpOnly, sameSite: 'Strict' as const, url: to })));
}
