// Production refuses the development tools (issue 14, item 4): NODE_ENV=production with
// DEV_TOOLS=1 used to start the development outbox (anyone's one-time codes) and the test
// bank (any identity code) without a word, and took PUBLIC_BASE_URL=http://…. Now the
// start fails with a configuration error naming the setting, as the operator sees it.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, mailSettings, readConfig } from '../../src/server/config.ts';
import { readIdentitySettings } from '../../src/server/identity/settings.ts';
import { PRODUCTION_ENV as PRODUCTION } from '../fixtures/production-env.ts';
import { startChildServer, type ChildServer } from './helpers/child-server.ts';

const fail = (message: string): never => {
  throw new ConfigError(message);
};

describe('production configuration', () => {
  it('starts with SMTP and a broker, dev tools off', () => {
    const config = readConfig(PRODUCTION);
    expect(config.devTools).toBe(false);
    expect(config.identity.mode).toBe('broker');
    expect(readConfig({ ...PRODUCTION, DEV_TOOLS: '0' }).devTools).toBe(false);
  });

  it('refuses DEV_TOOLS=1, with or without SMTP and a broker', () => {
    expect(() => readConfig({ ...PRODUCTION, DEV_TOOLS: '1' })).toThrow(ConfigError);
    expect(() => readConfig({ ...PRODUCTION, DEV_TOOLS: '1' })).toThrow(/DEV_TOOLS=1 is refused with NODE_ENV=production/);
    expect(() => readConfig({ NODE_ENV: 'production', DEV_TOOLS: '1' })).toThrow(/DEV_TOOLS=1/);
    expect(() => mailSettings({ NODE_ENV: 'production', DEV_TOOLS: '1' })).toThrow(ConfigError);
    expect(() => mailSettings({ NODE_ENV: ' production ', DEV_TOOLS: ' 1 ' })).toThrow(/DEV_TOOLS=1/);
  });

  it('never falls back to the development identity provider, whatever DEV_TOOLS says', () => {
    const { OIDC_ISSUER: _issuer, ...withoutBroker } = PRODUCTION;
    expect(() => readIdentitySettings({ ...withoutBroker, DEV_TOOLS: '1' }, fail)).toThrow(/OIDC_ISSUER/);
    expect(() => readIdentitySettings({ NODE_ENV: 'production', DEV_TOOLS: '1' }, fail)).toThrow(/development identity provider never runs/);
    expect(() => readConfig({ ...withoutBroker, DEV_TOOLS: '0' })).toThrow(/OIDC_ISSUER/);
  });

  it('requires PUBLIC_BASE_URL to be https', () => {
    expect(() => readConfig({ ...PRODUCTION, PUBLIC_BASE_URL: 'http://lainavertailu.example' })).toThrow(ConfigError);
    expect(() => readConfig({ ...PRODUCTION, PUBLIC_BASE_URL: 'http://lainavertailu.example' })).toThrow(/PUBLIC_BASE_URL must be https in production/);
    expect(readConfig(PRODUCTION).identity.publicBaseUrl).toBe('https://lainavertailu.example');
  });

  it('keeps the development setup outside production', () => {
    const development = readConfig({ DEV_TOOLS: '1', PUBLIC_BASE_URL: 'http://localhost:3000' });
    expect(development.devTools).toBe(true);
    expect(development.identity).toMatchObject({ mode: 'development', publicBaseUrl: 'http://localhost:3000' });
    expect(readConfig({}).devTools).toBe(true);
    expect(readConfig({ NODE_ENV: 'test' }).identity.mode).toBe('development');
  });
});

describe('starting production with development tools', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'lv-production-config-'));
  const started: ChildServer[] = [];

  afterAll(() => {
    for (const child of started) child.process.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** What `npm start` says and does with this environment: the error it exits with, or the server it started. */
  async function start(env: Record<string, string>): Promise<string> {
    // Each its own database directory: were it to start, two embedded databases must not share one.
    const result = await startChildServer({ ...PRODUCTION, DATA_DIR: mkdtempSync(join(dataDir, 'data-')), ...env }, 60_000).then(
      (child) => {
        started.push(child);
        return `started at ${child.url}`;
      },
      (error: Error) => error.message,
    );
    return result;
  }

  it('exits with a configuration error for DEV_TOOLS=1 and for an http PUBLIC_BASE_URL', { timeout: 120_000 }, async () => {
    const [devTools, http] = await Promise.all([start({ DEV_TOOLS: '1' }), start({ PUBLIC_BASE_URL: 'http://lainavertailu.example' })]);
    expect(devTools).toMatch(/exited \(1\) before it started/);
    expect(devTools).toContain('Configuration error: DEV_TOOLS=1 is refused with NODE_ENV=production');
    expect(http).toMatch(/exited \(1\) before it started/);
    expect(http).toContain('Configuration error: PUBLIC_BASE_URL must be https in production');
  });
});
