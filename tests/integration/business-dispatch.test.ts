// The business market on the durable dispatch (issue 16 item 4), on each real database:
// a stored business application goes to the business financiers only, their answers are
// stored as offers (exactly the pure decisions), a consumer application in the same queue
// is still answered by the consumer lenders, and work left pending when the database is
// closed is answered after it is opened again, once per lender, nothing seen before lost.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { insertApplication } from '../../src/server/applications/repository.ts';
import { openDatabase, type Database } from '../../src/server/db/index.ts';
import { migrate } from '../../src/server/db/migrate.ts';
import { decideBusiness, loadBusinessCatalogue } from '../../src/server/marketplace/business-decide.ts';
import { orderBusinessOffers } from '../../src/server/marketplace/business-order.ts';
import { businessProfileOf } from '../../src/server/marketplace/business-profile.ts';
import { loadCatalogue } from '../../src/server/marketplace/catalogue.ts';
import { answerDueDispatches, dispatchApplication } from '../../src/server/marketplace/dispatcher.ts';
import { pollOffers, type Offer } from '../../src/server/marketplace/offers.ts';
import { newToken } from '../../src/server/tokens.ts';
import { personalId } from '../fixtures/personal-id.ts';
import { describeOnDatabases, type TestDatabase } from './helpers/database.ts';
import { storeConsumerApplication } from './helpers/server.ts';

/** A limited company of 1–10 years, 20 000 € a month: some financiers lend all, some less, some decline. */
const business = {
  appliedAmount: 50000,
  appliedTenor: '24',
  loanPurposeId: 212,
  companyType: 220,
  companyAge: 1,
  businessClassification: 230,
  monthlyTurnover: 20000,
  name: 'Testiyhtiö Oy',
  businessIdentityCode: '1572860-0',
  primaryApplicantPersonalIdentificationNumber: personalId(3, 4, 1980, 234),
  primaryApplicantFirstnames: 'Testi',
  primaryApplicantLastname: 'Yrittäjä',
};

const businessCodes = loadBusinessCatalogue().lenders.map((lender) => lender.code);
const consumerCodes = new Set(loadCatalogue().lenders.map((lender) => lender.code));
const expected = loadBusinessCatalogue()
  .lenders.map((lender) => decideBusiness(businessProfileOf(business), lender))
  .filter((offer) => offer !== null);
const withoutId = ({ id: _id, ...offer }: Offer) => offer;

