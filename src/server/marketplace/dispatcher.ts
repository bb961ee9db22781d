// Sends an identified application to every lender of its market (consumer or business,
// markets.ts) and collects their answers.
// The queue is the database: dispatch rows with a due time. A worker answers the
// due ones in a transaction with the offer insert, so a crash before commit leaves
// the row pending and a restart answers it; never lost, never answered twice.
import { applicationData } from '../applications/repository.ts';
import type { Database, Queryable } from '../db/index.ts';
import type { Catalogue } from './catalogue.ts';
import { businessMarket, consumerMarket, loadMarkets, marketsOf, type MarketId, type Markets } from './markets.ts';

export interface MarketOptions {
  /** Both markets (tests); default the catalogues' (loadMarkets). */
  markets?: Markets;
  /** Only the consumer market's catalogue replaced (the option before there were markets). */
  catalogue?: Catalogue;
}

export interface DispatchOptions extends MarketOptions {
  /** Whose lenders the application goes to; default the consumer market. */
  market?: MarketId;
  /** Multiplies the lenders' response delays (tests and demos answer faster). */
  delayScale?: number;
  now?: Date;
}

const marketsFor = (options: MarketOptions): Markets =>
  options.markets ?? (options.catalogue ? marketsOf([consumerMarket(options.catalogue), businessMarket()]) : loadMarkets());

/** Queues the application to every lender of its market; calling it again adds nothing. */
export async function dispatchApplication(db: Queryable, applicationId: number, options: DispatchOptions = {}): Promise<number> {
  const { lenders } = marketsFor(options).market(options.market ?? 'consumer');
  const now = options.now ?? new Date();
  const scale = options.delayScale ?? 1;
  let queued = 0;
  for (const lender of lenders) {
    const due = new Date(now.getTime() + lender.responseDelayMs * scale);
    const result = await db.query(
      `INSERT INTO lender_dispatches (application_id, lender_code, due_at) VALUES ($1, $2, $3)
       ON CONFLICT (application_id, lender_code) DO NOTHING`,
      [applicationId, lender.code, due.toISOString()],
    );
    queued += result.rowCount;
  }
  return queued;
}

/**
 * The application was cancelled (issue 17): lenders that have not answered yet never will.
 * Their dispatches leave 'pending', the only status `answerDueDispatches` takes, so a
 * dispatch already taken by a running batch (row locked) is waited for, then left alone.
 */
export async function cancelDispatches(db: Queryable, applicationId: number): Promise<number> {
  const result = await db.query(`UPDATE lender_dispatches SET status = 'cancelled', answered_at = now() WHERE application_id = $1 AND status = 'pending'`, [applicationId]);
  return result.rowCount;
}

interface DueRow {
  id: number | string;
  application_id: number | string;
  lender_code: string;
}

const BATCH = 20;

/** Answers the dispatches due now; returns how many were answered. */
export async function answerDueDispatches(db: Database, options: MarketOptions & { now?: Date } = {}): Promise<number> {
  const markets = marketsFor(options);
  return db.transaction(async (tx) => {
    const due = await tx.query<DueRow>(
      `SELECT id, application_id, lender_code
         FROM lender_dispatches
        WHERE status = 'pending' AND due_at <= $1
        ORDER BY due_at
        LIMIT ${BATCH}
        FOR UPDATE SKIP LOCKED`,
      [(options.now ?? new Date()).toISOString()],
    );
    const data = await applicationData(tx, [...new Set(due.rows.map((row) => Number(row.application_id)))]);
    for (const row of due.rows) {
      // The code names the market (unique across markets); a lender removed from its catalogue since the dispatch declines.
      const market = markets.ofLender(row.lender_code);
      const application = data.get(Number(row.application_id));
      const offer = market && application ? market.answer(row.lender_code, application, { seed: `${row.application_id}`, now: options.now }) : null;
      if (offer) {
        await tx.query(
          `INSERT INTO offers (dispatch_id, application_id, partner_code, partner_name, amount, total_amount, tenor, interest, apr,
                               monthly_payment, arrangement_fee, monthly_fee, downsell, additional_info, lender_info, button_text)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16)
           ON CONFLICT (dispatch_id) DO NOTHING`,
          [row.id, row.application_id, offer.partnerCode, offer.partnerName, offer.amount, offer.totalAmount, offer.tenor, offer.interest, offer.apr,
            offer.monthlyPayment, offer.arrangementFee, offer.monthlyFee, offer.downsell, offer.additionalInfo, offer.lenderInfo, offer.buttonText],
        );
      }
      await tx.query(`UPDATE lender_dispatches SET status = $2, answered_at = now() WHERE id = $1`, [row.id, offer ? 'offered' : 'declined']);
    }
    return due.rows.length;
  });
}

export interface Dispatcher {
  stop(): Promise<void>;
}

/** Another durable queue polled with the lenders' (a service's, e.g. the insurer's): answers what is due, true when more may be waiting. */
export type DueQueue = (db: Database) => Promise<boolean>;

/** Polls for due dispatches (and `queues`) until stopped; errors are logged and retried next tick. */
export function startDispatcher(db: Database, options: MarketOptions & { intervalMs?: number; onError?: (error: unknown) => void; queues?: readonly DueQueue[] } = {}): Dispatcher {
  const interval = options.intervalMs ?? 500;
  // Made here, not at the first tick: lender codes shared by two markets fail the start.
  const markets = marketsFor(options);
  const queues: DueQueue[] = [async (database) => (await answerDueDispatches(database, { markets })) === BATCH, ...(options.queues ?? [])];
  let stopped = false;
  let running: Promise<void> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  const tick = () => {
    running = (async () => {
      // One queue's failure does not hold the others up.
      for (const queue of queues) {
        try {
          while (!stopped && (await queue(db)));
        } catch (error) {
          options.onError?.(error);
        }
      }
      if (!stopped) timer = setTimeout(tick, interval);
    })();
  };
  timer = setTimeout(tick, 0);
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
