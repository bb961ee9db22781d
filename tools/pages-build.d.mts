// Types of pages-build.mjs (plain JavaScript, so the start can run it without a TypeScript loader).
export const PAGES_INPUTS: readonly string[];
export function buildMode(nodeEnv: string | undefined): string;
export function pagesBuildKey(root: string, nodeEnv: string | undefined): string;
export const SSR_ENTRY: string;
export const SSR_DIR: string;
export const SSR_FILE: string;
export function buildPages(root: string, outDir: string, options?: { logLevel?: 'info' | 'warn' | 'error' | 'silent' }): Promise<void>;
