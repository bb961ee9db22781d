// Beside the form on wide screens, below it on narrow ones: the summary of the
// answers so far, the promo box and the support line.
import type { ReactNode } from 'react';
import { site, promo, claims } from '../messages.fi.ts';
import { CheckIcon, PhoneIcon } from './icons.tsx';

export function PromoBox(): ReactNode {
  return (
    <section className="promo" aria-labelledby="promo-title">
      <h2 id="promo-title" className="promo__title">
        {promo.title}
      </h2>
      <ul className="promo__list">
        {promo.points.map((point) => (
          <li key={point}>
            <CheckIcon />
            {point}
          </li>
        ))}
      </ul>
      <p className="promo__badge">{claims.free}</p>
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
