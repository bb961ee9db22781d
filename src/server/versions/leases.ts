// Who is editing an item in the studio (issue 30, migration 060): one editor at a time per
// item, by a lease the studio takes when it opens the item and renews every 30 s. A lease
// lapses LEASE_SECONDS after its last renewal (a closed tab, a lost network), and anyone may
// then take it. Every time is the database's now(), so all instances of the server agree.
import type { Queryable } from '../db/index.ts';

/** Four renewals' worth: a studio that misses one or two keeps its lease. */
export const LEASE_SECONDS = 120;

export interface Lease {
  holder: { id: number; name: string };
  expiresAt: Date;
}

export type TakeOutcome = { ok: true; lease: Lease } | { ok: false; lease: Lease };

interface LeaseRow {
  item: string;
  id: string;
  name: string;
  expiresAt: Date | string;
}

const leaseOf = (row: LeaseRow): Lease => ({ holder: { id: Number(row.id), name: row.name }, expiresAt: new Date(row.expiresAt) });

const HELD = `SELECT l.item, l.holder::text AS id, m.name, l.expires_at AS "expiresAt"
  FROM content_leases l JOIN staff_members m ON m.id = l.holder WHERE l.expires_at > now()`;

/** The item's lease if someone holds it now (a lapsed one is nobody's). */
export async function currentLease(db: Queryable, item: string): Promise<Lease | undefined> {
  const row = (await db.query<LeaseRow>(`${HELD} AND l.item = $1`, [item])).rows[0];
  return row && leaseOf(row);
}

/** Every lease held now, by item (the studio's item list). */
export async function currentLeases(db: Queryable): Promise<Map<string, Lease>> {
  return new Map((await db.query<LeaseRow>(HELD)).rows.map((row) => [row.item, leaseOf(row)]));
}

/**
 * Takes the item's lease for `staffId` when it is free, lapsed or already theirs (then renewed);
 * otherwise answers who holds it. One statement, so two editors taking it at once cannot both win.
 */
export async function takeLease(db: Queryable, item: string, staffId: number, seconds = LEASE_SECONDS): Promise<TakeOutcome> {
  // A lease that lapsed between the refused insert and the read of its holder is tried again.
  for (let attempt = 0; attempt < 3; attempt++) {
    const taken = await db.query<LeaseRow>(
      `WITH taken AS (
         INSERT INTO content_leases AS l (item, holder, expires_at) VALUES ($1, $2, now() + make_interval(secs => $3))
         ON CONFLICT (item) DO UPDATE SET holder = EXCLUDED.holder, expires_at = EXCLUDED.expires_at,
           taken_at = CASE WHEN l.holder = EXCLUDED.holder AND l.expires_at > now() THEN l.taken_at ELSE now() END
         WHERE l.holder = EXCLUDED.holder OR l.expires_at <= now()
         RETURNING l.item, l.holder, l.expires_at)
       SELECT taken.item, taken.holder::text AS id, m.name, taken.expires_at AS "expiresAt" FROM taken JOIN staff_members m ON m.id = taken.holder`,
      [item, staffId, seconds],
    );
    if (taken.rows[0]) return { ok: true, lease: leaseOf(taken.rows[0]) };
    const held = await currentLease(db, item);
    if (held) return { ok: false, lease: held };
  }
  throw new Error(`content lease of ${item}: neither taken nor held`);
}

/** Gives up the caller's own lease (lapsed or not); false when it is not theirs to give. */
export async function releaseLease(db: Queryable, item: string, staffId: number): Promise<boolean> {
  const result = await db.query('DELETE FROM content_leases WHERE item = $1 AND holder = $2 RETURNING item', [item, staffId]);
  return result.rows.length > 0;
}

/** A lease as the API answers it. */
export const leaseJson = (lease: Lease) => ({ holder: lease.holder, expiresAt: lease.expiresAt.toISOString() });
