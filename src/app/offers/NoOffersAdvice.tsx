// What a person can do when no lender made an offer (issue 25): apply again for less or
// for longer, apply with a co-applicant (consumer loans), or ask the customer service.
import { useId, type ReactNode } from 'react';
import { site } from '../messages/step.fi.ts';
import { offersTexts as t } from '../messages/offers.fi.ts';
import { fill } from '../text.ts';

interface Props {
  /** Where a new application starts. */
  newApplicationHref: string;
  /** The product takes a co-applicant (consumer loans do, business loans do not). */
  coApplicant: boolean;
  headingLevel: 2 | 3;
}

export function NoOffersAdvice({ newApplicationHref, coApplicant, headingLevel }: Props): ReactNode {
  const titleId = useId();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const Item = headingLevel === 2 ? 'h3' : 'h4';
  return (
    <section className="offers-advice" aria-labelledby={titleId}>
      <Heading id={titleId}>{t.advice.title}</Heading>
      <ul className="offers-advice__list">
        <li>
          <Item>{t.advice.smaller.title}</Item>
          <p>{t.advice.smaller.body}</p>
          <a className="lv-button lv-button--primary" href={newApplicationHref}>
            {t.advice.smaller.link}
          </a>
        </li>
        {coApplicant && (
          <li>
            <Item>{t.advice.coApplicant.title}</Item>
            <p>{t.advice.coApplicant.body}</p>
            <a href={newApplicationHref}>{t.advice.coApplicant.link}</a>
          </li>
        )}
        <li>
          <Item>{t.advice.support.title}</Item>
          <p>
            {fill(t.advice.support.body, { hours: site.support.hours })} <a href={site.support.phoneHref}>{site.support.phoneText}</a>
          </p>
        </li>
      </ul>
    </section>
  );
}
