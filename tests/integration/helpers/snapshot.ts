// Everything stored, every row of every table as text, for "a refused request changed
// nothing" checks. Built as one statement per database (the fuzz test takes thousands).
// A session's idle expiry moves whenever its cookie is shown (sessions.ts, staff/sessions.ts),
// refused request or not, so those columns are left out; nothing else is.
import type { Database } from '../../../src/server/db/index.ts';

const MOVING_COLUMNS = new Set(['sessions.last_seen_at', 'sessions.expires_at', 'staff_sessions.last_seen_at', 'staff_sessions.expires_at']);

export type Snapshot = Record<string, string>;

export async function snapshotter(db: Database): Promise<() => Promise<Snapshot>> {
  const columns = await db.query<{ table_name: string; column_name: string }>(
    `SELECT c.table_name, c.column_name FROM information_schema.columns c
     JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
     WHERE c.table_schema = current_schema() AND t.table_type = 'BASE TABLE'
     ORDER BY c.table_name, c.ordinal_position`,
  );
  const byTable = new Map<string, string[]>();
  for (const { table_name: table, column_name: column } of columns.rows) {
    if (MOVING_COLUMNS.has(`${table}.${column}`)) continue;
    byTable.set(table, [...(byTable.get(table) ?? []), `"${column}"`]);
  }
  const parts = [...byTable].map(
    ([table, list]) => `(SELECT coalesce(string_agg(r, E'\\n' ORDER BY r), '') FROM (SELECT ROW(${list.join(', ')})::text AS r FROM "${table}") table_rows) AS "${table}"`,
  );
  const sql = `SELECT ${parts.join(',\n')}`;
  return async () => (await db.query<Snapshot>(sql)).rows[0];
}
