// What is live, as sources: each item's live content version, or its file in forms/ where the
// database has none (a test's fresh database, an item added since the last import). The live
// forms, the publish gate and the diffs resolve documents through here, so they agree.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { checkSource, type SourceCheck } from '../../../engine/core/check.ts';
import { FORMS_DIR, readSharedMessages, sharedMessagesFileOf } from '../../../engine/core/node.ts';
import type { Queryable } from '../db/index.ts';
import { contentHash } from './hash.ts';
import { itemPath } from './items.ts';
import { readAllLive } from './store.ts';

export interface LiveSources {
  /** The item's live source; throws (a Finnish message) when there is none anywhere. */
  source(item: string): unknown;
  /** The document resolved with the live sections (`replace`: other sources for some items, a candidate's), checked as forms:check checks it. */
  resolve(documentId: string, replace?: ReadonlyMap<string, unknown>): SourceCheck;
  /** Is the document, with every section it includes, live as forms/ has it? (Then forms/'s checked, cached document is the same.) */
  asInFiles(documentId: string): boolean;
}

export async function readLiveSources(db: Queryable, formsDir = FORMS_DIR): Promise<LiveSources> {
  const live = new Map((await readAllLive(db)).map((row) => [row.item, row.source]));
  const file = (item: string): unknown => {
    const path = itemPath(item);
    if (!path) throw new Error(`tuntematon sisältö "${item}"`);
    try {
      return JSON.parse(readFileSync(join(formsDir, path), 'utf8'));
    } catch {
      throw new Error(`sisältöä "${item}" ei ole`);
    }
  };
  const source = (item: string, replace?: ReadonlyMap<string, unknown>): unknown => {
    if (replace?.has(item)) return structuredClone(replace.get(item));
    if (live.has(item)) return structuredClone(live.get(item));
    return file(item);
  };
  const sameAsFile = (item: string) => {
    if (!live.has(item)) return true;
    try {
      return contentHash(live.get(item)) === contentHash(file(item));
    } catch {
      return false;
    }
  };
  return {
    asInFiles(documentId) {
      const item = `document:${documentId}`;
      if (!sameAsFile(item)) return false;
      const include = (source(item) as { include?: object } | undefined)?.include ?? {};
      return Object.keys(include).every((section) => sameAsFile(`section:${section}`));
    },
    source: (item) => source(item),
    // The keyword messages every document shares are not versioned (yet): forms/messages.json's.
    resolve: (documentId, replace) => checkSource(source(`document:${documentId}`, replace), (section) => source(`section:${section}`, replace), { sharedMessages: readSharedMessages(sharedMessagesFileOf(formsDir)) }),
  };
}
