// Beside the form on wide screens, below it on narrow ones: the summary of the
// answers so far, the promo box and the support line.
import type { ReactNode } from 'react';
import { lenderCount } from '../lender-count.ts';
import { site as content } from '../legal/legal-pages.ts';
import { site, promo } from '../messages/step.fi.ts';
import type { Product } from '../products.ts';
import { fill } from '../text.ts';
import { CheckIcon, PhoneIcon } from './icons.tsx';

/** The product's claims: its lender count is the marketplace's (src/app/lender-count.ts). */
export function PromoBox({ product }: { product: Product }): ReactNode {
  return (
    <section className="promo" aria-labelledby="promo-title">
      <h2 id="promo-title" className="promo__title">
        {promo.title}
      </h2>
      <ul className="promo__list">
        {promo.points.map((point) => (
          <li key={point}>
            <CheckIcon />
            {fill(point, { count: String(lenderCount(product)) })}
          </li>
        ))}
      </ul>
      <p className="promo__badge">{content.claims.free}</p>
    </section>
  );
}

export function SupportLine(): ReactNode {
  return (
    <p className="support-line">
      <PhoneIcon />
      <span>
        {site.support.label} {site.support.hours}, <a href={site.support.phoneHref}>{site.support.phoneText}</a>
      </span>
    </p>
  );
}
