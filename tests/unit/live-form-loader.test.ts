// Issue 29 item 3, the page's side: a build whose form the server has since replaced loads
// the live release's module (made by the server from the published document) and validates
// with it; the build's own form while it is the live one, or when the server cannot be asked.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it, vi } from 'vitest';
import * as finnishValidators from '../../custom-validators/runtime.ts';
import * as ajvRuntime from '../../engine/core/ajv-runtime.ts';
import { generateReleaseModule } from '../../engine/core/compile.ts';
import { resolveVariants } from '../../engine/core/document.ts';
import { readFormDocument, releaseHash, runtimeForDocument } from '../../engine/core/node.ts';
import type { FormLoader, LoadedForm } from '../../src/app/form-source.ts';
import { liveFormLoader, releaseModuleUrl, releasesInPage, type ReleaseModule } from '../../src/app/live-forms.ts';

const dir = mkdtempSync(join(tmpdir(), 'lv-live-loader-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const built = readFormDocument('consumer');
const published = structuredClone(built);
published.labels = { ...published.labels, inputAppliedAmount: 'Haettava summa' };
published.schema.properties.inputAppliedAmount = { ...published.schema.properties.inputAppliedAmount, minimum: 3000 };
const builtRelease = releaseHash(built);
const liveRelease = releaseHash(published);

/** The server's module of a release, as a file: `importModule` is the browser's dynamic import. */
async function importModule(url: string): Promise<ReleaseModule> {
  const [, , release, module] = url.split('/');
  expect(release).toBe(liveRelease);
  const wanted = module.replace(/\.js$/, '');
  const file = join(dir, `${release}-${wanted}.mjs`);
  writeFileSync(file, generateReleaseModule(resolveVariants(published, wanted === 'base' ? [] : wanted.split('+'))));
  return import(pathToFileURL(file).href);
}

const helpers = async () => ({ finnishValidators, ajvRuntime });
const buildLoader = () => vi.fn<FormLoader>(async (_document, wanted) => ({ runtime: runtimeForDocument(built, wanted) }));

describe('the page form loader', () => {
  it('uses the build while its release is the live one', async () => {
    const fromBuild = buildLoader();
    const importing = vi.fn(importModule);
    const load = liveFormLoader(fromBuild, { consumer: builtRelease }, { live: Promise.resolve({ consumer: builtRelease }), importModule: importing, helpers });
    const form = await load('consumer', []);
    expect(form.runtime.document.labels.inputAppliedAmount).toBe(built.labels.inputAppliedAmount);
    expect(fromBuild).toHaveBeenCalledOnce();
    // Named with its release, so the page can tell a new application's stamp is the form it shows.
    expect(form.release).toBe(builtRelease);
    expect(importing).not.toHaveBeenCalled();
  });

  it("loads the live release's module when the server has published another, once per variant set", async () => {
    const fromBuild = buildLoader();
    const importing = vi.fn(importModule);
    const load = liveFormLoader(fromBuild, { consumer: builtRelease }, { live: Promise.resolve({ consumer: liveRelease }), importModule: importing, helpers });
    const variant = Object.keys(published.variants ?? {})[0];
    const [form, again] = await Promise.all([load('consumer', [variant]), load('consumer', [variant])]);
    expect(form).toBe(again);
    expect(importing).toHaveBeenCalledOnce();
    expect(importing).toHaveBeenCalledWith(releaseModuleUrl(liveRelease, [variant]));
    expect(fromBuild).not.toHaveBeenCalled();
    // The published label and limit, and the validator built from the module agrees with the server's.
    expect(form.runtime.document.labels.inputAppliedAmount).toBe('Haettava summa');
    expect(form.release).toBe(liveRelease);
    const data = { loanPurposeId: 16, inputAppliedAmount: 2500, inputAppliedTenor: 8, hasCoApplicant: false };
    const server = runtimeForDocument(published, [variant]);
    expect(form.runtime.validateStep(data, 1)).toEqual(server.validateStep(data, 1));
  });

  it('tells a loaded form at once, the same one, and nothing before it has loaded (a hydrated page renders with it, ADR 0012)', async () => {
    const fromBuild = buildLoader();
    const forms = new Map<string, LoadedForm>();
    const built = Object.assign(
      vi.fn<FormLoader>(async (document, wanted) => {
        const form = await fromBuild(document, wanted);
        forms.set(wanted.join('+'), form);
        return form;
      }),
      { loaded: (_document: string, wanted: readonly string[]) => forms.get(wanted.join('+')) },
    );
    for (const [live, wanted] of [
      [builtRelease, []],
      [liveRelease, [Object.keys(published.variants ?? {})[0]]],
    ] as const) {
      const load = liveFormLoader(built, { consumer: builtRelease }, { live: Promise.resolve({ consumer: live }), importModule, helpers });
      expect(load.loaded?.('consumer', wanted, null)).toBeUndefined();
      const form = await load('consumer', wanted, null);
      expect(load.loaded?.('consumer', wanted, null)).toBe(form);
      expect(form.release).toBe(live);
    }
  });

  it("keeps the build's form when the server cannot say what is live", async () => {
    const fromBuild = buildLoader();
    const load = liveFormLoader(fromBuild, { consumer: builtRelease }, { live: Promise.reject(new Error('offline')), importModule, helpers });
    await load('consumer', []);
    expect(fromBuild).toHaveBeenCalledOnce();
  });

  it("renders a resumed application's own release, though another (or the build's) is live", async () => {
    const fromBuild = buildLoader();
    const importing = vi.fn(importModule);
    const load = liveFormLoader(fromBuild, { consumer: builtRelease }, { live: Promise.resolve({ consumer: builtRelease }), importModule: importing, helpers });
    const form = await load('consumer', [], liveRelease);
    expect(importing).toHaveBeenCalledWith(releaseModuleUrl(liveRelease, []));
    expect(form.runtime.document.labels.inputAppliedAmount).toBe('Haettava summa');
    expect(fromBuild).not.toHaveBeenCalled();
  });

  it("uses the build for an application started on the build's release, though the server has published another", async () => {
    const fromBuild = buildLoader();
    const importing = vi.fn(importModule);
    const load = liveFormLoader(fromBuild, { consumer: builtRelease }, { live: Promise.resolve({ consumer: liveRelease }), importModule: importing, helpers });
    await load('consumer', [], builtRelease);
    expect(fromBuild).toHaveBeenCalledOnce();
    expect(importing).not.toHaveBeenCalled();
    // No release (an application from before releases): the live form.
    await load('consumer', [], null);
    expect(importing).toHaveBeenCalledWith(releaseModuleUrl(liveRelease, []));
  });

  it('reads the live releases the served page names, and nothing from a block of another shape', () => {
    expect(releasesInPage(JSON.stringify({ releases: { consumer: liveRelease } }))).toEqual({ consumer: liveRelease });
    for (const text of [null, '', '{', '[]', '{"releases":[]}', '{"releases":{"consumer":1}}', 'null']) expect(releasesInPage(text)).toBeUndefined();
  });

  it('names a module by the wanted variants, sorted, or base', () => {
    expect(releaseModuleUrl('a'.repeat(64), ['yhdistelylaina', 'kattokorko'])).toBe(`/forms/${'a'.repeat(64)}/kattokorko+yhdistelylaina.js`);
    expect(releaseModuleUrl('a'.repeat(64), [])).toBe(`/forms/${'a'.repeat(64)}/base.js`);
  });
});
