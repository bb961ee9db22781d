// The customer's session as the pages know it (spec §4 "Session"): asked from the server
// once when the app loads, changed by logging in and out. The location a guarded page
// wanted is remembered for after the login (default /lainahakemukset).
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { checkSession, logout as logoutCall } from './session-api.ts';

export const LOGIN_PATH = '/login/1';
export const CODE_PATH = '/login/2';
export const DEFAULT_AFTER_LOGIN = '/lainahakemukset';
/** The customer's own pages (spec §2), as the header's menu links them. */
export const CUSTOMER_PATHS = { applications: '/lainahakemukset', apply: '/haelainaa', details: '/omattiedot', insurance: '/maksuturva', logout: '/logout' } as const;
const AFTER_LOGIN_KEY = 'lv:afterLogin';

interface CustomerSession {
  /** null while the first check runs. */
  authenticated: boolean | null;
  setAuthenticated(value: boolean): void;
  logout(): Promise<void>;
}

const SessionContext = createContext<CustomerSession>({ authenticated: false, setAuthenticated: () => {}, logout: async () => {} });

export function CustomerSessionProvider({ children }: { children: ReactNode }): ReactNode {
  const [authenticated, setAuthenticated] = useState<boolean | null>(null);
  useEffect(() => {
    let current = true;
    void checkSession().then((value) => current && setAuthenticated(value));
    return () => {
      current = false;
    };
  }, []);
  const logout = useCallback(async () => {
    await logoutCall();
    setAuthenticated(false);
  }, []);
  const value = useMemo(() => ({ authenticated, setAuthenticated, logout }), [authenticated, logout]);
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export const useCustomerSession = (): CustomerSession => useContext(SessionContext);

/** Where the login goes on to: the remembered location when it is one of ours, else the default. */
export function afterLogin(): string {
  try {
    const wanted = sessionStorage.getItem(AFTER_LOGIN_KEY);
    if (wanted && wanted.startsWith('/') && !wanted.startsWith('//') && !wanted.startsWith('/login')) return wanted;
  } catch {
    // Storage refused: the default.
  }
  return DEFAULT_AFTER_LOGIN;
}

export function rememberAfterLogin(path: string | null): void {
  try {
    if (path === null) sessionStorage.removeItem(AFTER_LOGIN_KEY);
    else sessionStorage.setItem(AFTER_LOGIN_KEY, path);
  } catch {
    // Storage refused: the login goes to the default.
  }
}

/** A private page (spec §2): without a login, to /login/1, remembering where the customer was going. */
export function RequireLogin({ children, checking }: { children: ReactNode; checking: ReactNode }): ReactNode {
  const { authenticated } = useCustomerSession();
  const location = useLocation();
  if (authenticated === null) return checking;
  if (!authenticated) {
    rememberAfterLogin(location.pathname + location.search);
    return <Navigate to={LOGIN_PATH} replace />;
  }
  return children;
}

/**
 * '/' (spec §2: "logs out"): a logged-in customer is logged out on the way, then `to` (the
 * default product's start). A visitor goes straight on once the session check has answered,
 * with no logout: their session may hold an application they are filling in.
 */
export function LogoutOnTheWay({ to, checking }: { to: string; checking: ReactNode }): ReactNode {
  const { authenticated, logout } = useCustomerSession();
  const [done, setDone] = useState(false);
  const started = useRef(false);
  useEffect(() => {
    if (authenticated === null || started.current) return;
    started.current = true;
    if (!authenticated) setDone(true);
    else void logout().then(() => setDone(true));
  }, [authenticated, logout]);
  return done ? <Navigate to={to} replace /> : checking;
}
