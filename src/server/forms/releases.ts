// The store of form releases (migration 059): resolved documents kept whole under their
// content hash, and which one each document's new applications get. The only module with
// SQL on form_releases and live_forms.
import { releaseHash } from '../../../engine/core/node.ts';
import type { FormDocument } from '../../../engine/core/types.ts';
import type { Queryable } from '../db/index.ts';

export interface Release {
  hash: string;
  document: FormDocument;
}

/**
 * A release's text and name. The text is JSON.stringify's, key order kept: a schema's
 * property order is the form's field order, so two documents differing only in it are
 * two releases.
 */
export function releaseOf(document: FormDocument): Release & { text: string } {
  return { hash: releaseHash(document), document, text: JSON.stringify(document) };
}

/** Stores the document as a release (once: the same content is the same release) and returns its hash. */
export async function saveRelease(db: Queryable, document: FormDocument): Promise<string> {
  const { hash, text } = releaseOf(document);
  await db.query('INSERT INTO form_releases (hash, document_id, document) VALUES ($1, $2, $3) ON CONFLICT (hash) DO NOTHING', [hash, document.id, text]);
  return hash;
}

export async function readReleases(db: Queryable, hashes: readonly string[]): Promise<Map<string, FormDocument>> {
  if (hashes.length === 0) return new Map();
  const result = await db.query<{ hash: string; document: string }>('SELECT hash, document FROM form_releases WHERE hash = ANY($1::text[])', [hashes]);
  return new Map(result.rows.map((row) => [row.hash, JSON.parse(row.document) as FormDocument]));
}

/** Document id → the hash of its live release. */
export async function liveReleases(db: Queryable): Promise<Map<string, string>> {
  const result = await db.query<{ document_id: string; hash: string }>('SELECT document_id, hash FROM live_forms');
  return new Map(result.rows.map((row) => [row.document_id, row.hash]));
}

export async function setLiveRelease(db: Queryable, documentId: string, hash: string): Promise<void> {
  await db.query(
    `INSERT INTO live_forms (document_id, hash) VALUES ($1, $2)
     ON CONFLICT (document_id) DO UPDATE SET hash = EXCLUDED.hash, since = now() WHERE live_forms.hash <> EXCLUDED.hash`,
    [documentId, hash],
  );
}
