// The pure parts of staff login (issue 29 item 7): the provider's roles claim mapped to our
// roles, the role check, the settings read from the environment, and the development staff
// client's allowed redirect URIs.
import { describe, expect, it } from 'vitest';
import { staffCallbackAllowed } from '../../../src/server/staff/dev-provider.ts';
import { DEFAULT_ROLE_MAP, hasRole, parseRoleMap, rolesFromClaim, type RoleMap } from '../../../src/server/staff/roles.ts';
import { readStaffSettings } from '../../../src/server/staff/settings.ts';

const fail = (message: string): never => {
  throw new Error(message);
};

describe('rolesFromClaim', () => {
  it('takes our role names from an array, ignoring unknown ones and repeats, in a fixed order', () => {
    expect(rolesFromClaim(['approver', 'viewer', 'editor', 'approver'])).toEqual(['editor', 'approver']);
    expect(rolesFromClaim(['admin'])).toEqual(['admin']);
  });

  it('takes a string of names separated by spaces or commas', () => {
    expect(rolesFromClaim('editor approver')).toEqual(['editor', 'approver']);
    expect(rolesFromClaim('admin,editor')).toEqual(['editor', 'admin']);
  });

  it('gives no role for a missing, empty, foreign or malformed claim', () => {
    for (const value of [undefined, null, '', [], ['Editor'], ['vieras'], 42, { editor: true }, [1, null, {}]]) expect(rolesFromClaim(value), JSON.stringify(value)).toEqual([]);
  });

  it("maps the provider's own names through STAFF_ROLE_MAP, and only those", () => {
    const map = parseRoleMap('Studio.Editor=editor, Studio.Approver=approver,Studio.Admin=admin') as RoleMap;
    expect(rolesFromClaim(['Studio.Editor', 'Studio.Admin', 'editor'], map)).toEqual(['editor', 'admin']);
  });
});

describe('parseRoleMap', () => {
  it('reads theirs=ours pairs', () => {
    expect(parseRoleMap('a=editor,b=approver')).toEqual(new Map([['a', 'editor'], ['b', 'approver']]));
    // A provider's name may itself hold an equals sign: the last one separates.
    expect(parseRoleMap('x=y=admin')).toEqual(new Map([['x=y', 'admin']]));
  });

  it('refuses what is not one of our roles, or not a pair', () => {
    expect(parseRoleMap('a=owner')).toMatch(/not one of editor, approver, admin/);
    expect(parseRoleMap('editor')).toMatch(/providerRole=ourRole/);
    expect(parseRoleMap('=editor')).toMatch(/providerRole=ourRole/);
    expect(parseRoleMap(' , ')).toMatch(/names no roles/);
  });
});

describe('hasRole', () => {
  it('is having the role, or being admin', () => {
    expect(hasRole(['editor'], 'editor')).toBe(true);
    expect(hasRole(['editor'], 'approver')).toBe(false);
    expect(hasRole(['approver'], 'editor')).toBe(false);
    expect(hasRole(['admin'], 'approver')).toBe(true);
    expect(hasRole([], 'editor')).toBe(false);
  });
});

describe('readStaffSettings', () => {
  const provider = {
    STAFF_OIDC_ISSUER: 'https://login.example.fi/staff',
    STAFF_OIDC_CLIENT_ID: 'studio',
    STAFF_OIDC_CLIENT_SECRET: 's'.repeat(32),
    PUBLIC_BASE_URL: 'https://lainavertailu.fi',
  };

  it('uses the development staff provider without an issuer outside production', () => {
    expect(readStaffSettings({}, fail)).toMatchObject({ mode: 'development', rolesClaim: 'roles', scope: 'openid profile', roleMap: DEFAULT_ROLE_MAP });
  });

  it('has no staff login in production without an issuer, never the development provider', () => {
    expect(readStaffSettings({ NODE_ENV: 'production' }, fail).mode).toBe('unavailable');
  });

  it('reads a provider with its client, claim name and role map', () => {
    const settings = readStaffSettings({ ...provider, NODE_ENV: 'production', STAFF_ROLES_CLAIM: 'groups', STAFF_ROLE_MAP: 'Studio.Editor=editor' }, fail);
    expect(settings).toMatchObject({ mode: 'provider', issuer: provider.STAFF_OIDC_ISSUER, clientId: 'studio', publicBaseUrl: 'https://lainavertailu.fi', rolesClaim: 'groups' });
    expect([...settings.roleMap]).toEqual([['Studio.Editor', 'editor']]);
  });

  it('refuses an incomplete or unsafe provider configuration', () => {
    expect(() => readStaffSettings({ ...provider, STAFF_OIDC_CLIENT_ID: '' }, fail)).toThrow(/STAFF_OIDC_CLIENT_ID/);
    expect(() => readStaffSettings({ ...provider, STAFF_OIDC_CLIENT_SECRET: 'short' }, fail)).toThrow(/STAFF_OIDC_CLIENT_SECRET/);
    expect(() => readStaffSettings({ ...provider, PUBLIC_BASE_URL: '' }, fail)).toThrow(/PUBLIC_BASE_URL/);
    expect(() => readStaffSettings({ ...provider, NODE_ENV: 'production', STAFF_OIDC_ISSUER: 'http://login.example.fi' }, fail)).toThrow(/https/);
    expect(() => readStaffSettings({ ...provider, STAFF_OIDC_ISSUER: 'not a url' }, fail)).toThrow(/URL/);
    expect(() => readStaffSettings({ STAFF_OIDC_SCOPE: 'profile' }, fail)).toThrow(/openid/);
    expect(() => readStaffSettings({ STAFF_ROLE_MAP: 'a=root' }, fail)).toThrow(/STAFF_ROLE_MAP/);
  });
});

describe('staffCallbackAllowed', () => {
  it('allows only our staff callback, on PUBLIC_BASE_URL when set', () => {
    expect(staffCallbackAllowed('http://127.0.0.1:3000/api/staff/callback', undefined)).toBe(true);
    expect(staffCallbackAllowed('https://lainavertailu.fi/api/staff/callback', 'https://lainavertailu.fi')).toBe(true);
    expect(staffCallbackAllowed('https://evil.example/api/staff/callback', 'https://lainavertailu.fi')).toBe(false);
    expect(staffCallbackAllowed('http://127.0.0.1:3000/api/auth/callback', undefined)).toBe(false);
    expect(staffCallbackAllowed('http://127.0.0.1:3000/api/staff/callback?x=1', undefined)).toBe(false);
    expect(staffCallbackAllowed('http://user:pw@127.0.0.1:3000/api/staff/callback', undefined)).toBe(false);
    expect(staffCallbackAllowed('javascript:alert(1)', undefined)).toBe(false);
  });
});
