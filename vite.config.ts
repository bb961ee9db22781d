import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { formsPlugin } from './engine/build/vite-plugin-forms.ts';
import { precompressPlugin } from './src/build/precompress-plugin.ts';

// Vitest runs from the repository root (its include globs below are relative to it);
// the pages are built from src/app into dist/, which the server serves.
const pages = process.env.VITEST
  ? {}
  : {
      root: resolve(import.meta.dirname, 'src/app'),
      publicDir: resolve(import.meta.dirname, 'src/app/public'),
      resolve: { alias: { 'markdown-to-jsx/react': resolve(import.meta.dirname, 'engine/react/plain-markdown.tsx') } },
      // React, RJSF and the router are one entry chunk by design (the bundle benchmark measures it).
      build: { outDir: resolve(import.meta.dirname, 'dist'), emptyOutDir: true, manifest: true, chunkSizeWarningLimit: 800 },
    };

export default defineConfig({
  ...pages,
  plugins: [react(), formsPlugin(), precompressPlugin()],
  test: {
    // Playwright specs live in tests/e2e and run under Playwright, not Vitest.
    include: ['tests/unit/**/*.test.ts', 'tests/integration/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
