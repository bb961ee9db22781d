// The mortgage's pages after its form (marketplace spec §2, §4, §8): the status
// poller, the processing and thank-you page, the denied page with its reasons, the
// error page, and the stage check that sends a reopened link where the application
// is. Each status leads where navigation.ts says; a failed call leads to the error page.
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import type { Brand } from '../brands.ts';
import { MissingDetails } from '../identification/MissingDetails.tsx';
import { DelayedSpinner } from '../layout/DelayedSpinner.tsx';
import '../identification/identification.css';
import { MessagePage } from '../layout/PageShell.tsx';
import { mortgagePages, site } from '../messages/step.fi.ts';
import type { Product } from '../products.ts';
import { paths } from '../routes.ts';
import { fill } from '../text.ts';
import { fetchIdentified, fetchMortgageOutcome, fetchMortgageStatus, type MortgageOutcome } from './api.ts';
import { deniedState, IDENTIFIED_POLL_MS, pageOfStatus, STATUS_POLL_LIMIT, STATUS_POLL_MS, type DeniedState } from './navigation.ts';

interface ApplicationProps {
  brand: Brand;
  product: Product;
  id: string;
  token: string;
}

/** Spec §4 "Status poller": asks now and every 5 s, at most 10 times, then gives up to the error page. */
export function MortgageStatusPage({ brand, product, id, token }: ApplicationProps): ReactNode {
  const navigate = useNavigate();
  const { search } = useLocation();
  const [draft, setDraft] = useState(false);
  const t = mortgagePages.status;

  useEffect(() => {
    if (!id || !token) return;
    let current = true;
    let asked = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const ask = async () => {
      asked += 1;
      const status = await fetchMortgageStatus(id, token);
      if (!current) return;
      // The stage check and the identification page ask for a code; a poll has nothing to ask it for.
      if (status === null || status === 'SESSION_REQUIRED') return navigate(paths.error(product), { replace: true });
      if (status === 'DRAFT') return setDraft(true);
      const page = pageOfStatus(product, id, token, status);
      if (page && status !== 'READY_FOR_ANALYSIS') {
        // A failed identification's reason travels on to the method choice, which says it.
        const state: DeniedState = { id, token };
        return navigate(status === 'IDENTIFICATION_REQUIRED' ? page + search : page, { replace: true, state });
      }
      if (asked >= STATUS_POLL_LIMIT) return navigate(paths.error(product), { replace: true });
      timer = setTimeout(() => void ask(), STATUS_POLL_MS);
    };
    void ask();
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [id, token, product, search, navigate]);

  if (!id || !token) return <MissingDetails brand={brand} product={product} />;
  return (
    <MessagePage brand={brand} homeHref={paths.start(product)} title={t.title}>
      {draft ? (
        <>
          <p className="notice-box" role="alert">
            {t.draft}
          </p>
          <p>
            <a className="lv-button lv-button--primary" href={paths.step(product, 1, id, token)}>
              {t.backToForm}
            </a>
          </p>
        </>
      ) : (
        <div role="status" aria-live="polite">
          <p>{t.analysing}</p>
          <DelayedSpinner delayMs={300} />
        </div>
      )}
    </MessagePage>
  );
}

/**
 * `/offers/{id}/{token}` (spec §2 "processing / thank-you page"): asks every 4 s until
 * the identification is confirmed, then shows the thank-you with the banks it went to.
 */
export function MortgageOffersPage({ brand, product, id, token }: ApplicationProps): ReactNode {
  const navigate = useNavigate();
  const [outcome, setOutcome] = useState<MortgageOutcome | null>(null);
  const headingRef = useRef<HTMLDivElement>(null);
  const t = mortgagePages.offers;

  useEffect(() => {
    if (!id || !token) return;
    let current = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const ask = async () => {
      const identified = await fetchIdentified(id, token);
      if (!current) return;
      if (identified === null) return navigate(paths.error(product), { replace: true });
      if (!identified) {
        timer = setTimeout(() => void ask(), IDENTIFIED_POLL_MS);
        return;
      }
      const found = await fetchMortgageOutcome(id, token);
      if (!current) return;
      if (found === null) return navigate(paths.error(product), { replace: true });
      // Not forwarded after all (denied, or still being analysed): the page of that status.
      if (found.status !== 'OTHER') return navigate(pageOfStatus(product, id, token, found.status) ?? paths.status(product, id, token), { replace: true, state: { id, token } });
      setOutcome(found);
    };
    void ask();
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [id, token, product, navigate]);

  useEffect(() => {
    if (outcome) headingRef.current?.focus();
  }, [outcome]);

  if (!id || !token) return <MissingDetails brand={brand} product={product} />;
  if (!outcome) {
    return (
      <MessagePage brand={brand} homeHref={paths.start(product)} title={t.processingTitle}>
        <div role="status" aria-live="polite">
          <p>{t.processing}</p>
          <DelayedSpinner delayMs={300} />
        </div>
      </MessagePage>
    );
  }
  return (
    <MessagePage brand={brand} homeHref={paths.start(product)} title={t.thanksTitle}>
      <div ref={headingRef} tabIndex={-1} className="identification__result">
        <p className="message-page__lead">{t.thanks}</p>
        <ul className="mortgage-banks">
          {outcome.banks.map((bank) => (
            <li key={bank}>{bank}</li>
          ))}
        </ul>
        <p>{t.next}</p>
        <p>
          <a className="lv-button lv-button--secondary" href={paths.start(product)}>
            {t.newApplication}
          </a>
        </p>
      </div>
    </MessagePage>
  );
}

/** `/denied` (spec §2): compared but not forwarded, and why. The id and token come with the history entry. */
export function MortgageDeniedPage({ brand, product }: { brand: Brand; product: Product }): ReactNode {
  const from = deniedState(useLocation().state);
  const [reasons, setReasons] = useState<string[] | null | 'loading'>(from ? 'loading' : null);
  const t = mortgagePages.denied;

  useEffect(() => {
    if (!from) return;
    let current = true;
    void fetchMortgageOutcome(from.id, from.token).then((found) => {
      if (current) setReasons(found?.status === 'DENIED' && found.reasons.length > 0 ? found.reasons : null);
    });
    return () => {
      current = false;
    };
  }, [from?.id, from?.token]);

  return (
    <MessagePage brand={brand} homeHref={paths.start(product)} title={t.title}>
      <p className="message-page__lead">{t.body}</p>
      <section aria-labelledby="denied-reasons-title">
        <h2 id="denied-reasons-title" className="identification__subtitle">
          {t.reasonsTitle}
        </h2>
        {reasons === 'loading' && <DelayedSpinner delayMs={300} />}
        {reasons === null && <p>{t.noReasons}</p>}
        {Array.isArray(reasons) && (
          <ul className="mortgage-reasons">
            {reasons.map((reason) => (
              <li key={reason}>{reason}</li>
            ))}
          </ul>
        )}
      </section>
      <p>{t.advice}</p>
      <p>
        <a className="lv-button lv-button--primary" href={paths.start(product)}>
          {t.newApplication}
        </a>
      </p>
    </MessagePage>
  );
}

/**
 * `/error` of the mortgage and the business loan (spec §2, §8): what happened, the
 * customer service, the account ('/') and a new application — at /hakemus/asuntolaina,
 * as §2 names it for both.
 */
export function MortgageErrorPage({ brand, product }: { brand: Brand; product: Product }): ReactNode {
  const t = mortgagePages.error;
  const email = fill(site.support.email, { domain: brand.domain });
  return (
    <MessagePage brand={brand} homeHref={paths.start(product)} title={t.title}>
      <p className="notice-box" role="alert">
        {fill(t.body, { email })}
      </p>
      <p>
        <a href={`mailto:${email}`}>{email}</a> · <a href={site.support.phoneHref}>{site.support.phoneText}</a>
      </p>
      <p className="identification__actions">
        <a className="lv-button lv-button--secondary" href="/">
          {t.login}
        </a>
        <a className="lv-button lv-button--primary" href={paths.start('asuntolaina')}>
          {t.newApplication}
        </a>
      </p>
    </MessagePage>
  );
}
