// The marketing ban from the link in the code modal (marketplace spec §4, §7). The id
// and token prove the applicant holds the link; setting it again is not an error.
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/index.ts';
import { lockApplication } from '../consumer/store.ts';
import { applicationNotFound } from '../errors.ts';
import { readCredentials } from '../otp/request.ts';
import { tokenMatches } from '../tokens.ts';

export async function marketingBanRoutes(app: FastifyInstance, options: { db: Database }): Promise<void> {
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.post('/by-application-token', async (request) => {
    const input = readCredentials(request);
    await options.db.transaction(async (tx) => {
      const stored = await lockApplication(tx, input.applicationId);
      if (!tokenMatches(input.applicationToken, stored?.tokenHash) || !stored) throw applicationNotFound();
      await tx.query('UPDATE consumer_applications SET marketing_ban_at = COALESCE(marketing_ban_at, now()) WHERE id = $1', [stored.id]);
    });
    request.log.info({ applicationId: input.applicationId }, 'marketing ban set');
    return true;
  });
}
