// `npm start`: builds the pages only when their sources changed since the last build,
// then starts the server in this process. The pages' inputs (the app, the engine, the
// forms and validators, the build configuration and the locked dependencies) are hashed
// into dist/.sources; an unchanged hash skips the ten-second Vite build (issue 13 goal 5:
// a restart should cost the server's own start, not a rebuild).
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const dist = resolve(process.env.STATIC_DIR?.trim() || join(root, 'dist'));
const STAMP = join(dist, '.sources');
const INPUTS = ['src/app', 'src/build', 'engine', 'forms', 'custom-validators', 'vite.config.ts', 'package-lock.json', 'tsconfig.json'];

function files(path: string): string[] {
  if (!existsSync(path)) return [];
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path, { withFileTypes: true })
    .sort((a, b) => a.name.localeCompare(b.name))
    .flatMap((entry) => files(join(path, entry.name)));
}

/** One hash over every input file's path and bytes. */
export function sourcesHash(): string {
  const hash = createHash('sha256');
  for (const input of INPUTS) {
    for (const file of files(join(root, input))) hash.update(relative(root, file)).update('\0').update(readFileSync(file)).update('\0');
  }
  return hash.digest('hex');
}

async function buildPagesIfChanged(): Promise<void> {
  const wanted = sourcesHash();
  const built = existsSync(STAMP) && existsSync(join(dist, 'index.html')) ? readFileSync(STAMP, 'utf8').trim() : '';
  if (built === wanted) return;
  console.log('Building the pages (their sources changed since the last build)…');
  // Vite's build sets NODE_ENV=production in this process; the server must see the caller's.
  const nodeEnv = process.env.NODE_ENV;
  const { build } = await import('vite');
  await build({ configFile: join(root, 'vite.config.ts'), logLevel: 'warn', build: { outDir: dist, emptyOutDir: true } });
  if (nodeEnv === undefined) delete process.env.NODE_ENV;
  else process.env.NODE_ENV = nodeEnv;
  writeFileSync(STAMP, `${wanted}\n`);
}

await buildPagesIfChanged();
await import('../src/server/main.ts');
