// The insurance application store (issue 27, migration 051): create, update and find for one
// person only; a signature kept with its evidence (who, when, the hash of exactly what was
// applied for, the broker's claims without the identity code), refused for anyone but the
// insured person, for a changed application and twice; no identity code in clear anywhere.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { personKeys, syncPersonKeys } from '../../src/server/customer/person-keys.ts';
import type { Database } from '../../src/server/db/index.ts';
import { migrate } from '../../src/server/db/migrate.ts';
import {
  createInsurance,
  evidenceClaims,
  findInsurance,
  latestInsurance,
  markInsuranceSigned,
  updateInsurance,
  type InsuranceInput,
  type SignatureEvidence,
} from '../../src/flows/insurance/repository.ts';
import { insuranceTerms, signedContentHash } from '../../src/flows/insurance/signed-content.ts';
import { personKey } from '../../src/server/otp/owner.ts';
import { newToken } from '../../src/server/tokens.ts';
import { personalIdOfAge } from '../fixtures/personal-id.ts';
import { insertLoanRow } from './helpers/customer.ts';
import { describeOnDatabases, type TestDatabase } from './helpers/database.ts';
import { validInsurance } from '../fixtures/insurance-valid.ts';

const SECRET = 'insurance-store-test-person-key';
const maijaId = personalIdOfAge(41, 123);
const maija = personKey(SECRET, maijaId);
const matti = personKey(SECRET, personalIdOfAge(52, 456));
const TERMS = 'maksuturva-2026-11';

const form = (change: Record<string, unknown> = {}) => ({
  ...validInsurance(),
  monthlyPayment: 15.9,
  ...change,
});

