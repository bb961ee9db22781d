// The simulated insurer (issue 27 item 7): a signed application goes to it on the durable
// dispatch. IN PROGRESS: the integrator replaces this body with the dispatch; callers already
// call it inside the transaction that stores the signature.
import type { Queryable } from '../../server/db/index.ts';

export async function sendToInsurer(_tx: Queryable, _insuranceApplicationId: number): Promise<void> {}
