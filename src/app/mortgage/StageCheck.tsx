// The stage check of a reopened mortgage link (marketplace spec §4: "Step 2 with an id
// checks the application state"). Part of the form's route rather than a page of its
// own: the form must not be mounted again when the first save moves it to a step path.
import { useEffect, useState, type ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { loadApplication } from '../application/storage.ts';
import type { Brand } from '../brands.ts';
import { DelayedSpinner } from '../layout/DelayedSpinner.tsx';
import { MessagePage } from '../layout/PageShell.tsx';
import { mortgagePages } from '../messages/step.fi.ts';
import type { IdentificationGateProps } from '../../flows/app-flow.ts';
import type { Product } from '../products.ts';
import { paths, type AppRoute } from '../routes.ts';
// Lazily: the code dialog's chunk is fetched only when a page needs it (issue 13).
import { ResumeGate } from '../pages/lazy-pages.tsx';
import { fetchMortgageStatus } from './api.ts';
import { pageOfStatus } from './navigation.ts';

/**
 * A step link this tab does not hold is checked once, when the page opens: a submitted
 * application goes to the page of its status, a draft shows the form (`children`), and
 * a failed check goes to the error page. What this tab holds, it is filling in.
 */
export function MortgageStageCheck({ brand, product, route, children }: { brand: Brand; product: Product; route: AppRoute; children: ReactNode }): ReactNode {
  const [opened] = useState(() => (route.kind === 'step' && !loadApplication(route.id, route.token) ? { id: route.id, token: route.token } : null));
  const [target, setTarget] = useState<string | null | 'checking' | 'code'>(opened ? 'checking' : null);
  // Asked again once a code has given this browser a session.
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (!opened) return;
    let current = true;
    setTarget('checking');
    void fetchMortgageStatus(opened.id, opened.token).then((status) => {
      if (!current) return;
      if (status === 'SESSION_REQUIRED') return setTarget('code');
      setTarget(status === null ? paths.error(product) : (pageOfStatus(product, opened.id, opened.token, status) ?? null));
    });
    return () => {
      current = false;
    };
  }, [opened, product, attempt]);
  if (target === 'code' && opened) {
    return <ResumeGate brand={brand} product={product} id={opened.id} token={opened.token} mode="session" onVerified={() => setAttempt((n) => n + 1)} />;
  }
  if (target === 'checking') return <StageChecking brand={brand} product={product} />;
  if (target !== null) return <Navigate to={target} replace state={opened} />;
  return children;
}

/** While a mortgage's stage is asked: its title, and a spinner only if the answer takes a while. */
export function StageChecking({ brand, product }: { brand: Brand; product: Product }): ReactNode {
  return (
    <MessagePage brand={brand} homeHref={paths.start(product)} title={mortgagePages.status.checking}>
      <div role="status" aria-live="polite">
        <DelayedSpinner delayMs={300} />
      </div>
    </MessagePage>
  );
}

/**
 * Shows `children` while the mortgage waits for identification; any other stage goes to
 * its page (a draft to its form), a failed check to the error page, and a check the server
 * refuses for want of this browser's session asks for the code first (issue 25).
 */
export function MortgageIdentificationStage({ brand, product, id, token, children }: IdentificationGateProps): ReactNode {
  const [stage, setStage] = useState<'checking' | 'code' | 'ready' | { to: string }>('checking');
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let current = true;
    setStage('checking');
    void fetchMortgageStatus(id, token).then((status) => {
      if (!current) return;
      if (status === 'SESSION_REQUIRED') return setStage('code');
      if (status === 'IDENTIFICATION_REQUIRED') return setStage('ready');
      if (status === null) return setStage({ to: paths.error(product) });
      setStage({ to: pageOfStatus(product, id, token, status) ?? paths.step(product, 1, id, token) });
    });
    return () => {
      current = false;
    };
  }, [id, token, product, attempt]);
  if (stage === 'ready') return children;
  if (stage === 'code') return <ResumeGate brand={brand} product={product} id={id} token={token} mode="session" onVerified={() => setAttempt((n) => n + 1)} />;
  if (stage !== 'checking') return <Navigate to={stage.to} replace state={{ id, token }} />;
  return <StageChecking brand={brand} product={product} />;
}
