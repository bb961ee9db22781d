// The content versions over HTTP, for staff only (issue 29 item 8): the items, their versions,
// a new draft, the state changes, the readable diff, and the audit log. The rules are the
// service's (service.ts) and the state machine's; this maps their refusals to statuses.
//
// An item key (`document:consumer`, `content:legal/tietosuoja`) is one path segment, URL-encoded
// (encodeURIComponent: `document%3Aconsumer`, `content%3Alegal%2Ftietosuoja`); the router decodes
// it. A key is known when forms/ has the item (items.ts contentItems) or the database has a
// version of it; any other is 404, so a typo never starts a new item. A ':' may also be sent as it is.
//
// Every route needs a staff session, checked at onRequest, before the body is read: only staff
// make the server read a draft of up to DRAFT_BODY_LIMIT. Reading (items, versions, diffs) is for
// every staff role, as an approver reads what she approves; what each may change is the state
// machine's to say (403 from the service), and the audit log is for approvers and admins.
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { Database, Queryable } from '../db/index.ts';
import { registerJsonBodyParser } from '../json-body.ts';
import { contentVersionTexts } from '../messages.ts';
import { listAudit, recordAudit, type AuditFilter } from '../staff/audit.ts';
import type { StaffRole } from '../staff/roles.ts';
import { staffOf, type StaffGuard } from '../staff/sessions.ts';
import { diffVersions, isDiffable } from './diff.ts';
import { contentItems, isContentItem } from './items.ts';
import { currentLeases, leaseJson } from './leases.ts';
import { studioRoutes } from './studio-routes.ts';
import type { Audit, Outcome, VersionAction, VersionService, VersionSummary } from './service.ts';

/** A form document's source is about 100 KB; ten times that, for this route only. */
export const DRAFT_BODY_LIMIT = 1024 * 1024;
/** A document nests about a dozen levels; the site-wide limit (json-body.ts) is 8. */
const SOURCE_MAX_DEPTH = 64;

export interface ContentRoutesOptions {
  db: Database;
  service: VersionService;
  staffGuard: StaffGuard;
  /** The forms folder: sections and documents not (yet) in the database are read from it. */
  formsDir: string;
  /** After a version went live (approve, rollback): makes it serve (LiveForms.republish). */
  onPublished?: (item: string) => Promise<void>;
  /** After a version was sent for approval: starts its QA verdict. Not awaited: a verdict takes minutes. */
  onSubmitted?: (item: string, number: number) => void;
  /** After a version left review (sent back, discarded, approved): its verdict is not wanted any more. */
  onSettled?: (item: string, number: number) => void;
}

/** The service's audit entries into the staff audit log; the actor's id is the staff member's, as text. */
export const staffAudit: Audit = async (db: Queryable, entry) => {
  const staffId = Number(entry.staffId);
  if (!Number.isSafeInteger(staffId)) throw new Error(`audit: "${entry.staffId}" is no staff member's id`);
  await recordAudit(db, { staffId, action: entry.action, item: entry.item, version: entry.version, detail: entry.detail });
};

type Refusal = Extract<Outcome, { ok: false }>;

/** Status and type of each refusal: who may not (403), not now (409), not this content (422). */
const REFUSALS: Record<Refusal['code'], { status: number; type: string }> = {
  role: { status: 403, type: 'STAFF_FORBIDDEN' },
  ownDraft: { status: 403, type: 'OWN_DRAFT' },
  notAuthor: { status: 403, type: 'NOT_AUTHOR' },
  state: { status: 409, type: 'VERSION_STATE_CONFLICT' },
  neverLive: { status: 409, type: 'NEVER_LIVE' },
  commentRequired: { status: 400, type: 'COMMENT_REQUIRED' },
  unknownAction: { status: 400, type: 'UNKNOWN_ACTION' },
  notAnObject: { status: 400, type: 'BAD_REQUEST' },
  gate: { status: 422, type: 'PUBLISH_CHECK_FAILED' },
  notFound: { status: 404, type: 'NOT_FOUND' },
  unknownItem: { status: 404, type: 'NOT_FOUND' },
  leaseHeld: { status: 409, type: 'LEASE_HELD' },
  leaseNotHeld: { status: 409, type: 'LEASE_NOT_HELD' },
  revisionConflict: { status: 409, type: 'REVISION_CONFLICT' },
};

