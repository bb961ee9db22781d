// An in-process server on a real database, listening on a random port, spoken to over
// real HTTP with fetch.
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { buildApp, type AppOptions } from '../../../src/server/app.ts';
import type { Database } from '../../../src/server/db/index.ts';
import { migrate } from '../../../src/server/db/migrate.ts';
import { hashPersonalId } from '../../../src/server/identity/secrets.ts';
import { recordAttempt } from '../../../src/server/identity/store.ts';
import { createLogger } from '../../../src/server/logging.ts';
import type { DatabaseTarget, TestDatabase } from './database.ts';

export const API = '/api/lainavertailu22/consumer-applications';

export interface RunningApp {
  url: string;
  app: FastifyInstance;
  /** Every log line the server wrote. */
  rawLogs: string[];
  close(): Promise<void>;
}

export interface TestServer extends RunningApp {
  db: Database;
}

/** A fresh database of the target, migrated, with the app listening on it. */
export async function startTestServer(target: DatabaseTarget, options: Partial<AppOptions> = {}): Promise<TestServer> {
  const database: TestDatabase = await target.create();
  let db: Database | undefined;
  let running: RunningApp;
  try {
    db = await database.open();
    await migrate(db);
    running = await startApp(db, options);
  } catch (error) {
    // A failed start must not leave a database behind on the shared server.
    await db?.close();
    await database.drop();
    throw error;
  }
  return {
    ...running,
    db,
    async close() {
      await running.close();
      await db!.close();
      await database.drop();
    },
  };
}

/** The app on an open database, on a random loopback port, its log captured. */
export async function startApp(db: Database, options: Partial<AppOptions> = {}): Promise<RunningApp> {
  const rawLogs: string[] = [];
  const destination = new Writable({
    write(chunk, _encoding, callback) {
      rawLogs.push(...String(chunk).split('\n').filter(Boolean));
      callback();
    },
  });
  const app = await buildApp({ db, logger: createLogger({ level: 'info', destination }), createRateLimit: false, ...options });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('the app is not listening on a TCP port');
  return { url: `http://127.0.0.1:${address.port}`, app, rawLogs, close: () => app.close() };
}

export interface Answer {
  status: number;
  body: unknown;
  text: string;
  headers: Headers;
}

/** POSTs `body` (an object is sent as JSON, a string as is) and reads the answer. */
export async function post(url: string, body?: unknown, headers: Record<string, string> = {}): Promise<Answer> {
  const init: RequestInit = { method: 'POST', headers: { ...headers } };
  if (body !== undefined) {
    init.body = typeof body === 'string' ? body : JSON.stringify(body);
    if (!Object.keys(headers).some((name) => name.toLowerCase() === 'content-type')) {
      (init.headers as Record<string, string>)['content-type'] = 'application/json';
    }
  }
  const response = await fetch(url, init);
  return read(response);
}

export async function get(url: string): Promise<Answer> {
  return read(await fetch(url));
}

async function read(response: Response): Promise<Answer> {
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON: keep the text
  }
  return { status: response.status, body, text, headers: response.headers };
}

/** The stored row as the database has it, for before/after comparisons. */
export async function storedRow(db: Database, id: number): Promise<Record<string, unknown> | undefined> {
  const result = await db.query(
    `SELECT id::text, encode(token_hash, 'hex') AS token_hash, product, brand, step, data::text AS data,
            additional_form_data::text AS additional_form_data, tracking::text AS tracking, status,
            created_at::text AS created_at, updated_at::text AS updated_at, finalized_at::text AS finalized_at
     FROM applications WHERE id = $1`,
    [id],
  );
  return result.rows[0];
}

/**
 * What a successful return from the bank leaves behind (the callback's own record), for
 * tests of what may happen after identification; identity.test.ts covers the real round trip.
 */
export async function recordBankIdentification(db: Database, id: number, personalId: string, party: 'PRIMARY' | 'CO_APPLICANT' = 'PRIMARY'): Promise<void> {
  await recordAttempt(db, id, party, 'op', { outcome: 'success', ...hashPersonalId(personalId) });
}
