// The two calls the customer session makes on every page (spec §4 "Session"): asking
// whether the visitor is logged in, and logging out. Apart from customer/api.ts, which
// holds the login pages' and the customer area's calls, so that every page's entry
// chunk (session.tsx runs on all of them) carries no customer-area or offers code
// (issue 13: step 1 ships what step 1 needs).

let asked: Promise<boolean> | null = null;

/**
 * Spec §4: only success or failure of the check is used. Asked once per page load
 * (issue 25 item 16): every caller (a remounted provider, React's development double
 * effects) shares the one answer; logging in and out change the session state itself.
 */
export function checkSession(): Promise<boolean> {
  asked ??= askSession();
  return asked;
}

async function askSession(): Promise<boolean> {
  try {
    const response = await fetch('/api/auth/check', { headers: { accept: 'application/json' }, credentials: 'include' });
    // Read to the end: an unread body keeps the request open in the browser.
    await response.text();
    return response.ok;
  } catch {
    return false;
  }
}

export async function logout(): Promise<void> {
  try {
    // A POST: the server changes nothing on a GET (issue 24).
    await (await fetch('/api/auth/logout', { method: 'POST', credentials: 'include' })).text();
  } catch (error) {
    console.error('logout failed', error);
  }
}
