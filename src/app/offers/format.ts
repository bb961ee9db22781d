// Finnish number formats for the offers list. Loan time is years and months ('5 v',
// '1 v 6 kk'), as on the lender page.
const euros = new Intl.NumberFormat('fi-FI', { style: 'currency', currency: 'EUR', maximumFractionDigits: 0 });
const cents = new Intl.NumberFormat('fi-FI', { style: 'currency', currency: 'EUR', minimumFractionDigits: 2, maximumFractionDigits: 2 });
const rate = new Intl.NumberFormat('fi-FI', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

export const formatEuros = (value: number) => euros.format(value);
export const formatCents = (value: number) => cents.format(value);
export const formatPercent = (value: number) => `${rate.format(value)} %`;

export function formatTenor(months: number): string {
  const years = Math.floor(months / 12);
  const rest = months % 12;
  return [years ? `${years} v` : '', rest ? `${rest} kk` : ''].filter(Boolean).join(' ');
}
