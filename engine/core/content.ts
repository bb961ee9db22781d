// Content that is not a form: pages of text (the legal pages, forms/content/legal/)
// and the site's shared values and footer (forms/content/site.json), as the pages read
// them. An editor changes them without code; content-check.ts (forms:check) holds them to
// their meta-schemas and cross-references. No AJV here: the browser imports this file.

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
  /** The application pages' claims (consumer spec §1); the lender count is the marketplace's own. */
  claims: {
    lenders: { text: string };
    customers: { value: string; text: string };
    minutes: { value: string; text: string };
    payout: string;
    free: string;
  };
}

/** Placeholders the app fills from the brand itself (catalogue), not from site.json. */
export const BRAND_PLACEHOLDERS = ['brand', 'domain'] as const;

/** A placeholder in a text: `{name}`. */
export const PLACEHOLDER = /\{(\w+)\}/g;

/** The placeholders a page may use: site.json's values and the brand's own. */
export function knownPlaceholders(site: SiteContent | undefined): Set<string> {
  return new Set([...BRAND_PLACEHOLDERS, ...Object.keys(site?.values ?? {})]);
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