describeOnDatabases('business dispatch', (target) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'lv-business-dispatch-'));
  let database: TestDatabase;
  let db: Database;
  const start = new Date();
  const at = (ms: number) => new Date(start.getTime() + ms);

  // PGlite on disk (not in memory) so that the database can be closed and opened again.
  const open = () => (database.url ? openDatabase({ url: database.url }) : openDatabase({ dataDir }));

  beforeAll(async () => {
    database = await target.create();
    db = await open();
    await migrate(db);
  });
  afterAll(async () => {
    await db?.close();
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const storeBusinessApplication = () =>
    insertApplication(db, {
      tokenHash: newToken().hash,
      product: 'yritysluotto',
      formId: 'business',
      brand: 'lainavertailu',
      data: business,
      navigation: { step: 1, hasCoApplicant: false },
      tracking: {},
    });

  const dispatches = async (id: number) =>
    (await db.query<{ lender_code: string; status: string }>('SELECT lender_code, status FROM lender_dispatches WHERE application_id = $1 ORDER BY id', [id])).rows;
  const offers = async (id: number) => (await pollOffers(db, id, { page: 0, size: 100, sort: [] }))!.page;
  const answerAll = async (now: Date) => {
    let answered = 0;
    for (let batch; (batch = await answerDueDispatches(db, { now })) > 0; ) answered += batch;
    return answered;
  };

  it('queues only the business financiers, once', async () => {
    const id = await storeBusinessApplication();
    expect(await dispatchApplication(db, id, { market: 'business', now: start })).toBe(businessCodes.length);
    expect(await dispatchApplication(db, id, { market: 'business', now: start })).toBe(0);
    const rows = await dispatches(id);
    expect(rows.map((row) => row.lender_code).sort()).toEqual([...businessCodes].sort());
    expect(rows.some((row) => consumerCodes.has(row.lender_code))).toBe(false);
    expect((await offers(id)).totalLenders).toBe(businessCodes.length);
  });

  it('stores the financiers’ answers as offers, beside a consumer application in the same queue', async () => {
    const id = await storeBusinessApplication();
    const consumer = (await storeConsumerApplication(db)).id;
    await dispatchApplication(db, id, { market: 'business', delayScale: 0, now: start });
    await dispatchApplication(db, consumer, { delayScale: 0, now: start });
    await answerAll(at(1000));

    const page = await offers(id);
    expect(page.pendingLenders).toBe(0);
    // Exactly the pure decisions: some full, some downsold, some declined.
    expect(page.content.map(withoutId).sort((a, b) => a.partnerCode.localeCompare(b.partnerCode))).toEqual(
      [...expected].sort((a, b) => a.partnerCode.localeCompare(b.partnerCode)),
    );
    expect(expected.some((offer) => offer.downsell)).toBe(true);
    expect(expected.some((offer) => !offer.downsell)).toBe(true);
    expect(expected.length).toBeLessThan(businessCodes.length);
    const statuses = await dispatches(id);
    expect(statuses.filter((row) => row.status === 'offered').map((row) => row.lender_code).sort()).toEqual(expected.map((offer) => offer.partnerCode).sort());

    // The consumer application went to the consumer lenders only, and they answered it.
    const consumerRows = await dispatches(consumer);
    expect(consumerRows.map((row) => row.lender_code).sort()).toEqual([...consumerCodes].sort());
    expect(consumerRows.every((row) => row.status !== 'pending')).toBe(true);
    expect((await offers(consumer)).content.every((offer) => consumerCodes.has(offer.partnerCode))).toBe(true);

    // The business order over what the store gives: lowest APR first, then closest to the ask.
    const ordered = orderBusinessOffers(page.content, business.appliedAmount);
    expect(ordered.map((offer) => offer.apr)).toEqual(page.content.map((offer) => offer.apr).sort((a, b) => a - b));
  });

  it('work pending when the database closes is answered after it opens again, once per financier', async () => {
    const id = await storeBusinessApplication();
    await dispatchApplication(db, id, { market: 'business', now: start });
    const delays = loadBusinessCatalogue().lenders.map((lender) => lender.responseDelayMs).sort((a, b) => a - b);
    // Halfway through the financiers' delays: some have answered, some are pending.
    const midway = delays[Math.floor(delays.length / 2)];
    await answerAll(at(midway));
    // Counted on this application: the queue also holds the first test's dispatches.
    const early = (await dispatches(id)).filter((row) => row.status !== 'pending').length;
    expect(early).toBeGreaterThan(0);
    expect(early).toBeLessThan(businessCodes.length);
    const before = await offers(id);
    expect(before.pendingLenders).toBe(businessCodes.length - early);

    await db.close();
    db = await open();

    expect(await answerAll(at(delays.at(-1)! + 1))).toBeGreaterThanOrEqual(businessCodes.length - early);
    const after = await offers(id);
    expect(after.pendingLenders).toBe(0);
    for (const offer of before.content) expect(after.content).toContainEqual(offer);
    const rows = await dispatches(id);
    expect(rows).toHaveLength(businessCodes.length);
    expect(new Set(rows.map((row) => row.lender_code)).size).toBe(businessCodes.length);
    expect(rows.every((row) => row.status === 'offered' || row.status === 'declined')).toBe(true);
    expect(after.totalElements).toBe(expected.length);
    // A later pass finds nothing left to answer.
    expect(await answerAll(at(3_600_000))).toBe(0);
  });
});
