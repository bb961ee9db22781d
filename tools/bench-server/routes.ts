// What the bench sends for each route it measures: the requests an applicant's browser
// makes, built from the applications the server process prepared (fixtures.ts).
import { validApplication } from '../../tests/fixtures/consumer-valid.ts';

export const API = '/api/lainavertailu22/consumer-applications';
/**
 * The reference route: one `SELECT 1` on the same database, registered by the bench's
 * server process only (server.ts), never by the app. Outside /api, as every route there must be in
 * the wire contract; the app's global hooks still run on it.
 */
export const REFERENCE_PATH = '/__bench/select-1';

export const JSON_HEADERS = { 'content-type': 'application/json' };

/** What the client sends when leaving step 1: the first save. */
export const CREATE_BODY = JSON.stringify({
  loanPurposeId: 16,
  inputAppliedAmount: 15000,
  inputAppliedTenor: 8,
  hasCoApplicant: false,
  additionalFormData: { step: 1, hasCoApplicant: false },
  browser: 'bench',
  source: 'bench',
});
/** The whole application leaving step 7: the heaviest validation. */
export const UPDATE_BODY = JSON.stringify({ ...validApplication(), additionalFormData: { step: 7, hasCoApplicant: false } });

/** One request the generator sends; it cycles through a route's list. */
export interface Target {
  method: 'GET' | 'POST';
  path: string;
  headers: Record<string, string>;
  body?: string;
}

export interface Fixtures {
  /** Applications saved at step 1, with the session cookie of the browser that created them (only it may save them on). */
  updates: Array<{ id: number; token: string; cookie: string }>;
  /** Applications sent and answered by every lender: what an applicant polling the offers page has. */
  polls: Array<{ id: number; token: string }>;
}

export type RouteName = 'offers poll' | 'create' | 'update' | 'SELECT 1';

/**
 * The routes in the order measured and printed: the reference first, on a database nothing has
 * written to yet, then reads before writes, so no route runs on another's write debt.
 */
export function routeTargets(fixtures: Fixtures): Array<{ route: RouteName; targets: Target[] }> {
  return [
    { route: 'SELECT 1', targets: [{ method: 'GET', path: REFERENCE_PATH, headers: {} }] },
    {
      route: 'offers poll',
      targets: fixtures.polls.map(({ id, token }) => ({ method: 'GET', path: `/api/lainavertailu22/offers/${id}/${token}?page=0&size=100&sort=apr,asc`, headers: {} })),
    },
    { route: 'create', targets: [{ method: 'POST', path: `${API}/save`, headers: JSON_HEADERS, body: CREATE_BODY }] },
    {
      route: 'update',
      // Spread over many applications, as real applicants would be.
      targets: fixtures.updates.map(({ id, token, cookie }) => ({ method: 'POST', path: `${API}/save/${id}/${token}`, headers: { ...JSON_HEADERS, cookie }, body: UPDATE_BODY })),
    },
  ];
}
