// The security headers of every answer (helmet's defaults plus our CSP), worked out once
// at start. @fastify/helmet rebuilt helmet's middleware on every request, a measurable
// share of a poll's CPU (issue 13); the headers never vary per request here (no CSP
// nonces), so they are computed by running helmet once against a recording response.
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

export const HELMET_OPTIONS: Readonly<HelmetOptions> = {
  contentSecurityPolicy: {
    useDefaults: true,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      // The server speaks plain HTTP in development; TLS belongs to the proxy in front.
      upgradeInsecureRequests: null,
    },
  },
};

/**
 * The options for a deployment whose pages partner sites may frame (EMBED_ORIGINS): CSP
 * `frame-ancestors` lists exactly our origin and theirs, and no X-Frame-Options, whose
 * SAMEORIGIN would say the opposite (it cannot list origins). None: helmet's defaults
 * (`frame-ancestors 'self'` and SAMEORIGIN).
 */
export function helmetOptionsFor(embedOrigins: readonly string[]): HelmetOptions {
  if (embedOrigins.length === 0) return HELMET_OPTIONS;
  const csp = HELMET_OPTIONS.contentSecurityPolicy as { useDefaults: boolean; directives: Record<string, Iterable<string> | null> };
  return { contentSecurityPolicy: { ...csp, directives: { ...csp.directives, frameAncestors: ["'self'", ...embedOrigins] } }, xFrameOptions: false };
}

/** The headers helmet sets for `options`, lower-cased, as set once on a response with none. */
export function securityHeaders(options: HelmetOptions = HELMET_OPTIONS): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: unknown) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  let finished = false;
  let failure: unknown;
  helmet(options)({} as never, recorder as never, (error?: unknown) => {
    finished = true;
    failure = error;
  });
  // Every middleware of helmet is synchronous; a future asynchronous one must not be missed.
  if (!finished || failure) throw new Error(`helmet did not finish synchronously: ${String(failure ?? 'pending')}`);
  return headers;
}

export function registerSecurityHeaders(app: FastifyInstance, headers = securityHeaders()): void {
  const entries = Object.entries(headers);
  app.addHook('onRequest', (_request, reply, done) => {
    // On the raw response, as helmet did: hijacked replies (the development identity
    // provider) write it directly, and Fastify's own headers still win where they overlap.
    for (const [name, value] of entries) reply.raw.setHeader(name, value);
    done();
  });
}
