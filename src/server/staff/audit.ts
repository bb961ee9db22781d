// The staff audit log (migration 056): who did what, when, on which item and version. Rows
// are only added. Login and logout are recorded here (routes.ts); the studio records its own
// actions (drafts, approvals, publications, rollbacks) with the same call. `detail` is for
// what a reader of the log needs (a reason, a diff summary), never a token or a secret.
import type { Queryable } from '../db/index.ts';

export interface AuditEntry {
  staffId: number;
  /** A short verb, e.g. 'login', 'logout', 'draft.save', 'version.publish'. */
  action: string;
  /** What it was on, e.g. a form's id. */
  item?: string;
  version?: number;
  detail?: Record<string, unknown>;
}

export interface AuditRecord extends Required<Omit<AuditEntry, 'item' | 'version'>> {
  id: number;
  /** ISO 8601. */
  at: string;
  staffName: string;
  item: string | null;
  version: number | null;
}

export interface AuditFilter {
  staffId?: number;
  action?: string;
  item?: string;
  version?: number;
  /** Only rows older than this id (the next page). */
  beforeId?: number;
  /** At most this many, newest first; default 100, at most 1000. */
  limit?: number;
}

export async function recordAudit(db: Queryable, entry: AuditEntry): Promise<void> {
  await db.query(`INSERT INTO staff_audit (staff_id, action, item, version, detail) VALUES ($1, $2, $3, $4, $5::jsonb)`, [
    entry.staffId,
    entry.action,
    entry.item ?? null,
    entry.version ?? null,
    JSON.stringify(entry.detail ?? {}),
  ]);
}

/** The rows that match every given filter, newest first. */
export async function listAudit(db: Queryable, filter: AuditFilter = {}): Promise<AuditRecord[]> {
  const conditions: string[] = [];
  const values: unknown[] = [];
  const where = (column: string, value: unknown, operator = '=') => {
    if (value === undefined) return;
    values.push(value);
    conditions.push(`a.${column} ${operator} $${values.length}`);
  };
  where('staff_id', filter.staffId);
  where('action', filter.action);
  where('item', filter.item);
  where('version', filter.version);
  where('id', filter.beforeId, '<');
  values.push(Math.min(Math.max(Math.trunc(filter.limit ?? 100), 1), 1000));
  const result = await db.query<{ id: number | string; at: Date | string; staff_id: number | string; name: string; action: string; item: string | null; version: number | null; detail: Record<string, unknown> | string }>(
    `SELECT a.id, a.at, a.staff_id, m.name, a.action, a.item, a.version, a.detail
       FROM staff_audit a JOIN staff_members m ON m.id = a.staff_id
      ${conditions.length ? `WHERE ${conditions.join(' AND ')}` : ''}
      ORDER BY a.id DESC LIMIT $${values.length}`,
    values,
  );
  return result.rows.map((row) => ({
    id: Number(row.id),
    at: new Date(row.at).toISOString(),
    staffId: Number(row.staff_id),
    staffName: row.name,
    action: row.action,
    item: row.item,
    version: row.version === null ? null : Number(row.version),
    detail: typeof row.detail === 'string' ? (JSON.parse(row.detail) as Record<string, unknown>) : row.detail,
  }));
}
