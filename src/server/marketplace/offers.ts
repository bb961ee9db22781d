// Reading and accepting offers. Sorting is whitelisted: the API's sort pairs map to
// fixed column names, never to text from the request.
import type { Offer as WireOffer } from '../../contract/types.ts';
import type { Queryable } from '../db/index.ts';

export const SORT_FIELDS = { amount: 'amount', apr: 'apr', interest: 'interest', monthlyPayment: 'monthly_payment' } as const;
export type SortField = keyof typeof SORT_FIELDS;
export type SortPair = [SortField, 'asc' | 'desc'];

/** A stored offer: the wire's (src/contract), before the answer adds its logo's address. */
export type Offer = Omit<WireOffer, 'logoUrl'>;

export interface OfferPage {
  content: Offer[];
  number: number;
  size: number;
  totalElements: number;
  totalPages: number;
  /** Lenders that have not answered yet. */
  pendingLenders: number;
  /** Lenders the application was sent to, answered or not (0 before the dispatch). */
  totalLenders: number;
}

interface Row {
  id: number | string;
  partner_code: string;
  partner_name: string;
  amount: string | number;
  total_amount: string | number;
  tenor: number;
  interest: string | number;
  apr: string | number;
  monthly_payment: string | number;
  arrangement_fee: string | number;
  monthly_fee: string | number;
  downsell: boolean;
  /** Only what decide() answers is ever written (dispatcher.ts). */
  additional_info: Offer['additionalInfo'];
  lender_info: string;
  button_text: string;
}

const toOffer = (row: Row): Offer => ({
  id: Number(row.id),
  partnerCode: row.partner_code,
  partnerName: row.partner_name,
  amount: Number(row.amount),
  totalAmount: Number(row.total_amount),
  tenor: row.tenor,
  interest: Number(row.interest),
  apr: Number(row.apr),
  monthlyPayment: Number(row.monthly_payment),
  arrangementFee: Number(row.arrangement_fee),
  monthlyFee: Number(row.monthly_fee),
  downsell: row.downsell,
  additionalInfo: row.additional_info,
  lenderInfo: row.lender_info,
  buttonText: row.button_text,
});

const COLUMNS = `id, partner_code, partner_name, amount, total_amount, tenor, interest, apr, monthly_payment, arrangement_fee, monthly_fee,
  downsell, additional_info, lender_info, button_text`;

/** What a poll reads besides the page: the credential check's columns and the answer's version. */
interface PollHead {
  tokenHash: Uint8Array;
  product: string;
  /**
   * Everything the answer is made of, as one string: the application row's revision (`xmin`,
   * new with any write to it: its product, its applied amount, a cancellation), how many lenders
   * it went to and how many have not answered, and how many offers it has with the newest one's
   * id. Offers are written once and never changed in anything the answer shows (acceptance only
   * stamps `accepted_at`), so an equal version is an equal answer for the same query.
   */
  version: string;
}

export type PolledOffers = PollHead & { appliedAmount: number | null; page: OfferPage };

/**
 * The offers poll in one round trip (issue 13): the application's token hash and
 * product (for the credential check, made by the caller before anything is answered),
 * the page of offers and both counts, in one statement. Undefined when there is no such
 * application; the caller answers that as it answers a wrong token.
 */
export async function pollOffers(db: Queryable, applicationId: number, options: OffersReadOptions): Promise<PolledOffers | undefined> {
  return (await pollOffersSince(db, applicationId, options, null)) as PolledOffers | undefined;
}

export interface OffersReadOptions {
  page: number;
  size: number;
  sort: SortPair[];
}

/**
 * `pollOffers` for a caller that keeps the answer it made for this query (issue 31 goal 4: an
 * applicant polls every few seconds, and between two lenders' answers nothing changes): given
 * that answer's version, the statement still checks the credentials and counts, but reads and
 * sends the page only when the version differs. `page` is absent when it does not.
 */
