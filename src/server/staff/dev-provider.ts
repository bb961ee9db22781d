// The development staff provider: a second oidc-provider, mounted under /dev-staff-idp on our
// own server when STAFF_OIDC_ISSUER is unset outside production (settings.ts), where a tester
// picks one of the test staff below. Apart from the customers' test bank (identity/
// dev-provider.ts) because little is alike: its people are staff with roles, not identity
// codes, and it has no banks, no signing and no applicant to suggest. What is alike is reused:
// the stored keys (dev-keys.ts) and the database adapter of oidc-provider's models, so a login
// survives a restart and works across instances as identification does. Its cookies have names
// and a path of their own, so neither provider reads the other's session.
import { hkdfSync } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import type { Queryable } from '../db/index.ts';
import { ApiError } from '../errors.ts';
import { databaseAdapter } from '../identity/database-adapter.ts';
import { developmentKeys } from '../identity/dev-keys.ts';
import { staffTestProviderTexts as t } from '../messages.ts';
import { DEV_STAFF_IDP_PATH, STAFF_CALLBACK_PATH, type StaffSettings } from './settings.ts';

export const DEV_STAFF_CLIENT_ID = 'lainavertailu-studio-dev';

export interface TestStaffMember {
  subject: string;
  name: string;
  /** As the provider's roles claim carries them; 'vieras' is a role we do not know. */
  roles: readonly string[];
}

/** Two of each working role, so that "an approver cannot approve their own draft" can be tried. */
export const TEST_STAFF: readonly TestStaffMember[] = [
  { subject: 'eeva.editori', name: 'Eeva Editori', roles: ['editor'] },
  { subject: 'erkki.editori', name: 'Erkki Editori', roles: ['editor'] },
  { subject: 'aarne.hyvaksyja', name: 'Aarne Hyväksyjä', roles: ['approver'] },
  { subject: 'aila.hyvaksyja', name: 'Aila Hyväksyjä', roles: ['editor', 'approver'] },
  { subject: 'anni.admin', name: 'Anni Admin', roles: ['admin'] },
  // Someone the provider knows who has no role here: the login is refused.
  { subject: 'ville.vieras', name: 'Ville Vieras', roles: ['vieras'] },
];

const HOST = /^(?:[A-Za-z0-9.-]{1,253}|\[[0-9A-Fa-f:.]{2,45}\])(?::\d{1,5})?$/;
const FORM_LIMIT = 1024;
const COOKIE_NAMES = { session: '_staff_session', interaction: '_staff_interaction', resume: '_staff_interaction_resume' };

/** A fixed name (PUBLIC_BASE_URL's when set), never the request's Host, as the customers' development issuer. */
export function developmentStaffIssuer(settings: Pick<StaffSettings, 'publicBaseUrl'>): string {
  return `${settings.publicBaseUrl ?? 'http://localhost'}${DEV_STAFF_IDP_PATH}`;
}

/**
 * The development staff client's secret: derived from the customers' development client
 * secret kept in the database, so every instance and the next start agree without a table of
 * its own, and the two clients' secrets differ.
 */
export async function developmentStaffClientSecret(db: Queryable): Promise<string> {
  const { clientSecret } = await developmentKeys(db);
  return Buffer.from(hkdfSync('sha256', clientSecret, 'lainavertailu', 'dev-staff-client', 32)).toString('base64url');
}

/** Our origin as the browser used it (development only: PUBLIC_BASE_URL when set). */
export function developmentOrigin(request: FastifyRequest, settings: Pick<StaffSettings, 'publicBaseUrl'>): string {
  if (settings.publicBaseUrl) return settings.publicBaseUrl;
  if (!HOST.test(request.host)) throw new ApiError(400, 'BAD_REQUEST', 'badRequest');
  return `${request.protocol}://${request.host}`;
}

type Mounted = { provider: Provider; handle: ReturnType<Provider['callback']> };

