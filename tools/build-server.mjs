// `npm run build:server`, and `npm start` when the server's sources changed: bundles
// src/server/main.ts and every file of ours it imports with esbuild into
// dist-server/main.js, which `npm start` then imports with plain Node. Under tsx the
// same start paid about 0.3 s for the loader before any of our code ran, and every
// module, packages included, loaded about 2.5 times slower (issue 13 goal 5).
// Packages stay external: node_modules is there at run time, and bundling them would
// not make them load faster. What main.ts imports with import() goes into chunks of their
// own beside main.js (dist-server/*-HASH.js), so their packages load when main.ts asks,
// after it started opening the database, not before main.js runs. dist-server/.sources stamps exactly the files the bundle
// was made from (esbuild's metafile), so editing the pages or the tests rebuilds nothing.
// Plain JavaScript, like tools/start.mjs, which imports it.
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { hashSources, stampIsCurrent, writeStamp } from '../engine/build/sources-hash.mjs';

const root = resolve(import.meta.dirname, '..');
export const SERVER_DIR = join(root, 'dist-server');
export const SERVER_ENTRY = join(SERVER_DIR, 'main.js');
const STAMP = join(SERVER_DIR, '.sources');
/** Besides the bundled files, what decides the bundle: this script, the helper it stamps with, the locked packages. */
const TOOLING = ['tools/build-server.mjs', 'engine/build/sources-hash.mjs', 'package-lock.json'];

/**
 * Our files find their neighbours through import.meta (migrations/*.sql, lenders.json,
 * forms/, the repository root). In the bundle that would name dist-server/main.js, so each
 * file gets its own location back, relative to the bundle, so the checkout may move.
 * @type {import('esbuild').Plugin}
 */
const ownLocation = {
  name: 'own-location',
  setup(bundler) {
    bundler.onLoad({ filter: /\.(?:ts|mts|mjs|js)$/ }, (args) => {
      if (args.path.includes(`${sep}node_modules${sep}`)) return undefined;
      const text = readFileSync(args.path, 'utf8');
      if (!text.includes('import.meta.')) return undefined;
      const file = relative(SERVER_DIR, args.path).split(sep).join('/');
      // One pass, so no replacement is rewritten by the next.
      const contents = text.replace(/import\.meta\.(url|dirname|filename)\b/g, (_whole, what) =>
        what === 'url'
          ? `new URL(${JSON.stringify(file)}, import.meta.url).href`
          : `(import.meta.dirname + ${JSON.stringify(`/${what === 'dirname' ? dirname(file) : file}`)})`,
      );
      return { contents, loader: /\.m?ts$/.test(args.path) ? 'ts' : 'js' };
    });
  },
};

/** The bundle exists and none of the files it was made from changed since. */
export const serverIsCurrent = () => existsSync(SERVER_ENTRY) && stampIsCurrent(root, STAMP);

/** Bundles the server into dist-server/ and stamps its inputs. */
export async function buildServer() {
  // The validator cache (dist-server/validators/) stays: its entries are keyed by what made them.
  rmSync(STAMP, { force: true });
  mkdirSync(SERVER_DIR, { recursive: true });
  // The previous bundle's chunks, named by hashes this build may not make again.
  for (const name of readdirSync(SERVER_DIR)) if (/\.js(?:\.map)?$/.test(name)) rmSync(join(SERVER_DIR, name));
  // Loaded only to build: a start with a current bundle does not pay for it.
  const { build } = await import('esbuild');
  const result = await build({
    absWorkingDir: root,
    entryPoints: ['src/server/main.ts'],
    outdir: SERVER_DIR,
    // main.js, and its chunks beside it: the own-location plugin's paths are relative to this folder.
    entryNames: '[name]',
    chunkNames: '[name]-[hash]',
    splitting: true,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: 'linked',
    metafile: true,
    logLevel: 'warning',
    plugins: [ownLocation],
  });
  const inputs = [...Object.keys(result.metafile.inputs), ...TOOLING].sort();
  writeStamp(STAMP, hashSources(root, inputs), inputs);
}

// `node tools/build-server.mjs [--if-changed]`
if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  if (process.argv.includes('--if-changed') && serverIsCurrent()) console.log(`${relative(process.cwd(), SERVER_ENTRY)} is current`);
  else {
    await buildServer();
    console.log(`${relative(process.cwd(), SERVER_ENTRY)} built`);
  }
}
