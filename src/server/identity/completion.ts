// Sending an application to the lenders, which only strong identification may do
// (spec §6: identification is required to submit). The completion check and the
// finalize calls share it, so no call can finalize an application that nobody
// identified and leave it locked out of identification for good.
import { markIdentified } from '../applications/repository.ts';
import type { Queryable } from '../db/index.ts';
import { dispatchApplication } from '../marketplace/dispatcher.ts';
import { missingParties, requiredParties, type Party } from './parties.ts';
import { hashIdentifiedData, hashPersonalId, identifiedDataMatches, personalIdMatchesHash } from './secrets.ts';
import { successfulIdentifications } from './store.ts';

/**
 * Of the parties the flow requires, those that no successful identification of this
 * application covers: one of that party, of its identity code, made while the application's
 * data was `data` exactly. Data changed after identifying (the IBAN, an identity code,
 * anything) is never sent on what the bank confirmed before (issue 24 item 5).
 */
export async function unidentifiedParties(tx: Queryable, applicationId: number, data: Record<string, unknown>, parties: Party[] = requiredParties(data)): Promise<Party[]> {
  const identifications = await successfulIdentifications(tx, applicationId);
  return missingParties(data, parties, (party, personalId) =>
    identifications.some((found) => found.party === party && personalIdMatchesHash(personalId, found.salt, found.hash) && identifiedDataMatches(data, found.salt, found.dataHash)),
  );
}

/** What a successful identification records: the identified person's code and the application's data then, salted and hashed. */
export function identificationRecord(personalId: string, data: Record<string, unknown>): { salt: Buffer; hash: Buffer; dataHash: Buffer } {
  const { salt, hash } = hashPersonalId(personalId);
  return { salt, hash, dataHash: hashIdentifiedData(data, salt) };
}

/** Marks the application identified and finalized and queues it for every lender, in the caller's transaction. */
export async function sendToLenders(tx: Queryable, applicationId: number, options: { delayScale?: number }): Promise<void> {
  await markIdentified(tx, applicationId);
  await dispatchApplication(tx, applicationId, { delayScale: options.delayScale });
}
