// The form studio's server side (issue 30), staff logged in through the development staff
// provider: one editor at a time per item (the lease, and a lapsed one taken over), the draft's
// autosave with its optimistic revision and what it refuses with nothing changed, the preview
// of a draft as the same ES module a release is (its label and its validator are the draft's),
// and the /studio page, built or not.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';
import * as ajvRuntime from '../../engine/core/ajv-runtime.ts';
import { FORMS_DIR } from '../../engine/core/node.ts';
import type { FormDocument, SchemaValidateFunction } from '../../engine/core/types.ts';
import * as finnishValidators from '../../custom-validators/runtime.ts';
import { readStaffSettings } from '../../src/server/staff/settings.ts';
import { importBaseline } from '../../src/server/versions/baseline.ts';
import { contentHash } from '../../src/server/versions/hash.ts';
import { describeOnDatabases } from './helpers/database.ts';
import { Browser, startTestServer, type Answer, type TestServer } from './helpers/server.ts';
import { logInStaff } from './helpers/staff.ts';

const fail = (message: string): never => {
  throw new Error(message);
};
const fileSource = (path: string) => JSON.parse(readFileSync(join(FORMS_DIR, path), 'utf8')) as Record<string, unknown>;
const BUSINESS = 'document:business';
const LOGIN = 'document:login';
const HOUSING = 'section:housing';
const item = (key: string) => `/api/content/items/${encodeURIComponent(key)}`;
const preview = (key: string, number: number, rest: string) => `/api/content/preview/${encodeURIComponent(key)}/${number}/${rest}`;

interface Summary {
  item: string;
  number: number;
  state: string;
  hash: string;
  revision: number;
  note: string;
}
interface LeaseBody {
  holder: { id: number; name: string };
  expiresAt: string;
}
interface PreviewModule {
  document: FormDocument;
  createValidator: (validators: unknown, runtime: unknown) => SchemaValidateFunction;
}

/** The business form with its loan amount's label and maximum changed, as an editor would. */
const changedBusiness = () => {
  const source = structuredClone(fileSource('business.json')) as { fields: Record<string, { label: string; schema: { maximum: number } }> };
  source.fields.appliedAmount.label = 'Haettava lainasumma';
  source.fields.appliedAmount.schema.maximum = 300_000;
  return source;
};

