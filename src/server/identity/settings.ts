// Identification settings from the environment. A real broker (OIDC_ISSUER set) is
// configuration only; without it, outside production, the development identity provider
// on our own server stands in. Production never runs the development provider: without a
// broker it does not start, whatever DEV_TOOLS says.
import { randomBytes } from 'node:crypto';
import { DEVELOPMENT_METHODS, parseMethods, type IdentificationMethod } from './methods.ts';

export interface IdentitySettings {
  /** 'broker': an external OpenID Connect provider; 'development': ours under /dev-idp. */
  mode: 'broker' | 'development';
  /** The broker's issuer, compared exactly with what discovery says. Absent in development. */
  issuer?: string;
  clientId: string;
  clientSecret: string;
  /** Origin the browser sees, for the redirect URI. Development may take it from the request. */
  publicBaseUrl?: string;
  methods: IdentificationMethod[];
  /** How the chosen method reaches the broker: `acr_values`, `login_hint` or a custom parameter. */
  methodParam: string;
  /** The claim that carries the Finnish identity code (ID token first, then userinfo). */
  personalIdClaim: string;
  scope: string;
}

export const DEV_CLIENT_ID = 'lainavertailu-dev';
export const DEV_IDP_PATH = '/dev-idp';
export const CALLBACK_PATH = '/api/auth/callback';
/**
 * Where the broker sends a person back after signing (the payment-protection insurance, issue
 * 27 item 6). A path of its own, not identification's dispatching by state: each callback's
 * binding cookie is scoped to its own path, and neither handler reads the other's pending
 * requests. A real broker needs it registered as a second redirect URI
 * (PUBLIC_BASE_URL/api/auth/sign/callback).
 */
export const SIGNING_CALLBACK_PATH = '/api/auth/sign/callback';
/** Every redirect URI path our client uses. */
export const CALLBACK_PATHS: readonly string[] = [CALLBACK_PATH, SIGNING_CALLBACK_PATH];

/**
 * The development provider's issuer: PUBLIC_BASE_URL's when set, else a fixed name. Never
 * the request's Host (issue 24 item 5): one provider answers every origin, and the issuer
 * is only compared, never fetched (discovery goes to the origin the browser uses).
 */
export function developmentIssuer(settings: Pick<IdentitySettings, 'publicBaseUrl'>): string {
  return `${settings.publicBaseUrl ?? 'http://localhost'}${DEV_IDP_PATH}`;
}

/** `fail` throws the caller's configuration error; nothing here is silently defaulted in production. */
export function readIdentitySettings(env: NodeJS.ProcessEnv, fail: (message: string) => never): IdentitySettings {
  const issuer = env.OIDC_ISSUER?.trim() || undefined;
  const production = env.NODE_ENV?.trim() === 'production';
  const publicBaseUrl = baseUrl(env.PUBLIC_BASE_URL, production, fail);
  const methodParam = env.OIDC_METHOD_PARAM?.trim() || 'acr_values';
  if (!/^[A-Za-z_][A-Za-z0-9_.:-]{0,63}$/.test(methodParam)) fail('OIDC_METHOD_PARAM must be a parameter name');
  const personalIdClaim = env.OIDC_PERSONAL_ID_CLAIM?.trim() || 'hetu';
  const scope = env.OIDC_SCOPE?.trim() || 'openid profile';
  if (!scope.split(/\s+/).includes('openid')) fail('OIDC_SCOPE must include openid');

  if (!issuer) {
    // No way round it: the test bank identifies anyone as any identity code.
    if (production) fail('OIDC_ISSUER, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET, OIDC_METHODS and PUBLIC_BASE_URL are required in production (strong identification broker); the development identity provider never runs there');
    const methods = env.OIDC_METHODS?.trim() ? checked(parseMethods(env.OIDC_METHODS), fail) : [...DEVELOPMENT_METHODS];
    // A per-start secret, replaced by the one kept in the database (resolveDevelopmentSecrets in
    // dev-keys.ts, called by main.ts before the app is built) so that every instance, and the
    // next start, shares it.
    return { mode: 'development', clientId: DEV_CLIENT_ID, clientSecret: randomBytes(32).toString('base64url'), publicBaseUrl, methods, methodParam, personalIdClaim, scope };
  }
  let issuerUrl: URL;
  try {
    issuerUrl = new URL(issuer);
  } catch {
    return fail('OIDC_ISSUER must be a URL');
  }
  if (issuerUrl.protocol !== 'https:' && production) fail('OIDC_ISSUER must be https in production');
  const clientId = env.OIDC_CLIENT_ID?.trim();
  const clientSecret = env.OIDC_CLIENT_SECRET?.trim();
  if (!clientId) fail('OIDC_CLIENT_ID is required with OIDC_ISSUER');
  if (!clientSecret || clientSecret.length < 16) fail('OIDC_CLIENT_SECRET (at least 16 characters) is required with OIDC_ISSUER');
  if (!publicBaseUrl) fail('PUBLIC_BASE_URL is required with OIDC_ISSUER (the redirect URIs are PUBLIC_BASE_URL/api/auth/callback and PUBLIC_BASE_URL/api/auth/sign/callback)');
  if (!env.OIDC_METHODS?.trim()) fail('OIDC_METHODS is required with OIDC_ISSUER (identifier|Name|brokerValue, comma-separated)');
  const methods = checked(parseMethods(env.OIDC_METHODS!), fail);
  return { mode: 'broker', issuer, clientId: clientId!, clientSecret: clientSecret!, publicBaseUrl, methods, methodParam, personalIdClaim, scope };
}

/** PUBLIC_BASE_URL as an origin; staff login (staff/settings.ts) reads it the same way. */
export function baseUrl(raw: string | undefined, production: boolean, fail: (message: string) => never): string | undefined {
  const value = raw?.trim();
  if (!value) return undefined;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return fail('PUBLIC_BASE_URL must be a URL such as https://lainavertailu.fi');
  }
  if (!['http:', 'https:'].includes(url.protocol) || url.pathname !== '/' || url.search || url.hash) fail('PUBLIC_BASE_URL must be an origin such as https://lainavertailu.fi');
  // The redirect URI, cookies marked Secure and the broker's own checks all assume https.
  if (production && url.protocol !== 'https:') fail('PUBLIC_BASE_URL must be https in production, e.g. https://lainavertailu.fi');
  return url.origin;
}

function checked<T>(result: T | string, fail: (message: string) => never): T {
  return typeof result === 'string' ? fail(result) : result;
}

/** For tests and callers of buildApp that do not configure identification. */
export function developmentSettings(): IdentitySettings {
  return readIdentitySettings({}, (message) => {
    throw new Error(message);
  });
}
