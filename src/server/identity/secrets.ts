// Small cryptographic pieces of identification: the application token sealed for the
// few minutes a person spends at the bank, and identity codes kept only as salted hashes.
import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';

/** A key for sealing, derived from the client secret every server instance already shares. */
export function sealingKey(clientSecret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', clientSecret, 'lainavertailu', 'identification-request-token', 32));
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

export function personalIdMatchesHash(personalId: string, salt: Uint8Array, hash: Uint8Array): boolean {
  const given = hashPersonalId(personalId, salt).hash;
  return hash.length === given.length && timingSafeEqual(given, hash);
}

/** Constant-time equality of two identity codes (hashed first, so lengths never leak). */
export function samePersonalId(a: string, b: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value.trim().toUpperCase(), 'utf8').digest();
  return timingSafeEqual(digest(a), digest(b));
}

export function stateHash(state: string): Buffer {
  return createHash('sha256').update(state, 'utf8').digest();
}
