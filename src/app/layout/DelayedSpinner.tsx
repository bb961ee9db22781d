// A spinner that appears only after a short wait, so fast answers do not flicker. Used by
// the identification pages and by the mortgage form's stage check; the latter runs in
// the application's entry, so this lives apart from the identification pages' code.
import { useEffect, useState, type ReactNode } from 'react';

export function DelayedSpinner({ delayMs = 500 }: { delayMs?: number }): ReactNode {
  const shown = useDelayed(delayMs);
  return shown ? <p className="spinner spinner--large identification__spinner" aria-hidden="true" /> : null;
}

function useDelayed(delayMs: number): boolean {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setShown(true), delayMs);
    return () => clearTimeout(timer);
  }, [delayMs]);
  return shown;
}
