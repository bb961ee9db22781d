// Content versions in the database (issue 29 item 2): the baseline import from forms/, the
// guarded transitions with the publish gate and the audit callback, rollback as a new version,
// and forms:pull writing the live versions back. Every test works on its own copy of forms/.
import { execFile } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, beforeEach, afterEach, expect, it } from 'vitest';
import { CATALOGUE_FILE, FORMS_DIR, SECTIONS_FOLDER, listFormDocuments } from '../../engine/core/node.ts';
import type { Database } from '../../src/server/db/index.ts';
import { migrate } from '../../src/server/db/migrate.ts';
import { importBaseline } from '../../src/server/versions/baseline.ts';
import { contentHash } from '../../src/server/versions/hash.ts';
import { pullLiveVersions } from '../../src/server/versions/pull.ts';
import { versionService, type Actor, type AuditEntry, type PublishGate } from '../../src/server/versions/service.ts';
import { describeOnDatabases, type TestDatabase } from './helpers/database.ts';

const editor: Actor = { id: 'eero', roles: ['editor'] };
const approver: Actor = { id: 'aino', roles: ['approver'] };
const otherApprover: Actor = { id: 'arto', roles: ['approver'] };
const editorAndApprover: Actor = { id: 'essi', roles: ['editor', 'approver'] };
const CONSUMER = 'document:consumer';

const passingGate: PublishGate = async () => ({ findings: [], verdict: { mutationScore: 1 } });

function copyForms(): string {
  const dir = mkdtempSync(join(tmpdir(), 'lv-content-versions-'));
  for (const id of listFormDocuments()) cpSync(join(FORMS_DIR, `${id}.json`), join(dir, `${id}.json`));
  cpSync(join(FORMS_DIR, SECTIONS_FOLDER), join(dir, SECTIONS_FOLDER), { recursive: true });
  cpSync(join(FORMS_DIR, CATALOGUE_FILE), join(dir, CATALOGUE_FILE));
  return dir;
}

const readJson = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown> & { fields: Record<string, { label?: string }> };
/** The consumer document with one label changed: what an editor or a developer would do. */
function consumerWithLabel(formsDir: string, label: string) {
  const doc = readJson(join(formsDir, 'consumer.json'));
  const field = Object.keys(doc.fields).find((id) => doc.fields[id].label !== undefined)!;
  return { ...doc, fields: { ...doc.fields, [field]: { ...doc.fields[field], label } } };
}
const writeConsumer = (formsDir: string, doc: unknown) => writeFileSync(join(formsDir, 'consumer.json'), `${JSON.stringify(doc, null, 2)}\n`);

