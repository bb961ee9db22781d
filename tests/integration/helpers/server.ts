// An in-process server on a real database, listening on a random port, spoken to over
// real HTTP with fetch.
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { buildApp, type AppOptions } from '../../../src/server/app.ts';
import type { Database } from '../../../src/server/db/index.ts';
import { migrate } from '../../../src/server/db/migrate.ts';
import { resolveDevelopmentSecrets } from '../../../src/server/identity/dev-keys.ts';
import { identificationRecord } from '../../../src/server/identity/completion.ts';
import { developmentSettings } from '../../../src/server/identity/settings.ts';
import { recordAttempt } from '../../../src/server/identity/store.ts';
import { createLogger } from '../../../src/server/logging.ts';
import { loadFormRuntime } from '../../../engine/core/node.ts';
import { insertApplication, readApplication } from '../../../src/server/applications/repository.ts';
import { DEFAULT_SESSION_SETTINGS, SESSION_COOKIE } from '../../../src/server/sessions/sessions.ts';
import { bindApplication, insertSession } from '../../../src/server/sessions/store.ts';
import { newToken } from '../../../src/server/tokens.ts';
import { validApplication } from '../../fixtures/consumer-valid.ts';
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
  // As main.ts does: the development provider's client secret from the database, so apps on
  // one database (or one started after another closed) finish each other's identifications.
  // A database that refuses every query (the failing-database test) keeps the per-start secret.
  const settings = (await options.identity) ?? developmentSettings();
  const identity = await resolveDevelopmentSecrets(db, settings).catch(() => settings);
  const app = await buildApp({ db, logger: createLogger({ level: 'info', destination }), limits: false, ...options, identity });
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

/**
 * The cookies of one browser, by host name (as browsers keep them: not by port, so a
 * restarted server or a second instance on the same host gets them too): each server
 * gets back what was set (the session of issue 14, the identification cookie). `post` and `get`
 * speak as `applicant`, the one browser of a test file; an attack test makes another.
 */
export class Browser {
  private readonly jars = new Map<string, Map<string, string>>();

  private jar(url: string): Map<string, string> {
    const host = new URL(url).hostname;
    let jar = this.jars.get(host);
    if (!jar) this.jars.set(host, (jar = new Map()));
    return jar;
  }

  cookie(url: string, name: string): string | undefined {
    return this.jar(url).get(name);
  }

  setCookie(url: string, name: string, value: string): void {
    this.jar(url).set(name, value);
  }

  /** fetch with this browser's cookies; redirects are not followed unless `init.redirect` says so. */
  async fetch(url: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    const jar = this.jar(url);
    if (jar.size && !headers.has('cookie')) headers.set('cookie', [...jar].map(([name, value]) => `${name}=${value}`).join('; '));
    const response = await fetch(url, { redirect: 'manual', ...init, headers });
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(';');
      const at = pair.indexOf('=');
      const name = pair.slice(0, at).trim();
      const removed = attributes.some((attribute) => /^\s*max-age=0\s*$/i.test(attribute) || /^\s*expires=thu, 01 jan 1970/i.test(attribute));
      if (removed) jar.delete(name);
      else jar.set(name, pair.slice(at + 1).trim());
    }
    return response;
  }

  /** POSTs `body` (an object is sent as JSON, a string as is) and reads the answer. */
  async post(url: string, body?: unknown, headers: Record<string, string> = {}): Promise<Answer> {
    const init: RequestInit = { method: 'POST', headers: { ...headers }, redirect: 'follow' };
    if (body !== undefined) {
      init.body = typeof body === 'string' ? body : JSON.stringify(body);
      if (!Object.keys(headers).some((name) => name.toLowerCase() === 'content-type')) {
        (init.headers as Record<string, string>)['content-type'] = 'application/json';
      }
    }
    return read(await this.fetch(url, init));
  }

  async get(url: string): Promise<Answer> {
    return read(await this.fetch(url, { redirect: 'follow' }));
  }
}

/** The applicant's browser: what `post` and `get` send and keep. */
export const applicant = new Browser();

/** POSTs `body` (an object is sent as JSON, a string as is) from the applicant's browser and reads the answer. */
export const post = (url: string, body?: unknown, headers: Record<string, string> = {}): Promise<Answer> => applicant.post(url, body, headers);

export const get = (url: string): Promise<Answer> => applicant.get(url);

/**
 * Gives `browser` a session holding the application, as creating it in that browser
 * would: for tests that store an application directly rather than through the API.
 */
export async function openSession(server: { db: Database; url: string }, applicationId: number, browser: Browser = applicant): Promise<void> {
  const { token, hash } = newToken();
  const now = new Date();
  const id = await insertSession(server.db, hash, now, DEFAULT_SESSION_SETTINGS.idleMs, DEFAULT_SESSION_SETTINGS.absoluteMs);
  await bindApplication(server.db, id, applicationId);
  browser.setCookie(server.url, SESSION_COOKIE, token);
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
 * What a successful return from the bank leaves behind (the callback's own record, which
 * vouches for the application's data as stored now), for tests of what may happen after
 * identification; identity.test.ts covers the real round trip.
 */
export async function recordBankIdentification(db: Database, id: number, personalId: string, party: 'PRIMARY' | 'CO_APPLICANT' = 'PRIMARY'): Promise<void> {
  const application = await readApplication(db, id);
  if (!application) throw new Error(`no application ${id}`);
  await recordAttempt(db, id, party, 'op', { outcome: 'success', ...identificationRecord(personalId, application.data) });
}

/**
 * A consumer application stored as the form would store it, without going through the
 * API (tests of what happens after the form: identification, offers, dispatch).
 */
export async function storeConsumerApplication(db: Database, data: Record<string, unknown> = validApplication(), step = 7): Promise<{ id: number; token: string }> {
  const { token, hash } = newToken();
  const id = await insertApplication(db, {
    tokenHash: hash,
    product: 'kulutusluotto',
    formId: 'consumer',
    brand: 'lainavertailu',
    data: loadFormRuntime('consumer').prepare(data),
    navigation: { step, hasCoApplicant: data.hasCoApplicant === true },
    tracking: {},
  });
  return { id, token };
}
