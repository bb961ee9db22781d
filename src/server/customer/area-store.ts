// What the customer area reads of the marketplace for a person's applications: how many
// offers each received and which lenders have not answered the latest one yet.
import type { Queryable } from '../db/index.ts';

export async function offerCounts(db: Queryable, applicationIds: readonly number[]): Promise<Map<number, number>> {
  if (applicationIds.length === 0) return new Map();
  const result = await db.query<{ application_id: number | string; offers: number | string }>(
    `SELECT application_id, count(*) AS offers FROM offers WHERE application_id = ANY($1::bigint[]) GROUP BY application_id`,
    [applicationIds.map(String)],
  );
  return new Map(result.rows.map((row) => [Number(row.application_id), Number(row.offers)]));
}

/** Codes of the lenders whose answer the application still waits for, in the order they were queued. */
export async function pendingLenderCodes(db: Queryable, applicationId: number): Promise<string[]> {
  const result = await db.query<{ lender_code: string }>(
    `SELECT lender_code FROM lender_dispatches WHERE application_id = $1 AND status = 'pending' ORDER BY id`,
    [applicationId],
  );
  return result.rows.map((row) => row.lender_code);
}
