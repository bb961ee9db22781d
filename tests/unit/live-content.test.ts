// The live banners and pages in memory (src/server/versions/live-content.ts): read again only when
// older than the refresh or after a publish here, and a version counts as published only when the
// studio made it (not the repository's baseline import).
import { expect, it } from 'vitest';
import type { Queryable } from '../../src/server/db/index.ts';
import { liveContent, publishedFromDatabase } from '../../src/server/versions/live-content.ts';

function fakeDb(rows: Array<{ item: string; number: number; source: unknown; author: string }>) {
  const db = { reads: 0, rows, query: async () => ({ rows: (db.reads++, db.rows.map((row) => ({ ...row }))) }) };
  return db;
}

it('reads again when what it has is older than the refresh, or at once after a publish here', async () => {
  const db = fakeDb([{ item: 'content:banners', number: 1, source: { banners: [] }, author: 'repository' }]);
  let time = 0;
  const live = liveContent(db as unknown as Queryable, { refreshMs: 2000, now: () => time });
  expect(await live.read('content:banners')).toMatchObject({ number: 1 });
  db.rows = [{ item: 'content:banners', number: 2, source: { banners: [] }, author: '7' }];
  time = 1999;
  expect(await live.read('content:banners')).toMatchObject({ number: 1 });
  time = 2000;
  expect(await live.read('content:banners')).toMatchObject({ number: 2 });
  db.rows = [{ item: 'content:banners', number: 3, source: { banners: [] }, author: '7' }];
  live.invalidate();
  expect(await live.read('content:banners')).toMatchObject({ number: 3 });
  expect(db.reads).toBe(3);
});

it("counts only the studio's versions as published, not the repository's import", async () => {
  const db = fakeDb([
    { item: 'content:banners', number: 1, source: {}, author: 'repository' },
    { item: 'content:legal/kayttoehdot', number: 2, source: { title: 'x' }, author: '7' },
  ]);
  const live = liveContent(db as unknown as Queryable);
  expect(await publishedFromDatabase(live, 'content:banners')).toBeUndefined();
  expect(await publishedFromDatabase(live, 'content:legal/kayttoehdot')).toEqual({ number: 2, source: { title: 'x' }, author: '7' });
  expect(await publishedFromDatabase(live, 'content:legal/eiole')).toBeUndefined();
});
