// "A new product is a new document" (issue 12, done-when): a temporary forms folder
// holds the shipped documents and catalogue plus one more product, a document built
// from the shared sections (tests/fixtures/forms/tiny-loan.json). The server is started
// on that folder with no code change and serves the new product through the generic
// application routes: create, update, its own last step, its own API prefix, and the
// one store (product and form id stored with the row).
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { FORMS_DIR, listFormDocuments, runtimeForDocument, readFormDocument } from '../../engine/core/node.ts';
import { generateCases } from '../../engine/qa/generate.ts';
import { loadProducts } from '../../src/server/applications/products.ts';
import { readApplication } from '../../src/server/applications/repository.ts';
import { validApplication } from '../fixtures/consumer-valid.ts';
import { describeOnDatabases } from './helpers/database.ts';
import { API, post, startTestServer, type TestServer } from './helpers/server.ts';

const FIXTURE = join(import.meta.dirname, '../fixtures/forms/tiny-loan.json');
const TINY_API = '/api/lainavertailu22/tiny-applications';

/** forms/ as shipped (sections linked, the documents copied) plus the tiny product in the catalogue. */
function formsWithTinyProduct(): string {
  const dir = mkdtempSync(join(tmpdir(), 'lv-new-product-'));
  symlinkSync(join(FORMS_DIR, 'sections'), join(dir, 'sections'));
  for (const id of listFormDocuments()) cpSync(join(FORMS_DIR, `${id}.json`), join(dir, `${id}.json`));
  cpSync(FIXTURE, join(dir, 'tiny-loan.json'));
  const catalogue = JSON.parse(readFileSync(join(FORMS_DIR, 'catalogue.json'), 'utf8'));
  catalogue.products.pikkulaina = { document: 'tiny-loan', variants: [], path: 'pikkulaina', api: TINY_API, brands: ['lainavertailu'] };
  writeFileSync(join(dir, 'catalogue.json'), JSON.stringify(catalogue));
  return dir;
}

describeOnDatabases('a new product from the catalogue', (target) => {
  const formsDir = formsWithTinyProduct();
  let server: TestServer;
  // A complete, valid application of the tiny document, as the QA generator builds one.
  const tiny = readFormDocument(join(formsDir, 'tiny-loan.json'));
  const complete = generateCases(tiny, [], { runtimeFor: runtimeForDocument, validOnly: true }).cases.find(
    (testCase) => testCase.kind === 'valid' && testCase.step === null && testCase.data.hasCoApplicant === false,
  )!.data;
  const url = (path: string) => `${server.url}${path}`;

  beforeAll(async () => {
    // Compiled here, within the hook's time, rather than by the first request of a test.
    const products = loadProducts(formsDir);
    products.formFor('pikkulaina', 'lainavertailu');
    products.formFor('kulutusluotto', 'lainavertailu');
    server = await startTestServer(target, { products });
  });
  afterAll(async () => {
    await server?.close();
    rmSync(formsDir, { recursive: true, force: true });
  });

  it('creates and updates an application of it through the generic routes', async () => {
    const created = await post(url(`${TINY_API}/save`), { amount: 5000, hasCoApplicant: false, additionalFormData: { step: 1 } });
    expect(created.status, created.text).toBe(200);
    const { id, token } = created.body as { id: number; token: string };

    const updated = await post(url(`${TINY_API}/save/${id}/${token}`), { ...complete, additionalFormData: { step: 3 } });
    expect(updated.status, updated.text).toBe(200);
    expect(updated.text).toBe('success');

    const stored = await readApplication(server.db, id);
    expect(stored).toMatchObject({ product: 'pikkulaina', formId: 'tiny-loan', brand: 'lainavertailu', step: 3 });
    expect(stored!.data.primaryApplicantEmail).toBe(complete.primaryApplicantEmail);
  });

  it("validates with its own document: its fields, its limits, its last step", async () => {
    const created = await post(url(`${TINY_API}/save`), { amount: 5000, hasCoApplicant: false, additionalFormData: { step: 1 } });
    const { id, token } = created.body as { id: number; token: string };
    // A consumer field is unknown here; the tiny document's own limit applies; step 4 does not exist.
    const unknown = await post(url(`${TINY_API}/save/${id}/${token}`), { inputAppliedAmount: 5000, additionalFormData: { step: 1 } });
    expect(unknown.status).toBe(400);
    expect((unknown.body as { type: string }).type).toBe('UNKNOWN_FIELDS');
    const tooMuch = await post(url(`${TINY_API}/save/${id}/${token}`), { amount: 20001, additionalFormData: { step: 1 } });
    expect(tooMuch.status).toBe(400);
    expect((tooMuch.body as { errors: Record<string, string> }).errors).toHaveProperty('amount');
    const beyond = await post(url(`${TINY_API}/save/${id}/${token}`), { ...complete, additionalFormData: { step: 4 } });
    expect(beyond.status).toBe(400);
    expect(beyond.text).toContain('0–3');
    // Nothing refused changed the stored application.
    expect((await readApplication(server.db, id))!.data.amount).toBe(5000);
  });

  it("keeps each API prefix to its own products: one product's application is not found under another's", async () => {
    const tinyApp = (await post(url(`${TINY_API}/save`), { amount: 5000, hasCoApplicant: false, additionalFormData: { step: 1 } })).body as { id: number; token: string };
    const consumerApp = (await post(url(`${API}/save`), { ...validApplication(), additionalFormData: { step: 1, hasCoApplicant: false } })).body as {
      id: number;
      token: string;
    };
    expect(consumerApp.token).toBeTypeOf('string');
    const underConsumer = await post(url(`${API}/save/${tinyApp.id}/${tinyApp.token}`), { additionalFormData: { step: 1 } });
    const underTiny = await post(url(`${TINY_API}/save/${consumerApp.id}/${consumerApp.token}`), { amount: 5000, additionalFormData: { step: 1 } });
    const wrongToken = await post(url(`${TINY_API}/save/${tinyApp.id}/${consumerApp.token}`), { amount: 5000, additionalFormData: { step: 1 } });
    for (const answer of [underConsumer, underTiny, wrongToken]) {
      expect(answer.status).toBe(404);
      expect(answer.body).toEqual(wrongToken.body);
    }
    // A product of another API prefix cannot be named in a save either.
    const named = await post(url(`${API}/save`), { ...validApplication(), product: 'pikkulaina', additionalFormData: { step: 1, hasCoApplicant: false } });
    expect(named.status).toBe(400);
  });

  it('sends a one-time code for it through the same generic code route', async () => {
    const created = await post(url(`${TINY_API}/save`), { amount: 5000, hasCoApplicant: false, additionalFormData: { step: 1 } });
    const { id, token } = created.body as { id: number; token: string };
    // No e-mail or phone saved yet: the route knows the application and says so.
    const answer = await post(url(`${TINY_API}/send-code`), { applicationId: id, applicationToken: token });
    expect(answer.status).toBe(409);
    expect((answer.body as { type: string }).type).toBe('NO_CONTACT');
  });
});
