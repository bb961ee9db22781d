// The operations on content versions. The state machine (engine/core/version-states.ts) says
// what may happen; this does it in one transaction under the item's lock, so two approvers
// cannot both publish, and tells the audit log. The publish gate runs before that transaction:
// a check may take seconds (the QA mutation score), and a version's content never changes, so
// its verdict still holds when the lock is taken and the state is decided again. (A draft's
// content does change, by the studio's autosave, but only while it is a draft, under the same
// lock: what is in review, and so what is approved, is fixed.)
import type { Database, Queryable } from '../db/index.ts';
import { decide, STAFF_ROLES, VERSION_ACTIONS, REFUSAL_REASONS, type Actor, type RefusalCode, type VersionAction } from '../../../engine/core/version-states.ts';
import { contentVersionTexts, studioTexts } from '../messages.ts';
import { contentHash } from './hash.ts';
import { isContentItem } from './items.ts';
import { currentLease } from './leases.ts';
import * as store from './store.ts';

export type { Actor, VersionAction } from '../../../engine/core/version-states.ts';
export type { ItemOverview, Version, VersionSummary } from './store.ts';

export interface GateFinding {
  path: string;
  message: string;
}

/** Checks a content before it goes live (forms:check, the QA verdict); any finding refuses. */
export type PublishGate = (item: string, source: unknown) => Promise<{ findings: GateFinding[]; verdict?: unknown }>;

export interface AuditEntry {
  staffId: string;
  action: string;
  item: string;
  version: number;
  detail?: Record<string, unknown>;
}

/** Records a staff action, in the transaction that did it (`db` is that transaction). */
export type Audit = (db: Queryable, entry: AuditEntry) => Promise<void>;

export type ServiceRefusalCode = RefusalCode | 'notFound' | 'unknownItem' | 'notAnObject' | 'gate' | 'leaseHeld' | 'leaseNotHeld' | 'revisionConflict';

export type Outcome =
  | { ok: true; version: store.VersionSummary }
  /** `detail`: what the caller needs to act on the refusal (the lease's holder, the current revision). */
  | { ok: false; code: ServiceRefusalCode; reason: string; findings?: GateFinding[]; detail?: Record<string, unknown> };

/** Who may write a new draft: the roles that may submit one. */
const DRAFT_ROLES: readonly string[] = STAFF_ROLES.filter((role) => role !== 'approver');

type OwnRefusal = Exclude<ServiceRefusalCode, RefusalCode | 'leaseHeld' | 'leaseNotHeld' | 'revisionConflict'>;
const refuse = (code: OwnRefusal, findings?: GateFinding[]): Outcome => ({ ok: false, code, reason: contentVersionTexts[code], ...(findings ? { findings } : {}) });

export interface DraftSave {
  source: unknown;
  /** The revision the studio's content was made from: a save from an older one is refused. */
  revision: number;
  note?: string;
}

