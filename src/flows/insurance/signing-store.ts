// The SQL of signing an insurance application at the bank (migration 052): the pending
// requests (single use, 10 minutes, taken only by the browser that started them) and the
// recorded attempts. Same text on PGlite and PostgreSQL. The signature itself is the
// repository's (`markInsuranceSigned`).
import type { Queryable } from '../../server/db/index.ts';

export const SIGNING_TTL_MS = 10 * 60 * 1000;

export interface PendingSigning {
  insuranceApplicationId: number;
  /** The logged-in person who started it (the insured: only their own application is found). */
  personKey: Buffer;
  method: string;
  /** The signed content's hash when the signing started; the nonce commits to it. */
  contentHash: Buffer;
  nonceSalt: Buffer;
  /** The PKCE verifier, sealed (identity/secrets.ts `seal`). */
  codeVerifierSealed: Buffer;
  redirectUri: string;
  /** SHA-256 of the binding cookie of the browser that started it. */
  browserHash: Buffer;
}

interface Row {
  insurance_application_id: number | string;
  person_key: Uint8Array;
  method: string;
  content_hash: Uint8Array;
  nonce_salt: Uint8Array;
  code_verifier_sealed: Uint8Array;
  redirect_uri: string;
  browser_hash: Uint8Array;
  expires_at: Date | string;
}

const COLUMNS = 'insurance_application_id, person_key, method, content_hash, nonce_salt, code_verifier_sealed, redirect_uri, browser_hash, expires_at';

const fromRow = (row: Row): PendingSigning => ({
  insuranceApplicationId: Number(row.insurance_application_id),
  personKey: Buffer.from(row.person_key),
  method: row.method,
  contentHash: Buffer.from(row.content_hash),
  nonceSalt: Buffer.from(row.nonce_salt),
  codeVerifierSealed: Buffer.from(row.code_verifier_sealed),
  redirectUri: row.redirect_uri,
  browserHash: Buffer.from(row.browser_hash),
});

export async function insertSigningRequest(db: Queryable, stateHash: Buffer, request: PendingSigning, now = new Date()): Promise<void> {
  // Expired rows of anyone go with each new one, so the table never grows unbounded.
  await db.query(`DELETE FROM insurance_signing_requests WHERE expires_at < $1`, [now.toISOString()]);
  await db.query(
    `INSERT INTO insurance_signing_requests (state_hash, ${COLUMNS})
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
    [stateHash, request.insuranceApplicationId, request.personKey, request.method, request.contentHash, request.nonceSalt, request.codeVerifierSealed,
      request.redirectUri, request.browserHash, new Date(now.getTime() + SIGNING_TTL_MS).toISOString()],
  );
}

/** A live request, read without taking it (the test bank's page; a callback in another browser). */
export async function peekSigningRequest(db: Queryable, stateHash: Buffer, now = new Date()): Promise<PendingSigning | undefined> {
  const result = await db.query<Row>(`SELECT ${COLUMNS} FROM insurance_signing_requests WHERE state_hash = $1 AND expires_at >= $2`, [stateHash, now.toISOString()]);
  return result.rows[0] && fromRow(result.rows[0]);
}

/**
 * Takes the request out, only for the browser that started it: a callback opened in another
 * browser leaves it to its owner, and a second callback with the same state finds nothing.
 */
export async function takeSigningRequest(db: Queryable, stateHash: Buffer, browserHash: Buffer, now = new Date()): Promise<PendingSigning | undefined> {
  const result = await db.query<Row>(`DELETE FROM insurance_signing_requests WHERE state_hash = $1 AND browser_hash = $2 RETURNING ${COLUMNS}`, [stateHash, browserHash]);
  const row = result.rows[0];
  if (!row || new Date(row.expires_at).getTime() < now.getTime()) return undefined;
  return fromRow(row);
}

export type SigningOutcome = 'signed' | 'cancelled' | 'failed' | 'mismatch' | 'changed';

/** One finished attempt: its outcome and a short reason, never an identity code. */
export async function recordSigningAttempt(db: Queryable, insuranceApplicationId: number, method: string, outcome: SigningOutcome, reason?: string): Promise<void> {
  await db.query(`INSERT INTO insurance_signing_attempts (insurance_application_id, method, outcome, reason) VALUES ($1, $2, $3, $4)`, [
    insuranceApplicationId,
    method,
    outcome,
    reason?.slice(0, 64) ?? null,
  ]);
}
