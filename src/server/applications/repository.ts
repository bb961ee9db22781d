// The one store of applications, every product's (issue 12): the only module with SQL
// on the `applications` table. Routes, one-time codes, identification, the marketing
// ban and the marketplace all come through here. Plain statements over the query
// seam; the same text runs on PGlite and on a PostgreSQL server.
import type { Queryable } from '../db/index.ts';
import type { SessionTouch } from '../sessions/sessions.ts';
import { touchSessionCtes } from '../sessions/store.ts';
import type { Navigation, Tracking } from './payload.ts';

export interface StoredApplication {
  id: number;
  tokenHash: Uint8Array;
  /** A catalogue product id. */
  product: string;
  /** The form document the data was validated with. */
  formId: string;
  /** The release of it the application was started on (null: started before releases; it follows the live form). */
  formRelease: string | null;
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
  /** Cancelled by the customer (issue 17): it takes no more edits and no offer is accepted. */
  cancelled: boolean;
}

interface Row {
  id: number | string;
  token_hash: Uint8Array;
  product: string;
  form_id: string;
  form_release: string | null;
  brand: string;
  step: number;
  data: Record<string, unknown>;
  additional_form_data: Navigation;
  status: 'draft' | 'finalized';
  identified_at: Date | string | null;
  submitted_at: Date | string | null;
  cancelled_at: Date | string | null;
}

const COLUMNS = 'id, token_hash, product, form_id, form_release, brand, step, data, additional_form_data, status, identified_at, submitted_at, cancelled_at';

const fromRow = (row: Row): StoredApplication => ({
  id: Number(row.id),
  tokenHash: row.token_hash,
  product: row.product,
  formId: row.form_id,
  formRelease: row.form_release,
  brand: row.brand,
  step: row.step,
  data: row.data,
  navigation: row.additional_form_data,
  status: row.status,
  identified: row.identified_at !== null,
  identifiedAt: row.identified_at === null ? null : new Date(row.identified_at),
  submitted: row.submitted_at !== null,
  cancelled: row.cancelled_at !== null,
});

export interface NewApplication {
  tokenHash: Uint8Array;
  product: string;
  formId: string;
  /** The release it is started on (ApplicationForm.release); left out (a test storing a row directly), it follows the live form. */
  formRelease?: string | null;
  brand: string;
  data: Record<string, unknown>;
  navigation: Navigation;
  tracking: Tracking;
  /**
   * The keyed hash of the primary applicant's identity code (customer/person-keys.ts), made
   * by the caller, which holds the key; null when the data has no identity code yet. Left out
   * (a test storing a row directly), the row gets one from the start-up backfill.
   */
  personKey?: Uint8Array | null;
}