export function versionService({ gate, audit }: { gate: PublishGate; audit: Audit }) {
  return {
    /** A new draft of an item, made from (and to be compared with) its live version. */
    async createDraft(db: Database, actor: Actor, item: string, source: unknown, note: string): Promise<Outcome> {
      if (!actor.roles.some((role) => DRAFT_ROLES.includes(role))) return { ok: false, code: 'role', reason: REFUSAL_REASONS.role };
      if (!isContentItem(item)) return refuse('unknownItem');
      if (!source || typeof source !== 'object' || Array.isArray(source)) return refuse('notAnObject');
      const hash = contentHash(source);
      return db.transaction(async (tx) => {
        const versions = await store.lockItem(tx, item);
        const number = store.nextNumber(versions);
        const version = await store.insertVersion(tx, { item, number, source, hash, author: actor.id, note, state: 'draft', basedOn: store.liveOf(versions)?.number ?? null });
        await audit(tx, { staffId: actor.id, action: 'version.create', item, version: number, detail: { note, basedOn: version.basedOn } });
        return { ok: true, version };
      });
    },

    /**
     * The studio's autosave: replaces a draft's content. Only its author, while it is a draft,
     * holding the item's lease, from the current revision. No audit entry: the audit records
     * what was made, submitted and decided, and the content submitted is the one reviewed;
     * an entry every few seconds of typing would bury those.
     */
    async saveDraft(db: Database, actor: Actor, item: string, number: number, save: DraftSave): Promise<Outcome> {
      if (!actor.roles.some((role) => DRAFT_ROLES.includes(role))) return { ok: false, code: 'role', reason: REFUSAL_REASONS.role };
      const { source } = save;
      if (!source || typeof source !== 'object' || Array.isArray(source)) return refuse('notAnObject');
      const hash = contentHash(source);
      return db.transaction(async (tx): Promise<Outcome> => {
        const versions = await store.lockItem(tx, item);
        const facts = versions.find((version) => version.number === number);
        if (!facts) return refuse('notFound');
        if (facts.author !== actor.id) return { ok: false, code: 'notAuthor', reason: studioTexts.notAuthor };
        if (facts.state !== 'draft') return { ok: false, code: 'state', reason: REFUSAL_REASONS.state };
        const lease = await currentLease(tx, item);
        if (!lease) return { ok: false, code: 'leaseNotHeld', reason: studioTexts.leaseNotHeld };
        if (String(lease.holder.id) !== actor.id) return { ok: false, code: 'leaseHeld', reason: studioTexts.leaseHeld.replace('{name}', lease.holder.name), detail: { holder: lease.holder } };
        if (facts.revision !== save.revision) return { ok: false, code: 'revisionConflict', reason: studioTexts.revisionConflict, detail: { revision: facts.revision } };
        return { ok: true, version: await store.replaceSource(tx, item, number, { source, hash, note: save.note }) };
      });
    },

    async transition(db: Database, actor: Actor, item: string, number: number, action: VersionAction, comment?: string): Promise<Outcome> {
      if (!VERSION_ACTIONS.includes(action)) return { ok: false, code: 'unknownAction', reason: REFUSAL_REASONS.unknownAction };
      const target = await store.readVersion(db, item, number);
      if (!target) return refuse('notFound');
      const first = decide({ ...target, wasLive: target.liveAt !== null }, action, actor, { comment });
      if (!first.ok) return first;
      let verdict: unknown;
      if (first.effects.some((effect) => effect.kind === 'checkGate')) {
        const checked = await gate(item, target.source);
        if (checked.findings.length) return refuse('gate', checked.findings);
        verdict = checked.verdict;
      }
      return db.transaction(async (tx): Promise<Outcome> => {
        const versions = await store.lockItem(tx, item);
        const facts = versions.find((version) => version.number === number)!;
        // Decided again under the lock: another approver may have published it meanwhile.
        const decision = decide(facts, action, actor, { comment });
        if (!decision.ok) return decision;
        const replaced = decision.effects.some((effect) => effect.kind === 'retireLive') ? await store.retireLive(tx, item, actor.id) : undefined;
        const kept = decision.effects.find((effect) => effect.kind === 'keepComment')?.comment;
        const cleared = decision.effects.some((effect) => effect.kind === 'clearComment');
        const copy = decision.effects.find((effect) => effect.kind === 'copyAsNewVersion');
        const version = copy
          ? await store.copyVersion(tx, { item, number }, {
              number: store.nextNumber(versions),
              author: actor.id,
              note: contentVersionTexts.rollbackNote.replace('{number}', String(number)),
              state: copy.state,
              basedOn: number,
              verdict,
            })
          : await store.setState(tx, item, number, { state: decision.next, by: actor.id, comment: cleared ? null : kept, verdict });
        await audit(tx, {
          staffId: actor.id,
          action: `version.${action}`,
          item,
          version: version.number,
          detail: { from: facts.state, to: decision.next, ...(kept ? { comment: kept } : {}), ...(copy ? { rolledBackTo: number } : {}), ...(replaced ? { replaced } : {}), ...(verdict !== undefined ? { verdict } : {}) },
        });
        return { ok: true, version };
      });
    },

    listItems: (db: Queryable) => store.readItems(db),
    listVersions: (db: Queryable, item: string) => store.readVersions(db, item),
    getVersion: (db: Queryable, item: string, number: number) => store.readVersion(db, item, number),
    liveSource: async (db: Queryable, item: string) => (await store.readLiveSource(db, item))?.source,
  };
}

export type VersionService = ReturnType<typeof versionService>;
