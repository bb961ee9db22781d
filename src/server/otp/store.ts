// The SQL of one-time codes. Times are passed in from the server's clock.
import type { Queryable } from '../db/index.ts';
import { ownerColumn, type CodeOwner } from './owner.ts';
import type { StoredCode } from './policy.ts';

export interface CodeRow extends StoredCode {
  id: number;
  codeHash: Uint8Array;
  channel: 'email' | 'sms';
}

interface Row {
  id: number | string;
  code_hash: Uint8Array;
  channel: 'email' | 'sms';
  created_at: Date | string;
  expires_at: Date | string;
  failed_attempts: number;
  used_at: Date | string | null;
}

const ms = (value: Date | string) => new Date(value).getTime();
const COLUMNS = 'id, code_hash, channel, created_at, expires_at, failed_attempts, used_at';

const codeOf = (row: Row): CodeRow => ({
  id: Number(row.id),
  codeHash: row.code_hash,
  channel: row.channel,
  createdAt: ms(row.created_at),
  expiresAt: ms(row.expires_at),
  failedAttempts: row.failed_attempts,
  usedAt: row.used_at === null ? null : ms(row.used_at),
});

export async function sendTimes(tx: Queryable, owner: CodeOwner, since: Date): Promise<number[]> {
  const { column, value } = ownerColumn(owner);
  const result = await tx.query<{ created_at: Date | string }>(`SELECT created_at FROM one_time_codes WHERE ${column} = $1 AND created_at > $2`, [
    value,
    since.toISOString(),
  ]);
  return result.rows.map((row) => ms(row.created_at));
}

/** The newest code: the only one that can log in, since sending a new one voids the rest. */
export async function latestCode(tx: Queryable, owner: CodeOwner): Promise<CodeRow | undefined> {
  const { column, value } = ownerColumn(owner);
  const result = await tx.query<Row>(`SELECT ${COLUMNS} FROM one_time_codes WHERE ${column} = $1 ORDER BY created_at DESC, id DESC LIMIT 1`, [value]);
  return result.rows[0] && codeOf(result.rows[0]);
}

/** A person's code by id (the customer login keeps the id of the code it made: that one, not merely the newest). */
export async function personCodeById(tx: Queryable, codeId: number): Promise<CodeRow | undefined> {
  const result = await tx.query<Row>(`SELECT ${COLUMNS} FROM one_time_codes WHERE id = $1 AND person_key IS NOT NULL`, [codeId]);
  return result.rows[0] && codeOf(result.rows[0]);
}

export async function insertCode(
  tx: Queryable,
  code: { owner: CodeOwner; codeHash: Uint8Array; channel: 'email' | 'sms'; createdAt: Date; expiresAt: Date },
): Promise<number> {
  const { column, value } = ownerColumn(code.owner);
  const result = await tx.query<{ id: number | string }>(
    `INSERT INTO one_time_codes (${column}, code_hash, channel, created_at, expires_at) VALUES ($1, $2, $3, $4, $5) RETURNING id`,
    [value, code.codeHash, code.channel, code.createdAt.toISOString(), code.expiresAt.toISOString()],
  );
  return Number(result.rows[0].id);
}

/** A code that never left does not count against the send limits. */
export async function deleteCode(db: Queryable, codeId: number): Promise<void> {
  await db.query('DELETE FROM one_time_codes WHERE id = $1', [codeId]);
}

export async function recordWrongTry(tx: Queryable, codeId: number): Promise<void> {
  await tx.query('UPDATE one_time_codes SET failed_attempts = failed_attempts + 1 WHERE id = $1', [codeId]);
}

export async function markUsed(tx: Queryable, codeId: number, at: Date): Promise<void> {
  await tx.query('UPDATE one_time_codes SET used_at = $2 WHERE id = $1', [codeId, at.toISOString()]);
}

/** Dev tools only: makes the application's codes expired now, so the expired message can be shown. */
export async function expireCodes(tx: Queryable, applicationId: number, at: Date): Promise<void> {
  await tx.query(
    `UPDATE one_time_codes SET expires_at = GREATEST(created_at, LEAST(expires_at, $2::timestamptz)) WHERE application_id = $1`,
    [applicationId, at.toISOString()],
  );
}
