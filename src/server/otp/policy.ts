// When a new code may be sent (spec §9: the resend lock is 7 s) and how long the
// applicant has to wait otherwise. Pure: the caller reads the history and the clock.
export const CODE_TTL_MS = 10 * 60_000;
export const MAX_WRONG_TRIES = 5;
export const RESEND_LOCK_MS = 7_000;
export const SEND_WINDOW_MS = 15 * 60_000;
export const MAX_SENDS_PER_WINDOW = 3;

export type SendDecision = { allowed: true } | { allowed: false; type: 'RESEND_LOCKED' | 'TOO_MANY_CODES'; retryAfterSeconds: number };

/** `sentAt`: when codes of this application were sent, in ms, any order. */
export function sendDecision(sentAt: readonly number[], now: number): SendDecision {
  const recent = sentAt.filter((at) => at > now - SEND_WINDOW_MS).sort((a, b) => a - b);
  const latest = recent.at(-1);
  if (latest !== undefined && now - latest < RESEND_LOCK_MS) {
    return { allowed: false, type: 'RESEND_LOCKED', retryAfterSeconds: Math.ceil((latest + RESEND_LOCK_MS - now) / 1000) };
  }
  if (recent.length >= MAX_SENDS_PER_WINDOW) {
    const freesAt = recent[recent.length - MAX_SENDS_PER_WINDOW] + SEND_WINDOW_MS;
    return { allowed: false, type: 'TOO_MANY_CODES', retryAfterSeconds: Math.max(1, Math.ceil((freesAt - now) / 1000)) };
  }
  return { allowed: true };
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
