// Vite plugin: writes a brotli (.br) and a gzip (.gz) sibling of every text asset of the
// build, once, at build time. The server (src/server/pages.ts) sends the best one the
// browser accepts, so no request pays for compression and the bytes on the wire are
// the ones the bundle benchmark measures.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

const TEXT = /\.(?:js|mjs|css|html|svg|json|txt|webmanifest)$/;
/** Below this a compressed copy saves less than the headers it adds. */
const MIN_BYTES = 1024;

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(path) : [path];
  });
}

/** Writes `<file>.br` and `<file>.gz` beside each text file of `dir`; returns how many files it compressed. */
export function precompressDirectory(dir: string): number {
  let count = 0;
  for (const file of filesUnder(dir)) {
    if (!TEXT.test(file) || statSync(file).size < MIN_BYTES) continue;
    const bytes = readFileSync(file);
    writeFileSync(`${file}.br`, brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } }));
    writeFileSync(`${file}.gz`, gzipSync(bytes, { level: 9 }));
    count += 1;
  }
  return count;
}

export function precompressPlugin(): Plugin {
  let outDir = '';
  return {
    name: 'lainavertailu-precompress',
    // Not the server's render of the first step (src/app/ssr/render-step.tsx): no pages, no browser files.
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    writeBundle: {
      // After every other plugin has written its files.
      order: 'post',
      handler() {
        precompressDirectory(outDir);
      },
    },
  };
}