describeOnDatabases('form studio API', (target) => {
  let server: TestServer;
  const url = (path: string) => `${server.url}${path}`;
  const browsers: Record<'eeva' | 'erkki' | 'aarne' | 'anni', Browser> = {} as never;
  const ids: Record<string, number> = {};
  const dist = mkdtempSync(join(tmpdir(), 'lv-studio-'));
  const modules = mkdtempSync(join(tmpdir(), 'lv-studio-modules-'));

  const send = async (browser: Browser, method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Answer> => {
    const init: RequestInit = { method, headers: { ...headers } };
    if (body !== undefined) {
      init.body = typeof body === 'string' ? body : JSON.stringify(body);
      if (!('content-type' in headers)) (init.headers as Record<string, string>)['content-type'] = 'application/json';
    }
    const response = await browser.fetch(url(path), init);
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // Not JSON: a module, a page.
    }
    return { status: response.status, body: parsed, text, headers: response.headers };
  };
  const take = (browser: Browser, key: string) => send(browser, 'POST', `${item(key)}/lease`);
  const release = (browser: Browser, key: string) => send(browser, 'DELETE', `${item(key)}/lease`);
  const save = (browser: Browser, key: string, number: number, body: unknown) => send(browser, 'PUT', `${item(key)}/versions/${number}`, body);
  const draft = async (browser: Browser, key: string, source: unknown) => {
    const created = await browser.post(url(`${item(key)}/versions`), { source, note: 'Studiossa' });
    expect(created.status).toBe(201);
    return (created.body as { version: Summary }).version;
  };
  const version = async (key: string, number: number) => (await browsers.eeva.get(url(`${item(key)}/versions/${number}`))).body as Summary & { source: unknown };
  const leaseOf = async (key: string) => ((await browsers.eeva.get(url('/api/content/items'))).body as { items: Array<{ item: string; lease: LeaseBody | null }> }).items.find((entry) => entry.item === key)!.lease;
  const auditCount = async () => Number((await server.db.query<{ count: string | number }>('SELECT count(*) AS count FROM staff_audit')).rows[0].count);

  async function load(answer: Answer): Promise<PreviewModule> {
    const file = join(modules, `${Math.random().toString(36).slice(2)}.mjs`);
    writeFileSync(file, answer.text);
    return import(pathToFileURL(file).href) as Promise<PreviewModule>;
  }
  /** The validator's errors about the loan amount for an application asking `amount`. */
  const amountErrors = (module: PreviewModule, amount: number) => {
    const validate = module.createValidator(finnishValidators, ajvRuntime);
    validate({ appliedAmount: amount });
    return (validate.errors ?? []).filter((error) => error.instancePath === '/appliedAmount').map((error) => error.keyword);
  };

  beforeAll(async () => {
    writeFileSync(join(dist, 'studio.html'), '<!doctype html><title>Studio</title><div id="studio"></div>');
    server = await startTestServer(target, { staff: readStaffSettings({}, fail), staticDir: dist, qaVerdicts: { sample: 1 } });
    await importBaseline(server.db);
    for (const [name, subject] of [['eeva', 'eeva.editori'], ['erkki', 'erkki.editori'], ['aarne', 'aarne.hyvaksyja'], ['anni', 'anni.admin']] as const) {
      const { browser } = await logInStaff(server.url, subject);
      ids[name] = ((await browser.get(url('/api/staff/me'))).body as { id: number }).id;
      browsers[name] = browser;
    }
  }, 60_000);

  afterAll(async () => {
    await server?.close();
    rmSync(dist, { recursive: true, force: true });
    rmSync(modules, { recursive: true, force: true });
  });

  it('lets one editor at a time hold an item’s lease, shows who, and frees it on release or when it lapses', async () => {
    const { eeva, erkki, aarne } = browsers;
    const taken = await take(eeva, BUSINESS);
    expect(taken.status).toBe(200);
    const lease = (taken.body as { lease: LeaseBody }).lease;
    expect(lease.holder).toEqual({ id: ids.eeva, name: 'Eeva Editori' });
    expect(Date.parse(lease.expiresAt)).toBeGreaterThan(Date.now());
    expect(await leaseOf(BUSINESS)).toEqual(lease);
    expect(await leaseOf(LOGIN)).toBeNull();

    const refused = await take(erkki, BUSINESS);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ type: 'LEASE_HELD', lease: { holder: { id: ids.eeva, name: 'Eeva Editori' } } });
    expect((refused.body as { message: string }).message).toContain('Eeva Editori');
    expect(await release(erkki, BUSINESS)).toMatchObject({ status: 409, body: { type: 'LEASE_HELD' } });
    // Reading is for every role, editing for those who write drafts.
    expect(await take(aarne, BUSINESS)).toMatchObject({ status: 403, body: { type: 'STAFF_FORBIDDEN' } });
    expect((await take(eeva, 'document:no-such')).status).toBe(404);

    // The holder renews hers; then gives it up, and the next editor takes it.
    const renewed = await take(eeva, BUSINESS);
    expect(renewed.status).toBe(200);
    expect(Date.parse((renewed.body as { lease: LeaseBody }).lease.expiresAt)).toBeGreaterThanOrEqual(Date.parse(lease.expiresAt));
    expect((await release(eeva, BUSINESS)).status).toBe(204);
    expect(await leaseOf(BUSINESS)).toBeNull();
    expect(await release(eeva, BUSINESS)).toMatchObject({ status: 409, body: { type: 'LEASE_NOT_HELD' } });
    expect(await take(erkki, BUSINESS)).toMatchObject({ status: 200, body: { lease: { holder: { name: 'Erkki Editori' } } } });

    // Erkki's studio closed without a word: once the lease lapses, it is nobody's and Eeva takes it.
    await server.db.query(`UPDATE content_leases SET expires_at = now() - interval '1 second' WHERE item = $1`, [BUSINESS]);
    expect(await leaseOf(BUSINESS)).toBeNull();
    expect(await take(eeva, BUSINESS)).toMatchObject({ status: 200, body: { lease: { holder: { id: ids.eeva } } } });
    expect(await release(erkki, BUSINESS)).toMatchObject({ status: 409, body: { type: 'LEASE_HELD' } });
    expect((await release(eeva, BUSINESS)).status).toBe(204);

    // Two editors opening the same free item at once: one gets it, the other is told who.
    const both = await Promise.all([take(eeva, LOGIN), take(erkki, LOGIN)]);
    expect(both.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const winner = both.find((answer) => answer.status === 200)!.body as { lease: LeaseBody };
    expect(both.find((answer) => answer.status === 409)!.body).toMatchObject({ type: 'LEASE_HELD', lease: { holder: winner.lease.holder } });
    expect((await release(winner.lease.holder.id === ids.eeva ? eeva : erkki, LOGIN)).status).toBe(204);
  });

  it('autosaves a draft from its current revision only, by its author holding the lease, without an audit entry', async () => {
    const { eeva, erkki, aarne } = browsers;
    const made = await draft(eeva, BUSINESS, fileSource('business.json'));
    expect(made.revision).toBe(1);
    expect((await take(eeva, BUSINESS)).status).toBe(200);
    const audited = await auditCount();

    const changed = changedBusiness();
    const saved = await save(eeva, BUSINESS, made.number, { source: changed, revision: 1, note: 'Summa 300 000 euroon' });
    expect(saved.status).toBe(200);
    const summary = (saved.body as { version: Summary }).version;
    expect(summary).toMatchObject({ number: made.number, state: 'draft', revision: 2, note: 'Summa 300 000 euroon', hash: contentHash(changed) });
    expect(await version(BUSINESS, made.number)).toMatchObject({ revision: 2, source: changed });
    const listed = (await eeva.get(url(`${item(BUSINESS)}/versions`))).body as { versions: Summary[] };
    expect(listed.versions.find((entry) => entry.number === made.number)?.revision).toBe(2);

    // Another tab still on revision 1: refused, told the current one, and nothing changes.
    const stale = await save(eeva, BUSINESS, made.number, { source: fileSource('business.json'), revision: 1 });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ type: 'REVISION_CONFLICT', revision: 2 });
    expect(await version(BUSINESS, made.number)).toMatchObject({ revision: 2, source: changed });

    // Two saves from the same revision at once (two tabs): one is taken, the other refused.
    const racing = await Promise.all([1, 2].map((n) => save(eeva, BUSINESS, made.number, { source: { ...changed, title: `Kilpa ${n}` }, revision: 2 })));
    expect(racing.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect(racing.find((answer) => answer.status === 409)!.body).toMatchObject({ type: 'REVISION_CONFLICT', revision: 3 });
    const raced = await save(eeva, BUSINESS, made.number, { source: changed, revision: 3 });
    expect((raced.body as { version: Summary }).version.revision).toBe(4);

    // Only the author writes her draft; an approver writes none.
    expect(await save(erkki, BUSINESS, made.number, { source: changed, revision: 4 })).toMatchObject({ status: 403, body: { type: 'NOT_AUTHOR' } });
    expect(await save(aarne, BUSINESS, made.number, { source: changed, revision: 4 })).toMatchObject({ status: 403, body: { type: 'STAFF_FORBIDDEN' } });

    // Without the lease: nobody's, then another editor's (named).
    expect((await release(eeva, BUSINESS)).status).toBe(204);
    expect(await save(eeva, BUSINESS, made.number, { source: changed, revision: 4 })).toMatchObject({ status: 409, body: { type: 'LEASE_NOT_HELD' } });
    expect((await take(erkki, BUSINESS)).status).toBe(200);
    const held = await save(eeva, BUSINESS, made.number, { source: changed, revision: 4 });
    expect(held.status).toBe(409);
    expect(held.body).toMatchObject({ type: 'LEASE_HELD', holder: { id: ids.erkki, name: 'Erkki Editori' } });
    expect((await release(erkki, BUSINESS)).status).toBe(204);
    expect((await take(eeva, BUSINESS)).status).toBe(200);
    expect(await version(BUSINESS, made.number)).toMatchObject({ revision: 4, source: changed });
    // The autosaves wrote no audit entries; the draft's creation did (before `audited`).
    expect(await auditCount()).toBe(audited);
    expect((await release(eeva, BUSINESS)).status).toBe(204);
  });

  it('does not autosave a version in review', async () => {
    const { eeva, aarne } = browsers;
    const made = await draft(eeva, LOGIN, fileSource('login.json'));
    expect((await eeva.post(url(`${item(LOGIN)}/versions/${made.number}/submit`))).status).toBe(200);
    expect((await take(eeva, LOGIN)).status).toBe(200);
    const inReview = await save(eeva, LOGIN, made.number, { source: { ...fileSource('login.json'), title: 'Muutettu' }, revision: 1 });
    expect(inReview.status).toBe(409);
    expect(inReview.body).toMatchObject({ type: 'VERSION_STATE_CONFLICT' });
    expect(await version(LOGIN, made.number)).toMatchObject({ state: 'review', revision: 1, source: fileSource('login.json') });
    expect((await aarne.post(url(`${item(LOGIN)}/versions/${made.number}/sendBack`), { comment: 'Testi' })).status).toBe(200);
    expect((await eeva.post(url(`${item(LOGIN)}/versions/${made.number}/discard`))).status).toBe(200);
    expect((await release(eeva, LOGIN)).status).toBe(204);
  });

  it('previews a draft as a release module: the draft’s label, and its validator refuses what the draft forbids', async () => {
    const { eeva, aarne } = browsers;
    const made = await draft(eeva, BUSINESS, changedBusiness());
    expect(await eeva.get(url(preview(BUSINESS, made.number, 'documents')))).toMatchObject({ status: 200, body: { documents: ['business'] } });

    const answer = await send(aarne, 'GET', preview(BUSINESS, made.number, 'business/base.js'));
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect(answer.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(answer.text).not.toMatch(/\beval\(|new Function|\brequire\(|^import /m);
    const module = await load(answer);
    expect(JSON.stringify(module.document)).toContain('Haettava lainasumma');
    expect(amountErrors(module, 320_000)).toContain('maximum');
    expect(amountErrors(module, 250_000)).toEqual([]);
    // The live version's preview allows what the draft forbids: the validator is the draft's.
    const live = await load(await send(eeva, 'GET', preview(BUSINESS, 1, 'business/base.js')));
    expect(amountErrors(live, 320_000)).toEqual([]);
    expect(JSON.stringify(live.document)).not.toContain('Haettava lainasumma');
    // The studio names the draft's revision, as a browser keeps an imported module by its URL.
    expect((await send(eeva, 'GET', `${preview(BUSINESS, made.number, 'business/base.js')}?revision=1`)).text).toBe(answer.text);
    expect((await send(eeva, 'GET', `${preview(BUSINESS, made.number, 'business/base.js')}?revision=x`)).status).toBe(400);
    // Asked again, the same module (made once, kept by its resolved content).
    expect((await send(eeva, 'GET', preview(BUSINESS, made.number, 'business/base.js'))).text).toBe(answer.text);

    expect(await send(eeva, 'GET', preview(BUSINESS, made.number, 'consumer/base.js'))).toMatchObject({ status: 404, body: { type: 'NOT_FOUND' } });
    expect((await send(eeva, 'GET', preview(BUSINESS, made.number, 'business/Base.js'))).status).toBe(404);
    expect((await send(eeva, 'GET', preview(BUSINESS, 999, 'business/base.js'))).status).toBe(404);
    expect((await send(eeva, 'GET', preview('document:no-such', 1, 'no-such/base.js'))).status).toBe(404);
    expect((await send(new Browser(), 'GET', preview(BUSINESS, made.number, 'business/base.js'))).status).toBe(401);
    expect((await eeva.post(url(`${item(BUSINESS)}/versions/${made.number}/discard`))).status).toBe(200);
  });

  it('previews a section draft in each form that includes it, and answers 422 for a draft that is no form', async () => {
    const { eeva, erkki } = browsers;
    const housing = JSON.parse(JSON.stringify(fileSource('sections/housing.json')).replaceAll('"Asumismuoto"', '"Asumisen muoto"')) as unknown;
    const made = await draft(erkki, HOUSING, housing);
    const documents = (await eeva.get(url(preview(HOUSING, made.number, 'documents')))).body as { documents: string[] };
    expect(documents.documents).toEqual(expect.arrayContaining(['consumer', 'business', 'mortgage', 'insurance']));
    expect(documents.documents).not.toContain('login');
    const answer = await send(eeva, 'GET', preview(HOUSING, made.number, 'mortgage/base.js'));
    expect(answer.status).toBe(200);
    const module = await load(answer);
    expect(module.document.id).toBe('mortgage');
    expect(JSON.stringify(module.document)).toContain('Asumisen muoto');
    expect((await send(eeva, 'GET', preview(HOUSING, made.number, 'login/base.js'))).status).toBe(404);
    expect((await erkki.post(url(`${item(HOUSING)}/versions/${made.number}/discard`))).status).toBe(200);

    const broken = await draft(eeva, LOGIN, { ...fileSource('login.json'), include: { 'no-such-section': {} } });
    const refused = await send(eeva, 'GET', preview(LOGIN, broken.number, 'login/base.js'));
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({ type: 'NOT_A_FORM' });
    expect((refused.body as { findings: unknown[] }).findings.length).toBeGreaterThan(0);
    expect((await eeva.post(url(`${item(LOGIN)}/versions/${broken.number}/discard`))).status).toBe(200);
  });

  it('answers bad autosave bodies with a 4xx and changes nothing', async () => {
    const { eeva } = browsers;
    const made = await draft(eeva, BUSINESS, fileSource('business.json'));
    expect((await take(eeva, BUSINESS)).status).toBe(200);
    const before = await version(BUSINESS, made.number);
    const source = fileSource('business.json');
    const path = `${item(BUSINESS)}/versions/${made.number}`;
    const raw = (body: string, contentType = 'application/json') => send(eeva, 'PUT', path, body, { 'content-type': contentType });
    const cases: Array<[string, () => Promise<Answer>, number]> = [
      ['not JSON', () => raw('{"source": {'), 400],
      ['empty', () => raw(''), 400],
      ['an array', () => raw('[]'), 400],
      ['source not an object', () => raw(JSON.stringify({ source: 'teksti', revision: 1 })), 400],
      ['source a list', () => raw(JSON.stringify({ source: [1], revision: 1 })), 400],
      ['no revision', () => raw(JSON.stringify({ source })), 400],
      ['revision text', () => raw(JSON.stringify({ source, revision: '1' })), 400],
      ['revision zero', () => raw(JSON.stringify({ source, revision: 0 })), 400],
      ['revision a fraction', () => raw(JSON.stringify({ source, revision: 1.5 })), 400],
      ['note a number', () => raw(JSON.stringify({ source, revision: 1, note: 5 })), 400],
      ['unknown field', () => raw(JSON.stringify({ source, revision: 1, extra: 1 })), 400],
      ['NUL in text', () => raw(JSON.stringify({ source: { ...source, title: 'a\u0000b' }, revision: 1 })), 400],
      ['form-encoded', () => raw('source=x', 'application/x-www-form-urlencoded'), 415],
      ['over 1 MB', () => raw(JSON.stringify({ source: { ...source, description: 'x'.repeat(1024 * 1024) }, revision: 1 })), 413],
      ['unknown version', () => save(eeva, BUSINESS, 999, { source, revision: 1 }), 404],
      ['unknown item', () => save(eeva, 'document:no-such', 1, { source, revision: 1 }), 404],
      ['version zero', () => save(eeva, BUSINESS, 0, { source, revision: 1 }), 400],
    ];
    for (const [what, run, status] of cases) expect((await run()).status, what).toBe(status);
    expect(await version(BUSINESS, made.number)).toEqual(before);
    // A draft nesting as deep as a document, and large, is taken: the limits are the new draft's.
    const large = await save(eeva, BUSINESS, made.number, { source: { ...source, description: 'x'.repeat(300_000) }, revision: 1 });
    expect(large.status).toBe(200);
    expect((await eeva.post(url(`${item(BUSINESS)}/versions/${made.number}/discard`))).status).toBe(200);
    expect((await release(eeva, BUSINESS)).status).toBe(204);
  });

  it('serves the studio page at /studio and below, revalidated, with the strict headers; unbuilt, a Finnish page', async () => {
    for (const path of ['/studio', '/studio/', '/studio/lomake/document%3Abusiness']) {
      const page = await send(new Browser(), 'GET', path);
      expect(page.status, path).toBe(200);
      expect(page.text, path).toContain('<div id="studio">');
      expect(page.headers.get('content-type')).toMatch(/^text\/html/);
      expect(page.headers.get('cache-control')).toBe('no-cache');
      expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
      expect(page.headers.get('x-content-type-options')).toBe('nosniff');
    }
    rmSync(join(dist, 'studio.html'));
    const unbuilt = await send(new Browser(), 'GET', '/studio/lomake');
    expect(unbuilt.status).toBe(200);
    expect(unbuilt.text).toContain('studion sivua ei ole vielä rakennettu');
    expect(unbuilt.headers.get('content-security-policy')).toContain("script-src 'self'");
  });
});
