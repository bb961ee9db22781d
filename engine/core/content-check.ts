// forms:check for content (content.ts): the meta-schemas, real dates, known placeholders,
// safe links and cross-references, each finding by JSON path. Pure: the files are read by
// node.ts. Node only (it compiles the meta-schemas with AJV).
import Ajv2020Module from 'ajv/dist/2020.js';
import pageMetaSchema from './content-page.schema.json' with { type: 'json' };
import siteMetaSchema from './site-content.schema.json' with { type: 'json' };
import { knownPlaceholders, PLACEHOLDER, type ContentPage, type SiteContent } from './content.ts';
import { unsafeLinkFindings } from './links.ts';
import type { Finding } from './types.ts';

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
