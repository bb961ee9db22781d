// The simulated insurer on the durable dispatch (issue 27 item 7, migration 053): a signed
// application queued in the signature's transaction is answered once it is due, once only,
// also when a worker dies halfway or two workers run at once; the answer reaches the
// customer's GET /api/insuranceApplication; the dispatch worker polls the service's queue.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/index.ts';
import { migrate } from '../../src/server/db/migrate.ts';
import { createInsurance, evidenceClaims, markInsuranceSigned, type InsuranceInput } from '../../src/flows/insurance/repository.ts';
import { answerDueInsurance, DECLINED_FROM_AGE, DECLINED_FROM_TIER, INSURER_DELAY_MS, insurerAnswerOf, insurerDecision, sendToInsurer } from '../../src/flows/insurance/insurer.ts';
import { insuranceTerms, signedContentHash } from '../../src/flows/insurance/signed-content.ts';
import { startDispatcher } from '../../src/server/marketplace/dispatcher.ts';
import { personKey } from '../../src/server/otp/owner.ts';
import { personalIdOfAge } from '../fixtures/personal-id.ts';
import { validInsurance } from '../fixtures/insurance-valid.ts';
import { insertLoanRow } from './helpers/customer.ts';
import { describeOnDatabases, type TestDatabase } from './helpers/database.ts';

const maija = personKey('insurer-test-person-key', personalIdOfAge(41, 321));
const TERMS = 'maksuturva-2026-11';
const SIGNED_AT = new Date('2026-11-27T10:00:00Z');
const dueAt = new Date(SIGNED_AT.getTime() + INSURER_DELAY_MS);

describe('the simulated insurer’s decision', () => {
  it('accepts, except the highest tiers for the oldest band', () => {
    expect(insurerDecision({ age: DECLINED_FROM_AGE - 1, paymentTier: 700 })).toBe('ACCEPTED');
    expect(insurerDecision({ age: DECLINED_FROM_AGE, paymentTier: DECLINED_FROM_TIER - 100 })).toBe('ACCEPTED');
    expect(insurerDecision({ age: DECLINED_FROM_AGE, paymentTier: DECLINED_FROM_TIER })).toBe('DECLINED');
    expect(insurerDecision({ age: 63, paymentTier: 700 })).toBe('DECLINED');
  });
});

describeOnDatabases('the simulated insurer', (target) => {
  let database: TestDatabase;
  let db: Database;
  let loanId: number;
  const input = (change: Record<string, unknown> = {}): InsuranceInput => ({
    applicationId: loanId,
    brand: 'lainavertailu',
    data: { ...validInsurance(), monthlyPayment: 15.9, ...change },
    termsVersion: TERMS,
  });

  /** Creates, signs and queues an application as the signing does: signature and queue in one transaction. */
  async function signed(change: Record<string, unknown> = {}): Promise<number> {
    const id = await createInsurance(db, maija, input(change));
    await db.transaction(async (tx) => {
      const contentHash = signedContentHash(insuranceTerms(id, input(change).data, TERMS));
      const outcome = await markInsuranceSigned(tx, id, { signerKey: maija, signedAt: SIGNED_AT, contentHash, method: 'fi-op', claims: evidenceClaims({ sub: 'x' }, 'hetu') });
      expect(outcome).toBe('signed');
      await sendToInsurer(tx, id, { now: SIGNED_AT });
    });
    return id;
  }
  const pending = async (id: number) => (await db.query(`SELECT 1 FROM insurer_dispatches WHERE insurance_application_id = $1 AND status = 'pending'`, [id])).rowCount;

  beforeAll(async () => {
    database = await target.create();
    db = await database.open();
    await migrate(db);
    loanId = await insertLoanRow(db);
  });
  afterAll(async () => {
    await db?.close();
    await database?.drop();
  });

  it('answers a signed application once it is due, not before, and once only', async () => {
    const id = await signed();
    await answerDueInsurance(db, { now: new Date(dueAt.getTime() - 1) });
    expect(await insurerAnswerOf(db, id)).toBeNull();
    await answerDueInsurance(db, { now: dueAt });
    const answer = await insurerAnswerOf(db, id);
    expect(answer?.decision).toBe('ACCEPTED');
    // Queued again (a retried signature transaction) and answered again: the first answer stands.
    await sendToInsurer(db, id, { now: dueAt });
    await answerDueInsurance(db, { now: new Date(dueAt.getTime() + 10 * INSURER_DELAY_MS) });
    expect(await insurerAnswerOf(db, id)).toEqual(answer);
    expect((await db.query(`SELECT 1 FROM insurer_dispatches WHERE insurance_application_id = $1`, [id])).rowCount).toBe(1);
  });

  it('declines what its rule declines', async () => {
    const id = await signed({ age: DECLINED_FROM_AGE, paymentTier: DECLINED_FROM_TIER, monthlyPayment: 44.4 });
    await answerDueInsurance(db, { now: dueAt });
    expect((await insurerAnswerOf(db, id))?.decision).toBe('DECLINED');
  });

  it('loses nothing when a worker dies before its commit: the next run answers', async () => {
    const id = await signed();
    await expect(
      db.transaction(async (tx) => {
        await tx.query(`UPDATE insurer_dispatches SET status = 'answered', decision = 'ACCEPTED', answered_at = now() WHERE insurance_application_id = $1`, [id]);
        throw new Error('worker died');
      }),
    ).rejects.toThrow('worker died');
    expect(await pending(id)).toBe(1);
    await answerDueInsurance(db, { now: dueAt });
    expect(await pending(id)).toBe(0);
    expect(await insurerAnswerOf(db, id)).not.toBeNull();
  });

  it('is polled by the dispatch worker with the lenders’ queue, a failing queue holding up no other', async () => {
    const id = await signed();
    // Due at once for the worker's real clock: the signature was long ago.
    await db.query(`UPDATE insurer_dispatches SET due_at = now() - interval '1 second' WHERE insurance_application_id = $1`, [id]);
    const errors: unknown[] = [];
    let failing = 0;
    const worker = startDispatcher(db, {
      intervalMs: 20,
      onError: (error) => errors.push(error),
      queues: [
        async () => {
          failing += 1;
          throw new Error('another service is down');
        },
        (database) => answerDueInsurance(database),
      ],
    });
    try {
      await expect.poll(() => insurerAnswerOf(db, id), { timeout: 15_000 }).not.toBeNull();
    } finally {
      await worker.stop();
    }
    expect(failing).toBeGreaterThan(0);
    expect(errors.length).toBeGreaterThan(0);
  });
});
