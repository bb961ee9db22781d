// The finishing page (spec §4, §8): 'Viimeistellään hakemusta' while the completion
// check runs, then the offers (step 0); a missing identification names the party and
// leads back to identify.
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import type { Brand } from '../brands.ts';
import { completeAuthentication, type Completion, type Party } from '../identification/api.ts';
import { MissingDetails } from '../identification/MissingDetails.tsx';
import { DelayedSpinner } from '../layout/DelayedSpinner.tsx';
import '../identification/identification.css';
import { MessagePage } from '../layout/PageShell.tsx';
import { identification } from '../messages/identification.fi.ts';
import type { Product } from '../products.ts';
import { ResumeGate } from './lazy-pages.tsx';
import { paths } from '../routes.ts';

interface Props {
  brand: Brand;
  product: Product;
  id: string;
  token: string;
}

const t = identification.status;
type Reason = keyof typeof t.reasons;

export function StatusPage(props: Props): ReactNode {
  if (!props.id || !props.token) return <MissingDetails brand={props.brand} product={props.product} />;
  return <Finishing {...props} />;
}

function Finishing({ brand, product, id, token }: Props): ReactNode {
  const navigate = useNavigate();
  const reasonParam = new URLSearchParams(useLocation().search).get('tunnistautuminen');
  const reason = reasonParam && reasonParam in t.reasons ? t.reasons[reasonParam as Reason] : null;
  const [result, setResult] = useState<Completion | null>(null);
  const [attempt, setAttempt] = useState(0);
  const headingRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    let current = true;
    setResult(null);
    void completeAuthentication(product, id, token).then((outcome) => {
      if (!current) return;
      // Spec §4: an application no longer waiting for identification goes to its offers too.
      if (outcome.kind === 'completed' || outcome.kind === 'stateMismatch') navigate(paths.offers(product, id, token), { replace: true });
      else setResult(outcome);
    });
    return () => {
      current = false;
    };
  }, [id, token, product, navigate, attempt]);

  useEffect(() => {
    if (result) headingRef.current?.focus();
  }, [result]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);

  // Opened in a browser without the application's session (issue 25): the code, then the check again.
  if (result?.kind === 'sessionRequired') return <ResumeGate brand={brand} product={product} id={id} token={token} mode="session" onVerified={retry} />;

  if (result?.kind === 'missing') {
    // Only the co-applicant left: the primary applicant's identification is confirmed first.
    const primaryDone = !result.parties.includes('PRIMARY') && result.parties.includes('CO_APPLICANT');
    return (
      <MessagePage brand={brand} homeHref={paths.start(product)} title={primaryDone ? t.primaryDoneTitle : t.missingTitle}>
        <div ref={headingRef} tabIndex={-1} className="identification__result">
          {primaryDone && (
            <p className="notice-box notice-box--success" role="status">
              {t.primaryDone}
            </p>
          )}
          {reason && (
            <p className="notice-box" role="alert">
              {reason}
            </p>
          )}
          <ul className="identification-missing">
            {result.parties.map((party: Party) => (
              <li key={party}>
                <p>{t.missing[party]}</p>
                <a className="lv-button lv-button--primary" href={`${paths.authentication(product, id, token)}${party === 'CO_APPLICANT' ? '?party=CO_APPLICANT' : ''}`}>
                  {t.authenticate[party]}
                </a>
              </li>
            ))}
          </ul>
          <p>{t.cannotIdentify}</p>
          <p>
            <a className="lv-button lv-button--secondary" href={paths.start(product)}>
              {t.newApplication}
            </a>
          </p>
        </div>
      </MessagePage>
    );
  }

  if (result?.kind === 'failed') {
    return (
      <MessagePage brand={brand} homeHref={paths.start(product)} title={t.failedTitle}>
        <div ref={headingRef} tabIndex={-1} className="identification__result">
          <p className="notice-box" role="alert">
            {t.failed}
          </p>
          <p>
            <button type="button" className="lv-button lv-button--primary" onClick={retry}>
              {t.retry}
            </button>
          </p>
        </div>
      </MessagePage>
    );
  }

  return (
    <MessagePage brand={brand} homeHref={paths.start(product)} title={t.title}>
      <div role="status" aria-live="polite">
        <DelayedSpinner delayMs={300} />
      </div>
    </MessagePage>
  );
}
