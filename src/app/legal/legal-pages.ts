// The content pages (forms/content/legal/<name>.json, shown at /<name>): which exist,
// and each one's text, fetched only when its page is shown so no page of text weighs on
// the application's first step. The site's shared values and footer (site.json) are small
// and every page's footer uses them. A page's text is the server's live one
// (GET /api/content/pages/<name>: a version published in the studio shows without a build);
// the bundled text when the server does not answer it, so a page always has its text.
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

/** The server's live text of a page: undefined when it cannot answer (down, an old server, a broken answer). */
async function fetchLivePage(name: string): Promise<ContentPage | undefined> {
  try {
    const response = await fetch(`/api/content/pages/${encodeURIComponent(name)}`, { headers: { accept: 'application/json' } });
    if (!response.ok) return undefined;
    const page = (await response.json()) as Partial<ContentPage>;
    return typeof page.title === 'string' && Array.isArray(page.sections) ? (page as ContentPage) : undefined;
  } catch {
    return undefined;
  }
}

export async function loadContentPage(name: string): Promise<ContentPage> {
  const load = byName.get(name);
  if (!load) throw new Error(`no content page ${name}`);
  return (await fetchLivePage(name)) ?? load();
}

export const site = siteJson as SiteContent;

/** The brand's placeholder values: its name and domain, site.json's values with the brand's overrides. */
export const valuesFor = (brand: Brand) => brandValues(site, brand);
