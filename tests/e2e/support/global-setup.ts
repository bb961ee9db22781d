// A fresh CI machine has no browser: install Debian's Chromium when it is missing
// (as root, about 30 s). Everything else the suite needs is in node_modules.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { CHROMIUM } from './chromium.ts';

export default function globalSetup(): void {
  process.env.PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD = '1';
  if (existsSync(CHROMIUM)) return;
  if (process.getuid?.() !== 0) throw new Error(`${CHROMIUM} is missing; install it with: sudo apt-get install -y chromium`);
  console.log(`e2e: ${CHROMIUM} is missing, installing Debian's chromium…`);
  execSync('apt-get update -qq && apt-get install -y -qq chromium', { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  if (!existsSync(CHROMIUM)) throw new Error(`apt-get finished but ${CHROMIUM} is still missing`);
}
