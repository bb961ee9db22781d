// The simulated insurer (issue 27 item 7): a signed application is queued to it in the
// transaction that stores the signature (migration 053, the lenders' durable pattern), and a
// worker answers it when due, in the transaction that stores the answer. A restart loses
// nothing (the row stays pending until answered) and nothing is answered twice (one row per
// application; a row taken by a running batch is skipped by others).
//
// Its underwriting is a stand-in for a real insurer's, chosen to be plausible and
// predictable (docs/decisions.md, insurance): it accepts every signed application the
// service let through, except the highest tiers for the oldest band, which it declines.
import type { Database, Queryable } from '../../server/db/index.ts';

export type InsurerDecision = 'ACCEPTED' | 'DECLINED';

export interface InsurerAnswer {
  decision: InsurerDecision;
  answeredAt: Date;
}

/** How long the insurer takes to answer, before the demo/test scale. */
export const INSURER_DELAY_MS = 4000;
/** From this age, the tiers from DECLINED_FROM_TIER up are declined. */
export const DECLINED_FROM_AGE = 60;
export const DECLINED_FROM_TIER = 600;
const BATCH = 20;

export interface QueueOptions {
  now?: Date;
  /** Multiplies INSURER_DELAY_MS (LENDER_DELAY_SCALE: tests and demos answer faster). */
  delayScale?: number;
}

/** Queues a signed application to the insurer; queued again, nothing changes. */
export async function sendToInsurer(tx: Queryable, insuranceApplicationId: number, options: QueueOptions = {}): Promise<void> {
  const due = new Date((options.now ?? new Date()).getTime() + INSURER_DELAY_MS * (options.delayScale ?? 1));
  await tx.query(`INSERT INTO insurer_dispatches (insurance_application_id, due_at) VALUES ($1, $2) ON CONFLICT (insurance_application_id) DO NOTHING`, [
    insuranceApplicationId,
    due.toISOString(),
  ]);
}

/** The simulated insurer's decision on the application's data (age and tier). */
export function insurerDecision(data: Record<string, unknown>): InsurerDecision {
  const age = typeof data.age === 'number' ? data.age : 0;
  const tier = typeof data.paymentTier === 'number' ? data.paymentTier : 0;
  return age >= DECLINED_FROM_AGE && tier >= DECLINED_FROM_TIER ? 'DECLINED' : 'ACCEPTED';
}

/** Answers the insurer's due applications; true when a full batch was answered (more may be due). */
export async function answerDueInsurance(db: Database, options: { now?: Date } = {}): Promise<boolean> {
  return db.transaction(async (tx) => {
    const due = await tx.query<{ id: number | string; data: Record<string, unknown> }>(
      `SELECT d.insurance_application_id AS id, i.data
         FROM insurer_dispatches d JOIN insurance_applications i ON i.id = d.insurance_application_id
        WHERE d.status = 'pending' AND d.due_at <= $1
        ORDER BY d.due_at
        LIMIT ${BATCH}
        FOR UPDATE OF d SKIP LOCKED`,
      [(options.now ?? new Date()).toISOString()],
    );
    for (const row of due.rows) {
      await tx.query(`UPDATE insurer_dispatches SET status = 'answered', decision = $2, answered_at = now() WHERE insurance_application_id = $1`, [
        row.id,
        insurerDecision(row.data),
      ]);
    }
    return due.rows.length === BATCH;
  });
}

/** The insurer's answer to an application; null while it has not answered (or was never sent). */
export async function insurerAnswerOf(db: Queryable, insuranceApplicationId: number): Promise<InsurerAnswer | null> {
  const result = await db.query<{ decision: InsurerDecision; answered_at: Date | string }>(
    `SELECT decision, answered_at FROM insurer_dispatches WHERE insurance_application_id = $1 AND status = 'answered'`,
    [insuranceApplicationId],
  );
  const row = result.rows[0];
  return row ? { decision: row.decision, answeredAt: new Date(row.answered_at) } : null;
}