function refuse(request: FastifyRequest, reply: FastifyReply, refusal: Refusal) {
  const { status, type } = REFUSALS[refusal.code];
  request.log.info({ type, reason: refusal.code }, 'content version refused');
  return reply.code(status).send({ type, message: refusal.reason, ...(refusal.findings ? { findings: refusal.findings } : {}), ...refusal.detail });
}

export const notFound = (reply: FastifyReply, key: 'unknownItem' | 'notFound') => reply.code(404).send({ type: 'NOT_FOUND', message: contentVersionTexts[key] });

const iso = (date: Date | string | null) => (date === null ? null : new Date(date).toISOString());

/** A version's summary with its dates as ISO 8601 text, as the contract has them. */
export const summaryJson = (version: VersionSummary) => ({
  item: version.item,
  number: version.number,
  hash: version.hash,
  author: version.author,
  createdAt: iso(version.createdAt),
  note: version.note,
  state: version.state,
  stateChangedAt: iso(version.stateChangedAt),
  stateChangedBy: version.stateChangedBy,
  comment: version.comment,
  basedOn: version.basedOn,
  liveAt: iso(version.liveAt),
  revision: version.revision,
});

/**
 * The names of the staff members among `ids` (authors and state-changers are stored as the
 * member's id in text), for the studio to show; 'repository' and unknown ids are left out.
 */
async function staffNames(db: Queryable, ids: Iterable<string>): Promise<Record<string, string>> {
  const wanted = [...new Set(ids)].filter((id) => /^[1-9][0-9]{0,17}$/.test(id));
  if (!wanted.length) return {};
  const result = await db.query<{ id: string; name: string }>('SELECT id::text AS id, name FROM staff_members WHERE id::text = ANY($1::text[])', [wanted]);
  return Object.fromEntries(result.rows.map((row) => [row.id, row.name]));
}

const actorOf = (request: FastifyRequest) => {
  const staff = staffOf(request);
  return { id: String(staff.id), roles: staff.roles };
};

type ItemParams = { item: string };
type VersionParams = ItemParams & { number: string };
type ActionParams = VersionParams & { action: VersionAction };

