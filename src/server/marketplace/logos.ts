// Wordmarks for the simulated lenders, drawn from the catalogue: the lender's colour, a
// mark shape picked by its place in the catalogue and its name. Original and plain; no
// real company's logo is imitated.
import type { MarketLender } from './markets.ts';

const MARKS = [
  '<circle cx="24" cy="24" r="13" fill="#fff"/>',
  '<rect x="12" y="12" width="24" height="24" rx="4" fill="#fff"/>',
  '<path d="M24 9 39 24 24 39 9 24Z" fill="#fff"/>',
  '<path d="M24 10 38 36H10Z" fill="#fff"/>',
  '<path d="M10 30q7-14 14 0t14 0" stroke="#fff" stroke-width="5" fill="none" stroke-linecap="round"/>',
  '<path d="M14 12h20v6H20v4h12v6H20v8h-6Z" fill="#fff"/>',
  '<circle cx="18" cy="24" r="8" fill="#fff"/><circle cx="30" cy="24" r="8" fill="#fff" fill-opacity=".6"/>',
  '<path d="M24 8l4.7 10.3L40 19.6l-8.3 7.6L34 38l-10-5.6L14 38l2.3-10.8L8 19.6l11.3-1.3Z" fill="#fff"/>',
];

const escapeXml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function logoSvg(lender: Pick<MarketLender, 'name' | 'color'>, index: number): string {
  const mark = MARKS[index % MARKS.length];
  // A second row of lenders gets the mark on a rounded square instead of a circle.
  const badge = index >= MARKS.length ? `<rect x="2" y="2" width="44" height="44" rx="10" fill="${lender.color}"/>` : `<circle cx="24" cy="24" r="22" fill="${lender.color}"/>`;
  const name = escapeXml(lender.name);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="200" height="48" viewBox="0 0 200 48" role="img" aria-label="${name}">
<title>${name}</title>
${badge}${mark}
<text x="56" y="31" font-family="Arial, Helvetica, sans-serif" font-size="17" font-weight="700" fill="${lender.color}">${name}</text>
</svg>
`;
}
