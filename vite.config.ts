import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { formsPlugin } from './engine/build/vite-plugin-forms.ts';
import { formPreloadPlugin } from './src/build/form-preload-plugin.ts';
import { lenderCounts } from './src/build/lender-counts.ts';
import { precompressPlugin } from './src/build/precompress-plugin.ts';
import { rjsfUriPlugin } from './src/build/rjsf-uri-plugin.ts';
import { studioEntryPlugin } from './src/build/studio-entry-plugin.ts';

// Vitest runs from the repository root (its include globs below are relative to it);
// the pages are built from src/app into dist/, which the server serves.
const pages = process.env.VITEST
  ? {}
  : {
      root: resolve(import.meta.dirname, 'src/app'),
      publicDir: resolve(import.meta.dirname, 'src/app/public'),
      resolve: { alias: { 'markdown-to-jsx/react': resolve(import.meta.dirname, 'engine/react/plain-markdown.tsx') } },
      // RJSF and the pages' code are one entry chunk by design (the bundle benchmark measures it); React and
      // the router, shared with the form studio's page (studioEntryPlugin), are one chunk preloaded beside it.
      build: {
        outDir: resolve(import.meta.dirname, 'dist'),
        emptyOutDir: true,
        manifest: true,
        chunkSizeWarningLimit: 800,
        rolldownOptions: {
          // fast-json-patch declares no `sideEffects`, so the browser's import of the engine's
          // public entry (which re-exports resolveVariants) would keep it although the pages
          // apply no patches: variants are resolved at build time (engine/build/vite-plugin-forms.ts).
          treeshake: { moduleSideEffects: [{ test: /[\\/]node_modules[\\/]fast-json-patch[\\/]/, sideEffects: false }] },
        },
      },
    };

export default defineConfig({
  ...pages,
  // The lender counts the pages claim, from the marketplace's data (issue 25).
  define: { __LENDER_COUNTS__: JSON.stringify(lenderCounts()) },
  // Two pages from src/app: the applicants' index.html and the staff's studio.html (studioEntryPlugin, issue 30).
  plugins: [
    react(),
    formsPlugin(),
    rjsfUriPlugin(resolve(import.meta.dirname, 'engine/react/fragment-uri.ts')),
    formPreloadPlugin(resolve(import.meta.dirname, 'src/app/form-preload.ts')),
    studioEntryPlugin(resolve(import.meta.dirname, 'src/app')),
    precompressPlugin(),
  ],
  test: {
    // Playwright specs live in tests/e2e and run under Playwright, not Vitest.
    include: ['tests/unit/**/*.test.ts', 'tests/integration/**/*.test.ts'],
    environment: 'node',
    // Both cores: Vitest's default is one worker on a 2-core machine (cpus - 1), and most
    // integration files wait on HTTP, databases and child processes rather than compute.
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
