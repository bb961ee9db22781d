// The content pages (forms/content/legal/<name>.json, shown at /<name>): which exist,
// and each one's text, fetched only when its page is shown so no page of text weighs on
// the application's first step. The site's shared values and footer (site.json) are small
// and every page's footer uses them.
import type { ContentPage, SiteContent } from '../../../engine/core/content.ts';
import { brandValues } from '../../../engine/core/content.ts';
import siteJson from '../../../forms/content/site.json';
import type { Brand } from '../brands.ts';

const loaders = import.meta.glob<ContentPage>('../../../forms/content/legal/*.json', { import: 'default' });

const nameOf = (file: string) => file.slice(file.lastIndexOf('/') + 1, -'.json'.length);
const byName = new Map(Object.entries(loaders).map(([file, load]) => [nameOf(file), load]));

/** The names of the content pages, each the path of its page: `/tietosuojaseloste`. */
export const contentPageNames: readonly string[] = [...byName.keys()].sort();

export const contentPagePath = (name: string) => `/${name}`;

export function loadContentPage(name: string): Promise<ContentPage> {
  const load = byName.get(name);
  return load ? load() : Promise.reject(new Error(`no content page ${name}`));
}

export const site = siteJson as SiteContent;

/** The brand's placeholder values: its name and domain, site.json's values with the brand's overrides. */
export const valuesFor = (brand: Brand) => brandValues(site, brand);
