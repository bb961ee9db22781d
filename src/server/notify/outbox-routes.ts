// The development outbox over HTTP, so a developer or an e2e test can read the code
// that was "sent". Registered only when dev tools are on (never in production).
import type { FastifyInstance } from 'fastify';
import { badRequest } from '../errors.ts';
import type { DevOutbox } from './notifier.ts';

export async function outboxRoutes(app: FastifyInstance, options: { outbox: DevOutbox }): Promise<void> {
  app.get<{ Querystring: Record<string, unknown> }>('/api/dev/outbox', async (request, reply) => {
    const { to } = request.query;
    if (to !== undefined && typeof to !== 'string') throw badRequest('invalidField', { field: 'to', expected: 'yksi osoite' });
    return reply.header('cache-control', 'no-store').send(options.outbox.list(to));
  });
}
