// What decides whether `npm start` must build the pages again (tools/start.mjs): the
// sources' hash and the build mode. The mode is part of it because a build made once under
// NODE_ENV=development carries React's development build (about 780 KB raw entry, +28 % on
// the wire) and, with only the sources hashed, kept being served by every later `npm start`
// (issue 31 goal 3). Plain JavaScript: the start reads it before anything compiles TypeScript.
import { join } from 'node:path';
import { hashSources } from '../engine/build/sources-hash.mjs';

// The marketplace's data files: the pages state their lender counts (src/build/lender-counts.ts).
export const PAGES_INPUTS = ['tools/pages-build.mjs', 'src/app', 'src/studio', 'src/flows', 'src/build', 'src/server/marketplace/lenders.json', 'src/server/marketplace/business-lenders.json', 'src/server/marketplace/mortgage-banks.json', 'engine', 'forms', 'custom-validators', 'vite.config.ts', 'package-lock.json', 'tsconfig.json'];

/**
 * The mode Vite builds in for this NODE_ENV: it replaces `process.env.NODE_ENV` with the
 * caller's value when there is one, so anything but production (development, test) gives
 * React's development build.
 * @param {string | undefined} nodeEnv
 */
export const buildMode = (nodeEnv) => (nodeEnv === undefined || nodeEnv.trim() === '' || nodeEnv.trim() === 'production' ? 'production' : nodeEnv.trim());

/**
 * The stamp's key: sources and mode.
 * @param {string} root
 * @param {string | undefined} nodeEnv
 */
export const pagesBuildKey = (root, nodeEnv) => `${hashSources(root, PAGES_INPUTS)}:${buildMode(nodeEnv)}`;

/** The server's render of a product's first step (issue 31 goal 1), built beside the pages: `<pages>/ssr/render-step.js`. */
export const SSR_ENTRY = 'src/app/ssr/render-step.tsx';
export const SSR_DIR = 'ssr';
export const SSR_FILE = 'render-step.js';

/**
 * Both builds of the pages into `outDir`: the browser's (Vite, index.html and the studio), then the
 * server's render of step 1 into `outDir/ssr/`, everything bundled in (the pages directory may be
 * anywhere, away from node_modules: the e2e server's is a temporary one). Restores the caller's
 * NODE_ENV, which Vite's build sets in this process.
 * @param {string} root
 * @param {string} outDir
 * @param {{ logLevel?: 'info' | 'warn' | 'error' | 'silent' }} [options]
 */
export async function buildPages(root, outDir, { logLevel = 'warn' } = {}) {
  const nodeEnv = process.env.NODE_ENV;
  const { build } = await import('vite');
  const configFile = join(root, 'vite.config.ts');
  await build({ configFile, logLevel, build: { outDir, emptyOutDir: true } });
  await build({
    configFile,
    logLevel,
    build: { ssr: join(root, SSR_ENTRY), outDir: join(outDir, SSR_DIR), emptyOutDir: true, manifest: false, copyPublicDir: false, rolldownOptions: { output: { entryFileNames: SSR_FILE } } },
    ssr: { noExternal: true, target: 'node' },
  });
  if (nodeEnv === undefined) delete process.env.NODE_ENV;
  else process.env.NODE_ENV = nodeEnv;
}

// `npm run build`: both builds into STATIC_DIR (dist/).
if (process.argv[1] && import.meta.filename === (await import('node:path')).resolve(process.argv[1])) {
  const { resolve } = await import('node:path');
  const root = resolve(import.meta.dirname, '..');
  await buildPages(root, resolve(process.env.STATIC_DIR?.trim() || join(root, 'dist')), { logLevel: 'info' });
}
