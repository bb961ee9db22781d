// The one JSON body parser of every route (issue 24 item 5): Fastify's own secure parser
// (prototype poisoning refused), then the shape check, so no route can meet a body that
// PostgreSQL refuses to store (a NUL or a lone surrogate in a key or a string: jsonb and
// text raise 22P02, a 500) or nesting no call needs. Registered once on the root before any
// route, so every scope inherits it; the scopes that take no body (finalize, completion,
// the login verify, the development identity provider) replace every parser and check
// their bytes themselves.
import type { FastifyInstance } from 'fastify';
import { badRequest } from './errors.ts';

/** Deep enough for a loan row inside a list inside additionalFormData, and some slack. */
export const MAX_JSON_DEPTH = 8;

/**
 * Refuses what PostgreSQL cannot store (NUL, lone surrogates) and nesting no call needs,
 * without recursion, so a body nested thousands deep costs no stack.
 */
export function checkJsonShape(body: unknown, maxDepth = MAX_JSON_DEPTH): void {
  const stack: Array<[unknown, number]> = [[body, 0]];
  while (stack.length > 0) {
    const [value, depth] = stack.pop()!;
    if (typeof value === 'string') {
      if (!isStorableText(value)) throw badRequest('invalidText');
    } else if (typeof value === 'object' && value !== null) {
      if (depth >= maxDepth) throw badRequest('tooDeep');
      for (const [key, member] of Object.entries(value)) {
        if (!isStorableText(key)) throw badRequest('invalidText');
        stack.push([member, depth + 1]);
      }
    }
  }
}

function isStorableText(value: string): boolean {
  return value.isWellFormed() && !value.includes('\u0000');
}

/**
 * Replaces the root's `application/json` parser; call before any route is registered. A scope
 * whose bodies nest deeper (a form document's source) calls it again with its own `maxDepth`.
 */
export function registerJsonBodyParser(app: FastifyInstance, { maxDepth = MAX_JSON_DEPTH }: { maxDepth?: number } = {}): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    parse(request, String(body), (error, value) => {
      if (error) return done(error, undefined);
      try {
        checkJsonShape(value, maxDepth);
      } catch (refusal) {
        return done(refusal as Error, undefined);
      }
      done(null, value);
    });
  });
}
