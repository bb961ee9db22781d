// Staff login settings from the environment (issue 29 item 7), apart from the customers'
// identification (identity/settings.ts): staff sign in at a provider of their own.
// - STAFF_OIDC_ISSUER set: that provider, with STAFF_OIDC_CLIENT_ID and STAFF_OIDC_CLIENT_SECRET;
// - unset outside production: the development staff provider on our own server (dev-provider.ts);
// - unset in production: no staff login at all (503), never the development provider, whose
//   test users anyone may pick.
import { baseUrl } from '../identity/settings.ts';
import { DEFAULT_ROLE_MAP, parseRoleMap, type RoleMap } from './roles.ts';

export interface StaffSettings {
  mode: 'provider' | 'development' | 'unavailable';
  /** The provider's issuer, compared exactly with what discovery says; absent in development. */
  issuer?: string;
  /** Absent in development: the development provider's own client, its secret from the database. */
  clientId?: string;
  clientSecret?: string;
  /** Origin the browser sees, for the redirect URI; development may take it from the request. */
  publicBaseUrl?: string;
  /** The claim (ID token first, then userinfo) that carries the staff member's roles. */
  rolesClaim: string;
  roleMap: RoleMap;
  scope: string;
}

export const DEV_STAFF_IDP_PATH = '/dev-staff-idp';
export const STAFF_CALLBACK_PATH = '/api/staff/callback';
/** Where the browser goes once logged in: the studio. */
export const STAFF_HOME_PATH = '/studio';

export function readStaffSettings(env: NodeJS.ProcessEnv, fail: (message: string) => never): StaffSettings {
  const production = env.NODE_ENV?.trim() === 'production';
  const issuer = env.STAFF_OIDC_ISSUER?.trim() || undefined;
  const publicBaseUrl = baseUrl(env.PUBLIC_BASE_URL, production, fail);
  const rolesClaim = env.STAFF_ROLES_CLAIM?.trim() || 'roles';
  const scope = env.STAFF_OIDC_SCOPE?.trim() || 'openid profile';
  if (!scope.split(/\s+/).includes('openid')) fail('STAFF_OIDC_SCOPE must include openid');
  const rawMap = env.STAFF_ROLE_MAP?.trim();
  const mapped = rawMap ? parseRoleMap(rawMap) : DEFAULT_ROLE_MAP;
  if (typeof mapped === 'string') fail(mapped);
  const roleMap = mapped as RoleMap;

  if (!issuer) return { mode: production ? 'unavailable' : 'development', publicBaseUrl, rolesClaim, roleMap, scope };
  let url: URL;
  try {
    url = new URL(issuer);
  } catch {
    return fail('STAFF_OIDC_ISSUER must be a URL');
  }
  if (url.protocol !== 'https:' && production) fail('STAFF_OIDC_ISSUER must be https in production');
  const clientId = env.STAFF_OIDC_CLIENT_ID?.trim();
  const clientSecret = env.STAFF_OIDC_CLIENT_SECRET?.trim();
  if (!clientId) fail('STAFF_OIDC_CLIENT_ID is required with STAFF_OIDC_ISSUER');
  if (!clientSecret || clientSecret.length < 16) fail('STAFF_OIDC_CLIENT_SECRET (at least 16 characters) is required with STAFF_OIDC_ISSUER');
  if (!publicBaseUrl) fail(`PUBLIC_BASE_URL is required with STAFF_OIDC_ISSUER (the redirect URI is PUBLIC_BASE_URL${STAFF_CALLBACK_PATH})`);
  return { mode: 'provider', issuer, clientId, clientSecret, publicBaseUrl, rolesClaim, roleMap, scope };
}
