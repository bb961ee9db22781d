// The id and token that an application's paths and bodies carry, checked in one place
// for every route and product. Malformed, unknown, wrong-token and other-product
// applications all get the same 404 at the same cost, so the answer never says which
// of them it was.
import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { Queryable } from '../db/index.ts';
import { applicationNotFound } from '../errors.ts';
import { isWellFormedToken, tokenMatches } from '../tokens.ts';
import { lockApplication, readApplication, type StoredApplication } from './repository.ts';

/** Application and offer ids as text: a positive integer of at most 16 digits. */
export const ID_FORMAT = /^[1-9]\d{0,15}$/;

/** Route parameters of the paths that end in `/{id}/{token}`. */
export interface ApplicationParams {
  id: string;
  token: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The application the path's id and token open, set by `applicationFromPath`. */
    application?: StoredApplication;
  }
}

export function applicationCredentials(id: string, token: string): { id: number; token: string } {
  if (!ID_FORMAT.test(id) || !isWellFormedToken(token)) throw applicationNotFound();
  return { id: Number(id), token };
}

/**
 * The application these credentials open, or the 404. The lookup is by id, then the
 * token hash is compared in constant time (against a dummy when there is no row), so a
 * wrong id and a wrong token cost the same. `products` keeps an API prefix to its own
 * products: another product's application is not found there. `lock` reads it under a
 * row lock for the caller's transaction.
 */
export async function authorizedApplication(
  db: Queryable,
  id: number,
  token: string,
  { products, lock = false }: { products?: ReadonlySet<string>; lock?: boolean } = {},
): Promise<StoredApplication> {
  const stored = await (lock ? lockApplication : readApplication)(db, id);
  return openedBy(stored, token, products);
}

/**
 * The check itself, for a row read by id (possibly together with more, as the offers
 * poll does in one statement): the row when the token is its token and the product one
 * of `products`, else the 404.
 */
export function openedBy<T extends { tokenHash: Uint8Array; product: string }>(stored: T | undefined, token: string, products?: ReadonlySet<string>): T {
  const matches = tokenMatches(token, stored?.tokenHash);
  if (!matches || !stored || (products !== undefined && !products.has(stored.product))) throw applicationNotFound();
  return stored;
}

/** A pre-handler for routes ending in `/:id/:token`: loads the application into `request.application`. */
export function applicationFromPath(db: Queryable, products?: ReadonlySet<string>): preHandlerAsyncHookHandler {
  return async (request) => {
    const params = request.params as Partial<ApplicationParams>;
    const { id, token } = applicationCredentials(params.id ?? '', params.token ?? '');
    request.application = await authorizedApplication(db, id, token, { products });
  };
}

/** The application `applicationFromPath` loaded; a route without the hook is a programming error. */
export function pathApplication(request: FastifyRequest): StoredApplication {
  if (!request.application) throw new Error(`${request.routeOptions.url}: applicationFromPath is not registered`);
  return request.application;
}
