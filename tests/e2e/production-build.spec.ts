// The served pages are React's production build (issue 31 goal 3): a development build
// (+28 % on the wire, about 1.5× slower to become interactive) must fail a test, not be
// served silently. React's development JSX runtime is the marker: `jsxDEV` survives
// minification as a property name, and the production runtime has none.
import { expect, test } from '@playwright/test';

const DEVELOPMENT_MARKER = 'jsxDEV';

test('the scripts a product page loads are the production build', async ({ page }) => {
  const scripts: string[] = [];
  page.on('response', (response) => {
    if (/\/assets\/.+\.js$/.test(new URL(response.url()).pathname)) scripts.push(response.url());
  });
  await page.goto('/hakemus/kulutusluotto/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(scripts.length).toBeGreaterThan(0);
  for (const url of scripts) {
    const body = await (await page.request.get(url)).text();
    expect(body.includes(DEVELOPMENT_MARKER), url).toBe(false);
  }
});
