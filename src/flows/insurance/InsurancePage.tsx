// /maksuturva (marketplace spec §2 "Insurance page"): a PLACEHOLDER. The payment-protection
// insurance (its eligibility, price table, form and signing) is not built yet; the page
// says so plainly and leads back to the customer's applications (docs/decisions.md).
import { useEffect, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { ServicePageProps } from '../app-flow.ts';
import { defaultProduct } from '../../app/catalogue.ts';
import { MessagePage } from '../../app/layout/PageShell.tsx';
import { customerTexts, site } from '../../app/messages.fi.ts';
import { paths } from '../../app/routes.ts';
import { fill } from '../../app/text.ts';
import { CUSTOMER_PATHS } from '../../app/customer/session.tsx';

const t = customerTexts.insurance;

export function InsurancePage({ brand }: ServicePageProps): ReactNode {
  useEffect(() => {
    document.title = `${t.title} | ${brand.name}`;
  }, [brand.name]);
  return (
    <MessagePage brand={brand} homeHref={paths.start(defaultProduct)} title={t.title}>
      <p>{t.body}</p>
      <p>{fill(t.support, { phone: site.support.phone })}</p>
      <p>
        <Link className="lv-button lv-button--primary" to={CUSTOMER_PATHS.applications}>
          {t.back}
        </Link>
      </p>
    </MessagePage>
  );
}
