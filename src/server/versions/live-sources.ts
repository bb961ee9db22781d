// What is live, as sources: each item's live content version, or its file in forms/ where the
// database has none (a test's fresh database, an item added since the last import). The live
// forms, the publish gate and the diffs resolve documents through here, so they agree.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { checkSource, type SourceCheck } from '../../../engine/core/check.ts';
import { FORMS_DIR, listFormDocuments, readSharedMessages, sharedMessagesFileOf } from '../../../engine/core/node.ts';
import type { FormDocument } from '../../../engine/core/types.ts';
import type { Queryable } from '../db/index.ts';
import { contentHash } from './hash.ts';
import { itemPath } from './items.ts';
import { readAllLive } from './store.ts';

export interface LiveSources {
  /** The item's live source; throws (a Finnish message) when there is none anywhere. */
  source(item: string): unknown;
  /** The document resolved with the live sections (`replace`: other sources for some items, a candidate's), checked as forms:check checks it. */
  resolve(documentId: string, replace?: ReadonlyMap<string, unknown>): SourceCheck;
  /** The document resolved and checked, or undefined when it has no source or does not resolve cleanly. */
  cleanly(documentId: string, replace?: ReadonlyMap<string, unknown>): FormDocument | undefined;
  /** The forms of forms/ (those with a readable source) whose source includes the section, in name order. */
  including(section: string): string[];
  /** Is the document, with every section it includes, live as forms/ has it? (Then forms/'s checked, cached document is the same.) */
  asInFiles(documentId: string): boolean;
}

const includesOf = (raw: unknown): object => (typeof raw === 'object' && raw !== null && typeof (raw as { include?: unknown }).include === 'object' && (raw as { include: object }).include) || {};

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
  const readable = (item: string): unknown => {
    try {
      return source(item);
    } catch {
      return undefined;
    }
  };
  // The keyword messages every document shares are not versioned (yet): forms/messages.json's.
  const resolve = (documentId: string, replace?: ReadonlyMap<string, unknown>) =>
    checkSource(source(`document:${documentId}`, replace), (section) => source(`section:${section}`, replace), { sharedMessages: readSharedMessages(sharedMessagesFileOf(formsDir)) });
  return {
    asInFiles(documentId) {
      const item = `document:${documentId}`;
      if (!sameAsFile(item)) return false;
      return Object.keys(includesOf(source(item))).every((section) => sameAsFile(`section:${section}`));
    },
    source: (item) => source(item),
    resolve,
    cleanly(documentId, replace) {
      try {
        const checked = resolve(documentId, replace);
        return checked.findings.length ? undefined : checked.document;
      } catch {
        return undefined;
      }
    },
    including: (section) => listFormDocuments(formsDir).filter((id) => Object.hasOwn(includesOf(readable(`document:${id}`)), section)),
  };
}
