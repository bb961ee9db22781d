// The live versions of the content that is not a form (the banners, the legal pages; issue 30),
// as the public routes serve them. Kept in memory and read again when a request finds them
// older than `refreshMs` (2 s, as the live forms), so a publish on another instance shows within
// that; a publish on this one drops them at once (routes.ts onPublished). Other instances learn
// of it only by the age: there is no message between them.
import type { Queryable } from '../db/index.ts';
import { REPOSITORY } from './baseline.ts';

export interface LiveItem {
  number: number;
  source: unknown;
  author: string;
}

export interface LiveContent {
  /** The item's live version, or undefined when the database has none. */
  read(item: string): Promise<LiveItem | undefined>;
  /** Read again at the next request (after a publish here). */
  invalidate(): void;
}

export function liveContent(db: Queryable, { refreshMs = 2000, now = Date.now }: { refreshMs?: number; now?: () => number } = {}): LiveContent {
  let items: Map<string, LiveItem> | undefined;
  let readAt = 0;
  // Bumped by a publish: a read that began before it may hold the old version and is not kept.
  let generation = 0;
  // One read at a time: requests arriving while it runs wait for it.
  let reading: Promise<Map<string, LiveItem>> | undefined;
  const load = async () => {
    const result = await db.query<{ item: string } & LiveItem>(`SELECT item, number, source, author FROM content_versions WHERE state = 'live' AND item LIKE 'content:%'`);
    return new Map(result.rows.map(({ item, number, source, author }) => [item, { number, source, author }]));
  };
  return {
    async read(item) {
      if (!items || now() - readAt >= refreshMs) {
        const began = generation;
        const started = now();
        reading ??= load().finally(() => (reading = undefined));
        const read = await reading;
        if (began !== generation) return (await load()).get(item);
        items = read;
        readAt = started;
      }
      return items.get(item);
    },
    invalidate() {
      items = undefined;
      generation++;
    },
  };
}

/**
 * The item's live version when the studio published it (its author is a staff member, not the
 * repository's baseline import); undefined otherwise, and the file serves as before.
 */
export async function publishedFromDatabase(live: LiveContent, item: string): Promise<LiveItem | undefined> {
  const version = await live.read(item);
  return version && version.author !== REPOSITORY ? version : undefined;
}
