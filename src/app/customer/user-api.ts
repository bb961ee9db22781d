// GET and POST /api/user (marketplace spec §7 "Customer area"): the logged-in customer's
// details as /omattiedot reads and saves them. Nothing throws: every answer becomes an
// outcome the page shows.
import type { FieldError, FormData } from '../../../engine/core/index.ts';
import type { ErrorBody, User } from '../../contract/types.ts';

export type { User };

/** `signedOut`: the session ended (401), the page goes to the login. */
export type UserRead = { kind: 'found'; user: User } | { kind: 'signedOut' } | { kind: 'failed' };
export type UserSave = { kind: 'saved'; user: User } | { kind: 'invalid'; errors: FieldError[] } | { kind: 'signedOut' } | { kind: 'failed' };

const isUser = (body: unknown): body is User => typeof body === 'object' && body !== null && typeof (body as User).name === 'string' && typeof (body as User).hasMarketingBan === 'boolean';

export async function fetchUser(): Promise<UserRead> {
  try {
    const response = await fetch('/api/user', { headers: { accept: 'application/json' }, credentials: 'include' });
    const body: unknown = await response.json().catch(() => null);
    if (response.status === 401) return { kind: 'signedOut' };
    return response.ok && isUser(body) ? { kind: 'found', user: body } : { kind: 'failed' };
  } catch (error) {
    console.error('user details fetch failed', error);
    return { kind: 'failed' };
  }
}

export async function saveUser(data: FormData): Promise<UserSave> {
  try {
    const response = await fetch('/api/user', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      credentials: 'include',
      body: JSON.stringify(data),
    });
    const body = (await response.json().catch(() => null)) as Partial<ErrorBody> | null;
    if (response.ok && isUser(body)) return { kind: 'saved', user: body };
    if (response.status === 401) return { kind: 'signedOut' };
    if (response.status === 400 && body?.type === 'VALIDATION_ERROR' && body.errors) {
      return { kind: 'invalid', errors: Object.entries(body.errors).map(([field, message]) => ({ field, message })) };
    }
    return { kind: 'failed' };
  } catch (error) {
    console.error('user details save failed', error);
    return { kind: 'failed' };
  }
}
