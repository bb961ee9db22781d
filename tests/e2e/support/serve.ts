// The e2e web server: build the pages, then start the real server (src/server/main.ts)
// on a fresh embedded database. Build and database live in temporary directories
// removed on exit, so runs on different E2E_PORTs never share a build or a database.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { build } from 'vite';

const root = resolve(import.meta.dirname, '../../..');
const scratch = mkdtempSync(join(tmpdir(), 'lainavertailu-e2e-'));
process.on('exit', () => rmSync(scratch, { recursive: true, force: true }));
const outDir = join(scratch, 'dist');
// Vite's build sets NODE_ENV=production in this process; the server under test is the
// development setup (dev outbox, development identity provider), so put it back.
const nodeEnv = process.env.NODE_ENV;
await build({ configFile: join(root, 'vite.config.ts'), logLevel: 'warn', build: { outDir, emptyOutDir: true } });

if (nodeEnv === undefined) delete process.env.NODE_ENV;
else process.env.NODE_ENV = nodeEnv;

process.env.DATA_DIR = join(scratch, 'data');
process.env.LOG_LEVEL ??= 'warn';
// Many applications are created from one address in a run.
process.env.RATE_LIMIT_CREATE_PER_MINUTE = '0';
process.env.STATIC_DIR = outDir;
// Lenders answer in demo time.
process.env.LENDER_DELAY_SCALE ??= '0.3';

await import('../../../src/server/main.ts');
