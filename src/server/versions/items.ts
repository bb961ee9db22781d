// The content items that have versions, and the file in forms/ each one is. An item key is
// `<kind>:<id>` (`document:consumer`, `section:housing`) or a kind alone for a one-of-a-kind
// file (`catalogue`; `messages`, the keyword messages every form shares). The price table, banners and legal texts of forms/content/ fit as
// `content:<path>` (`content:banners`, `content:legal/tietosuoja`). The banners and the legal
// pages are versioned (issue 30); site.json (header, footer, claims) is not: it is bundled into
// the pages' entry, so a published version could not serve without a build (ADR 0011).
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { BANNERS_FILE, CATALOGUE_FILE, CONTENT_FOLDER, FORMS_DIR, MESSAGES_FILE, PAGES_FOLDER, SECTIONS_FOLDER, listContentPages, listFormDocuments, listSections } from '../../../engine/core/node.ts';

const ID = /^[a-z0-9][a-z0-9-]*$/;
// A content path may have folders, never `..` or an empty part (forms:pull writes to it).
const CONTENT_PATH = /^[a-z0-9][a-z0-9-]*(\/[a-z0-9][a-z0-9-]*)*$/;

/** The file of an item, relative to the forms folder; undefined for a key that names no item. */
export function itemPath(item: string): string | undefined {
  if (item === 'catalogue') return CATALOGUE_FILE;
  if (item === 'messages') return MESSAGES_FILE;
  const colon = item.indexOf(':');
  if (colon < 0) return undefined;
  const kind = item.slice(0, colon);
  const id = item.slice(colon + 1);
  if (kind === 'document' && ID.test(id)) return `${id}.json`;
  if (kind === 'section' && ID.test(id)) return `${SECTIONS_FOLDER}/${id}.json`;
  if (kind === 'content' && CONTENT_PATH.test(id)) return `${CONTENT_FOLDER}/${id}.json`;
  return undefined;
}

export const isContentItem = (item: string) => itemPath(item) !== undefined;

/** The item of the site banners. */
export const BANNERS_ITEM = `content:${BANNERS_FILE.slice(0, -'.json'.length)}`;
/** The item of a legal page (`tietosuojaseloste` → `content:legal/tietosuojaseloste`). */
export const pageItem = (name: string) => `content:${PAGES_FOLDER}/${name}`;
/** The page a `content:legal/<name>` item is; undefined for any other item. */
export const pageOfItem = (item: string): string | undefined => {
  const prefix = pageItem('');
  return item.startsWith(prefix) && itemPath(item) && !item.slice(prefix.length).includes('/') ? item.slice(prefix.length) : undefined;
};

export interface ContentItemFile {
  item: string;
  /** Relative to the forms folder. */
  path: string;
  file: string;
}

/**
 * Every versioned item of a forms folder, in a stable order: documents, sections, the shared
 * messages, the catalogue, the banners, the legal pages. A folder without its own messages file reads the repository's
 * (engine/core/node.ts sharedMessagesFileOf), which is then not one of its items.
 */
export function contentItems(formsDir = FORMS_DIR): ContentItemFile[] {
  const keys = [
    ...listFormDocuments(formsDir).map((id) => `document:${id}`),
    ...listSections(formsDir).map((id) => `section:${id}`),
    ...(existsSync(join(formsDir, MESSAGES_FILE)) ? ['messages'] : []),
    'catalogue',
    ...(existsSync(join(formsDir, CONTENT_FOLDER, BANNERS_FILE)) ? [BANNERS_ITEM] : []),
    ...listContentPages(formsDir).map(pageItem),
  ];
  return keys.flatMap((item) => {
    const path = itemPath(item);
    // A file whose name is no item key (capitals, spaces) stays out of the versions; forms:check names it.
    return path ? [{ item, path, file: join(formsDir, path) }] : [];
  });
}
