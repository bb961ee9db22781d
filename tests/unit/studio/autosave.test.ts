// The draft editor's autosave and lease, with the API replaced and the clock faked.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SaveOutcome } from '../../../src/studio/draft/api.ts';
import { createAutosave, type AutosaveStatus } from '../../../src/studio/draft/autosave.ts';
import { createLease, type LeaseStatus } from '../../../src/studio/draft/lease.ts';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

/** A save that answers when told to. */
function controlledSave() {
  const calls: Array<{ source: string; revision: number; answer(outcome: SaveOutcome): void }> = [];
  const save = (source: string, revision: number) => new Promise<SaveOutcome>((answer) => calls.push({ source, revision, answer }));
  return { calls, save };
}

describe('autosave', () => {
  it('saves a burst of changes once, a second after the last, with the revision it has', async () => {
    const { calls, save } = controlledSave();
    const states: string[] = [];
    const autosave = createAutosave<string>({ save, revision: 4, onStatus: (status) => states.push(status.state) });
    autosave.change('a');
    await vi.advanceTimersByTimeAsync(600);
    autosave.change('ab');
    await vi.advanceTimersByTimeAsync(999);
    expect(calls).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls.map(({ source, revision }) => [source, revision])).toEqual([['ab', 4]]);
    calls[0].answer({ kind: 'saved', revision: 5 });
    await vi.advanceTimersByTimeAsync(0);
    expect(autosave.status()).toEqual({ state: 'saved', revision: 5 });
    expect(states).toEqual(['pending', 'pending', 'saving', 'saved']);
  });

  it('saves a change made during a save after it, with the new revision', async () => {
    const { calls, save } = controlledSave();
    const autosave = createAutosave<string>({ save, revision: 1, onStatus: () => {} });
    autosave.change('a');
    await vi.advanceTimersByTimeAsync(1000);
    autosave.change('ab');
    calls[0].answer({ kind: 'saved', revision: 2 });
    await vi.advanceTimersByTimeAsync(0);
    expect(autosave.status().state).toBe('pending');
    await vi.advanceTimersByTimeAsync(1000);
    expect(calls.map(({ source, revision }) => [source, revision])).toEqual([
      ['a', 1],
      ['ab', 2],
    ]);
  });

  it('stops on a conflict until reset, and keeps a failed save for a retry', async () => {
    const { calls, save } = controlledSave();
    const seen: AutosaveStatus[] = [];
    const autosave = createAutosave<string>({ save, revision: 1, onStatus: (status) => seen.push(status) });
    autosave.change('a');
    await vi.advanceTimersByTimeAsync(1000);
    calls[0].answer({ kind: 'failed', status: 500 });
    await vi.advanceTimersByTimeAsync(0);
    expect(autosave.status().state).toBe('failed');
    autosave.retry();
    await vi.advanceTimersByTimeAsync(0);
    expect(calls[1].source).toBe('a');
    calls[1].answer({ kind: 'conflict', revision: 3 });
    await vi.advanceTimersByTimeAsync(0);
    expect(autosave.status().state).toBe('conflict');
    autosave.change('b');
    await vi.advanceTimersByTimeAsync(5000);
    expect(calls).toHaveLength(2);
    autosave.reset(3);
    expect(autosave.status()).toEqual({ state: 'idle', revision: 3 });
    autosave.change('c');
    await vi.advanceTimersByTimeAsync(1000);
    expect([calls[2].source, calls[2].revision]).toEqual(['c', 3]);
  });

  it('says who holds the lease when a save is refused for it', async () => {
    const { calls, save } = controlledSave();
    const autosave = createAutosave<string>({ save, revision: 1, onStatus: () => {} });
    autosave.change('a');
    await vi.advanceTimersByTimeAsync(1000);
    calls[0].answer({ kind: 'leaseHeld', holder: { id: 2, name: 'Erkki Editori' } });
    await vi.advanceTimersByTimeAsync(0);
    expect(autosave.status()).toEqual({ state: 'leaseHeld', revision: 1, holder: { id: 2, name: 'Erkki Editori' } });
  });

  it('saves at once what waits when flushed', async () => {
    const { calls, save } = controlledSave();
    const autosave = createAutosave<string>({ save, revision: 1, onStatus: () => {} });
    autosave.change('a');
    const flushed = autosave.flush();
    expect(calls).toHaveLength(1);
    calls[0].answer({ kind: 'saved', revision: 2 });
    await flushed;
    expect(autosave.status().state).toBe('saved');
  });
});

describe('lease', () => {
  it('is taken, renewed every 30 s and given back', async () => {
    const take = vi.fn(async () => ({ kind: 'mine' as const }));
    const release = vi.fn(async () => {});
    const lease = createLease({ take, release, onStatus: () => {} });
    await lease.start();
    expect(lease.status().state).toBe('mine');
    await vi.advanceTimersByTimeAsync(30_000);
    expect(take).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(take).toHaveBeenCalledTimes(3);
    lease.stop(true);
    expect(release).toHaveBeenCalledWith(true);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(take).toHaveBeenCalledTimes(3);
  });

  it("is read-only while someone else's, and taken on a retry once free", async () => {
    const holder = { id: 7, name: 'Erkki Editori' };
    const take = vi.fn<() => Promise<{ kind: 'held'; holder: typeof holder } | { kind: 'mine' }>>(async () => ({ kind: 'held', holder }));
    const release = vi.fn(async () => {});
    const seen: LeaseStatus[] = [];
    const lease = createLease({ take, release, onStatus: (status) => seen.push(status) });
    await lease.start();
    expect(lease.status()).toEqual({ state: 'held', holder });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(take).toHaveBeenCalledTimes(1);
    take.mockResolvedValueOnce({ kind: 'mine' });
    await lease.retry();
    expect(lease.status().state).toBe('mine');
    expect(seen.map((status) => status.state)).toEqual(['held', 'taking', 'mine']);
    lease.stop();
    expect(release).toHaveBeenCalledWith(false);
  });

  it('gives nothing back that it does not hold', async () => {
    const release = vi.fn(async () => {});
    const lease = createLease({ take: async () => ({ kind: 'held', holder: { id: 1, name: 'X' } }), release, onStatus: () => {} });
    await lease.start();
    lease.stop();
    expect(release).not.toHaveBeenCalled();
  });
});
