// The mortgage status calls (marketplace spec §7): the text status the status page
// polls and the stage check asks, and the outcome the denied and thank-you pages show.
// The pre-analysis runs on the first poll after the banks' analysis time has passed
// since identification, in that poll's transaction: nothing is queued that a restart
// could lose, and whichever instance is asked first stores the one outcome.
import type { FastifyInstance } from 'fastify';
import type { CatalogueProduct } from '../../../engine/core/catalogue.ts';
import { applicationFromPath, pathApplication, type ApplicationParams } from '../applications/credentials.ts';
import { lockApplication, type StoredApplication } from '../applications/repository.ts';
import type { Database } from '../db/index.ts';
import { mortgageDenialReasons } from '../messages.ts';
import { loadMortgageBanks } from './mortgage-analysis.ts';
import { analyseAndStore, storedMortgageOutcome, type StoredMortgageOutcome } from './mortgage-status.ts';
import type { MortgageStatus } from '../../contract/types.ts';

/** Spec §7 names this path; it is not under the save prefix. */
export const MORTGAGE_STATUS_API = '/api/mortgage-applications';
/** How long the banks' pre-analysis takes after identification (scaled like the lenders' answers). */
export const ANALYSIS_TIME_MS = 4000;


export interface MortgageRoutesOptions {
  db: Database;
  /** The catalogue's products whose flow is `mortgage`. */
  products: readonly CatalogueProduct[];
  lenderDelayScale?: number;
  now?: () => Date;
}

export async function mortgageRoutes(app: FastifyInstance, options: MortgageRoutesOptions): Promise<void> {
  const { db } = options;
  const now = options.now ?? (() => new Date());
  const analysisTime = ANALYSIS_TIME_MS * (options.lenderDelayScale ?? 1);
  const ownApplication = applicationFromPath(db, new Set(options.products.map((product) => product.id)));
  const banks = loadMortgageBanks();
  const bankNames = new Map(banks.banks.map((bank) => [bank.code, bank.name]));

  /** Where the application is; analyses it when its time has come. */
  async function statusOf(application: StoredApplication): Promise<{ status: MortgageStatus; outcome?: StoredMortgageOutcome }> {
    if (!application.identified) return { status: application.submitted ? 'IDENTIFICATION_REQUIRED' : 'DRAFT' };
    const stored = await storedMortgageOutcome(db, application.id);
    if (stored) return { status: stored.status, outcome: stored };
    const at = now();
    if (at.getTime() - (application.identifiedAt?.getTime() ?? 0) < analysisTime) return { status: 'READY_FOR_ANALYSIS' };
    const outcome = await db.transaction(async (tx) => {
      const locked = (await lockApplication(tx, application.id))!;
      return analyseAndStore(tx, locked.id, locked.data, at, banks);
    });
    return { status: outcome.status, outcome };
  }

  await app.register(async (scope) => {
    scope.addHook('onSend', async (_request, reply) => {
      reply.header('cache-control', 'no-store');
    });

    scope.get<{ Params: ApplicationParams }>(`${MORTGAGE_STATUS_API}/status/:id/:token`, { preHandler: ownApplication }, async (request, reply) => {
      const { status } = await statusOf(pathApplication(request));
      return reply.type('text/plain; charset=utf-8').send(status);
    });

    // The pages' details: which banks it went to, or why none took it (texts from the message catalogue).
    scope.get<{ Params: ApplicationParams }>(`${MORTGAGE_STATUS_API}/outcome/:id/:token`, { preHandler: ownApplication }, async (request) => {
      const { status, outcome } = await statusOf(pathApplication(request));
      return {
        status,
        banks: (outcome?.forwardedTo ?? []).map((code) => bankNames.get(code) ?? code),
        reasons: (outcome?.reasons ?? []).map((reason) => mortgageDenialReasons[reason]),
      };
    });
  });
}
