// The landing-page tokens of accepted offers. Each accept call hands out a fresh token
// (only its hash is stored), so the page of an accepted offer opens for the one who
// accepted it and for nobody who merely guesses ids.
import { lockApplication } from '../applications/repository.ts';
import type { Queryable } from '../db/index.ts';
import { ApiError } from '../errors.ts';
import { hashToken, newToken, tokenMatches } from '../tokens.ts';
import { acceptOffer, findOffer, type Offer } from './offers.ts';

/** Enough for repeated clicks; older tokens beyond this stop working. */
const TOKENS_KEPT = 10;

/**
 * Accepts the offer of this application and returns a new landing token; undefined when the
 * offer is not its. Every accept path comes here, inside the transaction that records it: the
 * application's row is locked first and a cancelled one refused (409), so an accept and a
 * cancel (which takes the same lock) follow one another, and no accept lands after a cancel
 * (issue 24: a cancelled-or-not read outside the lock let one through).
 */
export async function acceptWithToken(tx: Queryable, applicationId: number, offerId: number): Promise<{ offer: Offer; token: string } | undefined> {
  const application = await lockApplication(tx, applicationId);
  if (!application) return undefined;
  if (application.cancelled) throw new ApiError(409, 'APPLICATION_CANCELLED', 'applicationCancelled');
  const offer = await acceptOffer(tx, applicationId, offerId);
  if (!offer) return undefined;
  const { token, hash } = newToken();
  await tx.query(`INSERT INTO offer_acceptances (offer_id, token_hash) VALUES ($1, $2)`, [offerId, hash]);
  await tx.query(
    `DELETE FROM offer_acceptances WHERE offer_id = $1 AND id NOT IN
       (SELECT id FROM offer_acceptances WHERE offer_id = $1 ORDER BY id DESC LIMIT ${TOKENS_KEPT})`,
    [offerId],
  );
  return { offer, token };
}

/** The accepted offer the token opens; undefined for a wrong offer, partner or token alike. */
export async function acceptedOffer(db: Queryable, partnerCode: string, offerId: number, token: string): Promise<Offer | undefined> {
  const hash = hashToken(token);
  const found = await db.query<{ token_hash: Uint8Array }>(`SELECT token_hash FROM offer_acceptances WHERE offer_id = $1 AND token_hash = $2`, [
    offerId,
    hash,
  ]);
  // The lookup is by hash; the constant-time compare keeps a miss and a hit alike in cost.
  if (!tokenMatches(token, found.rows[0]?.token_hash)) return undefined;
  const offer = await findOffer(db, offerId);
  return offer && offer.accepted && offer.partnerCode === partnerCode ? offer : undefined;
}