export async function mountDevelopmentStaffProvider(app: FastifyInstance, settings: StaffSettings, options: { db: Queryable }): Promise<void> {
  let mounted: Promise<Mounted> | undefined;
  // Made at the first request, not at start (oidc-provider is slow to load; the database may be down).
  const theProvider = (): Promise<Mounted> => {
    if (!mounted) {
      mounted = Promise.all([developmentKeys(options.db), developmentStaffClientSecret(options.db), import('oidc-provider')]).then(([keys, secret, { default: ProviderClass }]) => {
        const provider = new ProviderClass(developmentStaffIssuer(settings), {
          // The customers' provider's table: every model's id is random, and the cookies that name them differ.
          adapter: databaseAdapter(options.db),
          clients: [
            {
              client_id: DEV_STAFF_CLIENT_ID,
              client_secret: secret,
              redirect_uris: [`${new URL(developmentStaffIssuer(settings)).origin}${STAFF_CALLBACK_PATH}`],
              grant_types: ['authorization_code'],
              response_types: ['code'],
              token_endpoint_auth_method: 'client_secret_basic',
            },
          ],
          jwks: { keys: [keys.signingKey] },
          cookies: { keys: keys.cookieKeys, names: COOKIE_NAMES, long: { httpOnly: true, sameSite: 'lax', path: DEV_STAFF_IDP_PATH } },
          pkce: { required: () => true },
          claims: { openid: ['sub'], profile: ['name', settings.rolesClaim] },
          // The roles in the ID token, as staff providers commonly put them.
          conformIdTokenClaims: false,
          features: { devInteractions: { enabled: false } },
          interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `${DEV_STAFF_IDP_PATH}/interaction/${interaction.uid}` },
          ttl: { AccessToken: 600, AuthorizationCode: 60, IdToken: 600, Interaction: 600, Session: 600, Grant: 600 },
          findAccount: async (_ctx: unknown, sub: string) => {
            const member = TEST_STAFF.find((candidate) => candidate.subject === sub);
            return member && { accountId: sub, claims: async () => ({ sub, name: member.name, [settings.rolesClaim]: [...member.roles] }) };
          },
          // Our own client: consent is implied.
          loadExistingGrant: async (ctx: { oidc: { client: { clientId: string }; session: { accountId: string }; provider: Provider } }) => {
            const grant = new ctx.oidc.provider.Grant({ clientId: ctx.oidc.client.clientId, accountId: ctx.oidc.session.accountId });
            grant.addOIDCScope(settings.scope);
            await grant.save();
            return grant;
          },
          renderError: async (ctx: { type: string; body: string }, out: { error?: string; error_description?: string }) => {
            app.log.warn({ error: out.error, description: out.error_description }, 'development staff provider refused a request');
            ctx.type = 'html';
            ctx.body = page(`<h1>${escape(t.errorTitle)}</h1><p>${escape(t.errorBody)}</p>`, t.errorTitle);
          },
        });
        provider.Client.prototype.redirectUriAllowed = (value: string) => staffCallbackAllowed(value, settings.publicBaseUrl);
        return { provider, handle: provider.callback() };
      });
      mounted.catch(() => (mounted = undefined));
    }
    return mounted;
  };

  await app.register(async (scope) => {
    // oidc-provider reads its own request bodies.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null));
    scope.all(`${DEV_STAFF_IDP_PATH}/*`, async (request, reply) => {
      const origin = developmentOrigin(request, settings);
      const path = request.raw.url!.slice(DEV_STAFF_IDP_PATH.length) || '/';
      const authorization = /^\/auth(\/|\?|$)/.test(path);
      // A login goes back to the origin it was asked on.
      if (authorization && !returnsHome(request, origin)) throw new ApiError(400, 'BAD_REQUEST', 'badRequest');
      const { handle } = await theProvider();
      reply.hijack();
      const raw = request.raw as IncomingMessage & { originalUrl?: string };
      raw.originalUrl = raw.url;
      raw.url = path;
      // No single sign-on: every login shows the choice, so a tester can be someone else next time.
      if (authorization && raw.headers.cookie) raw.headers.cookie = raw.headers.cookie.split(';').filter((pair) => !/^\s*_staff_session(\.|=)/.test(pair)).join(';');
      handle(raw, reply.raw);
      return reply;
    });
  });

  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: FORM_LIMIT }, (_request, body, done) =>
      done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );

    scope.get(`${DEV_STAFF_IDP_PATH}/interaction/:uid`, async (request, reply) => {
      developmentOrigin(request, settings);
      const { provider } = await theProvider();
      await interaction(provider, request, reply);
      return html(reply, 200, renderChooser(request.url.split('?')[0]));
    });

    scope.post<{ Body: Record<string, string> | undefined }>(`${DEV_STAFF_IDP_PATH}/interaction/:uid`, async (request, reply) => {
      developmentOrigin(request, settings);
      const { provider } = await theProvider();
      await interaction(provider, request, reply);
      const body = request.body ?? {};
      if (body.action === 'cancel') {
        await provider.interactionFinished(request.raw, reply.raw, { error: 'access_denied', error_description: 'cancelled at the staff test provider' }, { mergeWithLastSubmission: false });
        return reply.hijack();
      }
      const member = TEST_STAFF.find((candidate) => candidate.subject === body.member);
      if (!member) return html(reply, 400, renderChooser(request.url.split('?')[0], t.chooseOne));
      await provider.interactionFinished(request.raw, reply.raw, { login: { accountId: member.subject } }, { mergeWithLastSubmission: false });
      return reply.hijack();
    });
  });
}

