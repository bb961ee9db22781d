// At every start, what forms/ in the repository says becomes a version of each item whose file
// changed since the last import. It goes live at once while the database has published nothing
// of that item since (the live version is the last import's), so a deploy still ships content;
// otherwise it waits in review beside what the studio published, and a person decides.
import { readFileSync } from 'node:fs';
import type { Database, Queryable } from '../db/index.ts';
import { FORMS_DIR } from '../../../engine/core/node.ts';
import { contentVersionTexts } from '../messages.ts';
import { contentHash } from './hash.ts';
import { contentItems } from './items.ts';
import type { Audit } from './service.ts';
import * as store from './store.ts';

/** The author and state-changer of what the import writes. */
export const REPOSITORY = 'repository';
// Held for the whole import, so two instances starting at once import once.
const IMPORT_LOCK = 7_220_058;

export interface Imported {
  item: string;
  /** The new version, or for a file that equals the live version already (forms:pull'ed), that one. */
  number: number;
  state: 'live' | 'review' | 'unchanged';
}

export async function importBaseline(db: Database, formsDir = FORMS_DIR, { audit }: { audit?: Audit } = {}): Promise<Imported[]> {
  const files = contentItems(formsDir).map(({ item, file }) => {
    let source: unknown;
    try {
      source = JSON.parse(readFileSync(file, 'utf8'));
    } catch (error) {
      throw new Error(`${file}: ${(error as Error).message}`);
    }
    return { item, source, hash: contentHash(source) };
  });
  // The usual start: one query finds every file as imported, and nothing is locked.
  const seen = await store.readBaselines(db);
  if (files.every((file) => seen.get(file.item)?.hash === file.hash)) return [];

  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [IMPORT_LOCK]);
    // Read again under the lock: another instance may have imported meanwhile.
    const baselines = await store.readBaselines(tx);
    const imported: Imported[] = [];
    for (const { item, source, hash } of files) {
      const baseline = baselines.get(item);
      if (baseline?.hash === hash) continue;
      const versions = await store.lockItem(tx, item);
      const live = store.liveOf(versions);
      if (live?.hash === hash) {
        await store.saveBaseline(tx, { item, hash, version: live.number });
        imported.push({ item, number: live.number, state: 'unchanged' });
        continue;
      }
      const goesLive = !live || live.number === baseline?.version;
      if (goesLive) await store.retireLive(tx, item, REPOSITORY);
      else await retireStaleImport(tx, versions, baseline);
      const number = store.nextNumber(versions);
      const state = goesLive ? 'live' : 'review';
      await store.insertVersion(tx, { item, number, source, hash, author: REPOSITORY, note: contentVersionTexts.baselineNote, state, basedOn: live?.number ?? null });
      await store.saveBaseline(tx, { item, hash, version: number });
      await audit?.(tx, { staffId: REPOSITORY, action: 'version.import', item, version: number, detail: { state, replaced: goesLive ? live?.number : undefined } });
      imported.push({ item, number, state });
    }
    return imported;
  });
}

/** The previous import still waiting for review is out of date now that the files changed again. */
async function retireStaleImport(tx: Queryable, versions: readonly store.LockedVersion[], baseline: store.Baseline | undefined) {
  const stale = versions.find((version) => version.number === baseline?.version && version.author === REPOSITORY && version.state === 'review');
  if (stale && baseline) await store.setState(tx, baseline.item, stale.number, { state: 'retired', by: REPOSITORY });
}
