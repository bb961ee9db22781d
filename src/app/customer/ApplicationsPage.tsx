// /lainahakemukset (spec §2, §4 "Offers list in the customer area"): the offers of the
// latest application (or of the one chosen with 'Katso tarjoukset'), polled as on the
// offers page with the sort menu and the brand's 10 % filter; the lenders that have not
// answered yet; the earlier applications; 'Hae lainaa esitäytetyllä hakemuksella'.
// 'Haetaan tietoja...' while loading, §8's text when the overview cannot be fetched.
import { Suspense, useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { Brand } from '../brands.ts';
import { defaultProduct, services } from '../catalogue.ts';
import { appServiceNamed } from '../../flows/app-registry.ts';
import { MessagePage, PageShell } from '../layout/PageShell.tsx';
import { customerTexts } from '../messages/customer.fi.ts';
import { formatEuros } from '../offers/format.ts';
import { OffersList } from '../offers/OffersList.tsx';
import { DEFAULT_SORT, type SortChoice } from '../offers/rules.ts';
import { usePolledOffers } from '../offers/use-polled-offers.ts';
import { paths } from '../routes.ts';
import { fill } from '../text.ts';
import { acceptApplicationOffer, cancelApplication, fetchApplicationOffers, fetchOverview, type ApplicationSummary, type Overview } from './api.ts';
import { ApplicationList, applicationDate, CancelButton, ConfirmCancel, typeName } from './ApplicationList.tsx';
import { CUSTOMER_PATHS } from './session.tsx';

const t = customerTexts.applications;

export function ApplicationsPage({ brand }: { brand: Brand }): ReactNode {
  const [overview, setOverview] = useState<Overview | 'loading' | 'failed'>('loading');
  const [chosen, setChosen] = useState<ApplicationSummary | null>(null);
  const [cancelling, setCancelling] = useState<ApplicationSummary | null>(null);
  const shownRef = useRef<HTMLElement>(null);
  const reload = useCallback(() => {
    void fetchOverview().then((found) => setOverview(found ?? 'failed'));
  }, []);
  useEffect(() => {
    document.title = `${t.title} | ${brand.name}`;
    reload();
  }, [reload, brand.name]);

  const home = paths.start(defaultProduct);
  if (overview === 'loading' || overview === 'failed') {
    return (
      <MessagePage brand={brand} homeHref={home} title={t.title}>
        {overview === 'loading' ? (
          <p role="status">{customerTexts.checking}</p>
        ) : (
          <p className="notice-box" role="alert">
            {customerTexts.fetchFailed}
          </p>
        )}
      </MessagePage>
    );
  }

  const { latestApplication: latest, previousApplications: previous } = overview;
  // The chosen application as the last overview has it (a cancel changes its state).
  const shown = (chosen && [latest, ...previous].find((application) => application?.applicationId === chosen.applicationId)) || latest;
  const showOffers = (application: ApplicationSummary) => {
    setChosen(application.applicationId === latest?.applicationId ? null : application);
    shownRef.current?.scrollIntoView({ block: 'start' });
    shownRef.current?.focus();
  };
  const confirmCancel = async () => {
    const application = cancelling;
    setCancelling(null);
    if (application) await cancelApplication(application.applicationId);
    // Spec §4: cancelling reloads the overview.
    reload();
  };

  return (
    <PageShell brand={brand} homeHref={home}>
      <div className="customer-area">
        <h1 className="message-page__title">{t.title}</h1>
        <p>
          <Link className="lv-button lv-button--primary" to={CUSTOMER_PATHS.apply}>
            {t.apply}
          </Link>
        </p>
        {!latest && previous.length === 0 && <p>{t.none}</p>}
        <ServicePanels />
        {shown && (
          <section ref={shownRef} tabIndex={-1} className="customer-area__shown" aria-label={shown === latest ? t.latest : typeName(shown)}>
            <div className="customer-area__section-head">
              <p className="customer-area__shown-title">
                <strong>{shown === latest ? t.latest : typeName(shown)}</strong>:{' '}
                {fill(t.shown, { type: typeName(shown), amount: shown.appliedAmount === null ? '–' : formatEuros(shown.appliedAmount), date: applicationDate(shown.createdAt) })}
              </p>
              <CancelButton application={shown} onCancel={setCancelling} />
            </div>
            {shown !== latest && latest && (
              <p>
                <button type="button" className="lv-button lv-button--secondary" onClick={() => setChosen(null)}>
                  {t.backToLatest}
                </button>
              </p>
            )}
            <ShownOffers key={shown.applicationId} brand={brand} application={shown} pending={shown === latest ? latest.pendingOffers.length : undefined} onPendingChanged={reload} />
            {shown === latest && latest?.applicationState === 'FINALIZED' && <PendingLenders lenders={latest.pendingOffers} />}
          </section>
        )}
        {previous.length > 0 && <ApplicationList applications={previous} onShowOffers={showOffers} onCancel={setCancelling} />}
      </div>
      {cancelling && <ConfirmCancel onConfirm={() => void confirmCancel()} onClose={() => setCancelling(null)} />}
    </PageShell>
  );
}

/** The customer services' own summaries (the insurance applied for), each by its module. */
function ServicePanels(): ReactNode {
  return services.map((service) => {
    const Panel = appServiceNamed(service.flow)?.AreaPanel;
    return Panel ? (
      <Suspense key={service.id} fallback={null}>
        <Panel service={service} />
      </Suspense>
    ) : null;
  });
}

/**
 * The chosen application's offers, or why there are none to choose from: a mortgage goes
 * to the banks, who contact the customer (no offers list, spec §2); a draft has not been
 * sent; a cancelled application's offers can no longer be accepted.
 */
interface ShownProps {
  brand: Brand;
  application: ApplicationSummary;
  /** For the latest application: how many lenders the overview names as pending. */
  pending?: number;
  /** A poll counted another number of pending lenders: the names are fetched again. */
  onPendingChanged(): void;
}

function ShownOffers({ application, ...props }: ShownProps): ReactNode {
  if (application.applicationType === 'MORTGAGE') return <p>{application.applicationState === 'FINALIZED' ? t.mortgage : t.draft}</p>;
  if (application.applicationState === 'CANCELLED') return <p>{t.cancelledNote}</p>;
  if (application.applicationState !== 'FINALIZED') return <p>{t.draft}</p>;
  return <PolledOffers applicationId={application.applicationId} {...props} />;
}

function PolledOffers({ brand, applicationId, pending, onPendingChanged }: Omit<ShownProps, 'application'> & { applicationId: number }): ReactNode {
  const [sort, setSort] = useState<SortChoice>(DEFAULT_SORT);
  const isLatest = pending !== undefined;
  const fetchPage = useCallback((signal: AbortSignal) => fetchApplicationOffers(isLatest ? 'latest' : applicationId, sort, signal), [applicationId, isLatest, sort]);
  const { page, polls, failed } = usePolledOffers(fetchPage, {
    onPolled: (next) => {
      if (next && isLatest && next.pendingLenders !== pending) onPendingChanged();
    },
  });
  const accept = useCallback((offerId: number) => acceptApplicationOffer(applicationId, offerId), [applicationId]);
  return <OffersList page={page} polls={polls} failed={failed} sort={sort} onSort={setSort} interestFilter={brand.id === 'kattokorko'} accept={accept} titleLevel={2} />;
}

function PendingLenders({ lenders }: { lenders: Array<{ partnerCode: string; partnerName: string }> }): ReactNode {
  if (lenders.length === 0) return <p>{t.noPending}</p>;
  return (
    <div className="customer-area__pending">
      <p>{t.pending}</p>
      <ul>
        {lenders.map((lender) => (
          <li key={lender.partnerCode}>{lender.partnerName}</li>
        ))}
      </ul>
    </div>
  );
}
