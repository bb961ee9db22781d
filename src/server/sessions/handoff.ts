// Leaving a partner's frame for the top window with the session (issue 28 item 4). Banks
// refuse frames, so identification and signing happen in the top window; but there the
// session cookie of the frame (kept in the partner's partition) is not sent. The frame asks
// for a one-time handoff code (256 bits from the CSPRNG, only its hash stored, two minutes,
// single use) bound to its session and the page to go on at; the top window opens it, gets a
// first-party session carrying the frame's applications and login (the frame's own ends), and
// lands on that page of the service. The code travels in the URL once: logs mask it (logging.ts).
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/index.ts';
import { jsonNoStoreScope } from '../applications/submission.ts';
import { badRequest } from '../errors.ts';
import { hashToken, isWellFormedToken, newToken } from '../tokens.ts';
import { replaceSession, sessionRequired, sessionTokenHash, type SessionSettings } from './sessions.ts';
import { findSession, findSessionById } from './store.ts';

export const HANDOFF_TTL_MS = 2 * 60 * 1000;
export const HANDOFF_PATH = '/api/session/handoff';
/** A page of this service: a path, not another site's address (`//host`) or a script. */
const PAGE = /^\/(?!\/)[A-Za-z0-9/_.~%?=&-]{0,299}$/;

export interface HandoffOptions {
  db: Database;
  now: () => number;
  settings: SessionSettings;
}

export async function handoffRoutes(app: FastifyInstance, options: HandoffOptions): Promise<void> {
  const { db, now, settings } = options;
  jsonNoStoreScope(app);

  app.post<{ Body: { path?: unknown } }>(HANDOFF_PATH, { bodyLimit: 1024 }, async (request) => {
    const path = request.body?.path;
    if (typeof path !== 'string' || !PAGE.test(path)) throw badRequest('handoffPathInvalid');
    const at = new Date(now());
    const hash = sessionTokenHash(request);
    const session = hash && (await findSession(db, hash, at));
    if (!session) throw sessionRequired();
    const code = newToken();
    await db.query(`DELETE FROM session_handoffs WHERE expires_at < $1`, [at.toISOString()]);
    await db.query(`INSERT INTO session_handoffs (code_hash, session_id, path, expires_at) VALUES ($1, $2, $3, $4)`, [
      code.hash,
      session.id,
      path,
      new Date(at.getTime() + HANDOFF_TTL_MS).toISOString(),
    ]);
    return { url: `${HANDOFF_PATH}/${code.token}` };
  });

  app.get<{ Params: { code: string } }>(`${HANDOFF_PATH}/:code`, async (request, reply) => {
    const at = new Date(now());
    const code = request.params.code;
    const handed = await db.transaction(async (tx) => {
      if (!isWellFormedToken(code)) return undefined;
      const taken = await tx.query<{ session_id: number | string; path: string }>(
        `DELETE FROM session_handoffs WHERE code_hash = $1 AND expires_at >= $2 RETURNING session_id, path`,
        [hashToken(code), at.toISOString()],
      );
      const row = taken.rows[0];
      if (!row) return undefined;
      const previous = await findSessionById(tx, Number(row.session_id), at);
      // The frame's session ended meanwhile: the page asks for a code as for any new browser.
      if (previous) await replaceSession(tx, previous, request, reply, at, settings);
      return row.path;
    });
    if (handed === undefined) request.log.warn('session handoff code unknown, used or expired');
    // An unknown, used or expired code is no error page: the visitor goes to the service's start.
    return reply.code(303).header('location', handed ?? '/').send();
  });
}
