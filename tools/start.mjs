// `npm start`: builds what changed since the last start, then runs the compiled server
// in this process (issue 13 goal 5: a restart should cost the server's own start).
// - The pages: the app, the engine, the forms and validators, the build configuration
//   and the locked packages are hashed into dist/.sources with the build mode; an
//   unchanged stamp skips the Vite build (tools/pages-build.mjs).
// - The server: dist-server/main.js, bundled by tools/build-server.mjs when a file it was
//   made from changed (dist-server/.sources), then imported here by plain Node.
// Plain JavaScript run by `node`, not tsx: the loader alone cost about 0.3 s, and every
// module loaded under it about 2.5 times slower. The server keeps its checked form
// documents and compiled validators in dist-server/validators/ (engine/build/validator-cache.ts).
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { readStamp, writeStamp } from '../engine/build/sources-hash.mjs';
import { PAGES_INPUTS, SSR_DIR, SSR_FILE, buildPages, pagesBuildKey } from './pages-build.mjs';
import { SERVER_ENTRY, buildServer, serverIsCurrent } from './build-server.mjs';

const root = resolve(import.meta.dirname, '..');
const dist = resolve(process.env.STATIC_DIR?.trim() || join(root, 'dist'));
const PAGES_STAMP = join(dist, '.sources');

async function buildPagesIfChanged() {
  const wanted = pagesBuildKey(root, process.env.NODE_ENV);
  if (existsSync(join(dist, 'index.html')) && existsSync(join(dist, SSR_DIR, SSR_FILE)) && readStamp(PAGES_STAMP)?.hash === wanted) return;
  console.log('Building the pages (their sources changed since the last build)…');
  // The server must see the caller's NODE_ENV, which Vite's build sets in this process: buildPages restores it.
  await buildPages(root, dist);
  writeStamp(PAGES_STAMP, wanted, PAGES_INPUTS);
}

await buildPagesIfChanged();
// Under a second, so it says nothing.
if (!serverIsCurrent()) await buildServer();
await import(pathToFileURL(SERVER_ENTRY).href);
