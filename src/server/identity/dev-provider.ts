// The development identity provider: oidc-provider mounted under /dev-idp on our own
// server, so the whole OpenID Connect round trip runs without a broker contract. Used
// only when OIDC_ISSUER is unset outside production. Its keys and client secret are made
// once and kept in the database (dev-keys.ts), its interactions, sessions and grants too
// (database-adapter.ts): an identification started before a restart, or on another
// instance on the same database, completes.
import { createCipheriv, createHmac, hkdfSync } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
// Loaded when the first provider is made, not at start: oidc-provider takes about 0.35 s
// to load, a sixth of the server's start-up (issue 13 goal 5).
import type Provider from 'oidc-provider';
import { parsePersonalId } from '../../../custom-validators/personal-id.ts';
import type { Queryable } from '../db/index.ts';
import { ApiError } from '../errors.ts';
import { testBankTexts } from '../messages.ts';
import { databaseAdapter } from './database-adapter.ts';
import { developmentKeys, type DevelopmentKeys } from './dev-keys.ts';
import { findMethod } from './methods.ts';
import { unseal } from './secrets.ts';
import { CALLBACK_PATH, CALLBACK_PATHS, DEV_IDP_PATH, developmentIssuer, type IdentitySettings } from './settings.ts';
import { renderProviderError, renderTestBank, TEST_PEOPLE, type TestBankSubject } from './test-bank-page.ts';

const HOST = /^(?:[A-Za-z0-9.-]{1,253}|\[[0-9A-Fa-f:.]{2,45}\])(?::\d{1,5})?$/;
const FORM_LIMIT = 4096;

/**
 * Who an authorization's `state` expects and, for a signature, what is signed: the test bank
 * suggests the one and shows the other. Undefined when the state is not the source's.
 */
export type InteractionSource = (state: string) => Promise<TestBankSubject | undefined>;

export interface DevelopmentProvider {
  /** The origin the browser used, as the issuer and redirect URI are built from it. */
  originOf(request: FastifyRequest): string;
  /**
   * Adds a source of what the test bank shows (identification's pending requests, a signing's):
   * mounted once for both, the provider asks each in turn; a state is in at most one.
   */
  describeInteractions(source: InteractionSource): void;
}

export interface DevelopmentProviderOptions {
  /** Where the provider's keys and models are kept; any instance on the same database serves any step. */
  db: Queryable;
}

type Mounted = { provider: Provider; handle: ReturnType<Provider['callback']> };

