// The mortgage pre-analysis made durable: its outcome is written once per application,
// in the caller's transaction (the one that sends the application on), so a restart
// neither loses an outcome nor analyses anew with banks or a day that have changed
// since. No row yet means the application is still READY_FOR_ANALYSIS.
import type { Queryable } from '../db/index.ts';
import { analyseMortgage, loadMortgageBanks, type MortgageAnalysis, type MortgageBanks, type MortgageReason } from './mortgage-analysis.ts';
import { mortgageProfile } from './mortgage-profile.ts';

export interface StoredMortgageOutcome extends MortgageAnalysis {
  analysedAt: Date;
}

interface Row {
  status: MortgageAnalysis['status'];
  forwarded_to: string[];
  reasons: MortgageReason[];
  analysed_at: Date | string;
}

const fromRow = (row: Row): StoredMortgageOutcome => ({
  status: row.status,
  forwardedTo: row.forwarded_to,
  reasons: row.reasons,
  analysedAt: new Date(row.analysed_at),
});

export async function storedMortgageOutcome(db: Queryable, applicationId: number): Promise<StoredMortgageOutcome | undefined> {
  const result = await db.query<Row>(
    'SELECT status, forwarded_to, reasons, analysed_at FROM mortgage_analyses WHERE application_id = $1',
    [applicationId],
  );
  return result.rows[0] && fromRow(result.rows[0]);
}

/**
 * Analyses the application and stores the outcome; when one is stored already (a
 * repeated call, or another instance that got there first) that one stands and is
 * returned, and nothing changes.
 */
export async function analyseAndStore(
  tx: Queryable,
  applicationId: number,
  data: Record<string, unknown>,
  today: Date = new Date(),
  banks: MortgageBanks = loadMortgageBanks(),
): Promise<StoredMortgageOutcome> {
  const analysis = analyseMortgage(mortgageProfile(data), banks, today);
  await tx.query(
    `INSERT INTO mortgage_analyses (application_id, status, forwarded_to, reasons, analysed_at)
     VALUES ($1, $2, $3::text[], $4::text[], $5)
     ON CONFLICT (application_id) DO NOTHING`,
    [applicationId, analysis.status, analysis.forwardedTo, analysis.reasons, today.toISOString()],
  );
  const stored = await storedMortgageOutcome(tx, applicationId);
  if (!stored) throw new Error(`mortgage analysis of application ${applicationId} was not stored`);
  return stored;
}
