// E-mail addresses: a deliberately plain shape check (a stricter one rejects real
// addresses, and only delivery proves an address anyway) plus "did you mean"
// hints, because a misspelt provider domain passes any shape check and the
// applicant then never receives the loan offers.
import { editDistance } from './edit-distance.ts';
import { isKnownTld } from './tlds.ts';

export type EmailCode = 'invalid';

const MAX_LENGTH = 254; // RFC 5321 forward-path limit
const MAX_LOCAL_LENGTH = 64;

// Unicode letters are allowed in the domain because Finnish IDN domains
// (e.g. ä, ö, å in .fi names) are real; the local part is ASCII-printable
// because few mail systems deliver to internationalised mailboxes.
const LOCAL = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/;
const DOMAIN = /^([\p{L}\p{N}]([\p{L}\p{N}-]{0,61}[\p{L}\p{N}])?\.)+\p{L}{2,63}$/u;

/** Mailbox names can be case-sensitive; domains never are. */
export function normalizeEmail(value: string): string {
  const trimmed = value.trim();
  const at = trimmed.lastIndexOf('@');
  if (at === -1) return trimmed;
  return trimmed.slice(0, at) + '@' + trimmed.slice(at + 1).toLowerCase();
}

export function checkEmail(value: string, _options?: unknown): EmailCode | null {
  if (typeof value !== 'string') return 'invalid';
  const address = normalizeEmail(value);
  if (address.length > MAX_LENGTH) return 'invalid';
  const parts = address.split('@');
  if (parts.length !== 2) return 'invalid';
  const [local, domain] = parts;
  return local.length <= MAX_LOCAL_LENGTH && LOCAL.test(local) && DOMAIN.test(domain) ? null : 'invalid';
}

// Order matters: ties are resolved towards the earlier entry.
export const COMMON_EMAIL_DOMAINS: readonly string[] = [
  'gmail.com', 'hotmail.com', 'hotmail.fi', 'outlook.com', 'live.fi', 'yahoo.com', 'icloud.com',
  'luukku.com', 'suomi24.fi', 'kolumbus.fi', 'elisanet.fi', 'saunalahti.fi', 'pp.inet.fi',
  'me.com', 'msn.com', 'protonmail.com', 'windowslive.com',
];

export const COMMON_TLDS: readonly string[] = ['fi', 'com', 'net', 'org', 'eu', 'se'];

// Real mail domains one or two edits away from a listed provider. Without this
// list `ymail.com` (Yahoo) would be "corrected" to gmail.com.
const REAL_NEAR_MISSES: ReadonlySet<string> = new Set(['mail.com', 'email.com', 'ymail.com', 'mac.com']);

const MAX_DOMAIN_DISTANCE = 2;

// A two-letter TLD is two edits from every other two-letter TLD, so for `fi`,
// `eu` and `se` only one edit counts as a typo.
function maxTldDistance(candidate: string): number {
  return candidate.length <= 2 ? 1 : 2;
}

function splitTld(domain: string): { name: string; tld: string } {
  const dot = domain.lastIndexOf('.');
  return dot === -1 ? { name: '', tld: domain } : { name: domain.slice(0, dot), tld: domain.slice(dot + 1) };
}

function closest(word: string, candidates: readonly string[], maxDistance: (candidate: string) => number) {
  let best: { candidate: string; distance: number } | null = null;
  for (const candidate of candidates) {
    const distance = editDistance(word, candidate);
    if (distance <= maxDistance(candidate) && (best === null || distance < best.distance)) {
      best = { candidate, distance };
    }
  }
  return best;
}

function suggestDomain(domain: string): string | null {
  if (COMMON_EMAIL_DOMAINS.includes(domain) || REAL_NEAR_MISSES.has(domain)) return null;
  const typed = splitTld(domain);
  // hotmail.se, live.se: the provider's own domain in another country, not a
  // typo. gmail.co still gets a hint: one edit from the listed TLD is a slip.
  const candidates = COMMON_EMAIL_DOMAINS.filter((candidate) => {
    const known = splitTld(candidate);
    const sibling = known.name === typed.name && isKnownTld(typed.tld) && editDistance(known.tld, typed.tld) > 1;
    return !sibling;
  });
  const match = closest(domain, candidates, () => MAX_DOMAIN_DISTANCE);
  if (match) return match.candidate;

  if (typed.name === '' || isKnownTld(typed.tld)) return null;
  const tld = closest(typed.tld, COMMON_TLDS, maxTldDistance);
  return tld ? `${typed.name}.${tld.candidate}` : null;
}

/**
 * The full address with a corrected domain, or null when the domain is a known
 * one, looks deliberate, or is not close to anything we know. A hint for the UI
 * ("Tarkoitatko: …"), never a validation error.
 */
export function suggestEmail(value: string): string | null {
  if (typeof value !== 'string') return null;
  const address = normalizeEmail(value);
  const at = address.lastIndexOf('@');
  if (at <= 0 || at === address.length - 1) return null;
  const domain = suggestDomain(address.slice(at + 1));
  return domain === null ? null : `${address.slice(0, at)}@${domain}`;
}