export async function pollOffersSince(
  db: Queryable,
  applicationId: number,
  options: OffersReadOptions,
  knownVersion: string | null,
): Promise<(PollHead & ({ page?: undefined } | { appliedAmount: number | null; page: OfferPage })) | undefined> {
  const orderBy = (alias: string) =>
    [...options.sort.map(([field, dir]) => `${alias}${SORT_FIELDS[field]} ${dir === 'desc' ? 'DESC' : 'ASC'}`), `${alias}id ASC`].join(', ');
  const result = await db.query<{
    token_hash: Uint8Array;
    product: string;
    version: string;
    changed: boolean;
    applied_amount: string | number | null;
    offers: number | string;
    pending: number | string;
    lenders: number | string;
    content: Row[] | string | null;
  }>(
    // CASE runs the page's subquery (and reads the application's data) only when it is wanted.
    `SELECT a.token_hash, a.product, v.version, c.changed, o.offers, d.pending, d.lenders,
            CASE WHEN c.changed THEN a.data->>'appliedAmount' END AS applied_amount,
            CASE WHEN c.changed THEN
              (SELECT coalesce(json_agg(p ORDER BY ${orderBy('p.')}), '[]'::json)::text
                 FROM (SELECT ${COLUMNS} FROM offers WHERE application_id = a.id ORDER BY ${orderBy('')} LIMIT $2 OFFSET $3) p)
            END AS content
       FROM applications a,
            LATERAL (SELECT count(*) FILTER (WHERE status = 'pending') AS pending, count(*) AS lenders FROM lender_dispatches WHERE application_id = a.id) d,
            LATERAL (SELECT count(*) AS offers, max(id) AS newest FROM offers WHERE application_id = a.id) o,
            LATERAL (SELECT concat_ws(':', a.xmin, d.lenders, d.pending, o.offers, o.newest) AS version) v,
            LATERAL (SELECT v.version IS DISTINCT FROM $4::text AS changed) c
      WHERE a.id = $1`,
    [applicationId, options.size, options.page * options.size, knownVersion],
  );
  const row = result.rows[0];
  if (!row) return undefined;
  const head: PollHead = { tokenHash: row.token_hash, product: row.product, version: row.version };
  if (!row.changed || row.content === null) return head;
  // As text: PGlite's thread (db/index.ts) then hands over one string instead of parsing the
  // page and cloning every offer across to this thread, which does the parsing once instead.
  const content = typeof row.content === 'string' ? (JSON.parse(row.content) as Row[]) : row.content;
  const total = Number(row.offers);
  return {
    ...head,
    appliedAmount: row.applied_amount === null || !Number.isFinite(Number(row.applied_amount)) ? null : Number(row.applied_amount),
    page: {
      content: content.map(toOffer),
      number: options.page,
      size: options.size,
      totalElements: total,
      totalPages: Math.ceil(total / options.size),
      pendingLenders: Number(row.pending),
      totalLenders: Number(row.lenders),
    },
  };
}

/** Marks an offer of this application accepted (the first time) and returns it. */
export async function acceptOffer(db: Queryable, applicationId: number, offerId: number): Promise<Offer | undefined> {
  const result = await db.query<Row>(
    `UPDATE offers SET accepted_at = coalesce(accepted_at, now()) WHERE id = $1 AND application_id = $2 RETURNING ${COLUMNS}`,
    [offerId, applicationId],
  );
  return result.rows[0] && toOffer(result.rows[0]);
}

export async function findOffer(db: Queryable, offerId: number): Promise<(Offer & { applicationId: number; accepted: boolean }) | undefined> {
  const result = await db.query<Row & { application_id: number | string; accepted_at: unknown }>(
    `SELECT ${COLUMNS}, application_id, accepted_at FROM offers WHERE id = $1`,
    [offerId],
  );
  const row = result.rows[0];
  return row && { ...toOffer(row), applicationId: Number(row.application_id), accepted: row.accepted_at !== null };
}
