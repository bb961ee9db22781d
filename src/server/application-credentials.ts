// The id and token that an application's paths and bodies carry. Malformed ones get the
// same 404 as wrong ones, so the answer never says which of the two was off.
import { applicationNotFound } from './errors.ts';
import { isWellFormedToken } from './tokens.ts';

/** Application and offer ids as text: a positive integer of at most 16 digits. */
export const ID_FORMAT = /^[1-9]\d{0,15}$/;

export function applicationCredentials(id: string, token: string): { id: number; token: string } {
  if (!ID_FORMAT.test(id) || !isWellFormedToken(token)) throw applicationNotFound();
  return { id: Number(id), token };
}

/** Route parameters of the paths that end in `/{id}/{token}`. */
export interface ApplicationParams {
  id: string;
  token: string;
}
