// The marketing ban from the link in the code modal (marketplace spec §4, §7). The id
// and token prove the applicant holds the link; setting it again is not an error.
import type { FastifyInstance } from 'fastify';
import { authorizedApplication } from '../applications/credentials.ts';
import { setMarketingBan } from '../applications/repository.ts';
import type { Database } from '../db/index.ts';
import type { RateLimiter } from '../limits/limits.ts';
import { readCredentials } from '../otp/request.ts';

export async function marketingBanRoutes(app: FastifyInstance, options: { db: Database; limiter: RateLimiter }): Promise<void> {
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.post('/by-application-token', async (request) => {
    const input = readCredentials(request);
    await options.limiter.hit(options.db, 'marketingBan', { ip: request.ip });
    await options.db.transaction(async (tx) => {
      const stored = await authorizedApplication(tx, input.applicationId, input.applicationToken, { lock: true });
      await options.limiter.hit(tx, 'marketingBan', { application: stored.id });
      await setMarketingBan(tx, stored.id);
    });
    request.log.info({ applicationId: input.applicationId }, 'marketing ban set');
    return true;
  });
}
