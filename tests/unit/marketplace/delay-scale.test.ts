// LENDER_DELAY_SCALE: the lenders' own delays in production, a quicker demo elsewhere,
// and a typo stops the start.
import { describe, expect, it } from 'vitest';
import { ConfigError, readConfig } from '../../../src/server/config.ts';
import { PRODUCTION_ENV as PRODUCTION } from '../../fixtures/production-env.ts';

describe('LENDER_DELAY_SCALE', () => {
  it('defaults to 1 in production and 0.3 elsewhere', () => {
    expect(readConfig(PRODUCTION).lenderDelayScale).toBe(1);
    expect(readConfig({}).lenderDelayScale).toBe(0.3);
    expect(readConfig({ NODE_ENV: 'test' }).lenderDelayScale).toBe(0.3);
  });
  it('takes a number, 0 meaning at once', () => {
    expect(readConfig({ LENDER_DELAY_SCALE: '0' }).lenderDelayScale).toBe(0);
    expect(readConfig({ ...PRODUCTION, LENDER_DELAY_SCALE: '2.5' }).lenderDelayScale).toBe(2.5);
  });
  it.each(['fast', '-1', '1e9', 'NaN'])('refuses %s', (value) => {
    expect(() => readConfig({ LENDER_DELAY_SCALE: value })).toThrow(ConfigError);
  });
});
