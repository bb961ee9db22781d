// Issue 30: the banners and the legal pages are content versions. A banners version published in
// the studio is what GET /api/site-banners answers (at once here, and within the live content's
// refresh when another instance published it); one that does not pass the banners' check is
// refused by the gate with Finnish findings; a legal page's published version is what
// GET /api/content/pages/<name> answers; a rollback restores the earlier text; the diff reads
// text by text.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { FORMS_DIR } from '../../engine/core/node.ts';
import { readStaffSettings } from '../../src/server/staff/settings.ts';
import { importBaseline } from '../../src/server/versions/baseline.ts';
import { createPublishGate } from '../../src/server/versions/gate.ts';
import { contentHash } from '../../src/server/versions/hash.ts';
import * as store from '../../src/server/versions/store.ts';
import { describeOnDatabases } from './helpers/database.ts';
import { Browser, startTestServer, type Answer, type TestServer } from './helpers/server.ts';
import { logInStaff } from './helpers/staff.ts';

const fail = (message: string): never => {
  throw new Error(message);
};
const NOW = Date.parse('2027-03-10T12:00:00+02:00');
const BANNERS = 'content:banners';
const TERMS = 'content:legal/kayttoehdot';
const item = (key: string) => `/api/content/items/${encodeURIComponent(key)}`;
const banner = (id: string, text: string, change: Record<string, unknown> = {}) => ({ id, text, severity: 'info', start: '2027-03-01T08:00:00+02:00', end: '2027-04-01T00:00:00+02:00', ...change });
const termsFile = () => JSON.parse(readFileSync(join(FORMS_DIR, 'content/legal/kayttoehdot.json'), 'utf8')) as Record<string, unknown>;

