// One GET for a page: its answer, its failure, and a reload after a change. An answer that
// arrives after the page moved on (abort) is dropped.
import { useCallback, useEffect, useState } from 'react';

export type Loaded<T> = { state: 'loading' } | { state: 'ok'; data: T } | { state: 'failed'; error: unknown };

export function useLoad<T>(load: (signal: AbortSignal) => Promise<T>, key: string): { loaded: Loaded<T>; reload: () => Promise<void> } {
  const [loaded, setLoaded] = useState<Loaded<T>>({ state: 'loading' });
  // `key` names what `load` reads: a new key, a new load.
  const run = useCallback((signal: AbortSignal) => load(signal).then((data) => !signal.aborted && setLoaded({ state: 'ok', data }), (error: unknown) => !signal.aborted && setLoaded({ state: 'failed', error })), [key]);
  useEffect(() => {
    const controller = new AbortController();
    setLoaded({ state: 'loading' });
    void run(controller.signal);
    return () => controller.abort();
  }, [run]);
  const reload = useCallback(async () => {
    await run(new AbortController().signal);
  }, [run]);
  return { loaded, reload };
}
