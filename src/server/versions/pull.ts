// forms:pull: the live version of every item written back to its file in forms/, so that what
// the studio published can be committed to the repository. Formatted like the files are (two
// spaces, a final newline); a file already equal is not touched. The next start sees the
// files equal the live versions and records them as the baseline without a new version.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Queryable } from '../db/index.ts';
import { itemPath } from './items.ts';
import { readAllLive } from './store.ts';

export const formatSource = (source: unknown) => `${JSON.stringify(source, null, 2)}\n`;

export interface Pulled {
  /** Files written, relative to the forms folder. */
  changed: string[];
  /** Live items this version of the code has no file for. */
  skipped: string[];
}

export async function pullLiveVersions(db: Queryable, formsDir: string): Promise<Pulled> {
  const pulled: Pulled = { changed: [], skipped: [] };
  for (const { item, source } of await readAllLive(db)) {
    const path = itemPath(item);
    if (!path) {
      pulled.skipped.push(item);
      continue;
    }
    const file = join(formsDir, path);
    const text = formatSource(source);
    if (readOrUndefined(file) === text) continue;
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, text);
    pulled.changed.push(path);
  }
  return pulled;
}

function readOrUndefined(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}
