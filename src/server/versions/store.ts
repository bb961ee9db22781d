// SQL of the content versions (migrations 057, 060). Writes take the item's lock first (lockItem),
// inside the caller's transaction. A version's content changes only while it is a draft (the
// studio's autosave, under the lock, bumping its revision); reads need no lock.
import type { Queryable } from '../db/index.ts';
import type { VersionState } from '../../../engine/core/version-states.ts';

export interface VersionSummary {
  item: string;
  number: number;
  hash: string;
  author: string;
  createdAt: Date;
  note: string;
  state: VersionState;
  stateChangedAt: Date;
  stateChangedBy: string;
  comment: string | null;
  basedOn: number | null;
  liveAt: Date | null;
  /** Saves of a draft's content: 1 when made, one more at each autosave (migration 060). */
  revision: number;
}

export interface Version extends VersionSummary {
  source: unknown;
  verdict: unknown;
}

/** What the state machine and the writers need of each of an item's versions. */
export interface LockedVersion {
  number: number;
  state: VersionState;
  author: string;
  hash: string;
  wasLive: boolean;
  revision: number;
}

const SUMMARY = `item, number, hash, author, created_at AS "createdAt", note, state, state_changed_at AS "stateChangedAt",
  state_changed_by AS "stateChangedBy", comment, based_on AS "basedOn", live_at AS "liveAt", revision`;

// Distinct from the migrations' lock (7_220_022); the second key is the item's.
const ITEM_LOCK = 7_220_057;

/**
 * Locks an item for one transaction and returns its versions, oldest first. The rows are
 * locked FOR UPDATE; the advisory lock covers an item that has no rows yet, whose first
 * version two writers could otherwise both number 1.
 */
export async function lockItem(tx: Queryable, item: string): Promise<LockedVersion[]> {
  await tx.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [ITEM_LOCK, item]);
  const result = await tx.query<LockedVersion>(
    `SELECT number, state, author, hash, live_at IS NOT NULL AS "wasLive", revision FROM content_versions WHERE item = $1 ORDER BY number FOR UPDATE`,
    [item],
  );
  return result.rows;
}

export const nextNumber = (versions: readonly LockedVersion[]) => (versions.at(-1)?.number ?? 0) + 1;
export const liveOf = (versions: readonly LockedVersion[]) => versions.find((version) => version.state === 'live');

export interface NewVersion {
  item: string;
  number: number;
  source: unknown;
  hash: string;
  author: string;
  note: string;
  state: VersionState;
  basedOn: number | null;
  verdict?: unknown;
}

/** Inserts a version; a live one gets its live_at (retire the item's live one first). */
export async function insertVersion(tx: Queryable, version: NewVersion): Promise<VersionSummary> {
  const result = await tx.query<VersionSummary>(
    `INSERT INTO content_versions (item, number, source, hash, author, note, state, state_changed_by, based_on, live_at, verdict)
     VALUES ($1, $2, $3::json, $4, $5, $6, $7, $5, $8, CASE WHEN $7 = 'live' THEN now() END, $9::jsonb)
     RETURNING ${SUMMARY}`,
    [version.item, version.number, JSON.stringify(version.source), version.hash, version.author, version.note, version.state, version.basedOn, jsonOrNull(version.verdict)],
  );
  return result.rows[0];
}

/** A new version with an earlier one's content (a rollback), authored by who rolled back. */
export async function copyVersion(tx: Queryable, from: { item: string; number: number }, to: Omit<NewVersion, 'item' | 'source' | 'hash'>): Promise<VersionSummary> {
  const result = await tx.query<VersionSummary>(
    `INSERT INTO content_versions (item, number, source, hash, author, note, state, state_changed_by, based_on, live_at, verdict)
     SELECT item, $3, source, hash, $4, $5, $6, $4, $7, CASE WHEN $6 = 'live' THEN now() END, $8::jsonb
     FROM content_versions WHERE item = $1 AND number = $2
     RETURNING ${SUMMARY}`,
    [from.item, from.number, to.number, to.author, to.note, to.state, to.basedOn, jsonOrNull(to.verdict)],
  );
  return result.rows[0];
}

/**
 * Moves a version to a state; a comment given replaces the kept one (null clears it, undefined keeps it),
 * going live stamps live_at and the gate's verdict.
 */
