// The identity provider seam the routes use, over OpenID Connect (openid-client):
// discovery with an exact issuer check, authorization code flow with state, nonce and
// PKCE (S256). The checks live on our server; the browser only carries `state`.
import * as client from 'openid-client';
import { loopbackFetch } from './loopback-fetch.ts';
import type { IdentificationMethod } from './methods.ts';
import { CALLBACK_PATH, DEV_IDP_PATH, developmentIssuer, type IdentitySettings } from './settings.ts';

export interface StartedIdentification {
  url: string;
  state: string;
  nonce: string;
  codeVerifier: string;
  redirectUri: string;
}

export interface IdentifiedPerson {
  /** The Finnish identity code the provider vouches for; never logged. */
  personalId: string;
  name?: string;
}

/** Who was identified, and the ID token's claims as the provider signed them (a signature's evidence). */
export interface VerifiedIdentification extends IdentifiedPerson {
  /** Every claim of the verified ID token, the identity code among them when the broker puts it there: never logged. */
  claims: Record<string, unknown>;
}

export interface AuthorizationInput {
  baseUrl: string;
  method: IdentificationMethod;
  /**
   * The nonce to send, when the caller commits to something with it (a signature: the signed
   * content's hash, signing.ts); absent, a random one. The ID token carries it back, signed.
   */
  nonce?: string;
  /** Our path the provider redirects back to; absent, identification's CALLBACK_PATH. */
  callbackPath?: string;
}

export interface IdentityProvider {
  /** Where to send the browser for `method`; the returned secrets stay on the server. */
  authorizationUrl(input: AuthorizationInput): Promise<StartedIdentification>;
  /** Exchanges the code in `currentUrl` and reads who was identified. Rejects on any failed check. */
  callback(input: { baseUrl: string; currentUrl: URL; expected: { state: string; nonce: string; codeVerifier: string } }): Promise<VerifiedIdentification>;
}

/** A broker answered without the claim that carries the identity code. */
export class MissingIdentityClaimError extends Error {}

const DISCOVERY_TIMEOUT_S = 10;

export function openIdConnectProvider(settings: IdentitySettings): IdentityProvider {
  const configurations = new Map<string, Promise<client.Configuration>>();

  function configuration(baseUrl: string): Promise<client.Configuration> {
    // Our development provider: its metadata from the origin the browser uses (the addresses
    // in it are that origin's), not cached, so no Host header adds to anything kept (issue 24
    // item 5). Its issuer is a fixed name (developmentIssuer), so the check of the discovered
    // issuer is the ID token's.
    if (!settings.issuer) return developmentConfiguration(baseUrl);
    const issuer = settings.issuer;
    let found = configurations.get(issuer);
    if (!found) {
      const insecure = new URL(issuer).protocol === 'http:';
      found = client.discovery(new URL(issuer), settings.clientId, undefined, client.ClientSecretBasic(settings.clientSecret), {
        // Plain HTTP only reaches a test broker; settings refuse it in production.
        execute: insecure ? [client.allowInsecureRequests] : [],
        timeout: DISCOVERY_TIMEOUT_S,
      });
      configurations.set(issuer, found);
      // A failed discovery is tried again by the next applicant, not cached.
      found.catch(() => configurations.delete(issuer));
    }
    return found;
  }

  async function developmentConfiguration(baseUrl: string): Promise<client.Configuration> {
    const issuer = developmentIssuer(settings);
    // A well-known URL is fetched as given, without comparing it with the issuer.
    const config = await client.discovery(new URL(`${baseUrl}${DEV_IDP_PATH}/.well-known/openid-configuration`), settings.clientId, undefined, client.ClientSecretBasic(settings.clientSecret), {
      execute: [client.allowInsecureRequests],
      timeout: DISCOVERY_TIMEOUT_S,
      // Our own development provider may sit at a *.localhost origin Node cannot resolve.
      [client.customFetch]: loopbackFetch,
    });
    if (config.serverMetadata().issuer !== issuer) throw new Error('the development provider names another issuer');
    config[client.customFetch] = loopbackFetch;
    return config;
  }

  return {
    async authorizationUrl({ baseUrl, method, nonce = client.randomNonce(), callbackPath = CALLBACK_PATH }) {
      const config = await configuration(baseUrl);
      const state = client.randomState();
      const codeVerifier = client.randomPKCECodeVerifier();
      const redirectUri = `${settings.publicBaseUrl ?? baseUrl}${callbackPath}`;
      const url = client.buildAuthorizationUrl(config, {
        redirect_uri: redirectUri,
        scope: settings.scope,
        response_type: 'code',
        state,
        nonce,
        code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
        [settings.methodParam]: method.brokerValue,
        ui_locales: 'fi',
        // Each applicant identifies afresh: a session left by the other applicant must not answer for them.
        prompt: 'login',
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
      const claims = tokens.claims()!;
      let found = readPerson(claims, settings.personalIdClaim);
      // Brokers differ: some put the identity code in the ID token, some only in userinfo.
      if (!found) found = readPerson(await client.fetchUserInfo(config, tokens.access_token, claims.sub), settings.personalIdClaim);
      if (!found) throw new MissingIdentityClaimError(`the provider sent no ${settings.personalIdClaim} claim`);
      return { ...found, claims: { ...claims } };
    },
  };
}

export function readPerson(claims: Record<string, unknown>, claim: string): IdentifiedPerson | undefined {
  const personalId = claims[claim];
  if (typeof personalId !== 'string' || personalId.trim() === '') return undefined;
  const name = typeof claims.name === 'string' ? claims.name : undefined;
  return { personalId: personalId.trim().toUpperCase(), name };
}