export async function mountDevelopmentProvider(app: FastifyInstance, settings: IdentitySettings, options: DevelopmentProviderOptions): Promise<DevelopmentProvider> {
  // One provider whatever Host a request names (issue 24 item 5): it used to be one per
  // origin, at most 8, so 8 forged Host headers used them up and identification answered
  // 503. Its issuer is a fixed name; the addresses it hands the browser follow the request
  // (oidc-provider builds them from it), so localhost, 127.0.0.1, *.localhost and a LAN name
  // all work, and the callback a browser is sent back to is on the origin it came from.
  let mounted: Promise<Mounted> | undefined;
  const sources: InteractionSource[] = [];
  const subjectOf = async (state: unknown): Promise<TestBankSubject> => {
    if (typeof state !== 'string') return {};
    for (const source of sources) {
      const found = await source(state);
      if (found) return found;
    }
    return {};
  };
  // Read (or made) at the first request, not at start: a server whose database is down still starts.
  let stored: Promise<{ keys: DevelopmentKeys; accounts: AccountIds }> | undefined;
  const material = () => {
    if (!stored) {
      stored = developmentKeys(options.db).then((keys) => ({ keys, accounts: accountIds(keys.clientSecret) }));
      // A failed read is tried again by the next request.
      stored.catch(() => (stored = undefined));
    }
    return stored;
  };

  function originOf(request: FastifyRequest): string {
    if (settings.publicBaseUrl) return settings.publicBaseUrl;
    const host = request.host;
    if (!HOST.test(host)) throw new ApiError(400, 'BAD_REQUEST', 'badRequest');
    return `${request.protocol}://${host}`;
  }

  function theProvider(): Promise<Mounted> {
    if (!mounted) {
      mounted = Promise.all([material(), import('oidc-provider')]).then(([{ keys, accounts }, { default: ProviderClass }]) => createProvider(ProviderClass, keys, accounts));
      // A failed start is tried again by the next request.
      mounted.catch(() => (mounted = undefined));
    }
    return mounted;
  }

  function createProvider(ProviderClass: typeof Provider, keys: DevelopmentKeys, accounts: AccountIds): Mounted {
    const issuer = developmentIssuer(settings);
    const provider = new ProviderClass(issuer, {
      adapter: databaseAdapter(options.db),
      clients: [
        {
          client_id: settings.clientId,
          // The stored secret once main.ts has resolved the settings (resolveDevelopmentSecrets);
          // whatever our client authenticates with in any case.
          client_secret: settings.clientSecret,
          // Any origin's callback is allowed below (callbackAllowed); one is listed as the schema wants one.
          redirect_uris: [`${new URL(issuer).origin}${CALLBACK_PATH}`],
          grant_types: ['authorization_code'],
          response_types: ['code'],
          token_endpoint_auth_method: 'client_secret_basic',
        },
      ],
      jwks: { keys: [keys.signingKey] },
      cookies: { keys: keys.cookieKeys },
      pkce: { required: () => true },
      acrValues: settings.methods.map((method) => method.brokerValue),
      claims: { openid: ['sub'], profile: ['name', settings.personalIdClaim] },
      // Scope claims in the ID token, as Finnish brokers send them.
      conformIdTokenClaims: false,
      features: { devInteractions: { enabled: false } },
      interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `${DEV_IDP_PATH}/interaction/${interaction.uid}` },
      ttl: { AccessToken: 600, AuthorizationCode: 60, IdToken: 600, Interaction: 600, Session: 600, Grant: 600 },
      findAccount: async (_ctx: unknown, sub: string) => {
        const personalId = accounts.personalIdOf(sub);
        if (!personalId) return undefined;
        return { accountId: sub, claims: async () => ({ sub, name: nameOf(personalId), [settings.personalIdClaim]: personalId }) };
      },
      // Our own client, so consent is implied: a grant is made on the spot.
      loadExistingGrant: async (ctx: { oidc: { client: { clientId: string }; session: { accountId: string }; provider: Provider } }) => {
        const grant = new ctx.oidc.provider.Grant({ clientId: ctx.oidc.client.clientId, accountId: ctx.oidc.session.accountId });
        grant.addOIDCScope(settings.scope);
        await grant.save();
        return grant;
      },
      renderError: async (ctx: { type: string; body: string }, out: { error?: string; error_description?: string }) => {
        app.log.warn({ error: out.error, description: out.error_description }, 'development identity provider refused a request');
        ctx.type = 'html';
        ctx.body = renderProviderError();
      },
    });
    // The callback on whichever origin the browser uses (the mount handler checks that it is
    // the origin of the authorization request itself); with PUBLIC_BASE_URL, only that one.
    provider.Client.prototype.redirectUriAllowed = (value: string) => callbackAllowed(value, settings.publicBaseUrl);
    return { provider, handle: provider.callback() };
  }

  await app.register(async (scope) => {
    // oidc-provider reads its own request bodies: the stream is left unread here.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null));
    scope.all(`${DEV_IDP_PATH}/*`, async (request, reply) => {
      const origin = originOf(request);
      const path = request.raw.url!.slice(DEV_IDP_PATH.length) || '/';
      // An authorization goes back to the origin it was asked on, as with a provider per origin.
      if (/^\/auth(\/|\?|$)/.test(path) && !returnsHome(request, origin)) throw new ApiError(400, 'BAD_REQUEST', 'badRequest');
      const { handle } = await theProvider();
      reply.hijack();
      const raw = request.raw as IncomingMessage & { originalUrl?: string };
      // oidc-provider learns its mount path from originalUrl minus url.
      raw.originalUrl = raw.url;
      raw.url = path;
      // Every identification starts without a provider session: no single sign-on, so a
      // co-applicant in the same browser is never answered for by the primary's session.
      if (/^\/auth(\/|\?|$)/.test(raw.url) && raw.headers.cookie) raw.headers.cookie = withoutSessionCookies(raw.headers.cookie);
      handle(raw, reply.raw);
      return reply;
    });
  });

  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: FORM_LIMIT }, (_request, body, done) =>
      done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );

    scope.get(`${DEV_IDP_PATH}/interaction/:uid`, async (request, reply) => {
      originOf(request);
      const { provider } = await theProvider();
      const details = await interaction(provider, request, reply);
      const subject = await subjectOf(details.params.state);
      return page(reply, 200, { action: request.url.split('?')[0], bankName: bankName(details.params.acr_values), applicant: subject.personalId, signing: subject.signing });
    });

    scope.post<{ Body: Record<string, string> | undefined }>(`${DEV_IDP_PATH}/interaction/:uid`, async (request, reply) => {
      originOf(request);
      const { provider } = await theProvider();
      const details = await interaction(provider, request, reply);
      const body = request.body ?? {};
      if (body.action === 'cancel') {
        await provider.interactionFinished(request.raw, reply.raw, { error: 'access_denied', error_description: 'cancelled at the test bank' }, { mergeWithLastSubmission: false });
        return reply.hijack();
      }
      const typed = (body.personalId ?? '').trim().toUpperCase();
      const chosen = typed || (body.person ?? '').trim().toUpperCase();
      if (!parsePersonalId(chosen)) {
        const subject = await subjectOf(details.params.state);
        return page(reply, 400, {
          action: request.url.split('?')[0],
          bankName: bankName(details.params.acr_values),
          error: testBankTexts.invalidPersonalId,
          typed: typed.slice(0, 20),
          applicant: subject.personalId,
          signing: subject.signing,
        });
      }
      const { accounts } = await material();
      await provider.interactionFinished(request.raw, reply.raw, { login: { accountId: accounts.accountIdOf(chosen) } }, { mergeWithLastSubmission: false });
      return reply.hijack();
    });
  });

  function bankName(acr: unknown): string {
    const value = typeof acr === 'string' ? acr.split(' ')[0] : '';
    return settings.methods.find((method) => method.brokerValue === value)?.name ?? findMethod(settings.methods, value)?.name ?? 'Testipankki';
  }

  return { originOf, describeInteractions: (source) => void sources.push(source) };
}

