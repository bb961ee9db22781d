// GET /api/content/pages/:name (issue 30): the live text of a legal page, for the browser's page
// loader, which shows the bundled text when this fails. A version published in the studio
// (content:legal/<name>) serves within the live content's refresh; until one is, the file in
// forms/content/legal/ that the build bundled. Sent `no-cache` with an ETag of the text, so a
// page revalidates (a 304 is a few bytes) and never shows a text older than the last publish.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { CONTENT_FOLDER, PAGES_FOLDER, listContentPages } from '../../engine/core/node.ts';
import { ApiError } from './errors.ts';
import { contentHash } from './versions/hash.ts';
import { pageItem } from './versions/items.ts';
import { publishedFromDatabase, type LiveContent } from './versions/live-content.ts';

export interface ContentPageOptions {
  formsDir: string;
  live: LiveContent;
}

const NAME = /^[a-z0-9]+(-[a-z0-9]+)*$/;
const unknownPage = () => new ApiError(404, 'NOT_FOUND', 'contentPageUnknown');

export async function contentPageRoutes(app: FastifyInstance, { formsDir, live }: ContentPageOptions): Promise<void> {
  // The pages forms/ has; a page only the database has is not one the site links to or routes.
  const filed = new Set(listContentPages(formsDir));
  const fileOf = (name: string): unknown => {
    try {
      return JSON.parse(readFileSync(join(formsDir, CONTENT_FOLDER, PAGES_FOLDER, `${name}.json`), 'utf8'));
    } catch (error) {
      // Gone or broken since the start (an edit on a developer's machine): the page's bundled text shows.
      app.log.warn({ err: error, page: name }, 'content page file unreadable');
      throw unknownPage();
    }
  };

  app.get<{ Params: { name: string } }>('/api/content/pages/:name', async (request, reply) => {
    const { name } = request.params;
    if (!NAME.test(name) || !filed.has(name)) throw unknownPage();
    const published = await publishedFromDatabase(live, pageItem(name));
    const page = published ? published.source : fileOf(name);
    const etag = `"${contentHash(page).slice(0, 27)}"`;
    void reply.header('cache-control', 'no-cache').header('etag', etag);
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    return page;
  });
}
