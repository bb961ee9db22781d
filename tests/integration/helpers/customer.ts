// Customers for the login and customer-area tests (issue 17): applications of several
// products stored as their forms would store them, in a chosen state, with the person key
// the server would give them, and a browser logged in through the real login and code.
import { expect } from 'vitest';
import { loadFormRuntime } from '../../../engine/core/node.ts';
import { insertApplication, markFinalized, markIdentified, markProvedByCustomer, markSubmitted } from '../../../src/server/applications/repository.ts';
import { DEVELOPMENT_PERSON_KEY_SECRET, personKeys } from '../../../src/server/customer/person-keys.ts';
import type { Database, Queryable } from '../../../src/server/db/index.ts';
import type { DevOutbox } from '../../../src/server/notify/notifier.ts';
import { SESSION_COOKIE } from '../../../src/server/sessions/sessions.ts';
import { newToken } from '../../../src/server/tokens.ts';
import type { Browser } from './server.ts';

/** The key the test servers use (app.ts: the development key when none is given). */
export const KEYS = personKeys(DEVELOPMENT_PERSON_KEY_SECRET);

/** A customer of a test: the identity code their applications carry and how a login code reaches them. */
export interface Person {
  ssn: string;
  phone: string;
  email: string;
}

/** A bare loan application row (step 7, no data): what an insurance application names as its source. */
export async function insertLoanRow(db: Queryable): Promise<number> {
  const inserted = await db.query<{ id: number | string }>(
    `INSERT INTO applications (token_hash, product, form_id, brand, step, data, additional_form_data, tracking)
     VALUES ($1, 'kulutusluotto', 'consumer', 'lainavertailu', 7, '{}', '{"step": 7}', '{}') RETURNING id`,
    [newToken().hash],
  );
  return Number(inserted.rows[0].id);
}

const FORMS = { kulutusluotto: 'consumer', yhdistelylaina: 'consumer', asuntolaina: 'mortgage', yritysluotto: 'business' } as const;
export type ProductId = keyof typeof FORMS;

/**
 * - draft: being filled in; submitted: a mortgage waiting for identification;
 * - finalized: sent on without identification (the business flow);
 * - identified: the bank confirmed the primary applicant, and it was sent on;
 * - proved: sent on without identification by its own customer, logged in (a business loan
 *   sent from the customer's logged-in session, issue 24).
 */
export type State = 'draft' | 'submitted' | 'finalized' | 'identified' | 'proved';

export async function storeApplication(
  db: Database,
  product: ProductId,
  data: Record<string, unknown>,
  state: State,
  { withPersonKey = true }: { withPersonKey?: boolean } = {},
): Promise<{ id: number; token: string }> {
  const { token, hash } = newToken();
  const prepared = loadFormRuntime(FORMS[product], product === 'yhdistelylaina' ? ['yhdistelylaina'] : []).prepare(data);
  const id = await insertApplication(db, {
    tokenHash: hash,
    product,
    formId: FORMS[product],
    brand: 'lainavertailu',
    data: prepared,
    navigation: { step: state === 'draft' ? 2 : 0 },
    tracking: {},
    personKey: withPersonKey ? KEYS.ofData(prepared) : undefined,
  });
  if (state === 'submitted') await markSubmitted(db, id);
  if (state === 'finalized' || state === 'proved') await markFinalized(db, id);
  if (state === 'proved') await markProvedByCustomer(db, id);
  if (state === 'identified') await markIdentified(db, id);
  return { id, token };
}

/** The six-digit code of the newest mail to `to`. */
export function lastCode(outbox: DevOutbox, to: string): string {
  const [latest] = outbox.list(to);
  const match = /\b(\d{6})\b/.exec(latest?.text ?? '');
  if (!match) throw new Error(`no code in the outbox for ${to}`);
  return match[1];
}

/** Logs `browser` in with identity code and phone, then the code mailed to `email`. */
export async function logIn(url: string, browser: Browser, outbox: DevOutbox, login: { loginSsn: string; loginPhone: string }, email: string): Promise<void> {
  const asked = await browser.post(`${url}/api/auth/login`, login);
  expect(asked.status, asked.text).toBe(200);
  expect(asked.body).toBe(true);
  const verified = await browser.post(`${url}/api/auth/verify?otp=${lastCode(outbox, email)}`);
  expect(verified.body).toEqual({ login: 'success' });
  expect(browser.cookie(url, SESSION_COOKIE)).toBeDefined();
}
