// Issue 29 item 3: a published release's validator is served as an immutable ES module made
// on the server: no eval, no imports, the two helper namespaces handed in by the page. It
// validates exactly as the server's own runtime of the same release.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';
import * as ajvRuntime from '../../engine/core/ajv-runtime.ts';
import { variantKey } from '../../engine/core/document.ts';
import { runtimeForDocument } from '../../engine/core/node.ts';
import { createFormRuntime } from '../../engine/core/runtime.ts';
import type { FormDocument, SchemaValidateFunction } from '../../engine/core/types.ts';
import * as finnishValidators from '../../custom-validators/runtime.ts';
import { shippedProducts } from '../../src/server/applications/products.ts';
import { liveReleases, saveRelease } from '../../src/server/forms/releases.ts';
import { step1, validApplication } from '../fixtures/consumer-valid.ts';
import { describeOnDatabases } from './helpers/database.ts';
import { startTestServer, type TestServer } from './helpers/server.ts';

describeOnDatabases('release modules', (target) => {
  let server: TestServer;
  let dir: string;
  beforeAll(async () => {
    server = await startTestServer(target, { formsRefreshMs: 0 });
    dir = mkdtempSync(join(tmpdir(), 'lv-release-module-'));
  });
  afterAll(async () => {
    await server?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  async function load(url: string): Promise<{ document: FormDocument; createValidator: (fi: unknown, ajv: unknown) => SchemaValidateFunction }> {
    const file = join(dir, `${Math.random().toString(36).slice(2)}.mjs`);
    const response = await fetch(url, { headers: { 'accept-encoding': 'br' } });
    expect(response.status).toBe(200);
    // fetch undoes the brotli encoding itself.
    expect(response.headers.get('content-encoding')).toBe('br');
    writeFileSync(file, await response.text());
    return import(pathToFileURL(file).href);
  }

  it("serves the live consumer release's variant set as an immutable module that validates as the server does", async () => {
    const release = (await liveReleases(server.db)).get('consumer')!;
    const doc = shippedProducts().fileDocument('consumer');
    const variants = Object.keys(doc.variants ?? {}).slice(0, 1);
    const key = variantKey(doc, variants);
    const url = `${server.url}/forms/${release}/${key}.js`;

    const head = await fetch(url);
    expect(head.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(head.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(head.headers.get('content-security-policy')).toContain("script-src 'self'");
    const text = await head.text();
    expect(text).not.toMatch(/\beval\(|new Function|\brequire\(|^import /m);

    const module = await load(url);
    const fromModule = createFormRuntime(module.document, module.createValidator(finnishValidators, ajvRuntime));
    const onServer = runtimeForDocument(doc, variants);
    const samples = [validApplication(), { ...validApplication(), inputAppliedAmount: 1 }, { ...step1, inputAppliedTenor: 'x' }, {}];
    for (const data of samples) {
      expect(fromModule.validateSave(structuredClone(data), { uptoStep: 7 })).toEqual(onServer.validateSave(structuredClone(data), { uptoStep: 7 }));
    }
    expect(module.document.variants).toBeUndefined();
  });

  it('answers which release of each form is live', async () => {
    const answer = (await (await fetch(`${server.url}/api/forms/live`)).json()) as { releases: Record<string, string> };
    expect(answer.releases).toEqual(Object.fromEntries(await liveReleases(server.db)));
    expect(Object.keys(answer.releases)).toEqual(expect.arrayContaining(['consumer', 'mortgage', 'business', 'user-details', 'insurance']));
  });

  it('serves a release published after start, and 404s what is not a release', async () => {
    const raised = structuredClone(shippedProducts().fileDocument('consumer'));
    raised.labels = { ...raised.labels, inputAppliedAmount: 'Haettava summa' };
    const release = await saveRelease(server.db, raised);
    const module = await load(`${server.url}/forms/${release}/base.js`);
    expect(module.document.labels.inputAppliedAmount).toBe('Haettava summa');

    // A variant the document does not declare does not apply, as a brand's variant does not where undeclared.
    const undeclared = await load(`${server.url}/forms/${release}/nosuchvariant.js`);
    expect(undeclared.document).toEqual(module.document);

    for (const path of [`/forms/${'0'.repeat(64)}/base.js`, `/forms/${release}/base.mjs`, `/forms/${release}/Base.js`, '/forms/../package.json', `/forms/${release.toUpperCase()}/base.js`]) {
      const answer = await fetch(`${server.url}${path}`);
      expect(answer.status, path).toBe(404);
    }
  });
});
