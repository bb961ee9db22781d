// The marketing ban by application id and token (marketplace spec §4, §7).
import { afterAll, beforeAll, expect, it } from 'vitest';
import { step1 } from '../fixtures/consumer-valid.ts';
import { describeOnDatabases } from './helpers/database.ts';
import { API, get, post, startTestServer, type TestServer } from './helpers/server.ts';

const BAN = '/api/marketing-ban/by-application-token';

describeOnDatabases('marketing ban', (target) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(target);
  });
  afterAll(async () => {
    await server?.close();
  });

  async function application(): Promise<{ applicationId: number; applicationToken: string }> {
    const created = await post(`${server.url}${API}/save`, { ...step1, additionalFormData: { step: 1, hasCoApplicant: false } });
    const { id, token } = created.body as { id: number; token: string };
    return { applicationId: id, applicationToken: token };
  }

  async function bannedAt(id: number): Promise<string | null> {
    const result = await server.db.query<{ at: string | null }>('SELECT marketing_ban_at::text AS at FROM applications WHERE id = $1', [id]);
    return result.rows[0].at;
  }

  it('sets the ban and answers true, again and again without moving its time', async () => {
    const credentials = await application();
    expect(await bannedAt(credentials.applicationId)).toBeNull();
    const answer = await post(`${server.url}${BAN}`, credentials);
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body).toBe(true);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    const first = await bannedAt(credentials.applicationId);
    expect(first).not.toBeNull();
    const again = await post(`${server.url}${BAN}`, { applicationId: String(credentials.applicationId), applicationToken: credentials.applicationToken });
    expect(again.status).toBe(200);
    expect(again.body).toBe(true);
    expect(await bannedAt(credentials.applicationId)).toBe(first);
  });

  it('answers a wrong token or id with one 404 and bans nothing', async () => {
    const credentials = await application();
    const other = await application();
    for (const bad of [
      { ...credentials, applicationToken: other.applicationToken },
      { ...credentials, applicationId: credentials.applicationId + 100_000 },
      { ...credentials, applicationToken: 'x' },
      { ...credentials, applicationId: -1 },
    ]) {
      const answer = await post(`${server.url}${BAN}`, bad);
      expect(answer.status, JSON.stringify(bad)).toBe(404);
      expect(answer.body).toEqual({ type: 'NOT_FOUND', message: 'Hakemusta ei löytynyt.' });
    }
    expect(await bannedAt(credentials.applicationId)).toBeNull();
    expect(await bannedAt(other.applicationId)).toBeNull();
  });

  it('refuses malformed bodies with a 400, never a 500', async () => {
    const credentials = await application();
    for (const body of ['{', '[]', 'null', {}, { applicationId: credentials.applicationId }, { ...credentials, extra: true }, { ...credentials, applicationToken: 5 }, { applicationId: [1], applicationToken: credentials.applicationToken }]) {
      const answer = await post(`${server.url}${BAN}`, body);
      expect(answer.status, `${JSON.stringify(body)} → ${answer.text}`).toBe(400);
      expect(typeof (answer.body as { message: unknown }).message).toBe('string');
    }
    expect((await post(`${server.url}${BAN}`, { ...credentials, pad: 'x'.repeat(100_000) })).status).toBe(413);
    expect(await bannedAt(credentials.applicationId)).toBeNull();
    expect((await get(`${server.url}${BAN}`)).status).toBe(404);
  });
});