describeOnDatabases('insurance application store', (target) => {
  let database: TestDatabase;
  let db: Database;
  let loanId: number;
  const input = (change: Record<string, unknown> = {}): InsuranceInput => ({ applicationId: loanId, brand: 'lainavertailu', data: form(change), termsVersion: TERMS });
  const hashOf = (id: number, change: Record<string, unknown> = {}) => signedContentHash(insuranceTerms(id, form(change), TERMS));
  const evidence = (id: number, change: Partial<SignatureEvidence> = {}): SignatureEvidence => ({
    signerKey: maija,
    signedAt: new Date('2026-11-27T10:15:00Z'),
    contentHash: hashOf(id),
    method: 'fi-op',
    claims: evidenceClaims({ sub: 'abc-123', hetu: maijaId, name: 'Maija Meikäläinen', acr: 'http://ftn.ficora.fi/2017/loa2', auth_time: 1795601700 }, 'hetu'),
    ...change,
  });

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

  it('creates an application waiting for signature, with the hash of exactly what is applied for', async () => {
    const id = await createInsurance(db, maija, input());
    const stored = await findInsurance(db, id, maija);
    expect(stored).toMatchObject({ id, applicationId: loanId, brand: 'lainavertailu', data: form(), termsVersion: TERMS, status: 'WAITING_FOR_SIGNATURE', signature: null });
    expect(stored!.contentHash.equals(hashOf(id))).toBe(true);
    expect(await latestInsurance(db, maija)).toMatchObject({ id });
    expect(await latestInsurance(db, matti)).toBeNull();
  });

  it('finds and updates an application for its own person only: another person’s id is no id', async () => {
    const id = await createInsurance(db, maija, input());
    expect(await findInsurance(db, id, matti)).toBeNull();
    expect(await findInsurance(db, id + 1000, maija)).toBeNull();
    expect(await findInsurance(db, Number.NaN, maija)).toBeNull();
    expect(await updateInsurance(db, id, matti, input({ paymentTier: 700, monthlyPayment: 37.1 }))).toBe('notFound');
    expect((await findInsurance(db, id, maija))!.data.paymentTier).toBe(300);
    expect(await updateInsurance(db, id, maija, input({ paymentTier: 700, monthlyPayment: 37.1, appliedDueDate: 28 }))).toBe('updated');
    const updated = (await findInsurance(db, id, maija))!;
    expect(updated.data).toMatchObject({ paymentTier: 700, monthlyPayment: 37.1, appliedDueDate: 28 });
    expect(updated.contentHash.equals(hashOf(id, { paymentTier: 700, monthlyPayment: 37.1, appliedDueDate: 28 }))).toBe(true);
    expect(updated.updatedAt.getTime()).toBeGreaterThanOrEqual(updated.createdAt.getTime());
  });

  it('keeps the signature with its evidence, and then takes no more changes', async () => {
    const id = await createInsurance(db, maija, input());
    expect(await markInsuranceSigned(db, id, evidence(id))).toBe('signed');
    const signed = (await findInsurance(db, id, maija))!;
    expect(signed.status).toBe('SIGNED');
    expect(signed.signature).toMatchObject({ signedAt: new Date('2026-11-27T10:15:00Z'), method: 'fi-op', claims: { sub: 'abc-123', name: 'Maija Meikäläinen', acr: 'http://ftn.ficora.fi/2017/loa2', auth_time: 1795601700 } });
    expect(signed.signature!.signerKey.equals(maija)).toBe(true);
    expect(signed.signature!.contentHash.equals(hashOf(id))).toBe(true);
    expect(await updateInsurance(db, id, maija, input({ paymentTier: 400, monthlyPayment: 21.2 }))).toBe('signed');
    expect((await findInsurance(db, id, maija))!.data.paymentTier).toBe(300);
    expect(await markInsuranceSigned(db, id, evidence(id))).toBe('alreadySigned');
  });

  it('refuses a signature by anyone but the insured person, and one for a changed application', async () => {
    const id = await createInsurance(db, maija, input());
    expect(await markInsuranceSigned(db, id, evidence(id, { signerKey: matti }))).toBe('wrongSigner');
    const shown = hashOf(id);
    expect(await updateInsurance(db, id, maija, input({ paymentTier: 500, monthlyPayment: 26.5 }))).toBe('updated');
    expect(await markInsuranceSigned(db, id, evidence(id, { contentHash: shown }))).toBe('changed');
    expect(await markInsuranceSigned(db, id + 1000, evidence(id))).toBe('notFound');
    expect((await findInsurance(db, id, maija))!).toMatchObject({ status: 'WAITING_FOR_SIGNATURE', signature: null });
    // The hash of the application as it is now signs it.
    expect(await markInsuranceSigned(db, id, evidence(id, { contentHash: hashOf(id, { paymentTier: 500, monthlyPayment: 26.5 }) }))).toBe('signed');
  });

  it('stores no identity code in clear: the claims lose it, and the table refuses a signature out of step with it', async () => {
    const id = await createInsurance(db, maija, input());
    expect(evidence(id).claims).not.toHaveProperty('hetu');
    expect(evidenceClaims({ sub: 'x', other: { nested: [maijaId.toLowerCase()] }, hetu: maijaId }, 'hetu')).toEqual({ sub: 'x' });
    await expect(markInsuranceSigned(db, id, { ...evidence(id), claims: { sub: 'x', hetu: maijaId } })).rejects.toThrow(/identity code/);
    await markInsuranceSigned(db, id, evidence(id));
    const all = await db.query<{ row: string }>(`SELECT row_to_json(i)::text AS row FROM insurance_applications i`);
    for (const { row } of all.rows) expect(row).not.toContain(maijaId);
    // Even SQL that skips the repository cannot sign for another person or another content.
    const other = await createInsurance(db, maija, input());
    await expect(
      db.query(
        `UPDATE insurance_applications SET status = 'SIGNED', signed_at = now(), signer_key = $2, signed_hash = content_hash, signature_method = 'x', signature_claims = '{}' WHERE id = $1`,
        [other, matti],
      ),
    ).rejects.toThrow();
  });

  it('follows its loan application to a new person key, the signer’s evidence with it', async () => {
    const made = await db.query<{ id: number | string }>(
      `INSERT INTO applications (token_hash, product, form_id, brand, step, data, additional_form_data, tracking)
       VALUES ($1, 'kulutusluotto', 'consumer', 'lainavertailu', 7, $2::jsonb, '{"step": 7}', '{}') RETURNING id`,
      [newToken().hash, JSON.stringify({ primaryApplicantPersonalIdentificationNumber: maijaId })],
    );
    const source = Number(made.rows[0].id);
    await syncPersonKeys(db, personKeys(SECRET));
    const waiting = await createInsurance(db, maija, { ...input(), applicationId: source });
    const signed = await createInsurance(db, maija, { ...input(), applicationId: source });
    expect(await markInsuranceSigned(db, signed, evidence(signed))).toBe('signed');

    const rotated = personKeys('insurance-store-test-another-person-key');
    expect(await syncPersonKeys(db, rotated)).toMatchObject({ rekeyed: true });
    const newKey = rotated.of(maijaId);
    expect(await findInsurance(db, waiting, maija)).toBeNull();
    expect(await findInsurance(db, waiting, newKey)).toMatchObject({ id: waiting, status: 'WAITING_FOR_SIGNATURE' });
    const kept = (await findInsurance(db, signed, newKey))!;
    expect(kept.status).toBe('SIGNED');
    expect(kept.signature!.signerKey.equals(newKey)).toBe(true);
    expect(await updateInsurance(db, waiting, newKey, input({ paymentTier: 200, monthlyPayment: 10.6 }))).toBe('updated');
    await syncPersonKeys(db, personKeys(SECRET));
  });

  it('outlives the loan application it was made from', async () => {
    const inserted = await db.query<{ id: number | string }>(
      `INSERT INTO applications (token_hash, product, form_id, brand, step, data, additional_form_data, tracking)
       VALUES ($1, 'kulutusluotto', 'consumer', 'lainavertailu', 7, '{}', '{"step": 7}', '{}') RETURNING id`,
      [newToken().hash],
    );
    const source = Number(inserted.rows[0].id);
    const id = await createInsurance(db, maija, { ...input(), applicationId: source });
    await db.query('DELETE FROM applications WHERE id = $1', [source]);
    expect(await findInsurance(db, id, maija)).toMatchObject({ id, applicationId: null, status: 'WAITING_FOR_SIGNATURE' });
  });
});

describe('the insurance store’s ids', () => {
  it('are part of what is signed: the same choices in two applications hash differently', () => {
    const data = form();
    expect(signedContentHash(insuranceTerms(1, data, TERMS)).equals(signedContentHash(insuranceTerms(2, data, TERMS)))).toBe(false);
  });
});
