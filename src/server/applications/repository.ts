// The one store of applications, every product's (issue 12): the only module with SQL
// on the `applications` table. Routes, one-time codes, identification, the marketing
// ban and the marketplace all come through here. Plain statements over the query
// seam; the same text runs on PGlite and on a PostgreSQL server.
import type { Queryable } from '../db/index.ts';
import type { Navigation, Tracking } from './payload.ts';

export interface StoredApplication {
  id: number;
  tokenHash: Uint8Array;
  /** A catalogue product id. */
  product: string;
  /** The form document the data was validated with. */
  formId: string;
  brand: string;
  step: number;
  data: Record<string, unknown>;
  navigation: Navigation;
  status: 'draft' | 'finalized';
  /** Strongly identified and sent on (then also finalized). */
  identified: boolean;
  /** When identification completed: a flow may wait some time after it (the mortgage pre-analysis). */
  identifiedAt: Date | null;
  /** Submitted at its last step and waiting for identification (a flow that submits, the mortgage). */
  submitted: boolean;
}

interface Row {
  id: number | string;
  token_hash: Uint8Array;
  product: string;
  form_id: string;
  brand: string;
  step: number;
  data: Record<string, unknown>;
  additional_form_data: Navigation;
  status: 'draft' | 'finalized';
  identified_at: Date | string | null;
  submitted_at: Date | string | null;
}

const COLUMNS = 'id, token_hash, product, form_id, brand, step, data, additional_form_data, status, identified_at, submitted_at';

const fromRow = (row: Row): StoredApplication => ({
  id: Number(row.id),
  tokenHash: row.token_hash,
  product: row.product,
  formId: row.form_id,
  brand: row.brand,
  step: row.step,
  data: row.data,
  navigation: row.additional_form_data,
  status: row.status,
  identified: row.identified_at !== null,
  identifiedAt: row.identified_at === null ? null : new Date(row.identified_at),
  submitted: row.submitted_at !== null,
});

export interface NewApplication {
  tokenHash: Uint8Array;
  product: string;
  formId: string;
  brand: string;
  data: Record<string, unknown>;
  navigation: Navigation;
  tracking: Tracking;
}

export async function insertApplication(db: Queryable, application: NewApplication): Promise<number> {
  const result = await db.query<{ id: number | string }>(
    `INSERT INTO applications (token_hash, product, form_id, brand, step, data, additional_form_data, tracking)
     VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7::jsonb, $8::jsonb)
     RETURNING id`,
    [
      application.tokenHash,
      application.product,
      application.formId,
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

/** Reads one application without locking it (the credential check, read-only routes). */
export async function readApplication(db: Queryable, id: number): Promise<StoredApplication | undefined> {
  const result = await db.query<Row>(`SELECT ${COLUMNS} FROM applications WHERE id = $1`, [id]);
  return result.rows[0] && fromRow(result.rows[0]);
}

/** Reads one application and locks its row until the transaction ends. */
export async function lockApplication(tx: Queryable, id: number): Promise<StoredApplication | undefined> {
  const result = await tx.query<Row>(`SELECT ${COLUMNS} FROM applications WHERE id = $1 FOR UPDATE`, [id]);
  return result.rows[0] && fromRow(result.rows[0]);
}

/** The form data of several applications at once (the lenders' answers read it). */
export async function applicationData(db: Queryable, ids: readonly number[]): Promise<Map<number, Record<string, unknown>>> {
  if (ids.length === 0) return new Map();
  const result = await db.query<{ id: number | string; data: Record<string, unknown> }>(`SELECT id, data FROM applications WHERE id = ANY($1::bigint[])`, [
    ids.map(String),
  ]);
  return new Map(result.rows.map((row) => [Number(row.id), row.data]));
}

export async function updateApplication(tx: Queryable, id: number, change: { data: Record<string, unknown>; navigation: Navigation }): Promise<void> {
  await tx.query(
    `UPDATE applications
     SET data = $2::jsonb, additional_form_data = $3::jsonb, step = $4, updated_at = now()
     WHERE id = $1`,
    [id, JSON.stringify(change.data), JSON.stringify(change.navigation), change.navigation.step],
  );
}

/** Finalized without identification (the business flow sends its application on at once); step 0 is the offers list. */
export async function markFinalized(tx: Queryable, id: number): Promise<void> {
  await tx.query(
    `UPDATE applications SET status = 'finalized', step = 0, finalized_at = now(), updated_at = now(),
            additional_form_data = additional_form_data || '{"step": 0}'::jsonb
     WHERE id = $1 AND status = 'draft'`,
    [id],
  );
}

/** Submitted at its last step: from now on it waits for identification and takes no edits. */
export async function markSubmitted(tx: Queryable, id: number): Promise<void> {
  await tx.query('UPDATE applications SET submitted_at = COALESCE(submitted_at, now()), updated_at = now() WHERE id = $1', [id]);
}

/** Finalized and identified in one write; step 0 is the offers list. */
export async function markIdentified(tx: Queryable, id: number): Promise<void> {
  await tx.query(
    `UPDATE applications
     SET status = 'finalized', step = 0, finalized_at = now(), identified_at = now(), updated_at = now(),
         additional_form_data = additional_form_data || '{"step": 0}'::jsonb
     WHERE id = $1`,
    [id],
  );
}

/** The first time the ban was set is kept; setting it again changes nothing. */
export async function setMarketingBan(tx: Queryable, id: number): Promise<void> {
  await tx.query('UPDATE applications SET marketing_ban_at = COALESCE(marketing_ban_at, now()) WHERE id = $1', [id]);
}
