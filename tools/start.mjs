// `npm start`: builds what changed since the last start, then runs the compiled server
// in this process (issue 13 goal 5: a restart should cost the server's own start).
// - The pages: the app, the engine, the forms and validators, the build configuration
//   and the locked packages are hashed into dist/.sources; an unchanged hash skips the
//   Vite build.
// - The server: dist-server/main.js, bundled by tools/build-server.mjs when a file it was
//   made from changed (dist-server/.sources), then imported here by plain Node.
// Plain JavaScript run by `node`, not tsx: the loader alone cost about 0.3 s, and every
// module loaded under it about 2.5 times slower. The server keeps its checked form
// documents and compiled validators in dist-server/validators/ (engine/build/validator-cache.ts).
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { hashSources, readStamp, writeStamp } from '../engine/build/sources-hash.mjs';
import { SERVER_ENTRY, buildServer, serverIsCurrent } from './build-server.mjs';

const root = resolve(import.meta.dirname, '..');
const dist = resolve(process.env.STATIC_DIR?.trim() || join(root, 'dist'));
const PAGES_STAMP = join(dist, '.sources');
// The marketplace's data files: the pages state their lender counts (src/build/lender-counts.ts).
const PAGES_INPUTS = ['src/app', 'src/studio', 'src/flows', 'src/build', 'src/server/marketplace/lenders.json', 'src/server/marketplace/business-lenders.json', 'src/server/marketplace/mortgage-banks.json', 'engine', 'forms', 'custom-validators', 'vite.config.ts', 'package-lock.json', 'tsconfig.json'];

async function buildPagesIfChanged() {
  const wanted = hashSources(root, PAGES_INPUTS);
  if (existsSync(join(dist, 'index.html')) && readStamp(PAGES_STAMP)?.hash === wanted) return;
  console.log('Building the pages (their sources changed since the last build)…');
  // Vite's build sets NODE_ENV=production in this process; the server must see the caller's.
  const nodeEnv = process.env.NODE_ENV;
  const { build } = await import('vite');
  await build({ configFile: join(root, 'vite.config.ts'), logLevel: 'warn', build: { outDir: dist, emptyOutDir: true } });
  if (nodeEnv === undefined) delete process.env.NODE_ENV;
  else process.env.NODE_ENV = nodeEnv;
  writeStamp(PAGES_STAMP, wanted, PAGES_INPUTS);
}

await buildPagesIfChanged();
// Under a second, so it says nothing.
if (!serverIsCurrent()) await buildServer();
await import(pathToFileURL(SERVER_ENTRY).href);
