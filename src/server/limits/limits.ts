// Abuse limits (issue 14 item 3): per client address and per target, counted in the
// database so that every instance sees the same counts and a restart forgets nothing.
// A fixed window per rule; the answer past a limit is 429 with Retry-After and a Finnish
// message. The rules, their subjects and defaults are data: LIMITS below, each
// overridable from the environment (config.ts `readLimits`).
import { createHash } from 'node:crypto';
import type { Queryable } from '../db/index.ts';
import { ApiError } from '../errors.ts';

/** What a limit counts: who asks (the client address) or what is asked about. */
export type LimitSubject = 'ip' | 'application' | 'recipient' | 'person';

export interface Limit {
  max: number;
  windowSeconds: number;
}

/** Rule → subject → limit; a missing entry (or false) is no limit. */
export type LimitTable = Record<string, Partial<Record<LimitSubject, Limit | false>>>;

const per = (max: number, windowSeconds: number): Limit => ({ max, windowSeconds });

/**
 * The defaults, chosen against the attacks the issue replays while leaving room for a
 * household behind one address and for an applicant's real use: the offers page polls
 * about 20 times in its first minutes, a code is asked a few times at most, a bank
 * round trip is retried a few times. One-time codes also keep their own per-application
 * resend waits, growing with the codes sent (otp/policy.ts).
 */
export const DEFAULT_LIMITS: LimitTable = {
  create: { ip: per(60, 60) },
  // Counted per application and recipient only for codes mailed; one application's growing
  // waits (otp/policy.ts) send at most 10 in an hour, so these bind only across applications.
  sendCode: { ip: per(30, 600), application: per(10, 3600), recipient: per(10, 3600) },
  verify: { ip: per(60, 600), application: per(20, 600) },
  identify: { ip: per(30, 600), application: per(10, 600), person: per(20, 3600) },
  poll: { ip: per(600, 60), application: per(120, 60) },
  accept: { ip: per(60, 60), application: per(30, 60) },
  marketingBan: { ip: per(30, 600), application: per(10, 600) },
  // Customer login (issue 17; issue 24 why 5). Nothing an outsider sends locks a customer
  // out, and every refusal is a cool-down of minutes. Per address, every well-formed request:
  // a household's logins, not a sweep through identity codes or phones. Per person from one
  // address (`loginFromAddress`, the subject is the person's keyed hash with the address):
  // room for a mistyped phone or two, not a guess through phone numbers. Per person alone
  // only what could be the person, the codes mailed (`loginMail`: identity code and phone
  // belong together): at most five into one inbox in 15 minutes.
  login: { ip: per(20, 600) },
  loginFromAddress: { person: per(5, 600) },
  loginMail: { person: per(5, 900) },
  // Each login's code takes five wrong tries (otp/policy.ts); this bounds one address across sessions.
  loginVerify: { ip: per(60, 600) },
  // Staff login (issue 29 item 7): each start stores a pending login; a few logins a day per person.
  staffLogin: { ip: per(30, 600) },
};

export class RateLimitedError extends ApiError {
  constructor(readonly retryAfterSeconds: number) {
    super(429, 'RATE_LIMITED', 'rateLimited', {}, { retryAfterSeconds });
  }
}

const subjectHash = (rule: string, subject: LimitSubject, value: string) => createHash('sha256').update(`${rule}\0${subject}\0${value}`).digest();

export interface RateLimiter {
  /**
   * Counts one request of `rule` for each subject given and refuses it (RateLimitedError)
   * when any count is past its limit. Counted even when refused, so hammering does not
   * reopen the window early.
   */
  hit(db: Queryable, rule: string, subjects: Partial<Record<LimitSubject, string | number | undefined>>): Promise<void>;
}

export function createRateLimiter(limits: LimitTable, now: () => number): RateLimiter {
  let lastCleanup = 0;
  return {
    async hit(db, rule, subjects) {
      const at = now();
      const rows: Array<{ subject: Buffer; windowStart: number; limit: Limit }> = [];
      for (const [subject, value] of Object.entries(subjects) as Array<[LimitSubject, string | number | undefined]>) {
        const limit = limits[rule]?.[subject];
        if (!limit || value === undefined || value === '') continue;
        const windowMs = limit.windowSeconds * 1000;
        rows.push({ subject: subjectHash(rule, subject, String(value)), windowStart: Math.floor(at / windowMs) * windowMs, limit });
      }
      if (rows.length === 0) return;
      // One statement for every subject of the request: one round trip however many limits apply.
      const params: unknown[] = [rule];
      const values = rows.map((row, index) => {
        params.push(row.subject, new Date(row.windowStart).toISOString());
        return `($1, $${index * 2 + 2}, $${index * 2 + 3}::timestamptz, 1)`;
      });
      const result = await db.query<{ subject: Uint8Array; window_start: Date | string; hits: number }>(
        `INSERT INTO rate_limit_hits (rule, subject, window_start, hits) VALUES ${values.join(', ')}
         ON CONFLICT (rule, subject, window_start) DO UPDATE SET hits = rate_limit_hits.hits + 1
         RETURNING subject, window_start, hits`,
        params,
      );
      let retryAfterMs = 0;
      for (const row of result.rows) {
        const found = rows.find((wanted) => Buffer.from(row.subject).equals(wanted.subject));
        if (!found || row.hits <= found.limit.max) continue;
        retryAfterMs = Math.max(retryAfterMs, found.windowStart + found.limit.windowSeconds * 1000 - at);
      }
      // Windows older than a day go now and then; the longest window is an hour.
      if (at - lastCleanup > 60_000) {
        lastCleanup = at;
        await db.query(`DELETE FROM rate_limit_hits WHERE window_start < $1`, [new Date(at - 86_400_000).toISOString()]);
      }
      if (retryAfterMs > 0) throw new RateLimitedError(Math.max(1, Math.ceil(retryAfterMs / 1000)));
    },
  };
}
