// The offers as a picture (issue 25): for each listed offer a bar of its total repayable
// amount and one of its monthly payment, in the list's order, the smallest total marked
// with words and a mark, not by colour alone. It is a table: the lender, the figures as
// text and the bars beside them (hidden from assistive technology, which reads the
// figures), so the chart is its own table equivalent. Bar lengths are set through the
// DOM (React's style property), which the CSP allows; no chart library.
import { useId, type ReactNode } from 'react';
import { offersTexts as t } from '../messages/offers.fi.ts';
import { fill } from '../text.ts';
import { formatCents } from './format.ts';
import { lowestTotalId, type ListedOffer } from './rules.ts';

interface Props {
  offers: ListedOffer[];
  headingLevel: 2 | 3;
}

/** A bar's length in percent of the largest value; never so short that it disappears. */
const share = (value: number, largest: number) => `${Math.max(2, Math.round((value / largest) * 1000) / 10)}%`;

export function OffersChart({ offers, headingLevel }: Props): ReactNode {
  const titleId = useId();
  const leadId = useId();
  if (offers.length === 0) return null;
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const lowest = lowestTotalId(offers);
  const largestTotal = Math.max(...offers.map((offer) => offer.totalAmount));
  const largestMonthly = Math.max(...offers.map((offer) => offer.monthlyPayment));
  return (
    <figure className="offers-chart" aria-labelledby={titleId} aria-describedby={leadId}>
      <Heading id={titleId} className="offers-chart__title">
        {t.chart.title}
      </Heading>
      <p id={leadId} className="offers-chart__lead">
        {t.chart.lead}
      </p>
      <table className="offers-chart__table">
        <caption className="lv-visually-hidden">{t.chart.caption}</caption>
        <thead>
          <tr>
            <th scope="col">{t.columns.lender}</th>
            <th scope="col">{t.columns.totalAmount}</th>
            <th scope="col">{t.columns.monthlyPayment}</th>
          </tr>
        </thead>
        <tbody>
          {offers.map((offer) => (
            <tr key={offer.id} data-offer-id={offer.id} className={offer.id === lowest ? 'offers-chart__row offers-chart__row--lowest' : 'offers-chart__row'}>
              <th scope="row">
                <span className="offers-chart__lender">{offer.partnerName}</span>
                {offer.id === lowest && (
                  <span className="offers-chart__mark">
                    <span aria-hidden="true">★ </span>
                    {t.chart.lowest}
                  </span>
                )}
              </th>
              <td>
                <span className="offers-chart__value">{formatCents(offer.totalAmount)}</span>
                <span className="offers-chart__track" aria-hidden="true">
                  <span className="offers-chart__bar offers-chart__bar--total" style={{ width: share(offer.totalAmount, largestTotal) }} />
                </span>
              </td>
              <td>
                <span className="offers-chart__value">{fill(t.perMonth, { value: formatCents(offer.monthlyPayment) })}</span>
                <span className="offers-chart__track" aria-hidden="true">
                  <span className="offers-chart__bar offers-chart__bar--monthly" style={{ width: share(offer.monthlyPayment, largestMonthly) }} />
                </span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
