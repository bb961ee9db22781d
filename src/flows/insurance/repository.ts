// The store of payment-protection insurance applications (issue 27; migration 051): the only
// module with SQL on `insurance_applications`. A person is their keyed identity-code hash
// (customer/person-keys.ts), made by the caller, which holds the key. Every write stores the
// hash of the application's signed content beside the data (signed-content.ts), so the row
// can always tell whether a signature is for what it holds now.
//
// Reads and writes take the person: another person's id is the same as no id (a route
// answers 404). A signed application takes no more changes, and a signature is stored only
// for the insured person and only for the content as it is (both atomically, in one UPDATE;
// the table's CHECKs say the same).
import type { Queryable } from '../../server/db/index.ts';
import { parsePersonalId } from '../../../custom-validators/personal-id.ts';
import { insuranceTerms, signedContentHash } from './signed-content.ts';

export type InsuranceStatus = 'WAITING_FOR_SIGNATURE' | 'SIGNED';

export interface SignatureEvidence {
  /** The person key of who identified at the bank to sign. */
  signerKey: Uint8Array;
  signedAt: Date;
  /** The hash of the content they were shown and signed. */
  contentHash: Uint8Array;
  /** The identification method (bank) used. */
  method: string;
  /** The broker's ID token claims, the identity code left out (evidenceClaims). */
  claims: Record<string, unknown>;
  /**
   * The salt that with `contentHash` made the OIDC nonce the ID token carries (signed-content.ts
   * `signatureNonce`, migration 052): kept so the claims' nonce can be checked against the content.
   */
  nonceSalt?: Uint8Array;
}

export interface StoredInsurance {
  id: number;
  applicationId: number | null;
  brand: string;
  data: Record<string, unknown>;
  termsVersion: string;
  contentHash: Buffer;
  status: InsuranceStatus;
  createdAt: Date;
  updatedAt: Date;
  signature: (Omit<SignatureEvidence, 'signerKey' | 'contentHash' | 'nonceSalt'> & { signerKey: Buffer; contentHash: Buffer; nonceSalt: Buffer | null }) | null;
}

export interface InsuranceInput {
  /** The loan application the details came from (the latest identified one), if any. */
  applicationId: number | null;
  brand: string;
  /** The insurance form's data as the server validated and derived it (the fee from the price table). */
  data: Record<string, unknown>;
  termsVersion: string;
}

interface Row {
  id: number | string;
  application_id: number | string | null;
  brand: string;
  data: Record<string, unknown>;
  terms_version: string;
  content_hash: Uint8Array;
  status: InsuranceStatus;
  created_at: Date | string;
  updated_at: Date | string;
  signed_at: Date | string | null;
  signer_key: Uint8Array | null;
  signed_hash: Uint8Array | null;
  signature_method: string | null;
  signature_claims: Record<string, unknown> | null;
  signature_nonce_salt: Uint8Array | null;
}

const COLUMNS = 'id, application_id, brand, data, terms_version, content_hash, status, created_at, updated_at, signed_at, signer_key, signed_hash, signature_method, signature_claims, signature_nonce_salt';

const fromRow = (row: Row): StoredInsurance => ({
  id: Number(row.id),
  applicationId: row.application_id === null ? null : Number(row.application_id),
  brand: row.brand,
  data: row.data,
  termsVersion: row.terms_version,
  contentHash: Buffer.from(row.content_hash),
  status: row.status,
  createdAt: new Date(row.created_at),
  updatedAt: new Date(row.updated_at),
  signature:
    row.signed_at === null
      ? null
      : {
          signerKey: Buffer.from(row.signer_key!),
          signedAt: new Date(row.signed_at),
          contentHash: Buffer.from(row.signed_hash!),
          method: row.signature_method!,
          claims: row.signature_claims!,
          nonceSalt: row.signature_nonce_salt === null ? null : Buffer.from(row.signature_nonce_salt),
        },
});

const hashOf = (id: number, input: InsuranceInput) => signedContentHash(insuranceTerms(id, input.data, input.termsVersion));

/** Creates an application waiting for signature; returns its id. */
export async function createInsurance(db: Queryable, personKey: Uint8Array, input: InsuranceInput): Promise<number> {
  // The id is part of the signed content, so it is taken before the row is written.
  const next = await db.query<{ id: number | string }>(`SELECT nextval(pg_get_serial_sequence('insurance_applications', 'id')) AS id`);
  const id = Number(next.rows[0].id);
  await db.query(
    `INSERT INTO insurance_applications (id, person_key, application_id, brand, data, terms_version, content_hash)
     OVERRIDING SYSTEM VALUE VALUES ($1, $2, $3, $4, $5::jsonb, $6, $7)`,
    [id, personKey, input.applicationId, input.brand, JSON.stringify(input.data), input.termsVersion, hashOf(id, input)],
  );
  return id;
}

export type UpdateOutcome = 'updated' | 'notFound' | 'signed';

