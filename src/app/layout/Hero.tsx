// Above the form, where a visitor looks first: what the service is and the claims
// of spec §1 (lenders compared, satisfied customers, a three-minute form, payout): the
// lender count from the marketplace's data, the rest from forms/content/site.json (an editor's).
// The amount range it states is the loaded form's (the brand's own minimum).
import type { ReactNode } from 'react';
import { useLoadedDocument } from '../loaded-form.ts';
import { lenderCount } from '../lender-count.ts';
import { site } from '../legal/legal-pages.ts';
import type { Product } from '../products.ts';
import { heroText } from './hero-text.ts';
import { BankIcon, BoltIcon, ClockIcon, PeopleIcon } from './icons.tsx';

export function Hero({ product }: { product: Product }): ReactNode {
  const { claims } = site;
  const text = heroText(product, useLoadedDocument());
  return (
    <section className="hero" aria-labelledby="hero-title">
      <div className="hero__inner">
        <p className="hero__eyebrow">{text.eyebrow}</p>
        <h1 id="hero-title" className="hero__title">
          {text.title}
        </h1>
        <p className="hero__lead">{text.lead}</p>
        <ul className="hero__claims">
          <li>
            <BankIcon />
            <span>
              <strong>{lenderCount(product)}</strong> {claims.lenders.text}
            </span>
          </li>
          <li>
            <PeopleIcon />
            <span>
              <strong>{claims.customers.value}</strong> {claims.customers.text}
            </span>
          </li>
          <li>
            <ClockIcon />
            <span>
              <strong>{claims.minutes.value}</strong> {claims.minutes.text}
            </span>
          </li>
        </ul>
        <p className="hero__payout">
          <BoltIcon />
          {claims.payout}
        </p>
      </div>
    </section>
  );
}
