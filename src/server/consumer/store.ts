// The SQL of consumer applications. Plain statements over the query seam; the same
// text runs on PGlite and on a PostgreSQL server.
import type { Queryable } from '../db/index.ts';
import type { Brand, Navigation, Product, Tracking } from './payload.ts';

export interface StoredApplication {
  id: number;
  tokenHash: Uint8Array;
  product: Product;
  brand: Brand;
  step: number;
  data: Record<string, unknown>;
  navigation: Navigation;
  status: 'draft' | 'finalized';
  /** Strongly identified and sent to the lenders (then also finalized). */
  identified: boolean;
}

interface Row {
  id: number | string;
  token_hash: Uint8Array;
  product: Product;
  brand: Brand;
  step: number;
  data: Record<string, unknown>;
  additional_form_data: Navigation;
  status: 'draft' | 'finalized';
  identified_at: Date | string | null;
}

export interface NewApplication {
  tokenHash: Uint8Array;
  product: Product;
  brand: Brand;
  data: Record<string, unknown>;
  navigation: Navigation;
  tracking: Tracking;
}

export async function insertApplication(db: Queryable, application: NewApplication): Promise<number> {
  const result = await db.query<{ id: number | string }>(
    `INSERT INTO consumer_applications (token_hash, product, brand, step, data, additional_form_data, tracking)
     VALUES ($1, $2, $3, $4, $5::jsonb, $6::jsonb, $7::jsonb)
     RETURNING id`,
    [
      application.tokenHash,
      application.product,
      application.brand,
      application.navigation.step,
      // Serialised here: the pg driver would turn a top-level array into a SQL array.
      JSON.stringify(application.data),
      JSON.stringify(application.navigation),
      JSON.stringify(application.tracking),
    ],
  );
  // int8 arrives as a string from pg and as a number from PGlite.
  return Number(result.rows[0].id);
}

/** Reads one application and locks its row until the transaction ends. */
export async function lockApplication(tx: Queryable, id: number): Promise<StoredApplication | undefined> {
  const result = await tx.query<Row>(
    `SELECT id, token_hash, product, brand, step, data, additional_form_data, status, identified_at
     FROM consumer_applications WHERE id = $1 FOR UPDATE`,
    [id],
  );
  const row = result.rows[0];
  if (!row) return undefined;
  return {
    id: Number(row.id),
    tokenHash: row.token_hash,
    product: row.product,
    brand: row.brand,
    step: row.step,
    data: row.data,
    navigation: row.additional_form_data,
    status: row.status,
    identified: row.identified_at !== null,
  };
}

export async function updateApplication(tx: Queryable, id: number, change: { data: Record<string, unknown>; navigation: Navigation }): Promise<void> {
  await tx.query(
    `UPDATE consumer_applications
     SET data = $2::jsonb, additional_form_data = $3::jsonb, step = $4, updated_at = now()
     WHERE id = $1`,
    [id, JSON.stringify(change.data), JSON.stringify(change.navigation), change.navigation.step],
  );
}
