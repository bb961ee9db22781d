// Issue 26 item 1, done-when: "a test adds a flow from a temporary folder and serves it end
// to end with no change outside that folder and the catalogue". The test writes, into a
// temporary folder, a flow module (flows/fixture-flow/server.ts: the last step submits it
// and sends it to the lenders, nobody identifies, its offers under its own API prefix), a
// one-step form document and a catalogue entry naming the flow; the server is started on
// them and the product is saved, submitted and its offers polled over HTTP.
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { FORMS_DIR, listFormDocuments } from '../../engine/core/node.ts';
import { loadProducts } from '../../src/server/applications/products.ts';
import { readApplication } from '../../src/server/applications/repository.ts';
import { loadMarkets } from '../../src/server/marketplace/markets.ts';
import { describeOnDatabases } from './helpers/database.ts';
import { API, get, post, startTestServer, type TestServer } from './helpers/server.ts';
import { validApplication } from '../fixtures/consumer-valid.ts';

const FLOW = 'fixture-flow';
const FIXTURE_API = '/api/lainavertailu22/fixture-applications';
const repo = resolve(import.meta.dirname, '../..');
const source = (path: string) => JSON.stringify(join(repo, path));

/** The fixture flow's module: everything it knows of the server it imports, as a new flow's folder would. */
const FLOW_MODULE = `
import { applicationRoutes } from ${source('src/server/applications/routes.ts')};
import { markFinalized } from ${source('src/server/applications/repository.ts')};
import { dispatchApplication } from ${source('src/server/marketplace/dispatcher.ts')};

const flow = {
  hasStepZero: false,
  finalizesAt: (step, _data, form) => step === form.lastStep,
  finalizeStep: (_data, form) => form.lastStep,
  finalizeCall: false,
  async submit(tx, id, _data, options) {
    await markFinalized(tx, id);
    await dispatchApplication(tx, id, { market: 'consumer', delayScale: options.lenderDelayScale });
  },
  identifies: false,
  readyForIdentification: () => false,
  parties: () => [],
  completesOnIdentification: false,
  async registerGroup(app, ctx, { prefix, products }) {
    await app.register(applicationRoutes, { prefix, db: ctx.db, products: ctx.products, forms: ctx.forms, group: products, sessions: ctx.sessions, limiter: ctx.limiter, personKeys: ctx.personKeys, lenderDelayScale: ctx.lenderDelayScale, flow });
  },
  offersPolls: (groups) => groups.map((group) => ({ url: group.prefix + '/offers/:id/:token', products: new Set(group.products.map((product) => product.id)) })),
  offersOrder: 'query',
};
export default flow;
`;

/** A one-step document: the amount and an e-mail address. */
const FIXTURE_DOCUMENT = {
  id: 'fixture-loan',
  version: 1,
  title: 'Kokeilulaina',
  schema: {
    type: 'object',
    additionalProperties: false,
    properties: {
      amount: { type: 'integer', title: 'Lainasumma', minimum: 500, maximum: 20000 },
      email: { type: 'string', title: 'Sähköposti', maxLength: 254, fiEmail: true },
    },
  },
  steps: [{ id: 'only', number: 1, title: 'Hakemus', button: 'Lähetä', sections: [{ fields: ['amount', 'email'] }] }],
  rules: { required: { amount: true, email: true } },
  normalize: { email: 'email' },
  labels: { amount: 'Lainasumma', email: 'Sähköposti' },
  messages: { default: 'Tarkista kentän tiedot', required: 'Pakollinen tieto', 'fiEmail.invalid': 'Tarkista sähköpostiosoite' },
};

/** The temporary folder: forms/ as shipped plus the document and its catalogue entry, and flows/<FLOW>/server.ts. */
function fixtureFolder(flow = FLOW): { root: string; formsDir: string; flowsDir: string } {
  const root = mkdtempSync(join(tmpdir(), 'lv-fixture-flow-'));
  const formsDir = join(root, 'forms');
  const flowsDir = join(root, 'flows');
  mkdirSync(formsDir);
  symlinkSync(join(FORMS_DIR, 'sections'), join(formsDir, 'sections'));
  for (const id of listFormDocuments()) cpSync(join(FORMS_DIR, `${id}.json`), join(formsDir, `${id}.json`));
  writeFileSync(join(formsDir, 'fixture-loan.json'), JSON.stringify(FIXTURE_DOCUMENT));
  const catalogue = JSON.parse(readFileSync(join(FORMS_DIR, 'catalogue.json'), 'utf8'));
  catalogue.products.kokeilulaina = { flow, document: 'fixture-loan', variants: [], path: 'kokeilulaina', api: FIXTURE_API, brands: ['lainavertailu'] };
  writeFileSync(join(formsDir, 'catalogue.json'), JSON.stringify(catalogue));
  mkdirSync(join(flowsDir, FLOW), { recursive: true });
  writeFileSync(join(flowsDir, FLOW, 'server.ts'), FLOW_MODULE);
  return { root, formsDir, flowsDir };
}

