// Site banners (marketplace spec §2 "banners", §7 GET /api/site-banners; issue 28 item 3): short
// notices an editor puts on top of the pages for a time (a service break, a changed number),
// kept as data (forms/content/banners.json, or the file SITE_BANNERS_FILE names) and checked by
// forms:check. Pure: which banners a file may hold, and which of them a page shows now.
import { isSafeHref, unsafeLinkFindings } from './links.ts';
import type { Finding } from './types.ts';

export const BANNER_SEVERITIES = ['info', 'warning', 'critical'] as const;
export type BannerSeverity = (typeof BANNER_SEVERITIES)[number];

export interface Banner {
  /** Stable: a dismissal is remembered by it, so a changed text under the same id stays dismissed. */
  id: string;
  /** The notice; a `[text](/path)` link in it is a link. */
  text: string;
  /** An optional link after the text. */
  link?: { text: string; href: string };
  severity: BannerSeverity;
  /** ISO 8601 with an offset: shown from `start` (inclusive) until `end` (exclusive). */
  start: string;
  end: string;
  /** The brands it shows on; every brand when absent. */
  brands?: string[];
  /** The page paths it shows on (`/lainahakemukset`, or a prefix `/hakemus/*`); every page when absent. */
  pages?: string[];
}

export interface BannerFile {
  banners: Banner[];
}

const ID = /^[a-z0-9]+(-[a-z0-9]+)*$/;
const TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;
const PAGE = /^\/[A-Za-z0-9/_-]*\*?$/;
export const BANNER_TEXT_MAX = 300;
const KEYS = new Set(['id', 'text', 'link', 'severity', 'start', 'end', 'brands', 'pages']);

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const timeOf = (value: unknown) => (typeof value === 'string' && TIME.test(value) ? Date.parse(value) : Number.NaN);
const isText = (value: unknown, max: number) => typeof value === 'string' && value.trim() !== '' && value.length <= max;

/** Every problem of a banner file, by JSON path; empty when it is sound. `brands`: the catalogue's. */
export function checkBanners(input: unknown, brands: ReadonlySet<string>): Finding[] {
  const findings: Finding[] = [];
  const add = (path: string, message: string) => findings.push({ path, message });
  if (!isObject(input) || !Array.isArray(input.banners)) return [{ path: '/banners', message: 'tiedotteiden lista puuttuu (voi olla tyhjä)' }];
  for (const key of Object.keys(input)) if (!['$schema', '$comment', 'banners'].includes(key)) add(`/${key}`, 'tuntematon avain');
  const seen = new Set<string>();
  input.banners.forEach((banner, index) => {
    const at = `/banners/${index}`;
    if (!isObject(banner)) return add(at, 'tiedotteen pitää olla olio');
    for (const key of Object.keys(banner)) if (!KEYS.has(key)) add(`${at}/${key}`, 'tuntematon avain');
    if (typeof banner.id !== 'string' || !ID.test(banner.id)) add(`${at}/id`, 'tunnus: pienet kirjaimet, numerot ja väliviivat');
    else if (seen.has(banner.id)) add(`${at}/id`, `sama tunnus kuin aiemmalla tiedotteella: ${banner.id}`);
    else seen.add(banner.id);
    if (!isText(banner.text, BANNER_TEXT_MAX)) add(`${at}/text`, `teksti puuttuu tai on yli ${BANNER_TEXT_MAX} merkkiä`);
    if (banner.link !== undefined) {
      const link = banner.link;
      if (!isObject(link) || !isText(link.text, 80) || typeof link.href !== 'string' || Object.keys(link).some((key) => key !== 'text' && key !== 'href'))
        add(`${at}/link`, 'linkki on { "text": "…", "href": "/polku tai https://…" }');
      else if (!isSafeHref(link.href)) add(`${at}/link/href`, 'vain sivuston oma polku (/…) tai https-osoite');
    }
    if (!(BANNER_SEVERITIES as readonly unknown[]).includes(banner.severity)) add(`${at}/severity`, `vakavuus: ${BANNER_SEVERITIES.join(', ')}`);
    const start = timeOf(banner.start);
    const end = timeOf(banner.end);
    if (Number.isNaN(start)) add(`${at}/start`, 'alkamisaika muodossa 2026-12-01T08:00:00+02:00');
    if (Number.isNaN(end)) add(`${at}/end`, 'päättymisaika muodossa 2026-12-01T18:00:00+02:00');
    if (!Number.isNaN(start) && !Number.isNaN(end) && end <= start) add(`${at}/end`, 'päättyy ennen kuin alkaa');
    if (banner.brands !== undefined) {
      if (!Array.isArray(banner.brands) || banner.brands.length === 0) add(`${at}/brands`, 'brändien lista (jätä pois, jos kaikki)');
      else banner.brands.forEach((brand, i) => (typeof brand === 'string' && brands.has(brand)) || add(`${at}/brands/${i}`, `brändiä ${String(brand)} ei ole luettelossa`));
    }
    if (banner.pages !== undefined) {
      if (!Array.isArray(banner.pages) || banner.pages.length === 0) add(`${at}/pages`, 'sivujen lista (jätä pois, jos kaikki)');
      else banner.pages.forEach((page, i) => (typeof page === 'string' && PAGE.test(page)) || add(`${at}/pages/${i}`, 'polku alkaa /, ja * vain lopussa (/hakemus/*)'));
    }
    if (typeof banner.text === 'string') findings.push(...unsafeLinkFindings(banner.text, `${at}/text`));
  });
  return findings;
}

/** Does a page pattern (`/a`, or a prefix `/a/*`) cover the path? */
export function pageMatches(pattern: string, path: string): boolean {
  if (!pattern.endsWith('*')) return pattern === path;
  const prefix = pattern.slice(0, -1);
  return path.startsWith(prefix) || `${path}/` === prefix;
}

/** The banners a page of a brand shows at `now`, in file order. */
export function activeBanners(banners: readonly Banner[], where: { brand: string; page: string | undefined; now: Date }): Banner[] {
  const now = where.now.getTime();
  return banners.filter(
    (banner) =>
      Date.parse(banner.start) <= now &&
      now < Date.parse(banner.end) &&
      (banner.brands === undefined || banner.brands.includes(where.brand)) &&
      (banner.pages === undefined || (where.page !== undefined && banner.pages.some((pattern) => pageMatches(pattern, where.page!)))),
  );
}
