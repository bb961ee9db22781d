// Vite plugin: the form studio (issue 30) as the second page of the application's build,
// src/app/studio.html beside index.html, so the studio ships with the pages but none of its
// code is in a chunk an applicant's page loads. Its chunks are named studio-* (the entry by
// its input name, its lazy chunks by studioChunkName), which the bundle test looks for.
// Only for the application's own root: the bundle benchmark builds other roots with this
// configuration, whose own index.html must stay their only input.
import { resolve } from 'node:path';
import type { Plugin } from 'vite';

const STUDIO_SOURCE = /[\\/]src[\\/]studio[\\/]/;

interface ChunkInfo {
  facadeModuleId: string | null;
  moduleIds: string[];
}

/** A chunk of the studio's own modules is `assets/studio-<name>-<hash>.js`; every other keeps Vite's name. */
export function studioChunkName(chunk: ChunkInfo): string {
  const studio = chunk.facadeModuleId ? STUDIO_SOURCE.test(chunk.facadeModuleId) : chunk.moduleIds.length > 0 && chunk.moduleIds.every((id) => STUDIO_SOURCE.test(id));
  return studio ? 'assets/studio-[name]-[hash].js' : 'assets/[name]-[hash].js';
}

export function studioEntryPlugin(appDir: string): Plugin {
  return {
    name: 'lainavertailu-studio-entry',
    // Not the server's render of the first step (src/app/ssr/render-step.tsx): no pages, no browser files.
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    config(config) {
      if (resolve(config.root ?? process.cwd()) !== resolve(appDir)) return undefined;
      return {
        build: {
          rolldownOptions: {
            input: { index: resolve(appDir, 'index.html'), studio: resolve(appDir, 'studio.html') },
            // React and the router, which both pages use, become a chunk of their own that the
            // applicants' page preloads beside its entry (before the studio they were in the entry).
            output: { chunkFileNames: studioChunkName },
          },
        },
      };
    },
  };
}