async function interaction(provider: Provider, request: FastifyRequest, reply: FastifyReply) {
  try {
    return await provider.interactionDetails(request.raw, reply.raw);
  } catch {
    // No interaction cookie, or its 10 minutes are over: the tester starts again from the studio.
    throw new ApiError(400, 'STAFF_LOGIN_STATE_INVALID', 'staffLoginStateInvalid');
  }
}

/** A redirect URI of the development staff client: our staff callback, on PUBLIC_BASE_URL when set, else on any http(s) origin. */
export function staffCallbackAllowed(value: string, publicBaseUrl: string | undefined): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (!['http:', 'https:'].includes(url.protocol) || url.username || url.password || url.search || url.hash || url.pathname !== STAFF_CALLBACK_PATH) return false;
  return publicBaseUrl === undefined || url.origin === publicBaseUrl;
}

/** An authorization request's redirect_uri is on the origin the request itself came to (a GET's; a POST is refused). */
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

const escape = (value: string) => value.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);

function html(reply: FastifyReply, status: number, body: string) {
  return reply.code(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(body);
}

/** The choice of test staff: plain HTML, no scripts (the CSP allows none inline). */
function renderChooser(action: string, error?: string): string {
  const members = TEST_STAFF.map(
    (member, index) => `<li><input type="radio" name="member" id="member-${index}" value="${escape(member.subject)}"${index === 0 ? ' checked' : ''}>
<label for="member-${index}">${escape(member.name)} (${escape(member.roles.join(', '))})</label></li>`,
  ).join('\n');
  return page(
    `<h1>${escape(t.heading)}</h1>
<p class="notice">${escape(t.notice)}</p>
${error ? `<p class="error" role="alert">${escape(error)}</p>` : ''}
<form method="post" action="${escape(action)}">
<fieldset>
<legend>${escape(t.choose)}</legend>
<ul>
${members}
</ul>
</fieldset>
<div class="actions">
<button type="submit" name="action" value="login">${escape(t.confirm)}</button>
<button type="submit" name="action" value="cancel">${escape(t.cancel)}</button>
</div>
</form>`,
    t.title,
  );
}

function page(body: string, title: string): string {
  return `<!doctype html>
<html lang="fi">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(title)}</title>
<style>
body { font-family: system-ui, sans-serif; margin: 0; background: #f4f5f7; color: #1b1f24; line-height: 1.5; }
main { max-width: 36rem; margin: 0 auto; padding: 1.5rem 1rem; }
.notice { background: #fff6d6; border-left: 4px solid #8a6d00; padding: .5rem .75rem; }
.error { color: #a4001d; font-weight: 600; }
ul { list-style: none; padding: 0; }
li { margin: .5rem 0; }
input[type=radio] { width: 1.25rem; height: 1.25rem; vertical-align: middle; }
.actions { display: flex; flex-wrap: wrap; gap: .75rem; margin-top: 1.25rem; }
button { font: inherit; min-height: 2.75rem; padding: .5rem 1.25rem; border-radius: 4px; cursor: pointer; border: 2px solid #0b4f8a; background: #fff; color: #0b4f8a; }
button[value=login] { background: #0b4f8a; color: #fff; }
:focus-visible { outline: 3px solid #c45500; outline-offset: 2px; }
</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>
`;
}