describeOnDatabases('banners and legal pages as content versions', (target) => {
  let server: TestServer;
  let dir: string;
  let editor: Browser;
  let approver: Browser;
  const anyone = new Browser();
  const url = (path: string) => `${server.url}${path}`;
  const bannerIds = async () => ((await anyone.get(url('/api/site-banners'))).body as { banners: Array<{ id: string; text: string }> }).banners.map((shown) => `${shown.id}: ${shown.text}`);
  const pageTitle = async () => ((await anyone.get(url('/api/content/pages/kayttoehdot'))).body as { title: string }).title;

  /** A draft by the editor, sent for approval and approved by the approver: the approve's answer. */
  async function publish(key: string, source: unknown): Promise<{ number: number; approved: Answer }> {
    const created = await editor.post(url(`${item(key)}/versions`), { source, note: 'Muutos' });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const { number } = (created.body as { version: { number: number } }).version;
    expect((await editor.post(url(`${item(key)}/versions/${number}/submit`))).status).toBe(200);
    return { number, approved: await approver.post(url(`${item(key)}/versions/${number}/approve`)) };
  }

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'lv-content-items-'));
    const file = join(dir, 'banners.json');
    writeFileSync(file, JSON.stringify({ banners: [banner('tiedosto', 'Tiedoston tiedote')] }));
    server = await startTestServer(target, { staff: readStaffSettings({}, fail), siteBannersFile: file, now: () => NOW, formsRefreshMs: 200 });
    // What main.ts does at every start: forms/ (the banners and legal pages too) becomes version 1 of each item.
    const imported = await importBaseline(server.db);
    expect(imported).toContainEqual({ item: BANNERS, number: 1, state: 'live' });
    expect(imported).toContainEqual({ item: TERMS, number: 1, state: 'live' });
    ({ browser: editor } = await logInStaff(server.url, 'eeva.editori'));
    ({ browser: approver } = await logInStaff(server.url, 'aarne.hyvaksyja'));
  }, 60_000);

  afterAll(async () => {
    await server?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('lists the banners and the legal pages among the items, not site.json', async () => {
    const items = ((await editor.get(url('/api/content/items'))).body as { items: Array<{ item: string; live: number | null }> }).items;
    expect(items).toContainEqual(expect.objectContaining({ item: BANNERS, live: 1 }));
    expect(items).toContainEqual(expect.objectContaining({ item: TERMS, live: 1 }));
    expect(items.map((entry) => entry.item)).not.toContain('content:site');
  });

  it('serves the file while the live banners are the import, and a published version instead once approved', async () => {
    // The baseline import is the repository's: the file (SITE_BANNERS_FILE here) still serves.
    expect(await bannerIds()).toEqual(['tiedosto: Tiedoston tiedote']);
    const { approved } = await publish(BANNERS, { banners: [banner('kevat-2027', 'Kevään tiedote')] });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    await expect.poll(bannerIds).toEqual(['kevat-2027: Kevään tiedote']);
  });

  it('refuses a broken banners version with Finnish findings, and the published banners stay', async () => {
    const { number, approved } = await publish(BANNERS, { banners: [banner('kevat-2027', 'Rikki', { end: '2027-02-01T00:00:00+02:00', brands: ['eiole'] })] });
    expect(approved.status).toBe(422);
    const findings = (approved.body as { findings: Array<{ path: string; message: string }> }).findings;
    expect(findings).toContainEqual({ path: '/banners/0/end', message: 'tiedotteet: päättyy ennen kuin alkaa' });
    expect(findings).toContainEqual({ path: '/banners/0/brands/0', message: 'tiedotteet: brändiä eiole ei ole luettelossa' });
    expect((await store.readVersion(server.db, BANNERS, number))?.state).toBe('review');
    expect(await bannerIds()).toEqual(['kevat-2027: Kevään tiedote']);
  });

  it('shows the banners diff text by text', async () => {
    const diff = await editor.get(url(`${item(BANNERS)}/diff?from=2&to=3`));
    expect(diff.status, JSON.stringify(diff.body)).toBe(200);
    expect((diff.body as { lines: string[] }).lines).toEqual([
      'Banneri kevat-2027: teksti "Kevään tiedote" → "Rikki"',
      'Banneri kevat-2027: päättyy "2027-04-01T00:00:00+02:00" → "2027-02-01T00:00:00+02:00"',
      'Banneri kevat-2027: brändi lisätty: ["eiole"]',
    ]);
  });

  it('serves a version published on another instance within the refresh, and a rollback restores the earlier banners', async () => {
    // Another instance's publish: this one has no hook to tell it, only the age of what it read.
    await server.db.transaction(async (tx) => {
      const versions = await store.lockItem(tx, BANNERS);
      await store.retireLive(tx, BANNERS, 'muu');
      const source = { banners: [banner('toinen', 'Toisen palvelimen tiedote')] };
      await store.insertVersion(tx, { item: BANNERS, number: store.nextNumber(versions), source, hash: contentHash(source), author: '999', note: 'toinen', state: 'live', basedOn: 2 });
    });
    await expect.poll(bannerIds).toEqual(['toinen: Toisen palvelimen tiedote']);
    const rolled = await approver.post(url(`${item(BANNERS)}/versions/2/rollback`));
    expect(rolled.status, JSON.stringify(rolled.body)).toBe(200);
    await expect.poll(bannerIds).toEqual(['kevat-2027: Kevään tiedote']);
  });

  it('answers the live legal page: the file, then a published version, then the rolled-back one', async () => {
    const first = await anyone.get(url('/api/content/pages/kayttoehdot'));
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ title: 'Palvelun käyttöehdot', version: '1.0' });
    expect(first.body).not.toHaveProperty('$schema');
    expect(first.headers.get('cache-control')).toBe('no-cache');
    const etag = first.headers.get('etag')!;
    expect((await anyone.fetch(url('/api/content/pages/kayttoehdot'), { headers: { 'if-none-match': etag } })).status).toBe(304);

    const { approved } = await publish(TERMS, { ...termsFile(), title: 'Uudet käyttöehdot', version: '1.1' });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    await expect.poll(pageTitle).toBe('Uudet käyttöehdot');
    expect((await anyone.fetch(url('/api/content/pages/kayttoehdot'), { headers: { 'if-none-match': etag } })).status).toBe(200);

    const diff = await editor.get(url(`${item(TERMS)}/diff?from=1&to=2`));
    expect((diff.body as { lines: string[] }).lines).toEqual(['Sivu: otsikko "Palvelun käyttöehdot" → "Uudet käyttöehdot"', 'Sivu: versio "1.0" → "1.1"']);

    expect((await approver.post(url(`${item(TERMS)}/versions/1/rollback`))).status).toBe(200);
    await expect.poll(pageTitle).toBe('Palvelun käyttöehdot');
  });

  it('refuses a legal page version the page check finds faults in', async () => {
    const { approved } = await publish(TERMS, { ...termsFile(), updated: '2027-02-30', lead: 'Tervetuloa {eiole}' });
    expect(approved.status).toBe(422);
    const findings = (approved.body as { findings: Array<{ path: string; message: string }> }).findings;
    expect(findings).toContainEqual({ path: '/updated', message: 'sivu kayttoehdot: päivämäärää 2027-02-30 ei ole' });
    expect(findings).toContainEqual(expect.objectContaining({ path: '/lead', message: expect.stringContaining('tuntematon paikkamerkki {eiole}') }));
    expect(await pageTitle()).toBe('Palvelun käyttöehdot');
  });

  it('refuses site.json at the gate with the reason, as it is not a versioned item', async () => {
    const gate = createPublishGate(server.db);
    expect(await gate('content:site', {})).toEqual({ findings: [{ path: '', message: 'sisältöä "content:site" ei julkaista studiosta: se kootaan sivuihin, kun ne rakennetaan' }] });
    expect((await editor.post(url(`${item('content:site')}/versions`), { source: {}, note: 'x' })).status).toBe(404);
  });

  it('answers 404 for a name that is no page', async () => {
    for (const name of ['eiole', 'Kayttoehdot', 'site', '..%2Fsite']) expect((await anyone.get(url(`/api/content/pages/${name}`))).status, name).toBe(404);
  });
});
