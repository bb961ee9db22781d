// The format of a form document is its `version` (docs/adr/0010-form-format-versions.md):
// how the file is written, not which edition of the content it is (the database
// numbers those). A document of an older format is migrated by code, one module per
// step (v1-to-v2.ts, …), applied in order, so every format ever written still reads.
import type { Finding } from '../types.ts';
import { v1ToV2 } from './v1-to-v2.ts';

export const CURRENT_FORMAT = 2;

/** Migrations by the format they start from: MIGRATIONS[n] turns format n into n + 1. */
const MIGRATIONS: Record<number, (document: unknown) => unknown> = {
  1: v1ToV2,
};

export interface Migration {
  /** The document in the current format (the input itself when it was refused). */
  document: unknown;
  /** The format it was written in. */
  from: number;
  /** Why it cannot be read: a format newer than this program knows. */
  findings: Finding[];
}

/**
 * The format a document says it is written in. Format 1 had `version: 1` but nobody
 * read it, so a missing or odd value is read as format 1 (whose check then names it).
 */
export function formatOf(raw: unknown): number {
  const version = typeof raw === 'object' && raw !== null ? (raw as { version?: unknown }).version : undefined;
  return Number.isInteger(version) && (version as number) >= 1 ? (version as number) : 1;
}

/** The document in the current format. Pure; an old one is copied, never changed in place. */
export function migrateDocument(raw: unknown): Migration {
  const from = formatOf(raw);
  if (from > CURRENT_FORMAT)
    return { document: raw, from, findings: [{ path: '/version', message: `lomakkeen muotoa ${from} ei tunneta: tämä ohjelma lukee muotoja 1–${CURRENT_FORMAT} (päivitä ohjelma tai tallenna lomake muodossa ${CURRENT_FORMAT})` }] };
  let document = raw;
  for (let format = from; format < CURRENT_FORMAT; format++) document = MIGRATIONS[format](structuredClone(document));
  return { document, from, findings: [] };
}
