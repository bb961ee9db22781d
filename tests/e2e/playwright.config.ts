// Playwright in Debian's Chromium (browsers cannot be downloaded here), against the
// real server serving a fresh build on a fresh embedded database.
import { resolve } from 'node:path';
import { defineConfig } from '@playwright/test';
import { CHROMIUM, CHROMIUM_ARGS } from './support/chromium.ts';

process.env.PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD = '1';

const port = Number(process.env.E2E_PORT ?? 4321);

// Specs that publish a form change what every applicant's page shows (the business and the consumer
// form): they run after all the others, which assert the forms as forms/ has them. They change
// different documents, so they may run beside each other. A dependency project runs whole whatever
// file is named on the command line: run one of these specs alone with `--no-deps`.
const PUBLISHING = [/[\\/]publish\.spec\.ts$/, /[\\/]studio-journey\.spec\.ts$/];
const baseURL = `http://localhost:${port}`;

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  outputDir: resolve(import.meta.dirname, '../../test-results'),
  globalSetup: './support/global-setup.ts',
  fullyParallel: true,
  workers: process.env.E2E_WORKERS ? Number(process.env.E2E_WORKERS) : 2,
  retries: 0,
  timeout: 60_000,
  // Generous: two workers share two cores with the server and the build.
  expect: { timeout: 15_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  forbidOnly: Boolean(process.env.CI),
  projects: [
    { name: 'forms-as-built', testIgnore: PUBLISHING },
    { name: 'publishing', testMatch: PUBLISHING, dependencies: ['forms-as-built'] },
  ],
  use: {
    baseURL,
    browserName: 'chromium',
    locale: 'fi-FI',
    timezoneId: 'Europe/Helsinki',
    viewport: { width: 1280, height: 900 },
    launchOptions: { executablePath: CHROMIUM, args: CHROMIUM_ARGS },
    trace: 'retain-on-failure',
  },
  webServer: {
    command: 'node --import tsx tests/e2e/support/serve.ts',
    cwd: resolve(import.meta.dirname, '../..'),
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1' } as Record<string, string>,
    url: `http://127.0.0.1:${port}/api/health`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'ignore',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
  },
});
