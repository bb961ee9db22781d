// The staff provider seam, over OpenID Connect (openid-client) as identification's
// (identity/oidc.ts): discovery with an exact issuer check, the authorization code flow with
// state, nonce and PKCE (S256), all checked on our server. What it reads is another thing: who
// the staff member is (issuer and subject), their name and their roles claim.
import * as client from 'openid-client';
import type { Queryable } from '../db/index.ts';
import { loopbackFetch } from '../identity/loopback-fetch.ts';
import { DEV_STAFF_CLIENT_ID, developmentStaffClientSecret, developmentStaffIssuer } from './dev-provider.ts';
import { rolesFromClaim, type StaffRole } from './roles.ts';
import { DEV_STAFF_IDP_PATH, STAFF_CALLBACK_PATH, type StaffSettings } from './settings.ts';

export interface StartedStaffLogin {
  url: string;
  state: string;
  nonce: string;
  codeVerifier: string;
  redirectUri: string;
}

export interface VerifiedStaffMember {
  issuer: string;
  subject: string;
  name: string;
  /** Ours, mapped from the provider's claim; empty when it gave none we know. */
  roles: StaffRole[];
}

export interface StaffProvider {
  authorizationUrl(baseUrl: string): Promise<StartedStaffLogin>;
  /** Exchanges the code in `currentUrl`; rejects on any failed check. */
  callback(input: { baseUrl: string; currentUrl: URL; expected: { state: string; nonce: string; codeVerifier: string } }): Promise<VerifiedStaffMember>;
}

const DISCOVERY_TIMEOUT_S = 10;

export function staffOpenIdConnect(settings: StaffSettings, options: { db: Queryable }): StaffProvider {
  let discovered: Promise<client.Configuration> | undefined;

  function configuration(baseUrl: string): Promise<client.Configuration> {
    if (!settings.issuer) return developmentConfiguration(baseUrl);
    if (!discovered) {
      const insecure = new URL(settings.issuer).protocol === 'http:';
      discovered = client.discovery(new URL(settings.issuer), settings.clientId!, undefined, client.ClientSecretBasic(settings.clientSecret!), {
        // Plain HTTP only reaches a test provider; settings refuse it in production.
        execute: insecure ? [client.allowInsecureRequests] : [],
        timeout: DISCOVERY_TIMEOUT_S,
      });
      // A failed discovery is tried again at the next login.
      discovered.catch(() => (discovered = undefined));
    }
    return discovered;
  }

  // Our development provider, from the origin the browser uses and not cached (as identification's).
  async function developmentConfiguration(baseUrl: string): Promise<client.Configuration> {
    const secret = await developmentStaffClientSecret(options.db);
    const config = await client.discovery(new URL(`${baseUrl}${DEV_STAFF_IDP_PATH}/.well-known/openid-configuration`), DEV_STAFF_CLIENT_ID, undefined, client.ClientSecretBasic(secret), {
      execute: [client.allowInsecureRequests],
      timeout: DISCOVERY_TIMEOUT_S,
      [client.customFetch]: loopbackFetch,
    });
    if (config.serverMetadata().issuer !== developmentStaffIssuer(settings)) throw new Error('the development staff provider names another issuer');
    config[client.customFetch] = loopbackFetch;
    return config;
  }

  return {
    async authorizationUrl(baseUrl) {
      const config = await configuration(baseUrl);
      const state = client.randomState();
      const nonce = client.randomNonce();
      const codeVerifier = client.randomPKCECodeVerifier();
      const redirectUri = `${settings.publicBaseUrl ?? baseUrl}${STAFF_CALLBACK_PATH}`;
      const url = client.buildAuthorizationUrl(config, {
        redirect_uri: redirectUri,
        scope: settings.scope,
        response_type: 'code',
        state,
        nonce,
        code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
        ui_locales: 'fi',
      });
      return { url: url.href, state, nonce, codeVerifier, redirectUri };
    },

    async callback({ baseUrl, currentUrl, expected }) {
      const config = await configuration(baseUrl);
      const tokens = await client.authorizationCodeGrant(config, currentUrl, {
        expectedState: expected.state,
        expectedNonce: expected.nonce,
        pkceCodeVerifier: expected.codeVerifier,
        idTokenExpected: true,
      });
      let claims: Record<string, unknown> = { ...tokens.claims()! };
      // Providers differ: some put the roles (or the name) only in userinfo.
      if (claims[settings.rolesClaim] === undefined || typeof claims.name !== 'string') {
        claims = { ...(await client.fetchUserInfo(config, tokens.access_token, claims.sub as string)), ...claims };
      }
      return {
        issuer: config.serverMetadata().issuer,
        subject: claims.sub as string,
        name: displayName(claims),
        roles: rolesFromClaim(claims[settings.rolesClaim], settings.roleMap),
      };
    },
  };
}

function displayName(claims: Record<string, unknown>): string {
  for (const key of ['name', 'preferred_username', 'email']) {
    const value = claims[key];
    if (typeof value === 'string' && value.trim()) return value.trim().slice(0, 200);
  }
  return String(claims.sub).slice(0, 200);
}
