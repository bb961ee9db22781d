// /api/auth/check is asked once per page load (issue 25 item 16: two 401s in the console).
import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.resetModules();
});

describe('checkSession', () => {
  it('asks the server once however many times it is called', async () => {
    const fetch = vi.fn(async () => new Response('{}', { status: 401 }));
    vi.stubGlobal('fetch', fetch);
    const { checkSession } = await import('../../../src/app/customer/session-api.ts');
    expect(await Promise.all([checkSession(), checkSession()])).toEqual([false, false]);
    expect(await checkSession()).toBe(false);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(fetch).toHaveBeenCalledWith('/api/auth/check', expect.objectContaining({ credentials: 'include' }));
  });

  it('answers true for a logged-in customer, and a failed request is no login', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response('{}', { status: 200 })));
    expect(await (await import('../../../src/app/customer/session-api.ts')).checkSession()).toBe(true);
    vi.resetModules();
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new Error('offline'))));
    expect(await (await import('../../../src/app/customer/session-api.ts')).checkSession()).toBe(false);
  });
});