export async function contentRoutes(app: FastifyInstance, options: ContentRoutesOptions): Promise<void> {
  const { db, service, staffGuard, formsDir, onPublished, onSubmitted, onSettled } = options;
  // The guard as an onRequest hook (same signature as a preHandler): refused before any body is read.
  const staff = (role?: StaffRole) => staffGuard.requireStaff(role) as unknown as onRequestAsyncHookHandler;
  const filed = new Set(contentItems(formsDir).map((file) => file.item));
  const known = async (item: string) => isContentItem(item) && (filed.has(item) || (await service.listVersions(db, item)).length > 0);
  registerJsonBodyParser(app, { maxDepth: SOURCE_MAX_DEPTH });
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.get('/api/content/items', { onRequest: staff() }, async () => {
    const items = await service.listItems(db);
    // Who is editing each item in the studio now; a lapsed lease is nobody's.
    const leases = await currentLeases(db);
    const lease = (item: string) => {
      const held = leases.get(item);
      return held ? leaseJson(held) : null;
    };
    return { items: items.map((entry) => ({ ...entry, lease: lease(entry.item) })), staffNames: await staffNames(db, items.flatMap((entry) => entry.authors)) };
  });

  app.get<{ Params: ItemParams }>('/api/content/items/:item/versions', { onRequest: staff() }, async (request, reply) => {
    const { item } = request.params;
    if (!(await known(item))) return notFound(reply, 'unknownItem');
    const versions = await service.listVersions(db, item);
    return { item, versions: versions.map(summaryJson), staffNames: await staffNames(db, versions.flatMap((version) => [version.author, version.stateChangedBy])) };
  });

  app.get<{ Params: VersionParams }>('/api/content/items/:item/versions/:number', { onRequest: staff() }, async (request, reply) => {
    const { item } = request.params;
    if (!(await known(item))) return notFound(reply, 'unknownItem');
    const version = await service.getVersion(db, item, Number(request.params.number));
    if (!version) return notFound(reply, 'notFound');
    return { ...summaryJson(version), source: version.source, verdict: version.verdict ?? null };
  });

  app.post<{ Params: ItemParams; Body: { source: object; note: string } }>(
    '/api/content/items/:item/versions',
    { onRequest: staff(), bodyLimit: DRAFT_BODY_LIMIT },
    async (request, reply) => {
      const { item } = request.params;
      if (!(await known(item))) return notFound(reply, 'unknownItem');
      // The contract has checked the body's shape; no body at all reaches here as undefined.
      if (!request.body) return reply.code(400).send({ type: 'BAD_REQUEST', message: contentVersionTexts.notAnObject });
      const outcome = await service.createDraft(db, actorOf(request), item, request.body.source, request.body.note);
      if (!outcome.ok) return refuse(request, reply, outcome);
      request.log.info({ item, version: outcome.version.number }, 'content draft created');
      return reply.code(201).send({ version: summaryJson(outcome.version) });
    },
  );

  // The studio's autosave (issue 30): the draft's content replaced, its revision one more. The
  // same body limit and nesting as a new draft's; the editor's role checked before the body is read.
  app.put<{ Params: VersionParams; Body: { source: object; revision: number; note?: string } }>(
    '/api/content/items/:item/versions/:number',
    { onRequest: staff('editor'), bodyLimit: DRAFT_BODY_LIMIT },
    async (request, reply) => {
      const { item } = request.params;
      if (!(await known(item))) return notFound(reply, 'unknownItem');
      if (!request.body) return reply.code(400).send({ type: 'BAD_REQUEST', message: contentVersionTexts.notAnObject });
      const { source, revision, note } = request.body;
      const outcome = await service.saveDraft(db, actorOf(request), item, Number(request.params.number), { source, revision, note });
      if (!outcome.ok) return refuse(request, reply, outcome);
      return { version: summaryJson(outcome.version) };
    },
  );

  studioRoutes(app, { db, formsDir, staff, known });

  app.post<{ Params: ActionParams; Body: { comment?: string } | undefined }>(
    '/api/content/items/:item/versions/:number/:action',
    { onRequest: staff() },
    async (request, reply) => {
      const { item, action } = request.params;
      if (!(await known(item))) return notFound(reply, 'unknownItem');
      const outcome = await service.transition(db, actorOf(request), item, Number(request.params.number), action, request.body?.comment);
      if (!outcome.ok) return refuse(request, reply, outcome);
      request.log.info({ item, version: outcome.version.number, action, state: outcome.version.state }, 'content version changed');
      if (action === 'submit') onSubmitted?.(item, outcome.version.number);
      else onSettled?.(item, Number(request.params.number));
      if ((action === 'approve' || action === 'rollback') && onPublished) {
        try {
          await onPublished(item);
        } catch (error) {
          // Live in the database already, and the audit says so; the servers pick it up at their next read.
          request.log.error({ err: error, item }, 'after-publish hook failed');
        }
      }
      return { version: summaryJson(outcome.version) };
    },
  );

  app.get<{ Params: ItemParams; Querystring: { from?: string; to?: string } }>('/api/content/items/:item/diff', { onRequest: staff() }, async (request, reply) => {
    const { item } = request.params;
    if (!(await known(item))) return notFound(reply, 'unknownItem');
    if (!isDiffable(item)) return reply.code(400).send({ type: 'NOT_A_FORM', message: contentVersionTexts.diffNotAForm });
    const versions = await service.listVersions(db, item);
    // Newest first: the latest draft (or one in review), else the newest; from the live one.
    const to = request.query.to !== undefined ? Number(request.query.to) : (versions.find((version) => version.state === 'draft' || version.state === 'review') ?? versions[0])?.number;
    const from = request.query.from !== undefined ? Number(request.query.from) : versions.find((version) => version.state === 'live')?.number;
    const before = from === undefined ? undefined : await service.getVersion(db, item, from);
    const after = to === undefined ? undefined : await service.getVersion(db, item, to);
    if (!before || !after) return notFound(reply, 'notFound');
    const diff = await diffVersions(db, formsDir, item, before.source, after.source);
    if (!diff.ok) return reply.code(422).send({ type: 'NOT_A_FORM', message: contentVersionTexts.diffUnresolved, findings: diff.findings });
    return { item, from: before.number, to: after.number, changes: diff.changes, lines: diff.lines, ...(diff.documents ? { documents: diff.documents } : {}) };
  });

  app.get<{ Querystring: Record<string, string | undefined> }>('/api/content/audit', { onRequest: staff('approver') }, async (request) => {
    const { staffId, action, item, version, beforeId, limit } = request.query;
    const number = (value: string | undefined) => (value === undefined ? undefined : Number(value));
    const filter: AuditFilter = { staffId: number(staffId), action, item, version: number(version), beforeId: number(beforeId), limit: number(limit) };
    return { entries: await listAudit(db, filter) };
  });
}
