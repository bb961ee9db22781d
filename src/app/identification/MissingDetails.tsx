// Spec §7: the identification pages opened without an application id or token.
import { useEffect, useState, type ReactNode } from 'react';
import type { Brand } from '../brands.ts';
import { HomeNoticePage } from '../layout/PageShell.tsx';
import { identification } from '../messages.fi.ts';
import type { Product } from '../products.ts';
import { paths } from '../routes.ts';

export function MissingDetails({ brand, product }: { brand: Brand; product: Product }): ReactNode {
  const t = identification.missingDetails;
  return (
    <HomeNoticePage brand={brand} homeHref={paths.start(product)} title={t.title} body={t.body} action={t.action} />
  );
}

/** A spinner that appears only after a short wait, so fast answers do not flicker. */
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
