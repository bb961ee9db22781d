// Content that is not a form: pages of text (the legal pages, forms/content/legal/)
// and the site's shared values and footer (forms/content/site.json). An editor changes
// them without code; forms:check holds them to their meta-schemas and cross-references,
// each finding by JSON path. Pure: the files are read by node.ts.
import Ajv2020Module from 'ajv/dist/2020.js';
import pageMetaSchema from './content-page.schema.json' with { type: 'json' };
import siteMetaSchema from './site-content.schema.json' with { type: 'json' };
import { unsafeLinkFindings } from './links.ts';
import type { Finding } from './types.ts';

export interface ContentSection {
  heading: string;
  paragraphs?: string[];
  items?: string[];
}

export interface ContentPage {
  title: string;
  /** YYYY-MM-DD. */
  updated: string;
  version: string;
  notice?: string;
  lead?: string;
  sections: ContentSection[];
}

export interface SiteContent {
  values: Record<string, string>;
  brands?: Record<string, { values?: Record<string, string> }>;
  footer: { description: string; address: string; linksTitle: string; links: Array<{ page: string; text: string }> };
}

/** Placeholders the app fills from the brand itself (catalogue), not from site.json. */
export const BRAND_PLACEHOLDERS = ['brand', 'domain'] as const;

type AjvClass = typeof import('ajv/dist/2020.js').default;
const Ajv2020 = ((Ajv2020Module as unknown as { default?: AjvClass }).default ?? Ajv2020Module) as AjvClass;
let validatePage: ReturnType<InstanceType<AjvClass>['compile']> | undefined;
let validateSite: ReturnType<InstanceType<AjvClass>['compile']> | undefined;

function shapeFindings(validate: ReturnType<InstanceType<AjvClass>['compile']>, input: unknown, what: string): Finding[] {
  if (validate(input)) return [];
  return (validate.errors ?? []).map((error) => ({
    path: error.instancePath || '/',
    message: `ei vastaa ${what} rakennetta: ${error.message}${error.params && 'additionalProperty' in error.params ? ` (${String(error.params.additionalProperty)})` : ''}`,
  }));
}

const PLACEHOLDER = /\{(\w+)\}/g;

/** Every string under `value` that names a placeholder not in `known`, by JSON path. */
function unknownPlaceholderFindings(value: unknown, known: ReadonlySet<string>, path = ''): Finding[] {
  if (typeof value === 'string')
    return [...value.matchAll(PLACEHOLDER)].filter((m) => !known.has(m[1])).map((m) => ({ path: path || '/', message: `tuntematon paikkamerkki {${m[1]}}: lisää se tiedoston content/site.json kohtaan values` }));
  if (Array.isArray(value)) return value.flatMap((item, i) => unknownPlaceholderFindings(item, known, `${path}/${i}`));
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([key, item]) => unknownPlaceholderFindings(item, known, `${path}/${key}`));
  return [];
}

const isRealDate = (text: string) => {
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
};

/** The placeholders a page may use: site.json's values and the brand's own. */
export function knownPlaceholders(site: SiteContent | undefined): Set<string> {
  return new Set([...BRAND_PLACEHOLDERS, ...Object.keys(site?.values ?? {})]);
}

/** A content page: the meta-schema, a real date, known placeholders and safe links. */
export function checkContentPage(input: unknown, placeholders: ReadonlySet<string>): Finding[] {
  validatePage ??= new Ajv2020({ allErrors: true, strict: false }).compile(pageMetaSchema);
  const shape = shapeFindings(validatePage, input, 'sisältösivun');
  if (shape.length) return shape;
  const page = input as ContentPage;
  const findings: Finding[] = [];
  if (!isRealDate(page.updated)) findings.push({ path: '/updated', message: `päivämäärää ${page.updated} ei ole` });
  const { $schema: _, ...text } = page as ContentPage & { $schema?: string };
  findings.push(...unknownPlaceholderFindings(text, placeholders), ...unsafeLinkFindings(text));
  return findings;
}

/** site.json: the meta-schema; per-brand values only for known brands and values; footer links to existing pages. */
export function checkSiteContent(input: unknown, pages: ReadonlySet<string>, brands: ReadonlySet<string>): Finding[] {
  validateSite ??= new Ajv2020({ allErrors: true, strict: false }).compile(siteMetaSchema);
  const shape = shapeFindings(validateSite, input, 'sivuston tekstien');
  if (shape.length) return shape;
  const site = input as SiteContent;
  const findings: Finding[] = [];
  const known = knownPlaceholders(site);
  for (const [brand, override] of Object.entries(site.brands ?? {})) {
    if (!brands.has(brand)) findings.push({ path: `/brands/${brand}`, message: `brändiä "${brand}" ei ole luettelossa (catalogue.json)` });
    for (const name of Object.keys(override.values ?? {}))
      if (!Object.hasOwn(site.values, name)) findings.push({ path: `/brands/${brand}/values/${name}`, message: `arvoa "${name}" ei ole kohdassa values: lisää sille yhteinen arvo` });
  }
  site.footer.links.forEach((link, i) => {
    if (!pages.has(link.page)) findings.push({ path: `/footer/links/${i}/page`, message: `sivua "${link.page}" ei ole (content/legal/${link.page}.json)` });
  });
  findings.push(...unknownPlaceholderFindings({ values: site.values, brands: site.brands, footer: site.footer }, known), ...unsafeLinkFindings(site.footer));
  return findings;
}

/** The values of one brand: the common ones, the brand's overrides, its name and domain; values may use {brand} and {domain}. */
export function brandValues(site: SiteContent, brand: { id: string; name: string; domain: string }): Record<string, string> {
  const own = { brand: brand.name, domain: brand.domain };
  const merged = { ...site.values, ...site.brands?.[brand.id]?.values };
  return { ...Object.fromEntries(Object.entries(merged).map(([name, value]) => [name, fillPlaceholders(value, own)])), ...own };
}

/** `{name}` replaced by its value; an unknown name stays as written (forms:check reports it). */
export function fillPlaceholders(text: string, values: Record<string, string>): string {
  return text.replace(PLACEHOLDER, (whole, name: string) => (Object.hasOwn(values, name) ? values[name] : whole));
}
