// Small cryptographic pieces of identification: the application token sealed for the
// few minutes a person spends at the bank, and identity codes kept only as salted hashes.
import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * A key for sealing, derived from the client secret every server instance already shares;
 * one per purpose (identification's application token, a signing's PKCE verifier).
 */
export function sealingKey(clientSecret: string, purpose = 'identification-request-token'): Buffer {
  return Buffer.from(hkdfSync('sha256', clientSecret, 'lainavertailu', purpose, 32));
}

export function seal(key: Buffer, plain: string): Buffer {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]);
}

/** Undefined when the box was sealed with another key or tampered with. */
export function unseal(key: Buffer, sealed: Uint8Array): string | undefined {
  const box = Buffer.from(sealed);
  if (box.length < 28) return undefined;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, box.subarray(0, 12));
    decipher.setAuthTag(box.subarray(12, 28));
    return Buffer.concat([decipher.update(box.subarray(28)), decipher.final()]).toString('utf8');
  } catch {
    return undefined;
  }
}

export function hashPersonalId(personalId: string, salt: Uint8Array = randomBytes(16)): { salt: Buffer; hash: Buffer } {
  const hash = createHash('sha256').update(salt).update(personalId.trim().toUpperCase(), 'utf8').digest();
  return { salt: Buffer.from(salt), hash };
}

/**
 * What an identification vouches for: the application's data when the bank answered, as a
 * salted SHA-256 of its canonical JSON (keys sorted at every level, so the order jsonb
 * gives them back in does not matter).
 */
export function hashIdentifiedData(data: Record<string, unknown>, salt: Uint8Array): Buffer {
  return createHash('sha256').update(salt).update('application-data\0').update(canonicalJson(data), 'utf8').digest();
}

export function identifiedDataMatches(data: Record<string, unknown>, salt: Uint8Array, hash: Uint8Array | null): boolean {
  if (!hash) return false;
  const given = hashIdentifiedData(data, salt);
  return hash.length === given.length && timingSafeEqual(given, hash);
}

function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value).filter(([, member]) => member !== undefined).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, member]) => `${JSON.stringify(key)}:${canonicalJson(member)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

export function personalIdMatchesHash(personalId: string, salt: Uint8Array, hash: Uint8Array): boolean {
  const given = hashPersonalId(personalId, salt).hash;
  return hash.length === given.length && timingSafeEqual(given, hash);
}

/** Constant-time equality of two identity codes (hashed first, so lengths never leak). */
export function samePersonalId(a: string, b: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value.trim().toUpperCase(), 'utf8').digest();
  return timingSafeEqual(digest(a), digest(b));
}

/** What a provider's `state` looks like (ours are random base64url); anything else is refused before the database is asked. */
export const STATE_FORMAT = /^[A-Za-z0-9_-]{20,128}$/;

export function stateHash(state: string): Buffer {
  return createHash('sha256').update(state, 'utf8').digest();
}