/** Replaces the application's content (a new content hash); a signed one, or another person's, is left as it is. */
export async function updateInsurance(db: Queryable, id: number, personKey: Uint8Array, input: InsuranceInput): Promise<UpdateOutcome> {
  if (!Number.isSafeInteger(id) || id <= 0) return 'notFound';
  const updated = await db.query(
    `UPDATE insurance_applications SET application_id = $3, brand = $4, data = $5::jsonb, terms_version = $6, content_hash = $7, updated_at = now()
     WHERE id = $1 AND person_key = $2 AND status = 'WAITING_FOR_SIGNATURE'`,
    [id, personKey, input.applicationId, input.brand, JSON.stringify(input.data), input.termsVersion, hashOf(id, input)],
  );
  if (updated.rowCount === 1) return 'updated';
  return (await findInsurance(db, id, personKey)) ? 'signed' : 'notFound';
}

/** The application when it is this person's; null for an unknown id and for another person's alike. */
export async function findInsurance(db: Queryable, id: number, personKey: Uint8Array): Promise<StoredInsurance | null> {
  if (!Number.isSafeInteger(id) || id <= 0) return null;
  const result = await db.query<Row>(`SELECT ${COLUMNS} FROM insurance_applications WHERE id = $1 AND person_key = $2`, [id, personKey]);
  return result.rows[0] ? fromRow(result.rows[0]) : null;
}

/** The person's latest application, for the page's first view. */
export async function latestInsurance(db: Queryable, personKey: Uint8Array): Promise<StoredInsurance | null> {
  const result = await db.query<Row>(`SELECT ${COLUMNS} FROM insurance_applications WHERE person_key = $1 ORDER BY created_at DESC, id DESC LIMIT 1`, [personKey]);
  return result.rows[0] ? fromRow(result.rows[0]) : null;
}

export type SignOutcome = 'signed' | 'notFound' | 'alreadySigned' | 'wrongSigner' | 'changed';

/**
 * Stores a signature: only the insured person's (the signer's key is the application's person
 * key), only for the content as it is now (the hash they signed is the stored one), only once.
 */
export async function markInsuranceSigned(db: Queryable, id: number, evidence: SignatureEvidence): Promise<SignOutcome> {
  if (!Number.isSafeInteger(id) || id <= 0) return 'notFound';
  assertNoIdentityCode(evidence.claims);
  const updated = await db.query(
    `UPDATE insurance_applications
     SET status = 'SIGNED', signed_at = $2, signer_key = $3, signed_hash = $4, signature_method = $5, signature_claims = $6::jsonb, signature_nonce_salt = $7, updated_at = now()
     WHERE id = $1 AND status = 'WAITING_FOR_SIGNATURE' AND person_key = $3 AND content_hash = $4`,
    [id, evidence.signedAt, evidence.signerKey, evidence.contentHash, evidence.method, JSON.stringify(evidence.claims), evidence.nonceSalt ?? null],
  );
  if (updated.rowCount === 1) return 'signed';
  const found = await db.query<{ person_key: Uint8Array; content_hash: Uint8Array; status: InsuranceStatus }>(
    'SELECT person_key, content_hash, status FROM insurance_applications WHERE id = $1',
    [id],
  );
  const row = found.rows[0];
  if (!row) return 'notFound';
  if (!Buffer.from(row.person_key).equals(Buffer.from(evidence.signerKey))) return 'wrongSigner';
  if (row.status === 'SIGNED') return 'alreadySigned';
  return 'changed';
}

/**
 * The claims worth keeping as evidence: everything the broker vouched for except the identity
 * code (the signer's person key stands for it), under `personalIdClaim` or any other name.
 */
export function evidenceClaims(claims: Record<string, unknown>, personalIdClaim: string): Record<string, unknown> {
  return Object.fromEntries(Object.entries(claims).filter(([name, value]) => name !== personalIdClaim && !holdsIdentityCode(value)));
}

function holdsIdentityCode(value: unknown): boolean {
  if (typeof value === 'string') return parsePersonalId(value.trim().toUpperCase()) !== null;
  if (Array.isArray(value)) return value.some(holdsIdentityCode);
  if (value && typeof value === 'object') return Object.values(value).some(holdsIdentityCode);
  return false;
}

/** A programming error, never stored: the table keeps no identity code in clear. */
function assertNoIdentityCode(claims: Record<string, unknown>): void {
  if (holdsIdentityCode(claims)) throw new Error('signature claims must not hold an identity code: pass them through evidenceClaims');
}

/**
 * After the person key changed (customer/person-keys.ts `syncPersonKeys` made every loan
 * application's key anew): each insurance application takes the new key of the loan application
 * it was made from, whose primary applicant is the insured person, and a signed one its signer's
 * with it (the same person). One whose loan application is gone keeps a key nothing finds.
 * Idempotent. Returns how many rows changed.
 */
export async function rekeyInsurance(db: Queryable): Promise<number> {
  const result = await db.query(
    `UPDATE insurance_applications i
     SET person_key = a.person_key, signer_key = CASE WHEN i.signer_key IS NULL THEN NULL ELSE a.person_key END
     FROM applications a
     WHERE a.id = i.application_id AND a.person_key IS NOT NULL AND a.person_key <> i.person_key`,
  );
  return result.rowCount;
}
