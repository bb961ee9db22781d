// GET /api/site-banners (marketplace spec §7; issue 28 item 3): the banners a page of the
// request's brand shows now. The banners are a file an editor changes without code
// (forms/content/banners.json, checked by forms:check, or SITE_BANNERS_FILE for one kept beside
// a deployment): read again when it changes, so a banner goes up without a restart. A file that
// does not pass the check at run time is logged and the last good one kept: a typo never takes
// the pages down, and the banners are never worth a 500 (the page only logs a failure, §8).
// A version published in the studio (content:banners, issue 30) takes the file's place: it
// serves within the live content's refresh (2 s), and the file again only once the live
// version is the repository's (a deploy's baseline import).
import { statSync } from 'node:fs';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { activeBanners, checkBanners, type Banner } from '../../engine/core/banners.ts';
import { brandIdForHost, type Catalogue } from '../../engine/core/catalogue.ts';
import { readJsonFile } from '../../engine/core/node.ts';
import { badRequest } from './errors.ts';
import type { LiveItem } from './versions/live-content.ts';

export interface SiteBannerOptions {
  catalogue: Catalogue;
  /** The banner file; none there means no banners. */
  file: string;
  now: () => number;
  /** The live version of content:banners published in the studio, if any; it serves instead of the file. */
  published?: () => Promise<LiveItem | undefined>;
}

const PAGE = /^\/[A-Za-z0-9/_.~%-]{0,199}$/;

/** The file's banners, read again when its size or time changes; the last good ones when it breaks. */
export function bannerFileSource(file: string, brands: ReadonlySet<string>, log: FastifyBaseLogger): () => readonly Banner[] {
  let stamp = '';
  let banners: readonly Banner[] = [];
  return () => {
    let now: string;
    try {
      const stats = statSync(file);
      now = `${stats.mtimeMs}:${stats.size}`;
    } catch {
      now = 'missing';
    }
    if (now === stamp) return banners;
    stamp = now;
    if (now === 'missing') return (banners = []);
    try {
      const input = readJsonFile(file);
      const findings = checkBanners(input, brands);
      if (findings.length) log.warn({ file, findings }, 'site banner file refused; the last good banners stay');
      else banners = (input as { banners: Banner[] }).banners;
    } catch (error) {
      log.warn({ file, err: error }, 'site banner file unreadable; the last good banners stay');
    }
    return banners;
  };
}

/**
 * The published version's banners when there is one, else the file's. The gate checked the
 * version against the brands live then; it is checked again against this server's, once per
 * version, and one that does not pass is logged and the file's banners serve.
 */
export function bannerSource(file: string, brands: ReadonlySet<string>, log: FastifyBaseLogger, published?: () => Promise<LiveItem | undefined>): () => Promise<readonly Banner[]> {
  const fromFile = bannerFileSource(file, brands, log);
  let checked: { number: number; banners: readonly Banner[] | undefined } | undefined;
  return async () => {
    let version: LiveItem | undefined;
    try {
      version = await published?.();
    } catch (error) {
      log.warn({ err: error }, 'reading the published banners failed; the file serves');
    }
    if (!version) return fromFile();
    if (checked?.number !== version.number) {
      const findings = checkBanners(version.source, brands);
      if (findings.length) log.warn({ version: version.number, findings }, 'published banners refused; the file serves');
      checked = { number: version.number, banners: findings.length ? undefined : (version.source as { banners: Banner[] }).banners };
    }
    return checked.banners ?? fromFile();
  };
}

export async function siteBannerRoutes(app: FastifyInstance, options: SiteBannerOptions): Promise<void> {
  const banners = bannerSource(options.file, new Set(Object.keys(options.catalogue.brands)), app.log, options.published);
  app.get<{ Querystring: { page?: string } }>('/api/site-banners', async (request, reply) => {
    const page = request.query.page;
    if (page !== undefined && !PAGE.test(page)) throw badRequest('siteBannerPageInvalid');
    const brand = brandIdForHost(options.catalogue, request.hostname);
    const shown = activeBanners(await banners(), { brand, page, now: new Date(options.now()) });
    // Short-lived and per brand: a new banner shows within the minute, a proxy keeps brands apart.
    void reply.header('cache-control', 'private, max-age=60');
    return { banners: shown.map(({ id, text, link, severity, start, end }) => ({ id, text, ...(link && { link }), severity, start, end })) };
  });
}
