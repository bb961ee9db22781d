// `npm run openapi [-- --out FILE]`: the API's OpenAPI 3.1 document (src/server/openapi.ts),
// as the server with development tools publishes it at /api/openapi.json, written to
// docs/openapi.json. The app is built on an in-memory PGlite; nothing listens.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { buildApp } from '../src/server/app.ts';
import { openDatabase } from '../src/server/db/index.ts';
import { createLogger } from '../src/server/logging.ts';

const { values } = parseArgs({ options: { out: { type: 'string' } } });
const out = resolve(values.out ?? 'docs/openapi.json');

const db = await openDatabase({});
try {
  const app = await buildApp({ db, logger: createLogger({ level: 'warn' }), devTools: true, openapi: true, limits: false });
  await app.ready();
  const document = app.swagger() as { paths?: Record<string, unknown> };
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, `${JSON.stringify(document, null, 2)}\n`);
  console.info(`${out}: ${Object.keys(document.paths ?? {}).length} paths`);
  await app.close();
} finally {
  await db.close();
}
