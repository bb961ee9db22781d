// Links inside a document's text: `[text](/path)`, Markdown's inline link and nothing
// else of Markdown. A label may point at a page (the terms a consent accepts) without
// the document carrying HTML. Only a path of the same site or an https address is a
// link; anything else (javascript:, data:, a relative path) stays plain text in the
// browser and is a finding in forms:check.

export type TextPart = { text: string } | { text: string; href: string };

const LINK = /\[([^\[\]]+)\]\(([^()\s]*)\)/g;
/** What an editor meant as a link, also when it is not one LINK reads (`[a](javascript:f(1))`). */
const LINK_ATTEMPT = /\[[^\[\]]+\]\(([^)\s]*)/g;

/** A path of this site (`/kayttoehdot`, `/a#b`) or an https address; not `//host` (another site). */
export function isSafeHref(href: string): boolean {
  return /^\/(?!\/)[^\s]*$/.test(href) || /^https:\/\/[^\s]+$/.test(href);
}

/** The text in order: plain runs and links. An unsafe link is left as the text it was written as. */
export function parseLinks(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let at = 0;
  for (const match of text.matchAll(LINK)) {
    const [whole, label, href] = match;
    if (!isSafeHref(href)) continue;
    if (match.index > at) parts.push({ text: text.slice(at, match.index) });
    parts.push({ text: label, href });
    at = match.index + whole.length;
  }
  if (at < text.length) parts.push({ text: text.slice(at) });
  return parts;
}

/** Every `[text](href)` written in the text whose href is not a safe link. */
export function unsafeLinks(text: string): string[] {
  return [...text.matchAll(LINK_ATTEMPT)].map((match) => match[1]).filter((href) => !isSafeHref(href));
}

/** Findings for every string of a JSON value (a document) that writes an unsafe link, by JSON path. */
export function unsafeLinkFindings(value: unknown, path = ''): Array<{ path: string; message: string }> {
  if (typeof value === 'string')
    return unsafeLinks(value).map((href) => ({ path: path || '/', message: `linkin osoite "${href}" ei kelpaa: käytä sivuston polkua (/sivu) tai https-osoitetta` }));
  if (Array.isArray(value)) return value.flatMap((item, i) => unsafeLinkFindings(item, `${path}/${i}`));
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([key, item]) => unsafeLinkFindings(item, `${path}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`));
  return [];
}
