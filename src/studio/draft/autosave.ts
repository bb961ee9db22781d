// Autosave of a draft: a change is saved a moment after the editor stops changing things
// (one PUT for a burst of edits), with the revision the editor last saw. One save at a
// time; a change made while one is under way is saved after it, with the new revision.
// A conflict, a lease someone else holds or a refusal stops saving until the editor acts
// (reloads, retries); a failed request is tried again only when asked.
import type { Holder, SaveOutcome } from './api.ts';

export type SaveState = 'idle' | 'pending' | 'saving' | 'saved' | 'failed' | 'conflict' | 'leaseHeld' | 'notDraft' | 'forbidden';

export interface AutosaveStatus {
  state: SaveState;
  revision: number;
  /** Who holds the lease, for `leaseHeld`. */
  holder?: Holder;
}

export interface AutosaveOptions<T> {
  save(source: T, revision: number): Promise<SaveOutcome>;
  revision: number;
  onStatus(status: AutosaveStatus): void;
  delayMs?: number;
}

export const AUTOSAVE_DELAY_MS = 1000;

export interface Autosave<T> {
  /** The source changed: save it after the delay. */
  change(source: T): void;
  /** Save what is waiting now (leaving the page); resolves when nothing is waiting or under way. */
  flush(): Promise<void>;
  /** Try the last failed save again. */
  retry(): void;
  /** Start over from a reloaded version: nothing waits, the revision is the reloaded one. */
  reset(revision: number): void;
  status(): AutosaveStatus;
  dispose(): void;
}

const STOPPED: ReadonlySet<SaveState> = new Set(['conflict', 'leaseHeld', 'notDraft', 'forbidden']);

export function createAutosave<T>({ save, revision, onStatus, delayMs = AUTOSAVE_DELAY_MS }: AutosaveOptions<T>): Autosave<T> {
  let status: AutosaveStatus = { state: 'idle', revision };
  let waiting: { source: T } | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running: Promise<void> | undefined;
  let disposed = false;

  const set = (next: Partial<AutosaveStatus>) => {
    status = { ...status, ...next };
    if (next.state !== 'leaseHeld') delete status.holder;
    if (next.holder) status.holder = next.holder;
    if (!disposed) onStatus(status);
  };
  const clearTimer = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
  };

  async function run(): Promise<void> {
    // A change during the request has its own timer: it is saved when the editor pauses, not at once.
    while (waiting && !STOPPED.has(status.state) && timer === undefined) {
      const { source } = waiting;
      waiting = undefined;
      set({ state: 'saving' });
      const outcome = await save(source, status.revision);
      if (outcome.kind === 'saved') set({ state: waiting ? 'pending' : 'saved', revision: outcome.revision });
      else {
        // What was not saved waits for the editor's next step (retry, reload).
        waiting ??= { source };
        if (outcome.kind === 'conflict') set({ state: 'conflict' });
        else if (outcome.kind === 'leaseHeld') set({ state: 'leaseHeld', holder: outcome.holder });
        else if (outcome.kind === 'notDraft') set({ state: 'notDraft' });
        else if (outcome.kind === 'forbidden') set({ state: 'forbidden' });
        else set({ state: 'failed' });
        return;
      }
    }
  }

  const start = (): Promise<void> => {
    clearTimer();
    if (running) return running;
    running = run().finally(() => {
      running = undefined;
      // A change that came while the last request was out, and no timer for it: save it now.
      if (waiting && status.state === 'pending' && timer === undefined) void start();
    });
    return running;
  };

  return {
    change(source) {
      if (disposed) return;
      waiting = { source };
      if (STOPPED.has(status.state)) return;
      if (status.state !== 'saving') set({ state: 'pending' });
      clearTimer();
      timer = setTimeout(() => {
        timer = undefined;
        void start();
      }, delayMs);
    },
    async flush() {
      if (waiting && !STOPPED.has(status.state)) await start();
      else if (running) await running;
    },
    retry() {
      if (!waiting || status.state !== 'failed') return;
      set({ state: 'pending' });
      void start();
    },
    reset(next) {
      clearTimer();
      waiting = undefined;
      set({ state: 'idle', revision: next });
    },
    status: () => status,
    dispose() {
      clearTimer();
      disposed = true;
    },
  };
}