export async function setState(tx: Queryable, item: string, number: number, change: { state: VersionState; by: string; comment?: string | null; verdict?: unknown }): Promise<VersionSummary> {
  const result = await tx.query<VersionSummary>(
    `UPDATE content_versions SET state = $3, state_changed_at = now(), state_changed_by = $4, comment = CASE WHEN $7 THEN $5 ELSE COALESCE($5, comment) END,
       live_at = CASE WHEN $3 = 'live' THEN now() ELSE live_at END, verdict = CASE WHEN $3 = 'live' THEN $6::jsonb ELSE verdict END
     WHERE item = $1 AND number = $2
     RETURNING ${SUMMARY}`,
    [item, number, change.state, change.by, change.comment ?? null, jsonOrNull(change.verdict), change.comment === null],
  );
  return result.rows[0];
}

/** Retires the item's live version, if it has one; returns its number. */
export async function retireLive(tx: Queryable, item: string, by: string): Promise<number | undefined> {
  const result = await tx.query<{ number: number }>(
    `UPDATE content_versions SET state = 'retired', state_changed_at = now(), state_changed_by = $2 WHERE item = $1 AND state = 'live' RETURNING number`,
    [item, by],
  );
  return result.rows[0]?.number;
}

/** Replaces a draft's content (the studio's autosave): a new hash, the next revision, the note when one is given. */
export async function replaceSource(tx: Queryable, item: string, number: number, change: { source: unknown; hash: string; note?: string }): Promise<VersionSummary> {
  const result = await tx.query<VersionSummary>(
    `UPDATE content_versions SET source = $3::json, hash = $4, revision = revision + 1, note = COALESCE($5, note)
     WHERE item = $1 AND number = $2 AND state = 'draft'
     RETURNING ${SUMMARY}`,
    [item, number, JSON.stringify(change.source), change.hash, change.note ?? null],
  );
  return result.rows[0];
}

export async function readVersion(db: Queryable, item: string, number: number): Promise<Version | undefined> {
  const result = await db.query<Version>(`SELECT ${SUMMARY}, source, verdict FROM content_versions WHERE item = $1 AND number = $2`, [item, number]);
  return result.rows[0];
}

/** An item's versions without their content, newest first. */
export async function readVersions(db: Queryable, item: string): Promise<VersionSummary[]> {
  return (await db.query<VersionSummary>(`SELECT ${SUMMARY} FROM content_versions WHERE item = $1 ORDER BY number DESC`, [item])).rows;
}

export async function readLiveSource(db: Queryable, item: string): Promise<{ number: number; source: unknown } | undefined> {
  const result = await db.query<{ number: number; source: unknown }>(`SELECT number, source FROM content_versions WHERE item = $1 AND state = 'live'`, [item]);
  return result.rows[0];
}

/** Every item's live content (forms:pull). */
export async function readAllLive(db: Queryable): Promise<Array<{ item: string; number: number; source: unknown }>> {
  return (await db.query<{ item: string; number: number; source: unknown }>(`SELECT item, number, source FROM content_versions WHERE state = 'live' ORDER BY item`)).rows;
}

export interface ItemOverview {
  item: string;
  live: number | null;
  /** Versions being worked on or waiting for review, oldest first. */
  drafts: Array<{ number: number; state: 'draft' | 'review'; author: string }>;
  /** Everyone who has written a version of the item, first author first. */
  authors: string[];
}

export async function readItems(db: Queryable): Promise<ItemOverview[]> {
  const result = await db.query<ItemOverview>(
    `SELECT item,
       max(number) FILTER (WHERE state = 'live') AS live,
       COALESCE(json_agg(json_build_object('number', number, 'state', state, 'author', author) ORDER BY number)
         FILTER (WHERE state IN ('draft', 'review')), '[]') AS drafts,
       array(SELECT author FROM content_versions a WHERE a.item = v.item GROUP BY author ORDER BY min(number)) AS authors
     FROM content_versions v GROUP BY item ORDER BY item`,
  );
  return result.rows;
}

export interface Baseline {
  item: string;
  hash: string;
  version: number;
}

export async function readBaselines(db: Queryable): Promise<Map<string, Baseline>> {
  const result = await db.query<Baseline>('SELECT item, hash, version FROM content_baselines');
  return new Map(result.rows.map((row) => [row.item, row]));
}

export async function saveBaseline(tx: Queryable, baseline: Baseline): Promise<void> {
  await tx.query(
    `INSERT INTO content_baselines (item, hash, version) VALUES ($1, $2, $3)
     ON CONFLICT (item) DO UPDATE SET hash = EXCLUDED.hash, version = EXCLUDED.version, imported_at = now()`,
    [baseline.item, baseline.hash, baseline.version],
  );
}

const jsonOrNull = (value: unknown) => (value === undefined ? null : JSON.stringify(value));
