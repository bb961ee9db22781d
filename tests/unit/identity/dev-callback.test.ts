// The development provider's redirect URI check (issue 24 item 5: one provider for every
// origin, so the check is by path, and by origin only when PUBLIC_BASE_URL names ours).
import { describe, expect, it } from 'vitest';
import { callbackAllowed } from '../../../src/server/identity/dev-provider.ts';

describe('callbackAllowed', () => {
  it('takes our callback on any http(s) origin without PUBLIC_BASE_URL', () => {
    expect(callbackAllowed('http://localhost:3000/api/auth/callback', undefined)).toBe(true);
    expect(callbackAllowed('http://kattokorko.localhost:3000/api/auth/callback', undefined)).toBe(true);
  });

  it("takes the signing callback as well (a real broker registers it as a second redirect URI)", () => {
    expect(callbackAllowed('http://localhost:3000/api/auth/sign/callback', undefined)).toBe(true);
    expect(callbackAllowed('https://lainavertailu.fi/api/auth/sign/callback', 'https://lainavertailu.fi')).toBe(true);
    expect(callbackAllowed('https://evil.example/api/auth/sign/callback', 'https://lainavertailu.fi')).toBe(false);
    expect(callbackAllowed('http://localhost:3000/api/auth/sign/callback2', undefined)).toBe(false);
  });

  it('refuses another path, a query, credentials and other schemes', () => {
    for (const uri of ['http://localhost:3000/api/auth/callback2', 'http://localhost:3000/api/auth/callback?x=1', 'http://u:p@localhost/api/auth/callback', 'javascript:alert(1)//api/auth/callback', 'not a url']) {
      expect(callbackAllowed(uri, undefined), uri).toBe(false);
    }
  });

  it('takes only PUBLIC_BASE_URL when set', () => {
    expect(callbackAllowed('https://lainavertailu.fi/api/auth/callback', 'https://lainavertailu.fi')).toBe(true);
    expect(callbackAllowed('https://evil.example/api/auth/callback', 'https://lainavertailu.fi')).toBe(false);
  });
});
