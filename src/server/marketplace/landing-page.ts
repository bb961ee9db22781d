// The simulated lender's page for an accepted offer: server-rendered, no script, its
// colours from a per-lender stylesheet, so it runs under the strict CSP unchanged.
import { lenderPageTexts as t, partnerPageTexts, type PartnerPageTexts } from '../messages.ts';
import type { Offer } from './offers.ts';

const euros = new Intl.NumberFormat('fi-FI', { style: 'currency', currency: 'EUR' });
const percent = new Intl.NumberFormat('fi-FI', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const fill = (template: string, values: Record<string, string>) => template.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);

/** Months as the offers list shows them: "5 v 6 kk", "60 kk" never. */
export function formatTenor(months: number): string {
  const years = Math.floor(months / 12);
  const rest = months % 12;
  return [years ? `${years} v` : '', rest ? `${rest} kk` : ''].filter(Boolean).join(' ');
}

function page(title: string, stylesheets: string[], body: string): string {
  return `<!doctype html>
<html lang="fi">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
${stylesheets.map((href) => `<link rel="stylesheet" href="${href}">`).join('\n')}
</head>
<body>
${body}
</body>
</html>
`;
}

export function lenderPage(offer: Offer): string {
  const rows: Array<[string, string]> = [
    [t.amount, euros.format(offer.amount)],
    [t.tenor, formatTenor(offer.tenor)],
    [t.interest, `${percent.format(offer.interest)} %`],
    [t.apr, `${percent.format(offer.apr)} %`],
    [t.monthlyPayment, fill(t.perMonth, { value: euros.format(offer.monthlyPayment) })],
    [t.totalAmount, euros.format(offer.totalAmount)],
    [t.arrangementFee, euros.format(offer.arrangementFee)],
    [t.monthlyFee, fill(t.perMonth, { value: euros.format(offer.monthlyFee) })],
  ];
  const name = escapeHtml(offer.partnerName);
  return page(fill(t.title, { lender: offer.partnerName }), ['/lainaaja/tyyli.css', `/lainaaja/vari/${encodeURIComponent(offer.partnerCode)}.css`], `<p class="demo" role="note">${escapeHtml(t.demoNotice)}</p>
<header class="lender"><img src="/images/partners/${encodeURIComponent(offer.partnerCode)}.svg" alt="${name}" width="200" height="48"></header>
<main>
<h1>${escapeHtml(t.heading)}</h1>
<p>${escapeHtml(t.intro)}</p>
<dl class="facts">
${rows.map(([term, value]) => `<div><dt>${escapeHtml(term)}</dt><dd>${escapeHtml(value)}</dd></div>`).join('\n')}
</dl>
<p>${escapeHtml(offer.lenderInfo)}</p>
<p class="binding"><strong>${escapeHtml(t.notBinding)}</strong></p>
<p><a href="/">${escapeHtml(t.back)}</a></p>
</main>`);
}

export function lenderNotFoundPage(): string {
  return page(t.notFoundTitle, ['/lainaaja/tyyli.css'], `<main>
<h1>${escapeHtml(t.notFoundTitle)}</h1>
<p>${escapeHtml(t.notFoundBody)}</p>
<p><a href="/">${escapeHtml(t.back)}</a></p>
</main>`);
}

/** The sponsored partner of the second brand's empty offers list: a demo page, and it says so. */
/** A partner's demo page (a promoted or sponsored partner the demo has no real page for): by default the second brand's. */
export function partnerDemoPage(p: PartnerPageTexts = partnerPageTexts): string {
  return page(p.title, ['/lainaaja/tyyli.css'], `<p class="demo" role="note">${escapeHtml(p.demoNotice)}</p>
<main>
<h1>${escapeHtml(p.heading)}</h1>
<p>${escapeHtml(p.intro)}</p>
<p><a href="/">${escapeHtml(p.back)}</a></p>
</main>`);
}

export const LENDER_STYLESHEET = `:root { --lender: #0f3a63; color-scheme: light; }
* { box-sizing: border-box; }
body { margin: 0; font-family: Arial, Helvetica, sans-serif; line-height: 1.5; color: #1a1a1a; background: #f6f7f9; }
.demo { margin: 0; padding: .75rem 1rem; background: #fff4d6; border-bottom: 2px solid #8a6100; color: #3d2b00; font-weight: 700; text-align: center; }
.lender { background: #fff; border-bottom: 6px solid var(--lender); padding: 1rem; }
.lender img { display: block; max-width: 100%; height: auto; }
main { max-width: 40rem; margin: 1.5rem auto; padding: 1.5rem; background: #fff; border-top: 4px solid var(--lender); }
h1 { margin-top: 0; font-size: 1.6rem; }
.facts { margin: 0 0 1rem; }
.facts div { display: flex; flex-wrap: wrap; justify-content: space-between; gap: .5rem; padding: .5rem 0; border-bottom: 1px solid #d5d9de; }
.facts dt { font-weight: 700; }
.facts dd { margin: 0; }
.binding { padding: .75rem; border-left: 4px solid var(--lender); background: #f1f3f5; }
a { color: #0b3a66; }
a:focus-visible { outline: 3px solid #1a1a1a; outline-offset: 2px; }
`;

/** The lender's colour as a stylesheet: the page stays free of inline styles. */
export function lenderColourSheet(color: string): string {
  return `:root { --lender: ${/^#[0-9a-f]{6}$/i.test(color) ? color : '#0f3a63'}; }\n`;
}
