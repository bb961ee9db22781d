// Issue 29: a form published from the database reaches the pages with no rebuild and no
// restart. An editor (through the development staff provider) drafts the business form with the
// company address's label, minimum length and message changed and sends it for approval; its
// QA verdict is made; another staff member approves; a fresh browser on the form's only step
// shows the new label and refuses a two-letter address with the new message, from the server's
// module of the live release, which the served page names and preloads, under the strict CSP. (A
// business application is sent when created and never resumed: a resumed application's own release
// is checked in resume.spec.ts.) The earlier version is rolled back at the
// end, so the other specs see the business form as forms/ has it.
import { expect, test, type Browser, type Page } from '@playwright/test';
import { stepSection } from './support/fill-from-document.ts';
import { staffPage } from './support/staff.ts';

const ITEM = encodeURIComponent('document:business');
const VERSIONS = `/api/content/items/${ITEM}/versions`;
const LABEL = 'Yrityksen käyntiosoite';
const MESSAGE = 'Kirjoita katuosoite kokonaan';
const patient = expect.configure({ timeout: 30_000 });

type Json = Record<string, any>;

/** The address field changed (its question, short label, minimum and message), in whichever format the stored source is (format 2: fields in one place). */
function withNewAddress(source: Json): Json {
  const changed = structuredClone(source);
  if (changed.fields?.address) {
    const field = changed.fields.address;
    field.label = LABEL;
    field.schema = { ...field.schema, title: LABEL, minLength: 3 };
    field.messages = { ...field.messages, minLength: MESSAGE };
  } else {
    changed.labels.address = LABEL;
    changed.schema.properties.address = { ...changed.schema.properties.address, title: LABEL, minLength: 3 };
    changed.fieldMessages = { ...changed.fieldMessages, address: { ...changed.fieldMessages?.address, minLength: MESSAGE } };
  }
  return changed;
}

test('a published change to a form shows in a fresh browser with no rebuild and no restart', async ({ browser }) => {
  test.setTimeout(300_000);
  const editor = await staffPage(browser, 'Eeva Editori (editor)');
  const approver = await staffPage(browser, 'Aarne Hyväksyjä (approver)');

  const items = (await (await editor.request.get('/api/content/items')).json()) as { items: Array<{ item: string; live: number | null }> };
  const before = items.items.find((entry) => entry.item === 'document:business')!.live!;
  const live = (await (await editor.request.get(`${VERSIONS}/${before}`)).json()) as Json;

  const created = await editor.request.post(VERSIONS, { data: { source: withNewAddress(live.source), note: 'Käyntiosoite, vähintään 3 merkkiä' } });
  expect(created.status(), await created.text()).toBe(201);
  const { number } = ((await created.json()) as { version: { number: number } }).version;
  expect((await editor.request.post(`${VERSIONS}/${number}/submit`)).status()).toBe(200);
  // The verdict is made in the background when a version is sent for approval.
  await expect.poll(async () => ((await (await approver.request.get(`${VERSIONS}/${number}`)).json()) as Json).verdict?.passes ?? null, { timeout: 180_000 }).toBe(true);
  // The editor may not publish; the approver may.
  expect((await editor.request.post(`${VERSIONS}/${number}/approve`)).status()).toBe(403);
  const approved = await approver.request.post(`${VERSIONS}/${number}/approve`);
  expect(approved.status(), await approved.text()).toBe(200);

  try {
    const page = await (await browser.newContext()).newPage();
    const violations: string[] = [];
    await page.exposeFunction('reportCspViolation', (text: string) => violations.push(text));
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (event) =>
        void (window as unknown as { reportCspViolation: (text: string) => void }).reportCspViolation(`${event.violatedDirective} ${event.blockedURI}`),
      );
    });
    const modules: string[] = [];
    const asked: string[] = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (pathname.startsWith('/forms/')) modules.push(pathname);
      if (pathname === '/api/forms/live') asked.push(pathname);
    });
    const response = await page.goto('/hakemus/yritysluotto/');
    expect(response!.headers()['content-security-policy']).toMatch(/script-src 'self'(;|$)/);
    // The served page names the published release and preloads its module (issue 29 item 3).
    const html = await response!.text();
    const named = JSON.parse(/<script type="application\/json" id="lv-live-forms">([^<]*)<\/script>/.exec(html)![1]) as { releases: Record<string, string> };
    const preload = /<link rel="modulepreload" href="([^"]+)">/.exec(html)?.[1];
    expect(preload).toMatch(new RegExp(`^/forms/${named.releases.business}/[a-z0-9+-]+\\.js$`));

    const address = stepSection(page, 1).locator('[data-field="address"]');
    await patient(address.getByText(LABEL, { exact: true })).toBeVisible();
    // The server rendered the published step 1 (first-paint.ts); a field left before the page
    // has hydrated is checked on continue, not on leaving it, so this waits for the hydration.
    await patient(page.locator('html[data-hydrated]')).toHaveCount(1);
    await address.getByRole('textbox').fill('ab');
    await address.getByRole('textbox').blur();
    await expect(address.locator('.lv-error-message')).toContainText(MESSAGE);
    // The preloaded module is the one the page imports, fetched once; the page asked nothing of the API for it.
    expect(modules).toEqual([preload]);
    expect(asked).toEqual([]);
    expect(violations).toEqual([]);
  } finally {
    // Version `before` live again, as a new version: the form as forms/ has it for every other spec.
    const rolledBack = await approver.request.post(`${VERSIONS}/${before}/rollback`);
    expect(rolledBack.status(), await rolledBack.text()).toBe(200);
  }
  const page = await (await browser.newContext()).newPage();
  await page.goto('/hakemus/yritysluotto/');
  await patient(stepSection(page, 1).locator('[data-field="address"]').getByText('Yrityksen katuosoite', { exact: true })).toBeVisible();
});