async function interaction(provider: Provider, request: FastifyRequest, reply: FastifyReply) {
  try {
    return await provider.interactionDetails(request.raw, reply.raw);
  } catch {
    // No interaction cookie, or the 10 minutes are over: the tester starts again from our page.
    throw new ApiError(400, 'BAD_REQUEST', 'identificationStateInvalid');
  }
}

function page(reply: FastifyReply, status: number, input: Parameters<typeof renderTestBank>[0]) {
  return reply.code(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(renderTestBank(input));
}

/**
 * The account id (the `sub`) carries the identity code sealed, so any instance can tell who
 * it is from the id alone, and the code is neither the `sub` nor kept anywhere in clear. The
 * IV is synthetic (an HMAC of the code), so one person always gets the same `sub`.
 */
interface AccountIds {
  accountIdOf(personalId: string): string;
  personalIdOf(accountId: string): string | undefined;
}

function accountIds(secret: string): AccountIds {
  const derive = (purpose: string) => Buffer.from(hkdfSync('sha256', secret, 'lainavertailu', purpose, 32));
  const key = derive('dev-idp-account');
  const ivKey = derive('dev-idp-account-iv');
  return {
    accountIdOf(personalId) {
      const iv = createHmac('sha256', ivKey).update(personalId, 'utf8').digest().subarray(0, 12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(personalId, 'utf8'), cipher.final()]);
      return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
    },
    personalIdOf(accountId) {
      const personalId = /^[A-Za-z0-9_-]{1,128}$/.test(accountId) ? unseal(key, Buffer.from(accountId, 'base64url')) : undefined;
      return personalId && parsePersonalId(personalId) ? personalId : undefined;
    },
  };
}

const TEST_NAMES = new Map(TEST_PEOPLE.map((person) => [person.personalId, person.name]));

function nameOf(personalId: string): string {
  return TEST_NAMES.get(personalId) ?? 'Testi Henkilö';
}

function withoutSessionCookies(header: string): string {
  return header
    .split(';')
    .filter((pair) => !/^\s*_session(\.|=)/.test(pair))
    .join(';');
}

/** A redirect URI the development client may use: one of our callbacks (identification's, signing's), on PUBLIC_BASE_URL when set, else on any http(s) origin. */
export function callbackAllowed(value: string, publicBaseUrl: string | undefined): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (!['http:', 'https:'].includes(url.protocol) || url.username || url.password || url.search || url.hash || !CALLBACK_PATHS.includes(url.pathname)) return false;
  return publicBaseUrl === undefined || url.origin === publicBaseUrl;
}

/** An authorization request's redirect_uri is on `origin`, the one the request itself came to (a GET's query; a POST is refused). */
function returnsHome(request: FastifyRequest, origin: string): boolean {
  if (request.method !== 'GET') return false;
  const redirectUri = new URLSearchParams(request.raw.url!.split('?')[1] ?? '').getAll('redirect_uri');
  if (redirectUri.length !== 1) return redirectUri.length === 0;
  try {
    return new URL(redirectUri[0]).origin === origin;
  } catch {
    return false;
  }
}
