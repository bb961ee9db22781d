// Which form each new application gets, changed without a deploy (issue 29 items 3–4):
// the server keeps the live releases' documents in memory and asks the database, at most
// every `refreshMs`, whether another instance (or this one) published since. A stored
// application's own release is loaded when it is first needed and stays known.
import type { FormDocument } from '../../../engine/core/types.ts';
import type { ApplicationForm, Products } from '../applications/products.ts';
import type { Queryable } from '../db/index.ts';
import { liveReleases, readReleases, releaseOf, saveRelease, setLiveRelease } from './releases.ts';

export interface LiveForms {
  /** Reads the live pointers when the last read is older than `refreshMs` (or when forced) and loads what is new. */
  refresh(options?: { force?: boolean }): Promise<void>;
  /** Makes a stored application's release known before its form is asked for; null is the live form. */
  ensure(release: string | null): Promise<void>;
  /** Resolves every document from what is live now (a version was published), stores the releases and moves the pointers. */
  republish(): Promise<void>;
  /** The form a stored application is checked with: the release it was started on. */
  formOf(application: { product: string; brand: string; formRelease: string | null }): Promise<ApplicationForm>;
}

/**
 * Each document as what is live makes it: resolved from the live content versions
 * (src/server/versions/live-sources.ts), or forms/'s own. A document whose live sources do
 * not resolve cleanly is left out (its pointer stays where it was) and reported.
 */
export type ResolveLive = (documentIds: readonly string[]) => Promise<Map<string, FormDocument>>;

export interface LiveFormsOptions {
  refreshMs?: number;
  resolveLive?: ResolveLive;
}

/**
 * Starts at once on forms/'s documents (the products' default); the first refresh, which
 * every API request awaits, publishes what is live and reads the pointers. With the
 * database down, requests keep forms/'s forms and the next one tries again.
 */
export function startLiveForms(db: Queryable, products: Products, { refreshMs = 2000, resolveLive }: LiveFormsOptions = {}): LiveForms {
  const resolve: ResolveLive = resolveLive ?? (async (ids) => new Map(ids.map((id) => [id, products.fileDocument(id)])));
  let readAt = -Infinity;
  let reading: Promise<void> | undefined;
  let published = false;

  async function load(hashes: readonly string[]) {
    const missing = [...new Set(hashes)].filter((hash) => !products.hasRelease(hash));
    if (missing.length) products.adopt(await readReleases(db, missing));
  }

  async function publishAll() {
    const documents = await resolve(products.documentIds);
    for (const document of documents.values()) {
      const hash = await saveRelease(db, document);
      products.adopt(new Map([[hash, releaseOf(document).document]]));
      await setLiveRelease(db, document.id, hash);
    }
    published = true;
  }

  async function read() {
    if (!published) await publishAll();
    const live = await liveReleases(db);
    await load([...live.values()]);
    products.adopt(new Map(), live);
    readAt = Date.now();
  }

  const forms: LiveForms = {
    async refresh({ force = false } = {}) {
      if (!force && Date.now() - readAt < refreshMs) return;
      // Concurrent requests share one read.
      reading ??= read().finally(() => {
        reading = undefined;
      });
      await reading;
    },
    async ensure(release) {
      if (release !== null && !products.hasRelease(release)) await load([release]);
    },
    async republish() {
      await reading?.catch(() => {});
      published = false;
      await forms.refresh({ force: true });
    },
    async formOf(application) {
      await forms.ensure(application.formRelease);
      return products.formFor(application.product, application.brand, application.formRelease);
    },
  };
  forms.refresh({ force: true }).catch(() => {
    // Reported by the request that tries next (app.ts logs it).
  });
  return forms;
}
