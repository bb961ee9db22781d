// Types of sources-hash.mjs (plain JavaScript, so the start can run it without a TypeScript loader).
export function hashSources(root: string, inputs: readonly string[]): string;
export function readStamp(file: string): { hash: string; inputs: string[] } | undefined;
export function writeStamp(file: string, hash: string, inputs: readonly string[]): void;
export function stampIsCurrent(root: string, file: string): boolean;
