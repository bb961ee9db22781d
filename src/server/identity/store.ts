// The SQL of identification: pending requests (single use, 10 minutes) and the
// recorded attempts. Same text on PGlite and PostgreSQL.
import { readApplication } from '../applications/repository.ts';
import type { Queryable } from '../db/index.ts';
import type { Party } from './parties.ts';

export const REQUEST_TTL_MS = 10 * 60 * 1000;

export interface PendingRequest {
  applicationId: number;
  party: Party;
  method: string;
  nonce: string;
  codeVerifier: string;
  redirectUri: string;
  tokenSealed: Uint8Array;
  /** SHA-256 of the identification cookie of the browser that started it; null for requests from before migration 041. */
  browserHash: Uint8Array | null;
  /** The session of the browser that started it, renewed at a successful callback; null for requests from before migration 050. */
  sessionId: number | null;
}

export async function insertRequest(db: Queryable, stateHash: Buffer, request: PendingRequest, now = new Date()): Promise<void> {
  // Expired rows of anyone go with each new one, so the table never grows unbounded.
  await db.query(`DELETE FROM identification_requests WHERE expires_at < $1`, [now.toISOString()]);
  await db.query(
    `INSERT INTO identification_requests (state_hash, application_id, party, method, nonce, code_verifier, redirect_uri, token_sealed, browser_hash, session_id, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
    [stateHash, request.applicationId, request.party, request.method, request.nonce, request.codeVerifier, request.redirectUri, request.tokenSealed,
      request.browserHash, request.sessionId, new Date(now.getTime() + REQUEST_TTL_MS).toISOString()],
  );
}

/** The party and the application data behind a pending request, read without taking it (the development test bank's suggestion). */
export async function pendingApplicant(db: Queryable, stateHash: Buffer, now = new Date()): Promise<{ party: Party; data: Record<string, unknown> } | undefined> {
  const result = await db.query<{ party: Party; application_id: number | string }>(
    `SELECT party, application_id FROM identification_requests WHERE state_hash = $1 AND expires_at >= $2`,
    [stateHash, now.toISOString()],
  );
  const request = result.rows[0];
  const application = request && (await readApplication(db, Number(request.application_id)));
  return application && { party: request.party, data: application.data };
}

/** The application a live pending request is for, read without taking it (a callback in another browser: which finishing page to show). */
export async function pendingApplicationId(db: Queryable, stateHash: Buffer, now = new Date()): Promise<number | undefined> {
  const result = await db.query<{ application_id: number | string }>(
    `SELECT application_id FROM identification_requests WHERE state_hash = $1 AND expires_at >= $2`,
    [stateHash, now.toISOString()],
  );
  const row = result.rows[0];
  return row && Number(row.application_id);
}

/**
 * Takes the request out, only for the browser that started it (`browserHash`, the hash of its
 * identification cookie; issue 24 item 5): a callback opened in another browser leaves the
 * request to its owner, and a second callback with the same state finds nothing.
 */
export async function takeRequest(db: Queryable, stateHash: Buffer, browserHash: Buffer, now = new Date()): Promise<PendingRequest | undefined> {
  const result = await db.query<{
    application_id: number | string;
    party: Party;
    method: string;
    nonce: string;
    code_verifier: string;
    redirect_uri: string;
    token_sealed: Uint8Array;
    browser_hash: Uint8Array | null;
    session_id: number | string | null;
    expires_at: Date | string;
  }>(
    `DELETE FROM identification_requests WHERE state_hash = $1 AND browser_hash = $2
     RETURNING application_id, party, method, nonce, code_verifier, redirect_uri, token_sealed, browser_hash, session_id, expires_at`,
    [stateHash, browserHash],
  );
  const row = result.rows[0];
  if (!row || new Date(row.expires_at).getTime() < now.getTime()) return undefined;
  return {
    applicationId: Number(row.application_id),
    party: row.party,
    method: row.method,
    nonce: row.nonce,
    codeVerifier: row.code_verifier,
    redirectUri: row.redirect_uri,
    tokenSealed: row.token_sealed,
    browserHash: row.browser_hash,
    sessionId: row.session_id === null ? null : Number(row.session_id),
  };
}

export type Outcome =
  | { outcome: 'success'; salt: Buffer; hash: Buffer; dataHash: Buffer }
  | { outcome: 'mismatch' | 'error'; reason: string };

export async function recordAttempt(db: Queryable, applicationId: number, party: Party, method: string, result: Outcome): Promise<void> {
  await db.query(
    `INSERT INTO strong_authentications (application_id, party, method, outcome, reason, personal_id_salt, personal_id_hash, data_hash)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
    result.outcome === 'success'
      ? [applicationId, party, method, 'success', null, result.salt, result.hash, result.dataHash]
      : [applicationId, party, method, result.outcome, result.reason, null, null, null],
  );
}

export interface Identification {
  party: Party;
  salt: Uint8Array;
  hash: Uint8Array;
  /** The application's data when the bank answered (secrets.ts `hashIdentifiedData`); null before migration 049. */
  dataHash: Uint8Array | null;
}

export async function successfulIdentifications(db: Queryable, applicationId: number): Promise<Identification[]> {
  const result = await db.query<{ party: Party; personal_id_salt: Uint8Array; personal_id_hash: Uint8Array; data_hash: Uint8Array | null }>(
    `SELECT party, personal_id_salt, personal_id_hash, data_hash FROM strong_authentications
     WHERE application_id = $1 AND outcome = 'success' ORDER BY id`,
    [applicationId],
  );
  return result.rows.map((row) => ({ party: row.party, salt: row.personal_id_salt, hash: row.personal_id_hash, dataHash: row.data_hash }));
}
