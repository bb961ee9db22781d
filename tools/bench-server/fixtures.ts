// The applications the update and poll routes work on, made through the app's own API
// (and, where the API needs a bank, straight in the database), before any measuring.
import { readApplication } from '../../src/server/applications/repository.ts';
import type { Database } from '../../src/server/db/index.ts';
import { identificationRecord } from '../../src/server/identity/completion.ts';
import { recordAttempt } from '../../src/server/identity/store.ts';
import { answerDueDispatches } from '../../src/server/marketplace/dispatcher.ts';
import { API, CREATE_BODY, JSON_HEADERS, UPDATE_BODY, type Fixtures } from './routes.ts';

const UPDATE_TARGETS = 200;
const POLL_TARGETS = 50;

/** A new application and the session cookie of the browser that created it. */
async function createApplication(url: string, body: string): Promise<{ id: number; token: string; cookie: string }> {
  const response = await fetch(`${url}${API}/save`, { method: 'POST', headers: JSON_HEADERS, body });
  if (!response.ok) throw new Error(`create: ${response.status} ${await response.text()}`);
  const cookie = (response.headers.get('set-cookie') ?? '').split(';')[0];
  return { ...((await response.json()) as { id: number; token: string }), cookie };
}

/** Identified, sent and answered by every lender (the dispatches' answers are made due at once). */
async function answeredApplication(db: Database, url: string): Promise<{ id: number; token: string }> {
  const body = JSON.parse(UPDATE_BODY) as Record<string, unknown>;
  const created = await createApplication(url, UPDATE_BODY);
  const application = await readApplication(db, created.id);
  await recordAttempt(db, created.id, 'PRIMARY', 'bench', { outcome: 'success', ...identificationRecord(String(body.primaryApplicantPersonalIdentificationNumber), application!.data) });
  const finalized = await fetch(`${url}${API}/finalize/${created.id}/${created.token}`, { method: 'POST', headers: { cookie: created.cookie } });
  if (!finalized.ok) throw new Error(`finalize: ${finalized.status} ${await finalized.text()}`);
  return { id: created.id, token: created.token };
}

export async function makeFixtures(db: Database, url: string): Promise<Fixtures> {
  const updates: Fixtures['updates'] = [];
  for (let i = 0; i < UPDATE_TARGETS; i++) updates.push(await createApplication(url, CREATE_BODY));
  const polls: Fixtures['polls'] = [];
  for (let i = 0; i < POLL_TARGETS; i++) polls.push(await answeredApplication(db, url));
  while ((await answerDueDispatches(db, { now: new Date(Date.now() + 3_600_000) })) > 0);
  return { updates, polls };
}
