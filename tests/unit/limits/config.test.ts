// The abuse limits and the proxy hops as configuration (issue 14 item 3): documented
// defaults, each limit overridable, typos refused at start.
import { describe, expect, it } from 'vitest';
import { ConfigError, readConfig, readLimits } from '../../../src/server/config.ts';
import { DEFAULT_LIMITS } from '../../../src/server/limits/limits.ts';

describe('limits from the environment', () => {
  it('are the defaults when nothing is set', () => {
    expect(readLimits({})).toEqual(DEFAULT_LIMITS);
  });

  it('override one rule and subject, turn one off, or all', () => {
    const limits = readLimits({ LIMIT_SEND_CODE_RECIPIENT: '3/600', LIMIT_POLL_IP: '0', LIMIT_MARKETING_BAN_APPLICATION: '4/60s' });
    expect(limits && limits.sendCode.recipient).toEqual({ max: 3, windowSeconds: 600 });
    expect(limits && limits.poll.ip).toBe(false);
    expect(limits && limits.marketingBan.application).toEqual({ max: 4, windowSeconds: 60 });
    expect(limits && limits.sendCode.ip).toEqual(DEFAULT_LIMITS.sendCode.ip);
    expect(readLimits({ LIMITS: 'off' })).toBe(false);
    expect(readLimits({ RATE_LIMIT_CREATE_PER_MINUTE: '0' })).toMatchObject({ create: { ip: false } });
    expect(readLimits({ RATE_LIMIT_CREATE_PER_MINUTE: '7' })).toMatchObject({ create: { ip: { max: 7, windowSeconds: 60 } } });
  });

  it('refuse an unknown limit or a malformed value', () => {
    expect(() => readLimits({ LIMIT_SEND_CODES_RECIPIENT: '3/600' })).toThrow(ConfigError);
    expect(() => readLimits({ LIMIT_POLL_IP: 'lots' })).toThrow(/<max>\/<seconds>/);
    expect(() => readLimits({ LIMIT_POLL_IP: '0/60' })).toThrow(ConfigError);
    expect(() => readLimits({ LIMITS: 'maybe' })).toThrow(ConfigError);
  });
});

describe('trusted proxies', () => {
  it('is a hop count: none by default, the old switch is one', () => {
    expect(readConfig({}).trustProxy).toBe(0);
    expect(readConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(readConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(1);
    expect(() => readConfig({ TRUST_PROXY: 'all' })).toThrow(ConfigError);
  });
});
