// The mortgage pre-analysis outcome on each real database: the migration applies, the
// outcome is stored once (a repeated analysis, even with other banks or another day,
// changes nothing) and it is still there after the database is closed and opened again.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { insertApplication } from '../../src/server/applications/repository.ts';
import { openDatabase, type Database } from '../../src/server/db/index.ts';
import { migrate } from '../../src/server/db/migrate.ts';
import { loadMortgageBanks } from '../../src/server/marketplace/mortgage-analysis.ts';
import { analyseAndStore, storedMortgageOutcome } from '../../src/server/marketplace/mortgage-status.ts';
import { hashToken } from '../../src/server/tokens.ts';
import { personalId } from '../fixtures/personal-id.ts';
import { describeOnDatabases, type TestDatabase } from './helpers/database.ts';

const today = new Date('2026-06-15T09:00:00Z');

const solid = {
  appliedAmount: 200000,
  appliedTenor: 300,
  ownFunding: 30000,
  hasInfoOnHousing: true,
  apartmentPriceEstimate: 240000,
  competeCurrentLoan: false,
  hasCoApplicant: false,
  amountOfCars: 0,
  primaryApplicantPersonalIdentificationNumber: personalId(3, 4, 1986, 234),
  primaryApplicantGrossMonthlyIncome: 5200,
  primaryApplicantNetMonthlyIncome: 3900,
  primaryApplicantLivingExpenses: 700,
  primaryApplicantOtherRegularExpenses: 200,
  primaryApplicantHouseholdPeople: 0,
};
/** Asks the whole price: over every bank's loan-to-value limit. */
const overLimit = { ...solid, appliedAmount: 240000 };

describeOnDatabases('mortgage pre-analysis outcome', (target) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'lv-mortgage-status-'));
  let database: TestDatabase;
  let db: Database;
  const ids: Record<'solid' | 'overLimit' | 'untouched', number> = { solid: 0, overLimit: 0, untouched: 0 };

  // PGlite on disk (not in memory) so that the database can be closed and opened again.
  const open = () => (database.url ? openDatabase({ url: database.url }) : openDatabase({ dataDir }));

  beforeAll(async () => {
    database = await target.create();
    db = await open();
  });
  afterAll(async () => {
    await db?.close();
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('applies the migration and starts with no outcome (READY_FOR_ANALYSIS)', async () => {
    expect(await migrate(db)).toContain(44);
    for (const [name, data] of [['solid', solid], ['overLimit', overLimit], ['untouched', solid]] as const) {
      ids[name] = await insertApplication(db, {
        tokenHash: hashToken(`token-${name}`),
        product: 'asuntolaina',
        formId: 'mortgage',
        brand: 'lainavertailu',
        data,
        navigation: { step: 5, hasCoApplicant: false },
        tracking: {},
      });
    }
    expect(await storedMortgageOutcome(db, ids.solid)).toBeUndefined();
  });

  it('stores a forwarded outcome once: a second call returns it and changes nothing', async () => {
    const first = await db.transaction((tx) => analyseAndStore(tx, ids.solid, solid, today));
    expect(first).toEqual({ status: 'OTHER', forwardedTo: loadMortgageBanks().banks.map((bank) => bank.code), reasons: [], analysedAt: today });
    // Later, with data that would be denied and with no banks at all: the stored outcome stands.
    const again = await db.transaction((tx) => analyseAndStore(tx, ids.solid, overLimit, new Date('2026-07-01T00:00:00Z'), { ...loadMortgageBanks(), banks: [] }));
    expect(again).toEqual(first);
    const rows = await db.query('SELECT status FROM mortgage_analyses WHERE application_id = $1', [ids.solid]);
    expect(rows.rowCount).toBe(1);
  });

  it('stores a denial with its reasons, and a rolled-back analysis leaves nothing', async () => {
    const denied = await db.transaction((tx) => analyseAndStore(tx, ids.overLimit, overLimit, today));
    expect(denied).toMatchObject({ status: 'DENIED', forwardedTo: [] });
    expect(denied.reasons[0]).toBe('loanToValue');
    await expect(
      db.transaction(async (tx) => {
        await analyseAndStore(tx, ids.untouched, solid, today);
        throw new Error('the sending failed');
      }),
    ).rejects.toThrow('the sending failed');
    expect(await storedMortgageOutcome(db, ids.untouched)).toBeUndefined();
  });

  it('refuses an outcome for an application that does not exist, or one that contradicts itself', async () => {
    await expect(db.transaction((tx) => analyseAndStore(tx, 999_999, solid, today))).rejects.toThrow();
    await expect(
      db.query(`INSERT INTO mortgage_analyses (application_id, status, forwarded_to, reasons, analysed_at) VALUES ($1, 'OTHER', '{}', '{}', now())`, [ids.untouched]),
    ).rejects.toThrow();
    await expect(
      db.query(`INSERT INTO mortgage_analyses (application_id, status, forwarded_to, reasons, analysed_at) VALUES ($1, 'OTHER', '{kotisatama}', '{amount}', now())`, [ids.untouched]),
    ).rejects.toThrow();
  });

  it('still has every outcome after the database is closed and opened again', async () => {
    const before = { solid: await storedMortgageOutcome(db, ids.solid), overLimit: await storedMortgageOutcome(db, ids.overLimit) };
    await db.close();
    db = await open();
    expect(await migrate(db)).toEqual([]);
    expect(await storedMortgageOutcome(db, ids.solid)).toEqual(before.solid);
    expect(await storedMortgageOutcome(db, ids.overLimit)).toEqual(before.overLimit);
    expect(await storedMortgageOutcome(db, ids.untouched)).toBeUndefined();
  });
});
