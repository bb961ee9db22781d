// One hash over source files, and the stamps builds leave beside their output, so that
// `npm start` (tools/start.mjs) skips a build whose inputs did not change and the
// server's validator cache (validator-cache.ts) knows which engine compiled an entry.
// Plain JavaScript, because the start reads it before anything can compile TypeScript.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/** @param {string} path @returns {string[]} every file under `path` (or `path` itself), in a fixed order */
function files(path) {
  if (!existsSync(path)) return [];
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path, { withFileTypes: true })
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    .flatMap((entry) => files(join(path, entry.name)));
}

/**
 * sha256 over every input file's path (relative to `root`) and bytes; an input may be a
 * folder (all its files) and may be missing (then it adds nothing, so a deleted input
 * changes the hash).
 * @param {string} root
 * @param {readonly string[]} inputs paths relative to `root`
 */
export function hashSources(root, inputs) {
  const hash = createHash('sha256');
  for (const input of inputs) {
    for (const file of files(join(root, input))) hash.update(relative(root, file)).update('\0').update(readFileSync(file)).update('\0');
  }
  return hash.digest('hex');
}

/**
 * A stamp is the hash on its first line and the inputs it covers on the next ones.
 * @param {string} file
 * @returns {{ hash: string, inputs: string[] } | undefined}
 */
export function readStamp(file) {
  if (!existsSync(file)) return undefined;
  const [hash, ...inputs] = readFileSync(file, 'utf8').split('\n').filter(Boolean);
  return { hash, inputs };
}

/** @param {string} file @param {string} hash @param {readonly string[]} inputs */
export function writeStamp(file, hash, inputs) {
  writeFileSync(file, [hash, ...inputs, ''].join('\n'));
}

/**
 * True when the stamp exists and its inputs still hash to what it says.
 * @param {string} root
 * @param {string} file
 */
export function stampIsCurrent(root, file) {
  const stamp = readStamp(file);
  return stamp !== undefined && stamp.hash === hashSources(root, stamp.inputs);
}
