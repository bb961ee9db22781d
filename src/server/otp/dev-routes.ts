// Dev tools only: ages an application's codes past their validity, so the e2e test can
// show the "expired" message without waiting ten minutes or running a second server.
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/index.ts';
import { lockApplication } from '../consumer/store.ts';
import { applicationNotFound } from '../errors.ts';
import { tokenMatches } from '../tokens.ts';
import { readCredentials } from './request.ts';
import { expireCodes } from './store.ts';

export async function otpDevRoutes(app: FastifyInstance, options: { db: Database; now: () => number }): Promise<void> {
  app.post('/api/dev/otp/expire', async (request) => {
    const input = readCredentials(request);
    await options.db.transaction(async (tx) => {
      const stored = await lockApplication(tx, input.applicationId);
      if (!tokenMatches(input.applicationToken, stored?.tokenHash) || !stored) throw applicationNotFound();
      await expireCodes(tx, stored.id, new Date(options.now()));
    });
    return { expired: true };
  });
}