export async function insertApplication(db: Queryable, application: NewApplication): Promise<number> {
  const result = await db.query<{ id: number | string }>(
    `INSERT INTO applications (token_hash, product, form_id, form_release, brand, step, data, additional_form_data, tracking, person_key)
     VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, $8::jsonb, $9::jsonb, $10)
     RETURNING id`,
    [
      application.tokenHash,
      application.product,
      application.formId,
      application.formRelease ?? null,
      application.brand,
      application.navigation.step,
      // Serialised here: the pg driver would turn a top-level array into a SQL array.
      JSON.stringify(application.data),
      JSON.stringify(application.navigation),
      JSON.stringify(application.tracking),
      application.personKey ?? null,
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

/**
 * A save's read (routes.ts): the application, the revision of its row, and the browser's session
 * touched (store.ts `touchSessionCtes`) when it holds the application, in one statement. The touch
 * does not depend on the path's token, so a wrong token costs what a right one does; the caller
 * checks the token before it looks at the session. The revision is PostgreSQL's `xmin`, the
 * transaction that wrote this version of the row: any write to the row (a save, finalizing,
 * identification, a cancellation) makes a new one, so `updateApplicationIfUnchanged` writes only
 * onto exactly what was read and checked.
 */
export async function readForSave(
  db: Queryable,
  id: number,
  session: SessionTouch | undefined,
): Promise<{ application: StoredApplication; revision: string; sessionId: number | undefined } | undefined> {
  const result = await db.query<Omit<Row, 'data'> & { data: Record<string, unknown> | string; revision: string; session_id: number | string | null }>(READ_FOR_SAVE, [
    id,
    session?.tokenHash ?? null,
    session?.now.toISOString() ?? null,
    session?.idleUntil.toISOString() ?? null,
  ]);
  const row = result.rows[0];
  if (!row) return undefined;
  const data = typeof row.data === 'string' ? (JSON.parse(row.data) as Record<string, unknown>) : row.data;
  return { application: fromRow({ ...row, data }), revision: row.revision, sessionId: row.session_id === null ? undefined : Number(row.session_id) };
}

// The data as text: PGlite's thread (db/index.ts) then hands over one string, not the whole
// application parsed there and cloned across to this thread, which parses it once instead.
const READ_FOR_SAVE = `WITH ${touchSessionCtes({ applicationId: '$1', tokenHash: '$2', now: '$3', idleUntil: '$4' })}
  SELECT ${COLUMNS.replace(/\bdata\b/, 'data::text AS data')}, xmin::text AS revision, (SELECT id FROM live_session) AS session_id FROM applications WHERE id = $1`;

/** The form data of several applications at once (the lenders' answers read it). */
export async function applicationData(db: Queryable, ids: readonly number[]): Promise<Map<number, Record<string, unknown>>> {
  if (ids.length === 0) return new Map();
  const result = await db.query<{ id: number | string; data: Record<string, unknown> }>(`SELECT id, data FROM applications WHERE id = ANY($1::bigint[])`, [
    ids.map(String),
  ]);
  return new Map(result.rows.map((row) => [Number(row.id), row.data]));
}

/**
 * `personKey`: the keyed hash of the identity code in `data` (null: it has none), given
 * whenever the data may have changed it; left out, the stored key stays (a change of
 * contact details only).
 */
export async function updateApplication(
  tx: Queryable,
  id: number,
  change: { data: Record<string, unknown>; navigation: Navigation; personKey?: Uint8Array | null },
): Promise<void> {
  const params: unknown[] = [id, JSON.stringify(change.data), JSON.stringify(change.navigation), change.navigation.step];
  if (change.personKey !== undefined) params.push(change.personKey);
  await tx.query(
    `UPDATE applications
     SET data = $2::jsonb, additional_form_data = $3::jsonb, step = $4, updated_at = now()${change.personKey !== undefined ? ', person_key = $5' : ''}
     WHERE id = $1`,
    params,
  );
}

/**
 * `updateApplication` in one statement of its own, made only when the row is still the revision
 * `readForSave` read: true when written, false (nothing written) when anything wrote the row
 * meanwhile, and the caller checks again under the row lock.
 */
export async function updateApplicationIfUnchanged(
  db: Queryable,
  id: number,
  revision: string,
  change: { data: Record<string, unknown>; navigation: Navigation; personKey: Uint8Array | null },
): Promise<boolean> {
  const result = await db.query(
    `UPDATE applications SET data = $3::jsonb, additional_form_data = $4::jsonb, step = $5, updated_at = now(), person_key = $6
      WHERE id = $1 AND xmin = $2::text::xid`,
    [id, revision, JSON.stringify(change.data), JSON.stringify(change.navigation), change.navigation.step, change.personKey],
  );
  return result.rowCount === 1;
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

// --- The customer area (issue 17): a person's applications, found by the keyed hash of
// the primary applicant's identity code (`person_key`), never by the code itself. Only the
// applications the person proved are theirs (issue 24): anyone may type someone else's
// identity code into a form, so the code alone makes nothing anyone's. ---

/**
 * The person proved the application is theirs: the bank identified them for it, or (a product
 * nobody identifies for) they created it logged in, in a session they proved (`markProvedByCustomer`).
 */
const PROVED = '(identified_at IS NOT NULL OR customer_proved_at IS NOT NULL)';

/** One of a person's proved applications as the customer area sees it. */
export interface PersonApplication {
  id: number;
  product: string;
  brand: string;
  data: Record<string, unknown>;
  navigation: Navigation;
  status: 'draft' | 'finalized';
  createdAt: Date;
  finalizedAt: Date | null;
  submitted: boolean;
  /** Strongly identified: the bank confirmed the primary applicant's identity code. */
  identified: boolean;
  cancelledAt: Date | null;
  marketingBan: boolean;
}

interface PersonRow {
  id: number | string;
  product: string;
  brand: string;
  data: Record<string, unknown>;
  additional_form_data: Navigation;
  status: 'draft' | 'finalized';
  created_at: Date | string;
  finalized_at: Date | string | null;
  submitted_at: Date | string | null;
  identified_at: Date | string | null;
  cancelled_at: Date | string | null;
  marketing_ban_at: Date | string | null;
}

const PERSON_COLUMNS = 'id, product, brand, data, additional_form_data, status, created_at, finalized_at, submitted_at, identified_at, cancelled_at, marketing_ban_at';
const date = (value: Date | string | null) => (value === null ? null : new Date(value));

const fromPersonRow = (row: PersonRow): PersonApplication => ({
  id: Number(row.id),
  product: row.product,
  brand: row.brand,
  data: row.data,
  navigation: row.additional_form_data,
  status: row.status,
  createdAt: new Date(row.created_at),
  finalizedAt: date(row.finalized_at),
  submitted: row.submitted_at !== null,
  identified: row.identified_at !== null,
  cancelledAt: date(row.cancelled_at),
  marketingBan: row.marketing_ban_at !== null,
});

/** Every application the person proved, newest first. */
export async function applicationsOfPerson(db: Queryable, personKey: Uint8Array): Promise<PersonApplication[]> {
  const result = await db.query<PersonRow>(
    `SELECT ${PERSON_COLUMNS} FROM applications WHERE person_key = $1 AND ${PROVED} ORDER BY created_at DESC, id DESC`,
    [personKey],
  );
  return result.rows.map(fromPersonRow);
}

/** The application when the person proved it (else undefined, as for no application at all); `lock` holds its row for the transaction. */
export async function applicationOfPerson(db: Queryable, personKey: Uint8Array, id: number, { lock = false } = {}): Promise<PersonApplication | undefined> {
  const result = await db.query<PersonRow>(
    `SELECT ${PERSON_COLUMNS} FROM applications WHERE id = $1 AND person_key = $2 AND ${PROVED}${lock ? ' FOR UPDATE' : ''}`,
    [id, personKey],
  );
  return result.rows[0] && fromPersonRow(result.rows[0]);
}

/**
 * A product nobody identifies for (the business loan), created by a logged-in customer with
 * their own identity code: the session's proof makes it theirs (the caller compares the keys).
 */
export async function markProvedByCustomer(tx: Queryable, id: number): Promise<void> {
  await tx.query('UPDATE applications SET customer_proved_at = COALESCE(customer_proved_at, now()) WHERE id = $1', [id]);
}

/** Whose application it is and whether the bank confirmed it (the login by application token). */
export async function applicationPerson(db: Queryable, id: number): Promise<{ personKey: Uint8Array | null; identified: boolean } | undefined> {
  const result = await db.query<{ person_key: Uint8Array | null; identified_at: unknown }>('SELECT person_key, identified_at FROM applications WHERE id = $1', [id]);
  const row = result.rows[0];
  return row && { personKey: row.person_key, identified: row.identified_at !== null };
}

/** The first cancellation is kept; cancelling again changes nothing. */
export async function markCancelled(tx: Queryable, id: number): Promise<void> {
  await tx.query('UPDATE applications SET cancelled_at = COALESCE(cancelled_at, now()), updated_at = now() WHERE id = $1', [id]);
}

/** The marketing ban on every application the person proved, or off on all of them. */
export async function setPersonMarketingBan(tx: Queryable, personKey: Uint8Array, ban: boolean): Promise<void> {
  await tx.query(
    ban
      ? `UPDATE applications SET marketing_ban_at = COALESCE(marketing_ban_at, now()) WHERE person_key = $1 AND ${PROVED}`
      : `UPDATE applications SET marketing_ban_at = NULL WHERE person_key = $1 AND ${PROVED} AND marketing_ban_at IS NOT NULL`,
    [personKey],
  );
}

/** Applications after `afterId` with a primary identity code and no person key yet, by id: at most `limit`, with the code. */
export async function applicationsWithoutPersonKey(db: Queryable, afterId: number, limit: number): Promise<Array<{ id: number; personalId: string }>> {
  const result = await db.query<{ id: number | string; personal_id: string }>(
    `SELECT id, data->>'primaryApplicantPersonalIdentificationNumber' AS personal_id FROM applications
      WHERE id > $1 AND person_key IS NULL AND jsonb_typeof(data->'primaryApplicantPersonalIdentificationNumber') = 'string'
      ORDER BY id LIMIT ${Math.max(1, Math.floor(limit))}`,
    [afterId],
  );
  return result.rows.map((row) => ({ id: Number(row.id), personalId: row.personal_id }));
}

export async function setPersonKeys(db: Queryable, keys: ReadonlyArray<{ id: number; personKey: Uint8Array }>): Promise<void> {
  for (const { id, personKey } of keys) await db.query('UPDATE applications SET person_key = $2 WHERE id = $1', [id, personKey]);
}

/** Forgets every person key (made with another key); the backfill makes them anew. */
export async function clearPersonKeys(db: Queryable): Promise<void> {
  await db.query('UPDATE applications SET person_key = NULL WHERE person_key IS NOT NULL');
}
