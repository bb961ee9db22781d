// Strong identification (spec §2, §4, §7): why it is needed, the methods as a grid of
// buttons, then 'Ohjataan tunnistautumiseen' while the provider's address is fetched.
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { loadApplication } from '../application/storage.ts';
import type { Identification } from '../../flows/app-flow.ts';
import type { Brand } from '../brands.ts';
import { fetchMethods, fetchRedirectUrl, partyFrom, type Method, type Party } from '../identification/api.ts';
import { LeaveFrame } from '../identification/LeaveFrame.tsx';
import { MethodList } from '../identification/MethodList.tsx';
import { MissingDetails } from '../identification/MissingDetails.tsx';
import { isEmbedded } from '../layout/embedding.ts';
import { DelayedSpinner } from '../layout/DelayedSpinner.tsx';
import '../identification/identification.css';
import { MessagePage } from '../layout/PageShell.tsx';
import { identification } from '../messages/identification.fi.ts';
import type { Product } from '../products.ts';
import { ResumeGate } from './lazy-pages.tsx';
import { paths } from '../routes.ts';
import { fill } from '../text.ts';

interface Props {
  brand: Brand;
  product: Product;
  id: string;
  token: string;
  /** Who identifies and how the page says it: the product's flow's (src/flows/<flow>/app.tsx). */
  identification: Identification;
}

const t = identification.authentication;

export function AuthenticationPage(props: Props): ReactNode {
  const { brand, product, id, token } = props;
  const party = partyFrom(useLocation().search);
  const [chosen, setChosen] = useState<Method | null>(null);
  if (!id || !token) return <MissingDetails brand={brand} product={product} />;
  const page = chosen ? (
    <RedirectView {...props} party={party} method={chosen} onBack={() => setChosen(null)} />
  ) : (
    <MethodChoice {...props} party={party} onChoose={setChosen} />
  );
  // A flow whose application is submitted before this page checks its stage first (marketplace
  // spec §4): an application no longer waiting for identification is not offered it again.
  const { Gate } = props.identification;
  return Gate ? (
    <Gate brand={brand} product={product} id={id} token={token}>
      {page}
    </Gate>
  ) : (
    page
  );
}

function MethodChoice({ brand, product, id, token, party, identification: flow, onChoose }: Props & { party: Party; onChoose: (method: Method) => void }): ReactNode {
  const [methods, setMethods] = useState<Method[] | null | 'loading'>('loading');
  // In a partner's frame the bank cannot open: the page leaves the frame first.
  const [embedded] = useState(isEmbedded);
  const stored = loadApplication(id, token);
  const hasCoApplicant = !flow.primaryOnly && (party === 'CO_APPLICANT' || stored?.data.hasCoApplicant === true);
  const reasonKey = new URLSearchParams(useLocation().search).get('tunnistautuminen');
  const reasons = identification.status.reasons;
  const reason = flow.showsReason && reasonKey && Object.hasOwn(reasons, reasonKey) ? reasons[reasonKey as keyof typeof reasons] : null;

  useEffect(() => {
    let current = true;
    void fetchMethods().then((found) => current && setMethods(found));
    return () => {
      current = false;
    };
  }, []);

  return (
    <MessagePage brand={brand} homeHref={paths.start(product)} title={t.title}>
      {reason && (
        <p className="notice-box" role="alert">
          {reason}
        </p>
      )}
      {party === 'PRIMARY' && <p className="message-page__lead">{flow.texts?.lead ?? t.saved}</p>}
      <p>{flow.texts?.why ?? t.why}</p>
      {hasCoApplicant && (
        <>
          <p>{t.coApplicant}</p>
          <p className="identification__party">{fill(t.partyNow, { party: t.party[party] })}</p>
        </>
      )}
      <section aria-labelledby="identification-methods-title">
        <h2 id="identification-methods-title" className="identification__subtitle">
          {t.methodsTitle}
        </h2>
        {embedded && <LeaveFrame />}
        {!embedded && <MethodList methods={methods} texts={t} onChoose={onChoose} />}
      </section>
      {flow.backToForm && (
        <p>
          <a className="lv-button lv-button--secondary" href={paths.step(product, 7, id, token)}>
            {t.back}
          </a>
        </p>
      )}
    </MessagePage>
  );
}

/**
 * Fetches the provider's address and leaves for it. The spec shows no message on
 * failure; we log it, say so briefly and offer a retry (docs/decisions.md).
 */
function RedirectView({ brand, product, id, token, party, method, onBack }: Props & { party: Party; method: Method; onBack: () => void }): ReactNode {
  const r = identification.redirect;
  const [failed, setFailed] = useState(false);
  // The link opened where the application was not filled (issue 25): the code, then the bank.
  const [needsCode, setNeedsCode] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const retryRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    let current = true;
    void fetchRedirectUrl(id, token, method.identifier, party).then((outcome) => {
      if (!current) return;
      if (outcome.kind === 'url') {
        window.location.assign(outcome.url);
        return;
      }
      if (outcome.kind === 'sessionRequired') {
        setNeedsCode(true);
        return;
      }
      console.error(`identification redirect failed (method ${method.identifier})`);
      setFailed(true);
    });
    return () => {
      current = false;
    };
  }, [id, token, method.identifier, party, attempt]);

  useEffect(() => {
    if (failed) retryRef.current?.focus();
  }, [failed]);

  const retry = useCallback(() => {
    setFailed(false);
    setAttempt((n) => n + 1);
  }, []);

  if (needsCode) {
    const verified = () => {
      setNeedsCode(false);
      setAttempt((n) => n + 1);
    };
    return <ResumeGate brand={brand} product={product} id={id} token={token} mode="session" onVerified={verified} />;
  }

  return (
    <MessagePage brand={brand} homeHref={paths.start(product)} title={r.title}>
      <p className="identification__method-name">{method.name}</p>
      {!failed && <DelayedSpinner key={attempt} />}
      {failed && (
        <>
          <p className="notice-box" role="alert">
            {r.failed}
          </p>
          <p className="identification__actions">
            <button ref={retryRef} type="button" className="lv-button lv-button--primary" onClick={retry}>
              {r.retry}
            </button>
            <button type="button" className="lv-button lv-button--secondary" onClick={onBack}>
              {r.otherMethod}
            </button>
          </p>
        </>
      )}
    </MessagePage>
  );
}
