// /lainahakemukset (spec §2, §4): the latest application and the lenders that have not
// answered yet, and every application of the customer with 'Peru hakemus' (a cancelled
// one says 'Peruttu', disabled). 'Haetaan tietoja...' while loading; a failed fetch says
// so (§8). The latest offers list and /haelainaa are not built yet (issue 17 stays open).
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import type { Brand } from '../brands.ts';
import { defaultProduct } from '../catalogue.ts';
import { MessagePage } from '../layout/PageShell.tsx';
import { customerTexts } from '../messages.fi.ts';
import { formatEuros } from '../offers/format.ts';
import { paths } from '../routes.ts';
import { fill } from '../text.ts';

const t = customerTexts.applications;

interface Summary {
  applicationId: number;
  applicationType: string;
  appliedAmount: number | null;
  createdAt: string;
  receivedOfferCount: number;
  applicationState: string;
}
interface Overview {
  latestApplication: (Summary & { pendingOffers: Array<{ partnerCode: string; partnerName: string }> }) | null;
  previousApplications: Summary[];
}

const date = (iso: string) => new Date(iso).toLocaleDateString('fi-FI');

async function fetchOverview(): Promise<Overview | null> {
  try {
    const response = await fetch('/api/applications', { headers: { accept: 'application/json' }, credentials: 'include' });
    return response.ok ? ((await response.json()) as Overview) : null;
  } catch {
    return null;
  }
}

export function ApplicationsPage({ brand }: { brand: Brand }): ReactNode {
  const [overview, setOverview] = useState<Overview | null | 'loading' | 'failed'>('loading');
  const reload = useCallback(() => {
    void fetchOverview().then((found) => setOverview(found ?? 'failed'));
  }, []);
  useEffect(() => {
    document.title = `${t.title} | ${brand.name}`;
    reload();
  }, [reload, brand.name]);

  const cancel = async (applicationId: number) => {
    try {
      const response = await fetch('/api/applications/cancel', { method: 'POST', headers: { 'content-type': 'application/json' }, credentials: 'include', body: JSON.stringify({ applicationId }) });
      await response.text();
    } catch (error) {
      // Spec §8: a failed cancel is only logged; the list shows what the server has.
      console.error('cancel failed', error);
    }
    reload();
  };

  const home = paths.start(defaultProduct);
  if (overview === 'loading' || overview === null) {
    return (
      <MessagePage brand={brand} homeHref={home} title={t.title}>
        <p role="status">{customerTexts.checking}</p>
      </MessagePage>
    );
  }
  if (overview === 'failed') {
    return (
      <MessagePage brand={brand} homeHref={home} title={t.title}>
        <p className="notice-box" role="alert">
          {customerTexts.fetchFailed}
        </p>
      </MessagePage>
    );
  }
  const { latestApplication: latest, previousApplications: previous } = overview;
  // Every application in one list, the latest first: each may be cancelled (spec §2).
  const all: Summary[] = latest ? [latest, ...previous.filter((application) => application.applicationId !== latest.applicationId)] : previous;
  return (
    <MessagePage brand={brand} homeHref={home} title={t.title}>
      {all.length === 0 && <p>{t.none}</p>}
      {latest && (
        <section aria-labelledby="latest-title">
          <h2 id="latest-title" className="identification__subtitle">
            {t.latest}: {t.types[latest.applicationType] ?? latest.applicationType}, {latest.appliedAmount === null ? '' : formatEuros(latest.appliedAmount)}
          </h2>
          {latest.pendingOffers.length > 0 ? (
            <>
              <p>{t.pending}</p>
              <ul>
                {latest.pendingOffers.map((lender) => (
                  <li key={lender.partnerCode}>{lender.partnerName}</li>
                ))}
              </ul>
            </>
          ) : (
            <p>{t.noPending}</p>
          )}
        </section>
      )}
      {all.length > 0 && (
        <section aria-labelledby="previous-title">
          <h2 id="previous-title" className="identification__subtitle">
            {t.previous}
          </h2>
          <ul className="customer-applications">
            {all.map((application) => (
              <li key={application.applicationId} className="customer-application" data-application-id={application.applicationId}>
                <p>
                  <strong>{t.types[application.applicationType] ?? application.applicationType}</strong> · {date(application.createdAt)}
                  {application.appliedAmount !== null && <> · {formatEuros(application.appliedAmount)}</>} · {t.columns.offers}: {application.receivedOfferCount}
                </p>
                {application.applicationState === 'CANCELLED' ? (
                  <button type="button" className="lv-button lv-button--secondary" disabled>
                    {t.cancelled}
                  </button>
                ) : (
                  <button type="button" className="lv-button lv-button--secondary" aria-label={fill(t.cancelLabel, { date: date(application.createdAt) })} onClick={() => void cancel(application.applicationId)}>
                    {t.cancel}
                  </button>
                )}
              </li>
            ))}
          </ul>
        </section>
      )}
    </MessagePage>
  );
}
