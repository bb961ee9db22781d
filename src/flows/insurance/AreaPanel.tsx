// The insurance on /lainahakemukset (issue 27 item 7): when the customer has applied, its
// status and the insurer's answer, with the link to /maksuturva. Nothing when there is no
// application; a failed fetch is only logged (the area's own content is what the page is for).
import { useEffect, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { CatalogueService } from '../../../engine/core/catalogue.ts';
import insurance from '../../../forms/insurance.json' with { type: 'json' };
import { customerTexts } from '../../app/messages/customer.fi.ts';
import { decisionText } from './decision.ts';
import { fetchInsurance, type InsuranceApplication } from './page-api.ts';
import { statusText } from './page-logic.ts';
import './insurance.css';

const t = customerTexts.insurance;

export function InsuranceAreaPanel({ service }: { service: CatalogueService }): ReactNode {
  const [application, setApplication] = useState<InsuranceApplication | null>(null);
  useEffect(() => {
    let current = true;
    void fetchInsurance().then((read) => {
      if (!current) return;
      if (read.kind === 'found') setApplication(read.answer.insuranceApplication);
      else if (read.kind === 'failed') console.error('insurance panel: the application could not be read');
    });
    return () => {
      current = false;
    };
  }, []);
  if (!application) return null;
  const signed = application.applicationStatus === 'SIGNED';
  return (
    <section className="insurance-area-panel" aria-labelledby="insurance-area-panel-title" data-testid="insurance-panel">
      <h2 id="insurance-area-panel-title">{t.panelTitle}</h2>
      <p>
        {t.statusLabel} <strong>{statusText(insurance.texts, application.applicationStatus)}</strong>
      </p>
      {signed && <p>{application.insurerAnswer ? decisionText(application.insurerAnswer) : t.insurerWaiting}</p>}
      <p>
        <Link className="lv-link" to={`/${service.path}`}>
          {t.panelLink}
        </Link>
      </p>
    </section>
  );
}
