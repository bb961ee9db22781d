// The content versions over HTTP (issue 29 item 8), staff logged in through the development
// staff provider: a draft from an editor to live by another person, the four-eyes rule, the
// rollback, the readable diff of a document and of a section, the audit log, and what is
// refused (no staff session, a customer's, bad bodies) with nothing stored.
import { readFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { FORMS_DIR } from '../../engine/core/node.ts';
import { REFUSAL_REASONS } from '../../engine/core/version-states.ts';
import { DEFAULT_SESSION_SETTINGS, SESSION_COOKIE } from '../../src/server/sessions/sessions.ts';
import { insertSession } from '../../src/server/sessions/store.ts';
import { readStaffSettings } from '../../src/server/staff/settings.ts';
import { newToken } from '../../src/server/tokens.ts';
import { importBaseline } from '../../src/server/versions/baseline.ts';
import { contentHash } from '../../src/server/versions/hash.ts';
import { insertVersion } from '../../src/server/versions/store.ts';
import { describeOnDatabases } from './helpers/database.ts';
import { Browser, startTestServer, type Answer, type TestServer } from './helpers/server.ts';
import { logInStaff } from './helpers/staff.ts';

const fail = (message: string): never => {
  throw new Error(message);
};
const fileSource = (path: string) => JSON.parse(readFileSync(join(FORMS_DIR, path), 'utf8')) as Record<string, unknown>;
const CONSUMER = 'document:consumer';
const BUSINESS = 'document:business';
const item = (key: string) => `/api/content/items/${encodeURIComponent(key)}`;

interface Summary {
  item: string;
  number: number;
  state: string;
  author: string;
  basedOn: number | null;
  note: string;
}

describeOnDatabases('content versions API', (target) => {
  let server: TestServer;
  const url = (path: string) => `${server.url}${path}`;
  let editor: Browser;
  let approver: Browser;
  /** Editor and approver both: the one who must not approve her own draft. */
  let both: Browser;
  let admin: Browser;
  const ids: Record<string, string> = {};

  const draft = (browser: Browser, key: string, source: unknown, note = 'Muutos') => browser.post(url(`${item(key)}/versions`), { source, note });
  const act = (browser: Browser, key: string, number: number, action: string, body?: unknown) => browser.post(url(`${item(key)}/versions/${number}/${action}`), body);
  const versionOf = (answer: Answer) => (answer.body as { version: Summary }).version;
  const stored = async () => {
    const versions = await server.db.query<{ count: string | number }>('SELECT count(*) AS count FROM content_versions');
    const audit = await server.db.query<{ count: string | number }>('SELECT count(*) AS count FROM staff_audit');
    return { versions: Number(versions.rows[0].count), audit: Number(audit.rows[0].count) };
  };

  beforeAll(async () => {
    server = await startTestServer(target, { staff: readStaffSettings({}, fail) });
    // What main.ts does at every start: forms/ becomes the live version 1 of each item.
    await importBaseline(server.db);
    for (const [name, subject] of [['editor', 'eeva.editori'], ['approver', 'aarne.hyvaksyja'], ['both', 'aila.hyvaksyja'], ['admin', 'anni.admin']] as const) {
      const { browser } = await logInStaff(server.url, subject);
      ids[name] = String(((await browser.get(url('/api/staff/me'))).body as { id: number }).id);
      if (name === 'editor') editor = browser;
      else if (name === 'approver') approver = browser;
      else if (name === 'both') both = browser;
      else admin = browser;
    }
  }, 60_000);

  afterAll(async () => {
    await server?.close();
  });

  it('lists the items and reads a version with its source', async () => {
    const items = await editor.get(url('/api/content/items'));
    expect(items.status).toBe(200);
    expect(items.headers.get('cache-control')).toBe('no-store');
    const list = (items.body as { items: Array<{ item: string }> }).items;
    expect(list).toContainEqual({ item: CONSUMER, live: 1, drafts: [], authors: ['repository'], lease: null });
    expect(list.map((entry) => entry.item)).toEqual(expect.arrayContaining(['section:housing', 'catalogue']));

    const versions = await editor.get(url(`${item(CONSUMER)}/versions`));
    expect(versions.status).toBe(200);
    expect(versions.body).toMatchObject({ item: CONSUMER, versions: [{ item: CONSUMER, number: 1, state: 'live', author: 'repository' }] });

    const one = await editor.get(url(`${item(CONSUMER)}/versions/1`));
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({ number: 1, state: 'live', source: fileSource('consumer.json') });

    // The key's ':' may also come as it is; a '/' inside a key only encoded, as one segment.
    expect((await editor.get(url('/api/content/items/document:consumer/versions'))).status).toBe(200);
    // Not (yet) a versioned item of forms/, so known only once it has a version.
    const legal = 'content:legal/tietosuoja';
    expect((await editor.get(url(`${item(legal)}/versions`))).status).toBe(404);
    await server.db.transaction(async (tx) => {
      await insertVersion(tx, { item: legal, number: 1, source: { title: 'Tietosuoja' }, hash: contentHash({ title: 'Tietosuoja' }), author: 'repository', note: 'Testi', state: 'live', basedOn: null });
    });
    const nested = await editor.get(url(`${item(legal)}/versions`));
    expect(nested.status).toBe(200);
    expect(nested.body).toMatchObject({ item: legal, versions: [{ item: legal, number: 1 }] });

    expect((await editor.get(url(`${item('document:no-such')}/versions/1`))).status).toBe(404);
    expect((await editor.get(url(`${item('nothing')}/versions`))).body).toEqual({ type: 'NOT_FOUND', message: 'Tuntematon sisältö.' });
    expect((await editor.get(url(`${item(CONSUMER)}/versions/99`))).status).toBe(404);
    expect((await editor.get(url(`${item(CONSUMER)}/versions/abc`))).status).toBe(400);
  });

  it('takes an editor’s draft to live through submit and another person’s approval, and shows its diff in Finnish', { timeout: 180_000 }, async () => {
    // The business form: its QA verdict, which approving needs, takes seconds (the consumer form's, minutes).
    const source = JSON.parse(JSON.stringify(fileSource('business.json')).replace('"maximum":350000', '"maximum":400000')) as unknown;
    const created = await draft(editor, BUSINESS, source, 'Lainasumma 400 000 euroon');
    expect(created.status).toBe(201);
    expect(versionOf(created)).toMatchObject({ item: BUSINESS, number: 2, state: 'draft', author: ids.editor, basedOn: 1, note: 'Lainasumma 400 000 euroon' });

    const submitted = await act(editor, BUSINESS, 2, 'submit');
    expect(submitted.status).toBe(200);
    expect(versionOf(submitted)).toMatchObject({ number: 2, state: 'review' });

    // From the live version to the latest draft, by default.
    const diff = await editor.get(url(`${item(BUSINESS)}/diff`));
    expect(diff.status).toBe(200);
    const body = diff.body as { from: number; to: number; changes: Array<{ kind: string; field?: string }>; lines: string[] };
    expect(body).toMatchObject({ from: 1, to: 2 });
    expect(body.lines).toContain('Lainasumma: enimmäismäärä 350\u00a0000 → 400\u00a0000');
    expect(body.changes).toContainEqual(expect.objectContaining({ kind: 'limit', field: 'appliedAmount' }));
    expect((await editor.get(url(`${item(BUSINESS)}/diff?from=2&to=2`))).body).toMatchObject({ lines: ['Ei muutoksia.'] });

    const refused = await act(editor, BUSINESS, 2, 'approve');
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ type: 'STAFF_FORBIDDEN', message: REFUSAL_REASONS.role });

    const liveForm = async () => (await server.db.query<{ document: string }>(`SELECT r.document FROM live_forms l JOIN form_releases r ON r.hash = l.hash WHERE l.document_id = 'business'`)).rows[0]?.document ?? '';
    expect(await liveForm()).toContain('"maximum":350000');
    // Sending it for approval started its QA verdict; approving waits for a passing one.
    await expect.poll(async () => ((await editor.get(url(`${item(BUSINESS)}/versions/2`))).body as { verdict: { passes: boolean } | null }).verdict?.passes ?? null, { timeout: 150_000, interval: 1000 }).toBe(true);
    const approved = await act(approver, BUSINESS, 2, 'approve');
    expect(approved.status).toBe(200);
    expect(versionOf(approved)).toMatchObject({ number: 2, state: 'live' });
    // New applications get it at once: the after-publish hook made it the live release.
    expect(await liveForm()).toContain('"maximum":400000');
    const versions = (await editor.get(url(`${item(BUSINESS)}/versions`))).body as { versions: Summary[]; staffNames: Record<string, string> };
    expect(versions.staffNames).toEqual({ [ids.editor]: 'Eeva Editori', [ids.approver]: 'Aarne Hyväksyjä' });
    expect(((await approver.get(url('/api/content/items'))).body as { staffNames: Record<string, string> }).staffNames).toMatchObject({ [ids.editor]: 'Eeva Editori' });
    expect(versions.versions.map((version) => [version.number, version.state])).toEqual([
      [2, 'live'],
      [1, 'retired'],
    ]);
    // Approving it again: it is not in review any more.
    const again = await act(admin, BUSINESS, 2, 'approve');
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ type: 'VERSION_STATE_CONFLICT', message: REFUSAL_REASONS.state });
  });

  it('does not let an approver approve her own draft, nor send one back without a reason', async () => {
    const source = fileSource('sections/consents.json');
    const created = await draft(both, 'section:consents', { ...source, description: 'Uusi kuvaus' });
    expect(created.status).toBe(201);
    const { number } = versionOf(created);
    expect((await act(both, 'section:consents', number, 'submit')).status).toBe(200);

    const own = await act(both, 'section:consents', number, 'approve');
    expect(own.status).toBe(403);
    expect(own.body).toEqual({ type: 'OWN_DRAFT', message: REFUSAL_REASONS.ownDraft });

    const bare = await act(approver, 'section:consents', number, 'sendBack', {});
    expect(bare.status).toBe(400);
    expect(bare.body).toEqual({ type: 'COMMENT_REQUIRED', message: REFUSAL_REASONS.commentRequired });
    const sentBack = await act(approver, 'section:consents', number, 'sendBack', { comment: 'Kuvaus on liian lyhyt.' });
    expect(sentBack.status).toBe(200);
    expect(versionOf(sentBack)).toMatchObject({ state: 'draft' });
    expect(((await editor.get(url(`${item('section:consents')}/versions/${number}`))).body as { comment: string }).comment).toBe('Kuvaus on liian lyhyt.');

    // Sent again with a note: the approver reads the note, not the old reason; sent again without one, neither.
    const withNote = await act(both, 'section:consents', number, 'submit', { comment: '  Kuvaus pidennetty. ' });
    expect(withNote.status).toBe(200);
    expect(versionOf(withNote)).toMatchObject({ state: 'review', comment: 'Kuvaus pidennetty.' });
    expect(((await approver.get(url(`${item('section:consents')}/versions`))).body as { versions: Summary[] }).versions.find((v) => v.number === number)).toMatchObject({ comment: 'Kuvaus pidennetty.' });
    expect((await act(approver, 'section:consents', number, 'sendBack', { comment: 'Vielä yksi korjaus.' })).status).toBe(200);
    expect(versionOf(await act(both, 'section:consents', number, 'submit', {}))).toMatchObject({ state: 'review', comment: null });
    expect((await act(approver, 'section:consents', number, 'sendBack', { comment: 'Ei vielä.' })).status).toBe(200);

    // Only its author (or an admin) discards a draft.
    expect((await act(editor, 'section:consents', number, 'discard')).status).toBe(403);
    expect(versionOf(await act(both, 'section:consents', number, 'discard'))).toMatchObject({ state: 'retired' });
    // A discarded draft was never live: no rollback to it.
    const neverLive = await act(approver, 'section:consents', number, 'rollback');
    expect(neverLive.status).toBe(409);
    expect(neverLive.body).toMatchObject({ type: 'NEVER_LIVE' });
  });

  it('rolls back to an earlier live version as a new version N+1', async () => {
    const before = (await editor.get(url(`${item(BUSINESS)}/versions`))).body as { versions: Summary[] };
    const newest = before.versions[0].number;
    const rolled = await act(approver, BUSINESS, 1, 'rollback');
    expect(rolled.status).toBe(200);
    expect(versionOf(rolled)).toMatchObject({ number: newest + 1, state: 'live', basedOn: 1, author: ids.approver, note: 'Palautettu versio 1' });
    const live = (await editor.get(url(`${item(BUSINESS)}/versions/${newest + 1}`))).body as { source: unknown };
    expect(live.source).toEqual(fileSource('business.json'));
    // The editor may not roll back.
    expect((await act(editor, BUSINESS, 2, 'rollback')).status).toBe(403);
  });

  it('shows a section draft’s diff in every document that includes the section', async () => {
    const source = JSON.parse(JSON.stringify(fileSource('sections/housing.json')).replace('"title":"Asumismuoto"', '"title":"Asumisen muoto"')) as unknown;
    const created = await draft(editor, 'section:housing', source);
    expect(created.status).toBe(201);
    const diff = await editor.get(url(`${item('section:housing')}/diff`));
    expect(diff.status).toBe(200);
    const body = diff.body as { documents: string[]; changes: Array<{ document: string }>; lines: string[] };
    expect(body.documents).toEqual(expect.arrayContaining(['consumer', 'business', 'mortgage', 'insurance']));
    expect(body.lines.some((line) => line.startsWith('Lomake consumer – ') && line.includes('"Asumismuoto" → "Asumisen muoto"'))).toBe(true);
    expect(body.changes.every((change) => body.documents.includes(change.document))).toBe(true);
    expect(versionOf(await act(editor, 'section:housing', versionOf(created).number, 'discard'))).toMatchObject({ state: 'retired' });

    const catalogue = await editor.get(url(`${item('catalogue')}/diff`));
    expect(catalogue.status).toBe(400);
    expect(catalogue.body).toMatchObject({ type: 'NOT_A_FORM' });
  });

  it('shows a draft of the shared keyword messages by its effect in every form', async () => {
    const source = fileSource('messages.json') as { messages: Record<string, string> };
    const changed = { ...source, messages: { ...source.messages, required: 'Tämä tieto tarvitaan' } };
    const created = await draft(editor, 'messages', changed);
    expect(created.status).toBe(201);
    const diff = await editor.get(url(`${item('messages')}/diff`));
    expect(diff.status).toBe(200);
    const body = diff.body as { documents: string[]; lines: string[] };
    expect(body.documents).toEqual(expect.arrayContaining(['consumer', 'business', 'mortgage', 'login']));
    expect(body.lines.some((line) => line.startsWith('Lomake business – ') && line.includes('Tämä tieto tarvitaan'))).toBe(true);
    expect(versionOf(await act(editor, 'messages', versionOf(created).number, 'discard'))).toMatchObject({ state: 'retired' });
  });

  it('refuses without a staff session, with a customer’s session, and the audit log to an editor', async () => {
    const before = await stored();
    const nobody = new Browser();
    const login = { type: 'STAFF_LOGIN_REQUIRED', message: 'Kirjaudu sisään studioon.' };
    expect(await nobody.get(url('/api/content/items'))).toMatchObject({ status: 401, body: login });
    expect(await nobody.get(url(`${item(CONSUMER)}/diff`))).toMatchObject({ status: 401, body: login });
    expect(await draft(nobody, CONSUMER, fileSource('consumer.json'))).toMatchObject({ status: 401, body: login });
    expect(await act(nobody, CONSUMER, 1, 'rollback')).toMatchObject({ status: 401, body: login });

    const session = newToken();
    await insertSession(server.db, session.hash, new Date(), DEFAULT_SESSION_SETTINGS.idleMs, DEFAULT_SESSION_SETTINGS.absoluteMs, randomBytes(32));
    const customer = new Browser();
    customer.setCookie(server.url, SESSION_COOKIE, session.token);
    expect((await customer.get(url('/api/auth/check'))).status).toBe(200);
    expect((await customer.get(url('/api/content/items'))).status).toBe(401);
    expect((await draft(customer, CONSUMER, fileSource('consumer.json'))).status).toBe(401);

    expect(await editor.get(url('/api/content/audit'))).toMatchObject({ status: 403, body: { type: 'STAFF_FORBIDDEN' } });
    expect(await stored()).toEqual(before);
  });

  it('answers bad bodies with a 4xx and stores nothing', async () => {
    const before = await stored();
    const source = fileSource('consumer.json');
    const post = (path: string, body: string, contentType = 'application/json') => editor.post(url(path), body, { 'content-type': contentType });
    const drafts = `${item(CONSUMER)}/versions`;
    const cases: Array<[string, () => Promise<Answer>, number]> = [
      ['not JSON', () => post(drafts, '{"source": {'), 400],
      ['empty', () => post(drafts, ''), 400],
      ['an array', () => post(drafts, '[]'), 400],
      ['source not an object', () => post(drafts, JSON.stringify({ source: 'teksti', note: '' })), 400],
      ['source a list', () => post(drafts, JSON.stringify({ source: [1], note: '' })), 400],
      ['no note', () => post(drafts, JSON.stringify({ source })), 400],
      ['note a number', () => post(drafts, JSON.stringify({ source, note: 5 })), 400],
      ['unknown field', () => post(drafts, JSON.stringify({ source, note: '', extra: 1 })), 400],
      ['NUL in text', () => post(drafts, JSON.stringify({ source: { ...source, title: 'a\u0000b' }, note: '' })), 400],
      ['form-encoded', () => post(drafts, 'source=x', 'application/x-www-form-urlencoded'), 415],
      ['over 1 MB', () => post(drafts, JSON.stringify({ source: { ...source, description: 'x'.repeat(1024 * 1024) }, note: '' })), 413],
      ['unknown item', () => post(`${item('document:no-such')}/versions`, JSON.stringify({ source, note: '' })), 404],
      ['bad item key', () => post(`${item('document:../x')}/versions`, JSON.stringify({ source, note: '' })), 404],
      ['unknown action', () => post(`${item(CONSUMER)}/versions/1/publish`, '{}'), 400],
      ['comment a number', () => post(`${item(CONSUMER)}/versions/1/rollback`, JSON.stringify({ comment: 1 })), 400],
      ['action body not JSON', () => post(`${item(CONSUMER)}/versions/1/rollback`, 'x'), 400],
      ['unknown version', () => post(`${item(CONSUMER)}/versions/999/submit`, '{}'), 404],
      ['version zero', () => post(`${item(CONSUMER)}/versions/0/submit`, '{}'), 400],
    ];
    for (const [what, send, status] of cases) expect((await send()).status, what).toBe(status);
    expect(await stored()).toEqual(before);

    // A large draft that nests as deep as a document is taken: the limits are this route's own.
    const large = await draft(editor, 'document:login', { ...fileSource('login.json'), description: 'x'.repeat(300_000) });
    expect(large.status).toBe(201);
    expect((await act(editor, 'document:login', versionOf(large).number, 'discard')).status).toBe(200);
  });

  it('refuses to publish a version the publish check finds problems in (422, with the findings), and it stays in review', async () => {
    const source = fileSource('login.json') as { fields: Record<string, Record<string, unknown>> };
    const broken = { ...source, fields: { ...source.fields, loginPhone: { ...source.fields.loginPhone, visible: { '==': [{ var: 'noSuchField' }, 1] } } } };
    const created = await draft(editor, 'document:login', broken);
    const { number } = versionOf(created);
    expect((await act(editor, 'document:login', number, 'submit')).status).toBe(200);
    const refused = await act(approver, 'document:login', number, 'approve');
    expect(refused.status).toBe(422);
    const body = refused.body as { type: string; message: string; findings: Array<{ path: string; message: string }> };
    expect(body).toMatchObject({ type: 'PUBLISH_CHECK_FAILED', message: 'Versiota ei voi julkaista: tarkistus löysi virheitä.' });
    expect(JSON.stringify(body.findings)).toContain('noSuchField');
    expect(((await editor.get(url(`${item('document:login')}/versions/${number}`))).body as Summary).state).toBe('review');
  });

  it('lists every step in the audit log, in order, for approvers and admins', async () => {
    const answer = await approver.get(url(`/api/content/audit?item=${encodeURIComponent(BUSINESS)}`));
    expect(answer.status).toBe(200);
    const entries = (answer.body as { entries: Array<{ action: string; version: number; staffId: number; staffName: string; detail: Record<string, unknown> }> }).entries;
    expect(
      entries
        .slice()
        .reverse()
        .map((entry) => [entry.action, entry.version, entry.staffName]),
    ).toEqual([
      ['version.create', 2, 'Eeva Editori'],
      ['version.submit', 2, 'Eeva Editori'],
      ['version.approve', 2, 'Aarne Hyväksyjä'],
      ['version.rollback', 3, 'Aarne Hyväksyjä'],
    ]);
    expect(entries[0].detail).toMatchObject({ rolledBackTo: 1, replaced: 2 });
    const byAdmin = await admin.get(url(`/api/content/audit?action=version.discard&staffId=${ids.both}`));
    expect(byAdmin.status).toBe(200);
    expect((byAdmin.body as { entries: Array<{ item: string }> }).entries.map((entry) => entry.item)).toEqual(['section:consents']);
    expect((await admin.get(url('/api/content/audit?limit=x'))).status).toBe(400);
  });
});
