// The routes of an application saved step by step (consumer and mortgage flows): the saves,
// the one-time code that resumes it in another browser, and the same saved form without a
// code for its own logged-in customer (issue 17). One flow module registers them per API prefix.
import type { FastifyInstance } from 'fastify';
import { applicationRoutes } from '../server/applications/routes.ts';
import { prefillLoadRoutes } from '../server/customer/prefill-routes.ts';
import { otpRoutes } from '../server/otp/routes.ts';
import type { ApiGroup, FlowContext, ServerFlow } from './server-flow.ts';

export async function registerSavedApplication(app: FastifyInstance, ctx: FlowContext, { prefix, products: group }: ApiGroup, flow: ServerFlow): Promise<void> {
  const productIds = new Set(group.map((product) => product.id));
  await app.register(applicationRoutes, { prefix, db: ctx.db, products: ctx.products, forms: ctx.forms, group, sessions: ctx.sessions, limiter: ctx.limiter, personKeys: ctx.personKeys, lenderDelayScale: ctx.lenderDelayScale, flow });
  await app.register(otpRoutes, { prefix, db: ctx.db, notifier: ctx.notifier, now: ctx.now, sessions: ctx.sessions, limiter: ctx.limiter, products: productIds, brandDomains: ctx.brandDomains });
  await app.register(prefillLoadRoutes, { prefix, db: ctx.db, sessions: ctx.sessions, limiter: ctx.limiter, now: ctx.now, products: productIds, sessionSettings: ctx.sessionSettings });
}
