// The e2e web server: build the pages, then start the real server (src/server/main.ts)
// on a fresh embedded database. Build and database live in temporary directories
// removed on exit, so runs on different E2E_PORTs never share a build or a database.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { buildPages } from '../../../tools/pages-build.mjs';
import { bannersFileFor, writeBanners } from './banners.ts';

const root = resolve(import.meta.dirname, '../../..');
const scratch = mkdtempSync(join(tmpdir(), 'lainavertailu-e2e-'));
process.on('exit', () => rmSync(scratch, { recursive: true, force: true }));
const outDir = join(scratch, 'dist');
// The pages are a production build; the server under test is the development setup (the
// dev outbox the tests read codes from, the development identity provider's test bank).
// Production refuses those (NODE_ENV=production with DEV_TOOLS=1 does not start, issue 14),
// so the server runs without NODE_ENV=production: Vite's build sets it in this process, and
// a caller's own NODE_ENV=production is not passed on either.
const nodeEnv = process.env.NODE_ENV;
// The browser's pages and the server's render of step 1 (tools/pages-build.mjs).
await buildPages(root, outDir);

if (nodeEnv === undefined || nodeEnv.trim() === 'production') delete process.env.NODE_ENV;
else process.env.NODE_ENV = nodeEnv;
process.env.DEV_TOOLS = '1';

process.env.DATA_DIR = join(scratch, 'data');
process.env.LOG_LEVEL ??= 'warn';
// Dozens of specs create applications and ask codes for the same fixture address from one
// address in minutes; the limits have their own tests (tests/integration/limits.test.ts).
process.env.LIMITS = 'off';
process.env.STATIC_DIR = outDir;
// Banners a spec puts up (support/banners.ts), none to start with.
process.env.SITE_BANNERS_FILE = bannersFileFor(process.env.PORT ?? '');
writeBanners([], process.env.PORT ?? '');
process.on('exit', () => rmSync(process.env.SITE_BANNERS_FILE!, { force: true }));
// A partner site on another loopback origin may frame the pages (embedding.spec.ts): the same
// server answers http://127.0.0.1, a different site from the http://localhost the specs use.
process.env.EMBED_ORIGINS ??= `http://127.0.0.1:${process.env.PORT}`;
// Lenders answer in demo time.
process.env.LENDER_DELAY_SCALE ??= '0.3';

await import('../../../src/server/main.ts');
