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
  /** Stores the resolved document as a release and makes it live for new applications. */
  publish(document: FormDocument): Promise<string>;
  /** The form a stored application is checked with: the release it was started on. */
  formOf(application: { product: string; brand: string; formRelease: string | null }): Promise<ApplicationForm>;
}

/** Where a start's resolved documents come from: forms/ until content versions decide (src/server/versions). */
export type ResolveLive = (documentId: string) => FormDocument;

/**
 * Publishes what `resolveLive` gives for every document the server uses (a release that is
 * already stored is the same release) and reads the live pointers. With the database down
 * it still starts, on forms/'s documents, and publishes at the first refresh that can.
 */
export async function startLiveForms(db: Queryable, products: Products, { refreshMs = 2000, resolveLive = (id) => products.fileDocument(id), now = Date.now }: { refreshMs?: number; resolveLive?: ResolveLive; now?: () => number } = {}): Promise<LiveForms> {
  let readAt = -Infinity;
  let reading: Promise<void> | undefined;

  async function load(hashes: readonly string[]) {
    const missing = [...new Set(hashes)].filter((hash) => !products.hasRelease(hash));
    if (missing.length) products.adopt(await readReleases(db, missing));
  }

  let published = false;
  async function publishStart() {
    for (const id of products.documentIds) {
      const document = resolveLive(id);
      await setLiveRelease(db, id, await saveRelease(db, document));
    }
    published = true;
  }

  async function read() {
    if (!published) await publishStart();
    const live = await liveReleases(db);
    await load([...live.values()]);
    products.adopt(new Map(), live);
    readAt = now();
  }

  const forms: LiveForms = {
    async refresh({ force = false } = {}) {
      if (!force && now() - readAt < refreshMs) return;
      // Concurrent requests share one read.
      reading ??= read().finally(() => {
        reading = undefined;
      });
      await reading;
    },
    async ensure(release) {
      if (release !== null && !products.hasRelease(release)) await load([release]);
    },
    async publish(document) {
      const hash = await saveRelease(db, document);
      await setLiveRelease(db, document.id, hash);
      products.adopt(new Map([[hash, releaseOf(document).document]]));
      await forms.refresh({ force: true });
      return hash;
    },
    async formOf(application) {
      await forms.ensure(application.formRelease);
      return products.formFor(application.product, application.brand, application.formRelease);
    },
  };

  await forms.refresh({ force: true }).catch(() => {
    // Unreachable now: requests get forms/'s forms (the health check says why) until it is back.
  });
  return forms;
}