describeOnDatabases('content versions', (target) => {
  let database: TestDatabase;
  let db: Database;
  let formsDir: string;
  let audited: AuditEntry[];
  const audit = async (tx: Parameters<Parameters<typeof versionService>[0]['audit']>[0], entry: AuditEntry) => {
    // The callback gets the transaction that did the action, and may write in it.
    await tx.query('SELECT 1');
    audited.push(entry);
  };
  const service = versionService({ gate: passingGate, audit });

  beforeAll(async () => {
    database = await target.create();
    db = await database.open();
    await migrate(db);
  });
  afterAll(async () => {
    await db?.close();
    await database?.drop();
  });
  beforeEach(async () => {
    await db.exec('TRUNCATE content_baselines, content_versions');
    formsDir = copyForms();
    audited = [];
  });
  afterEach(() => rmSync(formsDir, { recursive: true, force: true }));

  const versionsOf = async (item: string) => (await service.listVersions(db, item)).map(({ number, state, author, basedOn }) => ({ number, state, author, basedOn }));

  /** An editor's draft of the consumer document, in review; its number. */
  async function draftInReview(label: string, author: Actor = editor): Promise<number> {
    const created = await service.createDraft(db, author, CONSUMER, consumerWithLabel(formsDir, label), 'Otsikko uusiksi');
    if (!created.ok) throw new Error(created.reason);
    const submitted = await service.transition(db, author, CONSUMER, created.version.number, 'submit');
    expect(submitted).toMatchObject({ ok: true, version: { state: 'review' } });
    return created.version.number;
  }

  it('imports every item of forms/ once, live, in the files’ own key order; a second start adds nothing', async () => {
    const first = await importBaseline(db, formsDir);
    const items = [...listFormDocuments(formsDir).map((id) => `document:${id}`), ...readdirSync(join(formsDir, SECTIONS_FOLDER)).map((file) => `section:${file.replace(/\.json$/, '')}`), 'catalogue'];
    expect(first.map(({ item }) => item).sort()).toEqual(items.sort());
    expect(first.every(({ number, state }) => number === 1 && state === 'live')).toBe(true);

    const overview = await service.listItems(db);
    expect(overview).toHaveLength(items.length);
    expect(overview.find((entry) => entry.item === CONSUMER)).toEqual({ item: CONSUMER, live: 1, drafts: [], authors: ['repository'] });
    const version = await service.getVersion(db, CONSUMER, 1);
    expect(version).toMatchObject({ author: 'repository', note: 'Tuotu repositoriosta', state: 'live', basedOn: null });
    expect(version!.hash).toBe(contentHash(readJson(join(formsDir, 'consumer.json'))));
    // json, not jsonb: the text comes back as the file has it, key order and all.
    expect(`${JSON.stringify(await service.liveSource(db, CONSUMER), null, 2)}\n`).toBe(readFileSync(join(formsDir, 'consumer.json'), 'utf8'));
    expect(Number((await db.query<{ n: number }>('SELECT count(*) AS n FROM content_baselines')).rows[0].n)).toBe(items.length);

    expect(await importBaseline(db, formsDir)).toEqual([]);
    expect(Number((await db.query<{ n: number }>('SELECT count(*) AS n FROM content_versions')).rows[0].n)).toBe(items.length);
  });

  it('two instances starting at once import once', async () => {
    const [one, two] = await Promise.all([importBaseline(db, formsDir), importBaseline(db, formsDir)]);
    expect([one.length, two.length].sort((a, b) => a - b)).toEqual([0, listFormDocuments(formsDir).length + readdirSync(join(formsDir, SECTIONS_FOLDER)).length + 1]);
    expect(await versionsOf(CONSUMER)).toEqual([{ number: 1, state: 'live', author: 'repository', basedOn: null }]);
  });

  it('a changed file becomes a new live version when nothing was published from the database since', async () => {
    await importBaseline(db, formsDir);
    writeConsumer(formsDir, consumerWithLabel(formsDir, 'Uusi otsikko'));
    expect(await importBaseline(db, formsDir)).toEqual([{ item: CONSUMER, number: 2, state: 'live' }]);
    expect(await versionsOf(CONSUMER)).toEqual([
      { number: 2, state: 'live', author: 'repository', basedOn: 1 },
      { number: 1, state: 'retired', author: 'repository', basedOn: null },
    ]);
    expect(await service.liveSource(db, CONSUMER)).toEqual(consumerWithLabel(formsDir, 'Uusi otsikko'));
  });

  it('a changed file waits in review when something newer was published from the database', async () => {
    await importBaseline(db, formsDir);
    const number = await draftInReview('Studiossa tehty');
    expect(await service.transition(db, approver, CONSUMER, number, 'approve')).toMatchObject({ ok: true, version: { number: 2, state: 'live' } });

    writeConsumer(formsDir, consumerWithLabel(formsDir, 'Repositoriossa tehty'));
    expect(await importBaseline(db, formsDir)).toEqual([{ item: CONSUMER, number: 3, state: 'review' }]);
    expect((await service.liveSource(db, CONSUMER)) as { fields: object }).toEqual(consumerWithLabel(formsDir, 'Studiossa tehty'));
    // Changed once more before anyone reviewed it: the older import is out of date.
    writeConsumer(formsDir, consumerWithLabel(formsDir, 'Repositoriossa taas'));
    expect(await importBaseline(db, formsDir)).toEqual([{ item: CONSUMER, number: 4, state: 'review' }]);
    expect(await versionsOf(CONSUMER)).toEqual([
      { number: 4, state: 'review', author: 'repository', basedOn: 2 },
      { number: 3, state: 'retired', author: 'repository', basedOn: 2 },
      { number: 2, state: 'live', author: 'eero', basedOn: 1 },
      { number: 1, state: 'retired', author: 'repository', basedOn: null },
    ]);
    expect(await importBaseline(db, formsDir)).toEqual([]);
    // Once the import is approved, the database is back on the repository's line.
    expect(await service.transition(db, approver, CONSUMER, 4, 'approve')).toMatchObject({ ok: true, version: { number: 4, state: 'live' } });
    writeConsumer(formsDir, consumerWithLabel(formsDir, 'Suoraan voimaan'));
    expect(await importBaseline(db, formsDir)).toEqual([{ item: CONSUMER, number: 5, state: 'live' }]);
  });

  it('an editor cannot publish', async () => {
    await importBaseline(db, formsDir);
    const number = await draftInReview('Toimittajan oma');
    expect(await service.transition(db, { id: 'elina', roles: ['editor'] }, CONSUMER, number, 'approve')).toEqual({ ok: false, code: 'role', reason: 'Sinulla ei ole tähän oikeutta.' });
    expect(await versionsOf(CONSUMER)).toEqual([
      { number: 2, state: 'review', author: 'eero', basedOn: 1 },
      { number: 1, state: 'live', author: 'repository', basedOn: null },
    ]);
  });

  it('an approver cannot approve their own draft; another approver can', async () => {
    await importBaseline(db, formsDir);
    const number = await draftInReview('Oma luonnos', editorAndApprover);
    expect(await service.transition(db, editorAndApprover, CONSUMER, number, 'approve')).toEqual({ ok: false, code: 'ownDraft', reason: 'Hyväksyjä ei voi hyväksyä omaa luonnostaan.' });
    expect((await service.getVersion(db, CONSUMER, number))!.state).toBe('review');
    expect(await service.transition(db, approver, CONSUMER, number, 'approve')).toMatchObject({ ok: true, version: { state: 'live', stateChangedBy: 'aino' } });
    const live = await service.getVersion(db, CONSUMER, number);
    expect(live).toMatchObject({ verdict: { mutationScore: 1 } });
    expect(live!.liveAt).not.toBeNull();
  });

  it('a sent-back draft keeps the comment and goes through review again', async () => {
    await importBaseline(db, formsDir);
    const number = await draftInReview('Keskeneräinen');
    expect(await service.transition(db, approver, CONSUMER, number, 'sendBack')).toMatchObject({ ok: false, code: 'commentRequired' });
    expect(await service.transition(db, approver, CONSUMER, number, 'sendBack', 'Tarkista kirjoitusasu')).toMatchObject({ ok: true, version: { state: 'draft', comment: 'Tarkista kirjoitusasu' } });
    expect(await service.transition(db, editor, CONSUMER, number, 'discard')).toMatchObject({ ok: true, version: { state: 'retired' } });
    expect(audited.map(({ action, version, staffId }) => [action, version, staffId])).toEqual([
      ['version.create', 2, 'eero'],
      ['version.submit', 2, 'eero'],
      ['version.sendBack', 2, 'aino'],
      ['version.discard', 2, 'eero'],
    ]);
    expect(audited[2].detail).toMatchObject({ from: 'review', to: 'draft', comment: 'Tarkista kirjoitusasu' });
  });

  it('a rollback makes version N+1 live with the earlier source and retires the live one', async () => {
    await importBaseline(db, formsDir);
    const original = await service.liveSource(db, CONSUMER);
    const number = await draftInReview('Huono muutos');
    await service.transition(db, approver, CONSUMER, number, 'approve');
    audited = [];

    const rolledBack = await service.transition(db, otherApprover, CONSUMER, 1, 'rollback');
    expect(rolledBack).toMatchObject({ ok: true, version: { number: 3, state: 'live', author: 'arto', basedOn: 1, note: 'Palautettu versio 1' } });
    expect(await versionsOf(CONSUMER)).toEqual([
      { number: 3, state: 'live', author: 'arto', basedOn: 1 },
      { number: 2, state: 'retired', author: 'eero', basedOn: 1 },
      { number: 1, state: 'retired', author: 'repository', basedOn: null },
    ]);
    expect(await service.liveSource(db, CONSUMER)).toEqual(original);
    expect((await service.getVersion(db, CONSUMER, 3))!.hash).toBe((await service.getVersion(db, CONSUMER, 1))!.hash);
    expect(audited).toEqual([{ staffId: 'arto', action: 'version.rollback', item: CONSUMER, version: 3, detail: expect.objectContaining({ rolledBackTo: 1, replaced: 2, to: 'live' }) }]);
    // A draft that was never live is not a rollback target.
    const discarded = await service.createDraft(db, editor, CONSUMER, consumerWithLabel(formsDir, 'Hylätty'), '');
    await service.transition(db, editor, CONSUMER, 4, 'discard');
    expect(discarded.ok).toBe(true);
    expect(await service.transition(db, approver, CONSUMER, 4, 'rollback')).toMatchObject({ ok: false, code: 'neverLive' });
  });

  it('a gate with findings refuses publishing and changes nothing', async () => {
    await importBaseline(db, formsDir);
    const number = await draftInReview('Rikkinäinen');
    const before = await service.listVersions(db, CONSUMER);
    audited = [];
    const gated: string[] = [];
    const strict = versionService({
      gate: async (item, source) => {
        gated.push(`${item}:${contentHash(source) === contentHash(consumerWithLabel(formsDir, 'Rikkinäinen'))}`);
        return { findings: [{ path: '/labels', message: 'tarkistus ei mene läpi' }] };
      },
      audit,
    });
    expect(await strict.transition(db, approver, CONSUMER, number, 'approve')).toEqual({
      ok: false,
      code: 'gate',
      reason: 'Versiota ei voi julkaista: tarkistus löysi virheitä.',
      findings: [{ path: '/labels', message: 'tarkistus ei mene läpi' }],
    });
    expect(gated).toEqual([`${CONSUMER}:true`]);
    expect(await strict.transition(db, approver, CONSUMER, 1, 'rollback')).toMatchObject({ ok: false, code: 'state' });
    expect(await service.listVersions(db, CONSUMER)).toEqual(before);
    expect(audited).toEqual([]);
  });

  it('two approvers approving at once publish once', async () => {
    await importBaseline(db, formsDir);
    const number = await draftInReview('Kilpailu');
    audited = [];
    const results = await Promise.all([approver, otherApprover].map((actor) => service.transition(db, actor, CONSUMER, number, 'approve')));
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    expect(results.find((result) => !result.ok)).toMatchObject({ ok: false, code: 'state' });
    expect(audited.map(({ action }) => action)).toEqual(['version.approve']);
    expect(await versionsOf(CONSUMER)).toEqual([
      { number: 2, state: 'live', author: 'eero', basedOn: 1 },
      { number: 1, state: 'retired', author: 'repository', basedOn: null },
    ]);
  });

  it('forms:pull writes the live versions into a forms folder, formatted as the files are', async () => {
    await importBaseline(db, formsDir);
    const untouched = readFileSync(join(formsDir, SECTIONS_FOLDER, 'housing.json'), 'utf8');
    expect(await pullLiveVersions(db, formsDir)).toEqual({ changed: [], skipped: [] });

    const number = await draftInReview('Studiosta tiedostoon');
    await service.transition(db, approver, CONSUMER, number, 'approve');
    const section = readJson(join(formsDir, SECTIONS_FOLDER, 'housing.json'));
    const newSection = await service.createDraft(db, editor, 'section:housing', { ...section, $comment: 'Muokattu studiossa' }, '');
    expect(newSection.ok).toBe(true);

    expect(await pullLiveVersions(db, formsDir)).toEqual({ changed: ['consumer.json'], skipped: [] });
    expect(readFileSync(join(formsDir, 'consumer.json'), 'utf8')).toBe(`${JSON.stringify(consumerWithLabel(FORMS_DIR, 'Studiosta tiedostoon'), null, 2)}\n`);
    // A draft is not pulled; a file equal to its live version is left as it was.
    expect(readFileSync(join(formsDir, SECTIONS_FOLDER, 'housing.json'), 'utf8')).toBe(untouched);
    expect(await pullLiveVersions(db, formsDir)).toEqual({ changed: [], skipped: [] });
    // The next start finds the pulled file equal to the live version: a new baseline, no new version.
    expect(await importBaseline(db, formsDir)).toEqual([{ item: CONSUMER, number: 2, state: 'unchanged' }]);
    expect(await importBaseline(db, formsDir)).toEqual([]);
    expect((await versionsOf(CONSUMER)).map(({ number }) => number)).toEqual([2, 1]);
  });

  // The tool itself on the database the server uses. On PGlite it needs a data directory of its
  // own, whose creation alone takes longer than this whole file; pullLiveVersions above is the same code.
  it.skipIf(target.name === 'pglite')('npm run forms:pull writes the live versions of DATABASE_URL into the folder it is given', { timeout: 60_000 }, async () => {
    await importBaseline(db, formsDir);
    const number = await draftInReview('Komentoriviltä');
    expect(await service.transition(db, approver, CONSUMER, number, 'approve')).toMatchObject({ ok: true });
    const run = () => formsPull({ DATABASE_URL: database.url! }, formsDir);
    expect((await run()).stdout).toBe(`muuttui: ${join(formsDir, 'consumer.json')}\n`);
    expect(readFileSync(join(formsDir, 'consumer.json'), 'utf8')).toBe(`${JSON.stringify(consumerWithLabel(FORMS_DIR, 'Komentoriviltä'), null, 2)}\n`);
    expect((await run()).stdout).toContain('Ei muutoksia');
  });

  it('refuses drafts of unknown items, of non-objects, and from approvers alone', async () => {
    expect(await service.createDraft(db, editor, 'document:../secrets', {}, '')).toMatchObject({ ok: false, code: 'unknownItem' });
    expect(await service.createDraft(db, editor, CONSUMER, [1, 2], '')).toMatchObject({ ok: false, code: 'notAnObject' });
    expect(await service.createDraft(db, approver, CONSUMER, {}, '')).toMatchObject({ ok: false, code: 'role' });
    expect(await service.transition(db, approver, CONSUMER, 99, 'approve')).toMatchObject({ ok: false, code: 'notFound', reason: 'Versiota ei löytynyt.' });
    // A new item's first draft is version 1, made from nothing live.
    expect(await service.createDraft(db, editor, 'content:banners', { banners: [] }, 'Uusi')).toMatchObject({ ok: true, version: { number: 1, basedOn: null, state: 'draft' } });
  });
});

it('npm run forms:pull does not make an embedded database where there is none', { timeout: 30_000 }, async () => {
  const dataDir = join(mkdtempSync(join(tmpdir(), 'lv-forms-pull-')), 'data');
  try {
    await expect(formsPull({ DATA_DIR: dataDir, DATABASE_URL: '' }, FORMS_DIR)).rejects.toMatchObject({ code: 1, stderr: expect.stringContaining(`Tietokantaa ei ole hakemistossa ${dataDir}`) });
    expect(existsSync(dataDir)).toBe(false);
  } finally {
    rmSync(dirname(dataDir), { recursive: true, force: true });
  }
});

function formsPull(env: Record<string, string>, formsDir: string) {
  return promisify(execFile)(process.execPath, ['--import', 'tsx', 'tools/forms-pull.ts', '--forms', formsDir], { cwd: resolve(import.meta.dirname, '../..'), env: { ...process.env, ...env } });
}
