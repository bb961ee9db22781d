// Who is using the studio (GET /api/staff/me), for every page: the gate below lets only a
// staff member with a role through; the pages read the member from the context.
import { createContext, useCallback, useContext, useEffect, useState, type ReactNode } from 'react';
import { StudioApiError, studioApi, type StaffMe } from './api.ts';
import { GatePage } from './GatePage.tsx';

const StaffContext = createContext<StaffMe | null>(null);

export function useStaff(): StaffMe {
  const me = useContext(StaffContext);
  if (!me) throw new Error('useStaff outside StaffGate');
  return me;
}

type GateState = { kind: 'checking' } | { kind: 'in'; me: StaffMe } | { kind: 'login' } | { kind: 'noRole' } | { kind: 'failed' };

/** 401: not logged in (or the session ended); 403: a member without a studio role. */
export function StaffGate({ children }: { children: ReactNode }): ReactNode {
  const [state, setState] = useState<GateState>({ kind: 'checking' });
  const check = useCallback((signal?: AbortSignal) => {
    setState({ kind: 'checking' });
    studioApi.me(signal).then(
      (me) => setState(me.roles.length ? { kind: 'in', me } : { kind: 'noRole' }),
      (error: unknown) => {
        if (signal?.aborted) return;
        if (error instanceof StudioApiError && error.status === 401) setState({ kind: 'login' });
        else if (error instanceof StudioApiError && error.status === 403) setState({ kind: 'noRole' });
        else setState({ kind: 'failed' });
      },
    );
  }, []);
  useEffect(() => {
    const controller = new AbortController();
    check(controller.signal);
    return () => controller.abort();
  }, [check]);

  if (state.kind === 'in') return <StaffContext.Provider value={state.me}>{children}</StaffContext.Provider>;
  return <GatePage reason={state.kind} retry={() => check()} />;
}
