// The business application API (marketplace spec §7 "Business"): one call creates the
// whole application and sends it to the business financiers at once (§4 "Business
// flow": no steps to save, nobody identifies), and the applied amount for the offers
// page. The same guarantees as every application route: the document validates on the
// server, bad input gets a clear 4xx and stores nothing.
import type { FastifyInstance } from 'fastify';
import { loggedInPerson } from '../customer/session.ts';
import { badRequest } from '../errors.ts';
import { dispatchApplication } from '../marketplace/dispatcher.ts';
import { newToken } from '../tokens.ts';
import { applicationFromPath, pathApplication, type ApplicationParams } from './credentials.ts';
import { insertApplication, markFinalized, markProvedByCustomer } from './repository.ts';
import type { ApplicationRoutesOptions } from './routes.ts';
import { jsonNoStoreScope, readNewApplication, validate, withoutNulls } from './submission.ts';

/** The same as every application route's (the group's products, sessions, limits and the person keys), and the clock sessions expire by. */
export type BusinessRoutesOptions = ApplicationRoutesOptions & { now?: () => number };

export async function businessApplicationRoutes(app: FastifyInstance, options: BusinessRoutesOptions): Promise<void> {
  const { db, products, group, sessions } = options;
  const productIds = group.map((product) => product.id);
  jsonNoStoreScope(app);

  app.post('/create', async (request, reply) => {
    await options.limiter.hit(db, 'create', { ip: request.ip });
    // A one-step form's body names no step: it is the form's only one.
    const { product, brand, form, payload } = readNewApplication(request, products, group, { lastStepByDefault: true });
    if (payload.finalize) throw badRequest('invalidField', { field: 'finalize', expected: '0 (hakemus lähtee luotaessa)' });
    const data = validate(request, form, withoutNulls(payload.data), form.lastStep);
    const { token, hash } = newToken();
    const personKey = options.personKeys.ofData(data);
    const id = await db.transaction(async (tx) => {
      // Read before the session is granted the application (and perhaps renewed): who is logged in.
      const customer = await loggedInPerson(tx, request, new Date((options.now ?? Date.now)()));
      const created = await insertApplication(tx, { tokenHash: hash, product: product.id, formId: form.documentId, formRelease: form.release, brand, data, navigation: { step: form.lastStep }, tracking: payload.tracking, personKey });
      await markFinalized(tx, created);
      // Nobody identifies for a business loan (issue 24): it becomes a customer's own, shown in
      // their area, only when they sent it logged in (a session their login code proved) with
      // their own identity code. Sent by anyone else with that code, it stays out of their area.
      if (customer && personKey?.equals(customer)) await markProvedByCustomer(tx, created);
      await dispatchApplication(tx, created, { market: 'business', delayScale: options.lenderDelayScale });
      // The browser that applied may see and accept its offers without a code, as with every product.
      await sessions.grant(tx, request, reply, created);
      return created;
    });
    request.log.info({ applicationId: id, product: product.id }, 'business application created and sent');
    return { id, token, formRelease: form.release };
  });

  // Spec §7: the amount the company applied for, which the offers page compares offers with.
  app.get<{ Params: ApplicationParams }>('/applied-amount/:id/:token', { preHandler: applicationFromPath(db, new Set(productIds)) }, async (request) => {
    const amount = pathApplication(request).data.appliedAmount;
    return typeof amount === 'number' ? amount : null;
  });
}