describeOnDatabases('a flow added from a folder', (target) => {
  const folder = fixtureFolder();
  let server: TestServer;
  const url = (path: string) => `${server.url}${path}`;

  beforeAll(async () => {
    const products = loadProducts(folder.formsDir);
    products.formFor('kokeilulaina', 'lainavertailu');
    server = await startTestServer(target, { products, flowsDir: folder.flowsDir, lenderDelayScale: 0 });
  });
  afterAll(async () => {
    await server?.close();
    rmSync(folder.root, { recursive: true, force: true });
  });

  it('saves, submits at its one step, and polls the offers under its own API', async () => {
    const created = await post(url(`${FIXTURE_API}/save`), { amount: 3000, email: 'testi@example.com', additionalFormData: { step: 1 } });
    expect(created.status, created.text).toBe(200);
    const { id, token } = created.body as { id: number; token: string };

    // Its own rules: no step 0, and finalize belongs to its last (only) step.
    const stepZero = await post(url(`${FIXTURE_API}/save/${id}/${token}`), { additionalFormData: { step: 0 }, finalize: 1 });
    expect(stepZero.status).toBe(400);
    const unfinished = await post(url(`${FIXTURE_API}/save/${id}/${token}`), { amount: 4000, additionalFormData: { step: 1 } });
    expect(unfinished.status).toBe(400);
    expect(unfinished.text).toContain('1 vain vaiheessa 1');

    // Before the submission, nothing was sent: the poll answers, with no lenders.
    const before = await get(url(`${FIXTURE_API}/offers/${id}/${token}`));
    expect(before.status, before.text).toBe(200);
    expect(before.body).toMatchObject({ dispatched: false, totalLenders: 0 });

    const submitted = await post(url(`${FIXTURE_API}/save/${id}/${token}`), { amount: 4000, finalize: 1, additionalFormData: { step: 1 } });
    expect(submitted.status, submitted.text).toBe(200);
    expect(submitted.text).toBe('success');
    expect(await readApplication(server.db, id)).toMatchObject({ product: 'kokeilulaina', formId: 'fixture-loan', status: 'finalized', data: { amount: 4000, email: 'testi@example.com' } });

    const after = await get(url(`${FIXTURE_API}/offers/${id}/${token}`));
    expect(after.status, after.text).toBe(200);
    expect(after.body).toMatchObject({ dispatched: true, totalLenders: loadMarkets().market('consumer').lenders.length });

    // Submitted once: the flow's save is closed after it.
    const again = await post(url(`${FIXTURE_API}/save/${id}/${token}`), { email: 'testi@example.com', finalize: 1, additionalFormData: { step: 1 } });
    expect(again.status).toBe(409);
  });

  it("keeps its routes to its own product, and the others' to theirs", async () => {
    const fixture = (await post(url(`${FIXTURE_API}/save`), { amount: 3000, email: 'testi@example.com', additionalFormData: { step: 1 } })).body as { id: number; token: string };
    const consumer = (await post(url(`${API}/save`), { ...validApplication(), additionalFormData: { step: 1, hasCoApplicant: false } })).body as { id: number; token: string };
    expect((await get(url(`${FIXTURE_API}/offers/${consumer.id}/${consumer.token}`))).status).toBe(404);
    expect((await get(url(`/api/lainavertailu22/offers/${fixture.id}/${fixture.token}`))).status).toBe(404);
    // Nobody identifies in this flow: identification does not know its applications.
    const identify = await get(url(`/api/auth/visma/status/${fixture.id}/${fixture.token}`));
    expect(identify.status).toBe(404);
  });
});

it('refuses to start on a catalogue naming a flow no folder has', async () => {
  const folder = fixtureFolder('no-such-flow');
  try {
    const { buildApp } = await import('../../src/server/app.ts');
    const { createLogger } = await import('../../src/server/logging.ts');
    // The database is never reached: the flows are loaded before any route is.
    const start = buildApp({ db: {} as never, logger: createLogger({ level: 'silent' }), products: { formsDir: folder.formsDir }, flowsDir: folder.flowsDir });
    await expect(start).rejects.toThrow(/kokeilulaina.*"no-such-flow".*src\/flows\/no-such-flow\/server\.ts/);
  } finally {
    rmSync(folder.root, { recursive: true, force: true });
  }
});
