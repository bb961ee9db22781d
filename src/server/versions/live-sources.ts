// What is live, as sources: each item's live content version, or its file in forms/ where the
// database has none (a test's fresh database, an item added since the last import). The live
// forms, the publish gate and the diffs resolve documents through here, so they agree.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { checkSharedMessages, checkSource, type SourceCheck } from '../../../engine/core/check.ts';
import { FORMS_DIR, listFormDocuments, sharedMessagesFileOf } from '../../../engine/core/node.ts';
import type { FormDocument } from '../../../engine/core/types.ts';
import type { Queryable } from '../db/index.ts';
import { contentHash } from './hash.ts';
import { itemPath } from './items.ts';
import { readAllLive } from './store.ts';

export interface LiveSources {
  /** The item's live source (or `replace`'s); throws (a Finnish message) when there is none anywhere. */
  source(item: string, replace?: ReadonlyMap<string, unknown>): unknown;
  /** The live (or `replace`'s) shared keyword messages; throws the findings of a source that is not sound. */
  sharedMessages(replace?: ReadonlyMap<string, unknown>): Record<string, string>;
  /** The document resolved with the live sections (`replace`: other sources for some items, a candidate's), checked as forms:check checks it. */
  resolve(documentId: string, replace?: ReadonlyMap<string, unknown>): SourceCheck;
  /** The document resolved and checked, or undefined when it has no source or does not resolve cleanly. */
  cleanly(documentId: string, replace?: ReadonlyMap<string, unknown>): FormDocument | undefined;
  /** The forms of forms/ (those with a readable source) whose source includes the section, in name order. */
  including(section: string): string[];
  /** The forms an item's version changes: a document itself, a section's including forms, every form for the shared messages; none for others. */
  affected(item: string): string[];
  /** Is the document, with every section it includes, live as forms/ has it? (Then forms/'s checked, cached document is the same.) */
  asInFiles(documentId: string): boolean;
}

/** The live (or replacing) shared keyword messages; a source the meta-schema refuses throws its findings in Finnish. */
function sharedMessagesOf(source: unknown): Record<string, string> {
  const findings = checkSharedMessages(source);
  if (findings.length) throw new Error(`yhteiset viestit eivät kelpaa: ${findings.map((finding) => `${finding.path} ${finding.message}`).join('; ')}`);
  return (source as { messages: Record<string, string> }).messages;
}

const includesOf = (raw: unknown): object => (typeof raw === 'object' && raw !== null && typeof (raw as { include?: unknown }).include === 'object' && (raw as { include: object }).include) || {};

export async function readLiveSources(db: Queryable, formsDir = FORMS_DIR): Promise<LiveSources> {
  const live = new Map((await readAllLive(db)).map((row) => [row.item, row.source]));
  const file = (item: string): unknown => {
    const path = itemPath(item);
    if (!path) throw new Error(`tuntematon sisältö "${item}"`);
    try {
      return JSON.parse(readFileSync(item === 'messages' ? sharedMessagesFileOf(formsDir) : join(formsDir, path), 'utf8'));
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
  // The keyword messages every document shares are an item of their own (`messages`).
  const resolve = (documentId: string, replace?: ReadonlyMap<string, unknown>) =>
    checkSource(source(`document:${documentId}`, replace), (section) => source(`section:${section}`, replace), { sharedMessages: sharedMessagesOf(source('messages', replace)) });
  const readableForms = () => listFormDocuments(formsDir).filter((id) => readable(`document:${id}`) !== undefined);
  const including = (section: string) => listFormDocuments(formsDir).filter((id) => Object.hasOwn(includesOf(readable(`document:${id}`)), section));
  return {
    asInFiles(documentId) {
      const item = `document:${documentId}`;
      if (!sameAsFile(item) || !sameAsFile('messages')) return false;
      return Object.keys(includesOf(source(item))).every((section) => sameAsFile(`section:${section}`));
    },
    source,
    sharedMessages: (replace) => sharedMessagesOf(source('messages', replace)),
    resolve,
    cleanly(documentId, replace) {
      try {
        const checked = resolve(documentId, replace);
        return checked.findings.length ? undefined : checked.document;
      } catch {
        return undefined;
      }
    },
    including,
    affected(item) {
      if (item === 'messages') return readableForms();
      if (item.startsWith('document:')) return [item.slice('document:'.length)];
      if (item.startsWith('section:')) return including(item.slice('section:'.length));
      return [];
    },
  };
}
