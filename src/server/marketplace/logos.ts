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

/** The room right of the mark (x 56 to 196 of the 200-wide box). */
export const NAME_ROOM = 140;
const ONE_LINE_SIZE = 17;
const TWO_LINE_SIZE = 15;
/** Arial bold's average advance is about 0.62 em; a little over, so an estimate that fits does. */
export const estimatedWidth = (text: string, fontSize: number) => text.length * fontSize * 0.62;

/**
 * The name as lines that fit the room (issue 25 item 15: 'Kompassi Yritysluotto' was cut
 * at the box's edge): one line when it fits at 17 px, else two at 15 px split at the
 * space nearest the middle; a line still too long is squeezed to the room (textLength).
 */
export function nameLines(name: string): { lines: string[]; fontSize: number } {
  if (estimatedWidth(name, ONE_LINE_SIZE) <= NAME_ROOM || !name.includes(' ')) return { lines: [name], fontSize: ONE_LINE_SIZE };
  const spaces = [...name.matchAll(/ /g)].map((match) => match.index!);
  const middle = name.length / 2;
  const at = spaces.reduce((best, index) => (Math.abs(index - middle) < Math.abs(best - middle) ? index : best));
  return { lines: [name.slice(0, at), name.slice(at + 1)], fontSize: TWO_LINE_SIZE };
}

export function logoSvg(lender: Pick<MarketLender, 'name' | 'color'>, index: number): string {
  const mark = MARKS[index % MARKS.length];
  // A second row of lenders gets the mark on a rounded square instead of a circle.
  const badge = index >= MARKS.length ? `<rect x="2" y="2" width="44" height="44" rx="10" fill="${lender.color}"/>` : `<circle cx="24" cy="24" r="22" fill="${lender.color}"/>`;
  const name = escapeXml(lender.name);
  const { lines, fontSize } = nameLines(lender.name);
  const baselines = lines.length === 1 ? [31] : [21, 39];
  const text = lines
    .map((line, i) => {
      const squeeze = estimatedWidth(line, fontSize) > NAME_ROOM ? ` textLength="${NAME_ROOM}" lengthAdjust="spacingAndGlyphs"` : '';
      return `<text x="56" y="${baselines[i]}" font-family="Arial, Helvetica, sans-serif" font-size="${fontSize}" font-weight="700" fill="${lender.color}"${squeeze}>${escapeXml(line)}</text>`;
    })
    .join('\n');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="200" height="48" viewBox="0 0 200 48" role="img" aria-label="${name}">
<title>${name}</title>
${badge}${mark}
${text}
</svg>
`;
}
