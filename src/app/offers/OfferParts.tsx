// What every offers list shows of one offer (the consumer's and the business's): the
// lender's logo and the offer's terms.
import type { ReactNode } from 'react';
import { offersTexts as t } from '../messages/offers.fi.ts';
import { fill } from '../text.ts';
import { formatCents, formatEuros, formatPercent, formatTenor } from './format.ts';
import type { ListedOffer } from './rules.ts';

export function OfferFacts({ offer }: { offer: ListedOffer }): ReactNode {
  const rows: Array<[string, string]> = [
    [t.columns.amount, formatEuros(offer.amount)],
    [t.columns.tenor, formatTenor(offer.tenor)],
    [t.columns.interest, formatPercent(offer.interest)],
    [t.columns.apr, formatPercent(offer.apr)],
    [t.columns.monthlyPayment, fill(t.perMonth, { value: formatCents(offer.monthlyPayment) })],
    [t.columns.totalAmount, formatCents(offer.totalAmount)],
  ];
  return (
    <dl className="offer-facts">
      {rows.map(([term, value]) => (
        <div key={term}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

export function Lender({ offer }: { offer: ListedOffer }): ReactNode {
  return <img className="offers__logo" src={offer.logoUrl} alt={offer.partnerName} width={160} height={38} />;
}
