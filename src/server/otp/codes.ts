// One-time codes: six digits from the CSPRNG, stored only as a hash bound to its
// owner (an application or a person, owner.ts), compared in constant time. Six digits are few enough to guess offline
// from a leaked hash, so the real protection is the short life, single use and five
// tries; the hash keeps the code out of backups and database consoles.
import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { ownerBinding, type CodeOwner } from './owner.ts';

export const CODE_FORMAT = /^\d{6}$/;

export function newCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

export function hashCode(owner: CodeOwner, code: string): Buffer {
  return createHash('sha256').update(`lv-otp:v1:${ownerBinding(owner)}:${code}`, 'utf8').digest();
}

/** A code of the wrong shape is hashed too, so every wrong answer costs the same. */
export function codeMatches(owner: CodeOwner, code: string, storedHash: Uint8Array): boolean {
  const given = hashCode(owner, code);
  return storedHash.length === given.length && timingSafeEqual(given, storedHash) && CODE_FORMAT.test(code);
}

/** What the applicant is told about where the code went: enough to recognise, not to read. */
export function maskAddress(channel: 'email' | 'sms', address: string): string {
  if (channel === 'sms') {
    const digits = address.replace(/\D/g, '');
    return `••• ••• ${digits.slice(-3)}`;
  }
  const at = address.lastIndexOf('@');
  if (at < 1) return '•••';
  const domain = address.slice(at + 1);
  const dot = domain.lastIndexOf('.');
  const tld = dot === -1 ? '' : domain.slice(dot);
  return `${address[0]}•••@${domain[0] ?? ''}•••${tld}`;
}
