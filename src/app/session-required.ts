// The server's 401 SESSION_REQUIRED (issue 14), read by every client that may meet it. A
// module of its own so a step-1 caller (the mortgage stage check) does not pull in the
// identification client, which step 1 never uses (npm run bench:bundle checks that).
import type { ErrorBody, Unchecked } from '../contract/types.ts';

/** The link alone, without this browser's session. Reads a clone, so the caller may still read the body. */
export async function isSessionRequired(response: Response): Promise<boolean> {
  if (response.status !== 401) return false;
  const body = (await response.clone().json().catch(() => null)) as Unchecked<ErrorBody> | null;
  return body?.type === 'SESSION_REQUIRED';
}
