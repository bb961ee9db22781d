// The development identity provider: oidc-provider mounted under /dev-idp on our own
// server, so the whole OpenID Connect round trip runs without a broker contract. Used
// only when OIDC_ISSUER is unset outside production. Keys are made at start, in memory.
import { createHash, generateKeyPairSync, randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import Provider from 'oidc-provider';
import { parsePersonalId } from '../../../custom-validators/personal-id.ts';
import { ApiError } from '../errors.ts';
import { testBankTexts } from '../messages.ts';
import { MemoryAdapter } from './memory-adapter.ts';
import { findMethod } from './methods.ts';
import { CALLBACK_PATH, DEV_IDP_PATH, type IdentitySettings } from './settings.ts';
import { renderProviderError, renderTestBank, TEST_PEOPLE } from './test-bank-page.ts';

/** Different Host headers (localhost, 127.0.0.1, a LAN name) each get an issuer; a few are enough. */
const MAX_ORIGINS = 8;
const HOST = /^(?:[A-Za-z0-9.-]{1,253}|\[[0-9A-Fa-f:.]{2,45}\])(?::\d{1,5})?$/;
const FORM_LIMIT = 4096;

export interface DevelopmentProvider {
  /** The origin the browser used, as the issuer and redirect URI are built from it. */
  originOf(request: FastifyRequest): string;
}

interface Person {
  personalId: string;
  name?: string;
}

export interface DevelopmentProviderOptions {
  /** The identity code the application behind an authorization's `state` expects, to suggest on the test bank. */
  applicantOf?(state: string): Promise<string | undefined>;
}

export async function mountDevelopmentProvider(app: FastifyInstance, settings: IdentitySettings, options: DevelopmentProviderOptions = {}): Promise<DevelopmentProvider> {
  const providers = new Map<string, { provider: Provider; handle: ReturnType<Provider['callback']> }>();
  // Identified people by subject; the subject is a hash so the identity code is not the `sub`.
  const people = new Map<string, Person>();
  const cookieKeys = [randomBytes(32).toString('base64url')];
  const signingKey = { ...generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' }), kid: 'dev-1', use: 'sig', alg: 'RS256' };

  function originOf(request: FastifyRequest): string {
    if (settings.publicBaseUrl) return settings.publicBaseUrl;
    const host = request.host;
    if (!HOST.test(host)) throw new ApiError(400, 'BAD_REQUEST', 'badRequest');
    return `${request.protocol}://${host}`;
  }

  function providerFor(origin: string) {
    let found = providers.get(origin);
    if (found) return found;
    if (providers.size >= MAX_ORIGINS) throw new ApiError(400, 'BAD_REQUEST', 'badRequest');
    const provider = new Provider(`${origin}${DEV_IDP_PATH}`, {
      adapter: MemoryAdapter,
      clients: [
        {
          client_id: settings.clientId,
          client_secret: settings.clientSecret,
          redirect_uris: [`${origin}${CALLBACK_PATH}`],
          grant_types: ['authorization_code'],
          response_types: ['code'],
          token_endpoint_auth_method: 'client_secret_basic',
        },
      ],
      jwks: { keys: [signingKey] },
      cookies: { keys: cookieKeys },
      pkce: { required: () => true },
      acrValues: settings.methods.map((method) => method.brokerValue),
      claims: { openid: ['sub'], profile: ['name', settings.personalIdClaim] },
      // Scope claims in the ID token, as Finnish brokers send them.
      conformIdTokenClaims: false,
      features: { devInteractions: { enabled: false } },
      interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `${DEV_IDP_PATH}/interaction/${interaction.uid}` },
      ttl: { AccessToken: 600, AuthorizationCode: 60, IdToken: 600, Interaction: 600, Session: 600, Grant: 600 },
      findAccount: async (_ctx: unknown, sub: string) => {
        const person = people.get(sub);
        if (!person) return undefined;
        return { accountId: sub, claims: async () => ({ sub, name: person.name, [settings.personalIdClaim]: person.personalId }) };
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
    found = { provider, handle: provider.callback() };
    providers.set(origin, found);
    return found;
  }

  await app.register(async (scope) => {
    // oidc-provider reads its own request bodies: the stream is left unread here.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null));
    scope.all(`${DEV_IDP_PATH}/*`, (request, reply) => {
      const { handle } = providerFor(originOf(request));
      reply.hijack();
      const raw = request.raw as IncomingMessage & { originalUrl?: string };
      // oidc-provider learns its mount path from originalUrl minus url.
      raw.originalUrl = raw.url;
      raw.url = raw.url!.slice(DEV_IDP_PATH.length) || '/';
      // Every identification starts without a provider session: no single sign-on, so a
      // co-applicant in the same browser is never answered for by the primary's session.
      if (/^\/auth(\/|\?|$)/.test(raw.url) && raw.headers.cookie) raw.headers.cookie = withoutSessionCookies(raw.headers.cookie);
      handle(raw, reply.raw);
    });
  });

  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: FORM_LIMIT }, (_request, body, done) =>
      done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );

    scope.get(`${DEV_IDP_PATH}/interaction/:uid`, async (request, reply) => {
      const { provider } = providerFor(originOf(request));
      const details = await interaction(provider, request, reply);
      const state = details.params.state;
      const applicant = typeof state === 'string' ? await options.applicantOf?.(state) : undefined;
      return page(reply, 200, { action: request.url.split('?')[0], bankName: bankName(details.params.acr_values), applicant });
    });

    scope.post<{ Body: Record<string, string> | undefined }>(`${DEV_IDP_PATH}/interaction/:uid`, async (request, reply) => {
      const { provider } = providerFor(originOf(request));
      const details = await interaction(provider, request, reply);
      const body = request.body ?? {};
      if (body.action === 'cancel') {
        await provider.interactionFinished(request.raw, reply.raw, { error: 'access_denied', error_description: 'cancelled at the test bank' }, { mergeWithLastSubmission: false });
        return reply.hijack();
      }
      const typed = (body.personalId ?? '').trim().toUpperCase();
      const chosen = typed || (body.person ?? '').trim().toUpperCase();
      if (!parsePersonalId(chosen)) {
        return page(reply, 400, { action: request.url.split('?')[0], bankName: bankName(details.params.acr_values), error: testBankTexts.invalidPersonalId, typed: typed.slice(0, 20) });
      }
      const sub = createHash('sha256').update(`dev-idp:${chosen}`).digest('base64url');
      people.set(sub, { personalId: chosen, name: nameOf(chosen) });
      await provider.interactionFinished(request.raw, reply.raw, { login: { accountId: sub } }, { mergeWithLastSubmission: false });
      return reply.hijack();
    });
  });

  function bankName(acr: unknown): string {
    const value = typeof acr === 'string' ? acr.split(' ')[0] : '';
    return settings.methods.find((method) => method.brokerValue === value)?.name ?? findMethod(settings.methods, value)?.name ?? 'Testipankki';
  }

  return { originOf };
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
