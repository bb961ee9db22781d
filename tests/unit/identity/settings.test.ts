// Identification settings: a broker is configuration only, and production never
// starts without one.
import { describe, expect, it } from 'vitest';
import { ConfigError, readConfig } from '../../../src/server/config.ts';
import { readIdentitySettings } from '../../../src/server/identity/settings.ts';

const fail = (message: string): never => {
  throw new Error(message);
};

const broker = {
  OIDC_ISSUER: 'https://broker.example/oidc',
  OIDC_CLIENT_ID: 'lainavertailu',
  OIDC_CLIENT_SECRET: 's'.repeat(32),
  OIDC_METHODS: 'op|OP|fi-op,nordea|Nordea|fi-nordea',
  PUBLIC_BASE_URL: 'https://lainavertailu.example/',
};

describe('identity settings', () => {
  it('uses the development provider outside production when no broker is named', () => {
    const settings = readIdentitySettings({}, fail);
    expect(settings.mode).toBe('development');
    expect(settings.issuer).toBeUndefined();
    expect(settings.methods.length).toBeGreaterThan(3);
    expect(settings.methodParam).toBe('acr_values');
    expect(settings.personalIdClaim).toBe('hetu');
  });

  it('refuses to start in production without a broker, with a clear configuration error', () => {
    expect(() => readConfig({ NODE_ENV: 'production', SMTP_URL: 'smtp://mail.example', MAIL_FROM: 'a@example.fi' })).toThrow(ConfigError);
    expect(() => readConfig({ NODE_ENV: 'production', SMTP_URL: 'smtp://mail.example', MAIL_FROM: 'a@example.fi' })).toThrow(/OIDC_ISSUER/);
  });

  it('takes a broker from configuration alone', () => {
    const settings = readIdentitySettings({ ...broker, NODE_ENV: 'production', OIDC_METHOD_PARAM: 'login_hint', OIDC_PERSONAL_ID_CLAIM: 'nin' }, fail);
    expect(settings).toMatchObject({
      mode: 'broker',
      issuer: 'https://broker.example/oidc',
      clientId: 'lainavertailu',
      publicBaseUrl: 'https://lainavertailu.example',
      methodParam: 'login_hint',
      personalIdClaim: 'nin',
    });
    expect(settings.methods[1]).toEqual({ identifier: 'nordea', name: 'Nordea', brokerValue: 'fi-nordea' });
  });

  it('names what a broker configuration lacks', () => {
    const without = (name: keyof typeof broker) => () => readIdentitySettings({ ...broker, [name]: '' }, fail);
    expect(without('OIDC_CLIENT_ID')).toThrow(/OIDC_CLIENT_ID/);
    expect(without('OIDC_CLIENT_SECRET')).toThrow(/OIDC_CLIENT_SECRET/);
    expect(without('PUBLIC_BASE_URL')).toThrow(/PUBLIC_BASE_URL/);
    expect(without('OIDC_METHODS')).toThrow(/OIDC_METHODS/);
    expect(() => readIdentitySettings({ ...broker, OIDC_ISSUER: 'http://broker.example', NODE_ENV: 'production' }, fail)).toThrow(/https/);
    expect(() => readIdentitySettings({ ...broker, PUBLIC_BASE_URL: 'https://x.example/path' }, fail)).toThrow(/origin/);
    expect(() => readIdentitySettings({ OIDC_SCOPE: 'profile' }, fail)).toThrow(/openid/);
  });
});
