// The offers polling every offers list shares (spec §4, §9). The first poll is at once
// (issue 25: an offers page opened again shows the offers the server already has without
// waiting 5 s); the polls after it come 5 s later, then each 500 ms later than the last,
// until every lender has answered (rules.ts). A new `fetchPage` (another sort, another
// application) shows its answer at once and starts the delays again; the poll count goes
// on, as the page has been waiting that long.
import { useEffect, useRef, useState } from 'react';
import type { OffersPage } from './api.ts';
import { pollDelay, shouldKeepPolling } from './rules.ts';

export interface PollHooks {
  /** After each scheduled poll, with the answer (null when it failed) and the polls done so far. */
  onPolled?(page: OffersPage | null, polls: number): void;
  /** A failed poll; answering `'stop'` ends the polling (say, the application does not exist). */
  onFailed?(error: unknown): 'stop' | void;
}

export function usePolledOffers(fetchPage: (signal: AbortSignal) => Promise<OffersPage>, hooks: PollHooks = {}) {
  const [page, setPage] = useState<OffersPage | null>(null);
  const [polls, setPolls] = useState(0);
  const [failed, setFailed] = useState(false);
  const shown = useRef<typeof fetchPage | null>(null);
  const pollsDone = useRef(0);
  // Read at call time, so callers need not memoise their hooks.
  const latestHooks = useRef(hooks);
  latestHooks.current = hooks;

  useEffect(() => {
    let cancelled = false;
    let timer: number | undefined;
    const controller = new AbortController();
    const failedWith = (error: unknown): 'stop' | void => {
      setFailed(true);
      const verdict = latestHooks.current.onFailed?.(error);
      // Spec §8: an offers fetch failure is logged only; the next poll may do better.
      if (verdict !== 'stop') console.error('offers fetch failed', error);
      return verdict;
    };
    // Poll `index` (0-based since this request started); the next one follows pollDelay(index).
    const poll = async (index: number) => {
      let next: OffersPage | null = null;
      try {
        next = await fetchPage(controller.signal);
        if (cancelled) return;
        setPage(next);
        setFailed(false);
      } catch (error) {
        if (cancelled) return;
        if (failedWith(error) === 'stop') return;
      }
      pollsDone.current += 1;
      setPolls(pollsDone.current);
      latestHooks.current.onPolled?.(next, pollsDone.current);
      if (shouldKeepPolling(next, pollsDone.current)) timer = window.setTimeout(() => void poll(index + 1), pollDelay(index));
    };
    // A changed request (compared by identity: React's development double run of this
    // effect is no change) shows its answer at once and the rhythm starts again at 5 s;
    // the first request is itself the first poll, at once.
    if (shown.current && shown.current !== fetchPage) {
      fetchPage(controller.signal).then(
        (next) => !cancelled && setPage(next),
        (error: unknown) => !cancelled && failedWith(error),
      );
      timer = window.setTimeout(() => void poll(1), pollDelay(0));
    } else {
      void poll(0);
    }
    shown.current = fetchPage;
    return () => {
      cancelled = true;
      controller.abort();
      window.clearTimeout(timer);
    };
  }, [fetchPage]);

  return { page, polls, failed };
}
