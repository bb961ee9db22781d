// One editing session of a draft, for every studio editor of one (the form editor, the JSON
// editor): the autosave with the revision last seen and, for an author who may edit, the item's
// lease, made once the version is loaded and ended together, so what waits is saved before the
// lease is given back. A save refused because the lease lapsed (a sleeping laptop, a lost
// renewal) takes the lease again and saves once more; leaving the page sends what waits with
// `keepalive` and warns while a save is unfinished.
import { useEffect, useRef, useState, type RefObject } from 'react';
import { releaseLease, saveVersion, takeLease } from './api.ts';
import { createAutosave, type Autosave, type AutosaveStatus } from './autosave.ts';
import { createLease, type Lease, type LeaseStatus } from './lease.ts';

type Json = Record<string, unknown>;

export interface DraftSessionOptions {
  item: string;
  number: number;
  me: { id: number | string };
  /** The version's revision once it is loaded; the session starts then. */
  revision: number | undefined;
  /** May this member edit this version (its author, a draft)? Only then is the lease taken. */
  authorised: boolean;
}

export interface DraftSession {
  save: AutosaveStatus;
  lease: LeaseStatus;
  autosave: RefObject<Autosave<Json> | undefined>;
  /** Changes may be made: authorised, the lease is this editor's, and no save was refused for good. */
  editable: boolean;
  /** Asks for the lease again; true when it is this editor's now (whoever held it may have saved: load again). */
  retryLease(): Promise<boolean>;
}

export function useDraftSession({ item, number, me, revision, authorised }: DraftSessionOptions): DraftSession {
  const [save, setSave] = useState<AutosaveStatus>({ state: 'idle', revision: 0 });
  const [lease, setLease] = useState<LeaseStatus>({ state: 'taking' });
  const autosave = useRef<Autosave<Json>>(undefined);
  const leaseRef = useRef<Lease>(undefined);
  const leaving = useRef(false);
  // The revision the session starts from: a reload after that resets the autosave instead.
  const firstRevision = useRef<number>(undefined);
  if (revision !== undefined && firstRevision.current === undefined) firstRevision.current = revision;
  const ready = revision !== undefined;

  useEffect(() => {
    if (!ready || firstRevision.current === undefined) return;
    const saving = createAutosave<Json>({
      revision: firstRevision.current,
      save: async (source, at) => {
        const outcome = await saveVersion(item, number, source, at, { keepalive: leaving.current });
        if (outcome.kind !== 'leaseNotHeld' || !authorised) return outcome;
        // The lease lapsed: nobody else has it, so take it and save again.
        const taken = await takeLease(item);
        if (taken.kind === 'held') return { kind: 'leaseHeld', holder: taken.holder };
        if (taken.kind !== 'mine') return { kind: 'failed' };
        void leaseRef.current?.retry();
        return saveVersion(item, number, source, at, { keepalive: leaving.current });
      },
      onStatus: (status) => {
        setSave(status);
        if (status.state === 'leaseHeld' && status.holder) leaseRef.current?.lost(status.holder);
      },
    });
    autosave.current = saving;
    setSave(saving.status());
    if (!authorised) {
      return () => {
        saving.dispose();
        autosave.current = undefined;
      };
    }
    // The lease held by this same person (another tab, an earlier visit not yet expired) is theirs to use.
    const take = async () => {
      const outcome = await takeLease(item);
      return outcome.kind === 'held' && String(outcome.holder.id) === String(me.id) ? ({ kind: 'mine' } as const) : outcome;
    };
    const held = createLease({ take, release: (keepalive) => releaseLease(item, keepalive), onStatus: setLease });
    leaseRef.current = held;
    void held.start();
    const onPageHide = () => {
      leaving.current = true;
      const waiting = saving.status().state;
      void saving.flush();
      // With a save still on its way the lease is left to expire: released first, the save could be refused.
      if (waiting !== 'pending' && waiting !== 'saving') held.stop(true);
    };
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      const state = saving.status().state;
      if (state === 'pending' || state === 'saving' || state === 'failed') event.preventDefault();
    };
    window.addEventListener('pagehide', onPageHide);
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => {
      window.removeEventListener('pagehide', onPageHide);
      window.removeEventListener('beforeunload', onBeforeUnload);
      autosave.current = undefined;
      leaseRef.current = undefined;
      // Leaving within the studio: what waits is saved, then the lease is given back.
      void saving.flush().finally(() => {
        saving.dispose();
        held.stop();
      });
    };
  }, [ready, authorised, item, number, me.id]);

  const stopped = save.state === 'conflict' || save.state === 'leaseHeld' || save.state === 'notDraft' || save.state === 'forbidden';
  return {
    save,
    lease,
    autosave,
    editable: authorised && lease.state === 'mine' && !stopped,
    async retryLease() {
      await leaseRef.current?.retry();
      return leaseRef.current?.status().state === 'mine';
    },
  };
}
