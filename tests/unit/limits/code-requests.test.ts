// Issue 25 item 11: the third 'Tilaa tästä uusi koodi' within 22 s locked the applicant out
// for 15 minutes. The waits between codes now grow (otp/policy.ts): someone whose mail does
// not come is only ever asked to wait, and one application still mails few codes an hour.
import { describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS } from '../../../src/server/limits/limits.ts';
import { RESEND_WAITS_MS, SEND_WINDOW_MS, sendDecision } from '../../../src/server/otp/policy.ts';

const SECOND = 1000;
const MINUTE = 60 * SECOND;

/** Asks whenever allowed, every second, for `hours`; the times codes went out. */
function eagerApplicant(hours: number): number[] {
  const sent: number[] = [];
  for (let at = 0; at < hours * 60 * MINUTE; at += SECOND) if (sendDecision(sent, at).allowed) sent.push(at);
  return sent;
}

describe('when a new one-time code may be sent', () => {
  it('keeps the spec’s 7 s lock for the first resends, told in seconds', () => {
    expect(sendDecision([], 0)).toEqual({ allowed: true });
    expect(sendDecision([0], 3 * SECOND)).toEqual({ allowed: false, type: 'RESEND_LOCKED', retryAfterSeconds: 4 });
    expect(sendDecision([0], 7 * SECOND)).toEqual({ allowed: true });
    expect(sendDecision([0, 7 * SECOND], 10 * SECOND)).toEqual({ allowed: false, type: 'RESEND_LOCKED', retryAfterSeconds: 4 });
  });

  it('asks for a minute, not fifteen, at the third resend within 22 s, then longer waits up to ten minutes', () => {
    expect(sendDecision([0, 7 * SECOND, 14 * SECOND], 21 * SECOND)).toEqual({ allowed: false, type: 'TOO_MANY_CODES', retryAfterSeconds: 53 });
    expect(sendDecision([0, 7 * SECOND, 14 * SECOND], 74 * SECOND)).toEqual({ allowed: true });
    expect(sendDecision([0, 7, 14, 74].map((s) => s * SECOND), 75 * SECOND)).toMatchObject({ retryAfterSeconds: 179 });
    expect(sendDecision([0, 7, 14, 74, 254, 854].map((s) => s * SECOND), 855 * SECOND)).toMatchObject({ retryAfterSeconds: 599 });
    expect(Math.max(...RESEND_WAITS_MS)).toBe(10 * MINUTE);
  });

  it('forgets codes older than the window: an hour later the waits are short again', () => {
    const burst = [0, 7, 14, 74, 254].map((s) => s * SECOND);
    expect(sendDecision(burst, 254 * SECOND + SEND_WINDOW_MS)).toEqual({ allowed: true });
    expect(sendDecision([...burst, 254 * SECOND + SEND_WINDOW_MS], 256 * SECOND + SEND_WINDOW_MS)).toMatchObject({ type: 'RESEND_LOCKED' });
  });

  it('sends one application at most 10 codes in any hour, within the shared limits, however eagerly it asks', () => {
    const sent = eagerApplicant(5);
    const inAnyHour = Math.max(...sent.map((at) => sent.filter((other) => other >= at && other < at + 60 * MINUTE).length));
    expect(inAnyHour).toBe(10);
    const gaps = sent.slice(1).map((at, index) => at - sent[index]);
    expect(Math.max(...gaps)).toBe(10 * MINUTE);
    for (const subject of ['application', 'recipient'] as const) {
      const limit = DEFAULT_LIMITS.sendCode[subject];
      expect(limit && limit.windowSeconds).toBe(3600);
      expect(limit && limit.max).toBeGreaterThanOrEqual(inAnyHour);
    }
  });
});
