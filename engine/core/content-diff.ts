// The readable diff of content that is not a form (the banners, a legal page; issue 30): a
// generic walk of two JSON values by path, each changed text or value one Finnish line, named
// as an editor knows it ('Banneri kevat-2027: teksti "…" → "…"', 'Osio 3: otsikko …').
// Banners are matched by their id, so reordering or adding one does not read as every banner
// changed; other lists (a page's sections, paragraphs) by position, which is what the page shows.
// Pure: the words are here with the walk, as form-diff-format.ts has the forms' words.
import { describeChange, formatValue } from './form-diff-format.ts';
import { sameJson } from './json-compare.ts';

export interface ContentChange {
  /** JSON path of the change (a banner by its id: `/banners/kevat-2027/text`). */
  path: string;
  before?: unknown;
  after?: unknown;
  text: string;
}

/** The fields' names as an editor reads them; any other key is shown as it is. */
const FIELD_NAMES: Record<string, string> = {
  text: 'teksti',
  heading: 'otsikko',
  title: 'otsikko',
  paragraphs: 'kappale',
  items: 'kohta',
  severity: 'vakavuus',
  start: 'alkaa',
  end: 'päättyy',
  brands: 'brändi',
  pages: 'sivu',
  link: 'linkki',
  href: 'osoite',
  updated: 'päivitetty',
  version: 'versio',
  notice: 'huomautus',
  lead: 'johdanto',
  $comment: 'kommentti',
};

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const bannerId = (value: unknown) => (isObject(value) && typeof value.id === 'string' ? value.id : undefined);

/** A list keyed for comparing: banners by id (when every one has a distinct id), anything else by position. */
function keyed(list: readonly unknown[], byId: boolean): Map<string, unknown> {
  const ids = list.map(bannerId);
  const distinct = byId && ids.every((id) => id !== undefined) && new Set(ids).size === ids.length;
  return new Map(list.map((value, index) => [distinct ? ids[index]! : String(index), value]));
}

type Segment = { key: string; index?: number };

/** `Banneri x`, `Osio 3` or `Sivu` for where a change is, then its field words: `kappale 2`, `linkki osoite`. */
function describeWhere(segments: readonly Segment[]): { where: string; field: string } {
  const [first, second, ...rest] = segments;
  let where = 'Sivu';
  let fields = segments;
  if (first?.key === 'banners' && second) {
    where = `Banneri ${second.key}`;
    fields = rest;
  } else if (first?.key === 'sections' && second) {
    where = `Osio ${(second.index ?? 0) + 1}`;
    fields = rest;
  } else if (first?.key === 'banners') where = 'Bannerit';
  const words: string[] = [];
  for (const segment of fields) {
    if (segment.index !== undefined) words.push(String(segment.index + 1));
    else words.push(FIELD_NAMES[segment.key] ?? segment.key);
  }
  return { where, field: words.join(' ') };
}

/** An added or removed object named by what it says first (a banner's text, a section's heading). */
const gist = (value: unknown): unknown => (isObject(value) ? (value.heading ?? value.text ?? value.title ?? value) : value);

/** The changes between two versions of a content item, in document order; none when they are the same JSON. */
export function diffContent(before: unknown, after: unknown): ContentChange[] {
  const changes: ContentChange[] = [];
  const walk = (a: unknown, b: unknown, segments: Segment[]) => {
    if (sameJson(a, b)) return;
    if (isObject(a) && isObject(b)) {
      for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) if (key !== '$schema') walk(a[key], b[key], [...segments, { key }]);
      return;
    }
    if (Array.isArray(a) && Array.isArray(b)) {
      const byId = segments.length === 1 && segments[0].key === 'banners';
      const from = keyed(a, byId);
      const to = keyed(b, byId);
      for (const key of new Set([...from.keys(), ...to.keys()])) walk(from.get(key), to.get(key), [...segments, byId ? { key } : { key, index: Number(key) }]);
      return;
    }
    const { where, field } = describeWhere(segments);
    const path = '/' + segments.map((segment) => segment.key).join('/');
    const whole = field === '';
    // A banner or section added or removed as a whole reads as one line, not one per field.
    const text = whole
      ? a === undefined
        ? `${where} lisätty: ${formatValue(gist(b))}`
        : b === undefined
          ? `${where} poistettu (oli ${formatValue(gist(a))})`
          : `${where}: ${formatValue(a)} → ${formatValue(b)}`
      : `${where}: ${describeChange(field, a, b)}`;
    changes.push({ path, ...(a !== undefined && { before: a }), ...(b !== undefined && { after: b }), text });
  };
  walk(before, after, []);
  return changes;
}

/** The changes as lines; `Ei muutoksia.` when there are none (as formatFormDiff). */
export const formatContentDiff = (changes: readonly ContentChange[]): string[] => (changes.length ? changes.map((change) => change.text) : ['Ei muutoksia.']);
