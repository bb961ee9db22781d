// The identity provider seam the routes use, over OpenID Connect (openid-client):
// discovery with an exact issuer check, authorization code flow with state, nonce and
// PKCE (S256). The checks live on our server; the browser only carries `state`.
import * as client from 'openid-client';
import { loopbackFetch } from './loopback-fetch.ts';
import type { IdentificationMethod } from './methods.ts';
import { CALLBACK_PATH, DEV_IDP_PATH, type IdentitySettings } from './settings.ts';

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

export interface IdentityProvider {
  /** Where to send the browser for `method`; the returned secrets stay on the server. */
  authorizationUrl(input: { baseUrl: string; method: IdentificationMethod }): Promise<StartedIdentification>;
  /** Exchanges the code in `currentUrl` and reads who was identified. Rejects on any failed check. */
  callback(input: { baseUrl: string; currentUrl: URL; expected: { state: string; nonce: string; codeVerifier: string } }): Promise<IdentifiedPerson>;
}

/** A broker answered without the claim that carries the identity code. */
export class MissingIdentityClaimError extends Error {}

const DISCOVERY_TIMEOUT_S = 10;

export function openIdConnectProvider(settings: IdentitySettings): IdentityProvider {
  const configurations = new Map<string, Promise<client.Configuration>>();

  /** The broker's issuer; in development our own provider at this origin. */
  const issuerFor = (baseUrl: string) => settings.issuer ?? `${baseUrl}${DEV_IDP_PATH}`;

  function configuration(baseUrl: string): Promise<client.Configuration> {
    const issuer = issuerFor(baseUrl);
    let found = configurations.get(issuer);
    if (!found) {
      const insecure = new URL(issuer).protocol === 'http:';
      found = client.discovery(new URL(issuer), settings.clientId, undefined, client.ClientSecretBasic(settings.clientSecret), {
        // Plain HTTP only reaches a development issuer; settings refuse it in production.
        execute: insecure ? [client.allowInsecureRequests] : [],
        timeout: DISCOVERY_TIMEOUT_S,
        // Our own development provider may sit at a *.localhost origin Node cannot resolve.
        ...(settings.issuer ? {} : { [client.customFetch]: loopbackFetch }),
      }).then((config) => {
        if (!settings.issuer) config[client.customFetch] = loopbackFetch;
        return config;
      });
      configurations.set(issuer, found);
      // A failed discovery is tried again by the next applicant, not cached.
      found.catch(() => configurations.delete(issuer));
    }
    return found;
  }

  return {
    async authorizationUrl({ baseUrl, method }) {
      const config = await configuration(baseUrl);
      const state = client.randomState();
      const nonce = client.randomNonce();
      const codeVerifier = client.randomPKCECodeVerifier();
      const redirectUri = `${settings.publicBaseUrl ?? baseUrl}${CALLBACK_PATH}`;
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
      return found;
    },
  };
}

export function readPerson(claims: Record<string, unknown>, claim: string): IdentifiedPerson | undefined {
  const personalId = claims[claim];
  if (typeof personalId !== 'string' || personalId.trim() === '') return undefined;
  const name = typeof claims.name === 'string' ? claims.name : undefined;
  return { personalId: personalId.trim().toUpperCase(), name };
}
