// The draft editor's reading of the content API's answers (src/contract/routes.ts), with fetch replaced.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { leaseUrl, loadLiveSections, loadVersion, releaseLease, saveVersion, takeLease, versionUrl } from '../../../src/studio/draft/api.ts';

const answer = (status: number, body?: unknown) => new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
function answering(...responses: Response[]) {
  const fetch = vi.fn(async (_url: string, _init?: RequestInit) => responses.shift() ?? answer(500));
  vi.stubGlobal('fetch', fetch);
  return fetch;
}
afterEach(() => vi.unstubAllGlobals());

const holder = { id: 2, name: 'Erkki Editori' };

describe('content API', () => {
  it('puts the item key in one segment', () => {
    expect(versionUrl('document:consumer', 3)).toBe('/api/content/items/document%3Aconsumer/versions/3');
    expect(leaseUrl('section:credit-cards')).toBe('/api/content/items/section%3Acredit-cards/lease');
  });

  it('reads a version with its revision', async () => {
    answering(answer(200, { item: 'document:consumer', number: 3, state: 'draft', author: '1', revision: 4, source: { id: 'consumer' }, verdict: null }));
    expect(await loadVersion('document:consumer', 3)).toEqual({ kind: 'loaded', version: { item: 'document:consumer', number: 3, state: 'draft', author: '1', revision: 4, source: { id: 'consumer' } } });
    answering(answer(404, { type: 'NOT_FOUND', message: 'x' }));
    expect(await loadVersion('document:consumer', 3)).toEqual({ kind: 'failed', status: 404 });
  });

  it('saves with the revision and tells each refusal apart', async () => {
    const fetch = answering(
      answer(200, { version: { revision: 5 } }),
      answer(409, { type: 'REVISION_CONFLICT', message: 'x', revision: 7 }),
      answer(409, { type: 'LEASE_HELD', message: 'x', holder }),
      answer(409, { type: 'LEASE_NOT_HELD', message: 'x' }),
      answer(409, { type: 'VERSION_STATE_CONFLICT', message: 'x' }),
      answer(403, { type: 'NOT_AUTHOR', message: 'x' }),
      answer(500, { type: 'INTERNAL', message: 'x' }),
    );
    expect(await saveVersion('document:consumer', 3, { id: 'consumer' }, 4)).toEqual({ kind: 'saved', revision: 5 });
    expect(fetch.mock.calls[0][1]).toMatchObject({ method: 'PUT', body: JSON.stringify({ source: { id: 'consumer' }, revision: 4 }) });
    expect(await saveVersion('document:consumer', 3, {}, 4)).toEqual({ kind: 'conflict', revision: 7 });
    expect(await saveVersion('document:consumer', 3, {}, 4)).toEqual({ kind: 'leaseHeld', holder });
    expect(await saveVersion('document:consumer', 3, {}, 4)).toEqual({ kind: 'leaseNotHeld' });
    expect(await saveVersion('document:consumer', 3, {}, 4)).toEqual({ kind: 'notDraft' });
    expect(await saveVersion('document:consumer', 3, {}, 4)).toEqual({ kind: 'forbidden' });
    expect(await saveVersion('document:consumer', 3, {}, 4)).toEqual({ kind: 'failed', status: 500 });
  });

  it('takes, finds held and gives back the lease', async () => {
    const fetch = answering(answer(200, { lease: { holder: { id: 1, name: 'Eeva Editori' }, expiresAt: '2026-11-27T14:00:00Z' } }), answer(409, { type: 'LEASE_HELD', message: 'x', lease: { holder, expiresAt: '2026-11-27T14:00:00Z' } }), answer(204));
    expect(await takeLease('document:consumer')).toEqual({ kind: 'mine', expiresAt: '2026-11-27T14:00:00Z' });
    expect(await takeLease('document:consumer')).toEqual({ kind: 'held', holder });
    await releaseLease('document:consumer', true);
    expect(fetch.mock.calls.map(([url, init]) => [url, init?.method, init?.keepalive])).toEqual([
      ['/api/content/items/document%3Aconsumer/lease', 'POST', undefined],
      ['/api/content/items/document%3Aconsumer/lease', 'POST', undefined],
      ['/api/content/items/document%3Aconsumer/lease', 'DELETE', true],
    ]);
  });

  it("reads the live version of each included section, leaving out one that is not there", async () => {
    answering(
      answer(200, { items: [{ item: 'section:identity', live: 2 }, { item: 'section:work', live: null }], staffNames: {} }),
      answer(200, { item: 'section:identity', number: 2, state: 'live', author: 'repository', revision: 1, source: { id: 'identity' } }),
    );
    expect(await loadLiveSections(['identity', 'work'])).toEqual({ identity: { id: 'identity' } });
  });

  it('says a network failure is a failure, never throws', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('offline'))));
    expect(await saveVersion('document:consumer', 3, {}, 1)).toEqual({ kind: 'failed' });
    expect(await takeLease('document:consumer')).toEqual({ kind: 'failed' });
  });
});
