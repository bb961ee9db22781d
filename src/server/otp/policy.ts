// When a new code may be sent and how long the applicant has to wait otherwise. Pure: the
// caller reads the history and the clock.
//
// Issue 25 item 11: three codes in 15 minutes was a hard cap, so the third 'Tilaa tästä uusi
// koodi' within 22 s locked the applicant out for 15 minutes. Now the wait before the next
// code grows with the codes already sent in the last hour: the spec's 7 s (§9) after the
// first two, then a minute, three minutes, and ten minutes at most. Someone whose mail does
// not come can always ask again after a wait the page tells them; one application still
// mails at most 10 codes in any hour (0, 7 s, 14 s, 74 s, 254 s, then every 10 minutes),
// which the shared limits (limits.ts `sendCode`) allow.
export const CODE_TTL_MS = 10 * 60_000;
export const MAX_WRONG_TRIES = 5;
/** The spec's resend lock: the wait after the first codes. */
export const RESEND_LOCK_MS = 7_000;
/** The codes of this window set the wait. */
export const SEND_WINDOW_MS = 60 * 60_000;
/** The wait after the 1st, 2nd, … code of the window; the last one after every later code. */
export const RESEND_WAITS_MS: readonly number[] = [RESEND_LOCK_MS, RESEND_LOCK_MS, 60_000, 3 * 60_000, 10 * 60_000];

/**
 * RESEND_LOCKED: the spec's short lock (told in seconds); TOO_MANY_CODES: a longer wait after
 * several codes (told in minutes).
 */
export type SendDecision = { allowed: true } | { allowed: false; type: 'RESEND_LOCKED' | 'TOO_MANY_CODES'; retryAfterSeconds: number };

/** The wait after the latest of `count` codes sent in the window. */
export function resendWaitMs(count: number): number {
  if (count <= 0) return 0;
  return RESEND_WAITS_MS[Math.min(count, RESEND_WAITS_MS.length) - 1];
}

/** `sentAt`: when codes of this application were sent, in ms, any order. */
export function sendDecision(sentAt: readonly number[], now: number): SendDecision {
  const recent = sentAt.filter((at) => at > now - SEND_WINDOW_MS);
  if (recent.length === 0) return { allowed: true };
  const latest = Math.max(...recent);
  const wait = resendWaitMs(recent.length);
  if (now - latest >= wait) return { allowed: true };
  const retryAfterSeconds = Math.max(1, Math.ceil((latest + wait - now) / 1000));
  return { allowed: false, type: wait <= RESEND_LOCK_MS ? 'RESEND_LOCKED' : 'TOO_MANY_CODES', retryAfterSeconds };
}

export interface StoredCode {
  createdAt: number;
  expiresAt: number;
  failedAttempts: number;
  usedAt: number | null;
}

export type CodeState = 'usable' | 'expired' | 'used' | 'locked';

export function codeState(code: StoredCode | undefined, now: number): CodeState {
  if (!code) return 'expired';
  if (code.usedAt !== null) return 'used';
  if (code.failedAttempts >= MAX_WRONG_TRIES) return 'locked';
  if (code.expiresAt <= now) return 'expired';
  return 'usable';
}
