// Dev tools only: ages an application's codes past their validity, so the e2e test can
// show the "expired" message without waiting ten minutes or running a second server.
import type { FastifyInstance } from 'fastify';
import { authorizedApplication } from '../applications/credentials.ts';
import type { Database } from '../db/index.ts';
import { readCredentials } from './request.ts';
import { expireCodes } from './store.ts';

export async function otpDevRoutes(app: FastifyInstance, options: { db: Database; now: () => number }): Promise<void> {
  app.post('/api/dev/otp/expire', async (request) => {
    const input = readCredentials(request);
    await options.db.transaction(async (tx) => {
      const stored = await authorizedApplication(tx, input.applicationId, input.applicationToken, { lock: true });
      await expireCodes(tx, stored.id, new Date(options.now()));
    });
    return { expired: true };
  });
}
