// Application tokens: 256 bits from the CSPRNG, handed out once, stored only as a
// SHA-256 hash and compared in constant time. A hash without a salt is enough here:
// the input is random and long, so there is nothing to guess or precompute.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

const TOKEN_BYTES = 32;
/** base64url of 32 bytes, no padding. */
const TOKEN_FORMAT = /^[A-Za-z0-9_-]{43}$/;
/** Compared against when there is no stored hash, so a wrong id costs what a wrong token costs. */
const DUMMY_HASH = hashToken('0'.repeat(43));

export function newToken(): { token: string; hash: Buffer } {
  const token = randomBytes(TOKEN_BYTES).toString('base64url');
  return { token, hash: hashToken(token) };
}

export function hashToken(token: string): Buffer {
  return createHash('sha256').update(token, 'utf8').digest();
}

export function isWellFormedToken(token: string): boolean {
  return TOKEN_FORMAT.test(token);
}

/** True when `token` belongs to `storedHash`; `storedHash` undefined means no such application. */
export function tokenMatches(token: string, storedHash: Uint8Array | undefined): boolean {
  const given = hashToken(token);
  const expected = storedHash && storedHash.length === given.length ? storedHash : DUMMY_HASH;
  return timingSafeEqual(given, expected) && expected !== DUMMY_HASH;
}
