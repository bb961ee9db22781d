// The editing lease of an item: taken when the draft is opened, renewed while it stays
// open, given back when the editor leaves. Someone else's lease makes the editor
// read-only until it is free again (the editor asks again with `retry`).
import type { Holder, LeaseOutcome } from './api.ts';

export type LeaseState = 'taking' | 'mine' | 'held' | 'failed' | 'released';

export interface LeaseStatus {
  state: LeaseState;
  holder?: Holder;
}

export interface LeaseOptions {
  take(): Promise<LeaseOutcome>;
  release(keepalive: boolean): Promise<void>;
  onStatus(status: LeaseStatus): void;
  renewMs?: number;
}

export const LEASE_RENEW_MS = 30_000;

export interface Lease {
  start(): Promise<void>;
  retry(): Promise<void>;
  /** Someone else holds it after all (a save was refused with LEASE_HELD). */
  lost(holder: Holder): void;
  /** Gives the lease back; `keepalive` when the page is going away. */
  stop(keepalive?: boolean): void;
  status(): LeaseStatus;
}

export function createLease({ take, release, onStatus, renewMs = LEASE_RENEW_MS }: LeaseOptions): Lease {
  let status: LeaseStatus = { state: 'taking' };
  let timer: ReturnType<typeof setInterval> | undefined;
  let stopped = false;

  const set = (next: LeaseStatus) => {
    status = next;
    if (!stopped) onStatus(status);
  };
  const stopRenewing = () => {
    if (timer !== undefined) clearInterval(timer);
    timer = undefined;
  };

  async function ask(): Promise<void> {
    const outcome = await take();
    if (stopped) {
      // Taken after the editor left: give it straight back.
      if (outcome.kind === 'mine') void release(false);
      return;
    }
    if (outcome.kind === 'mine') {
      set({ state: 'mine' });
      if (timer === undefined) timer = setInterval(() => void renew(), renewMs);
    } else {
      stopRenewing();
      set(outcome.kind === 'held' ? { state: 'held', holder: outcome.holder } : { state: 'failed' });
    }
  }

  async function renew(): Promise<void> {
    const outcome = await take();
    if (stopped) return;
    if (outcome.kind === 'held') {
      stopRenewing();
      set({ state: 'held', holder: outcome.holder });
    }
    // A renewal that did not get through is tried again at the next tick; the lease outlives one.
  }

  return {
    start: ask,
    retry() {
      if (status.state === 'mine' || stopped) return Promise.resolve();
      set({ state: 'taking' });
      return ask();
    },
    lost(holder) {
      stopRenewing();
      set({ state: 'held', holder });
    },
    stop(keepalive = false) {
      if (stopped) return;
      stopRenewing();
      const wasMine = status.state === 'mine';
      stopped = true;
      status = { state: 'released' };
      if (wasMine) void release(keepalive);
    },
    status: () => status,
  };
}
