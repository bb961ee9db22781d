// The form studio's own routes beside the content versions' (issue 30): the item's lease (one
// editor at a time) and the preview of a version as the pages would load it. Registered by
// contentRoutes, in its scope: the same staff guard, `no-store`, and item keys.
//
// A preview is the same ES module a published release is (release-modules.ts, made by
// engine/core/compile.ts: the document and a standalone validator, no eval), of the document
// resolved with this version's content in place of the item's live one and everything else
// live. Any staff role may preview (an approver looks at what she approves).
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { generateReleaseModule } from '../../../engine/core/compile.ts';
import { resolveVariants, variantKey, variantNames } from '../../../engine/core/document.ts';
import type { Finding, FormDocument } from '../../../engine/core/types.ts';
import type { Database } from '../db/index.ts';
import { contentVersionTexts, studioTexts } from '../messages.ts';
import type { StaffRole } from '../staff/roles.ts';
import { staffOf } from '../staff/sessions.ts';
import { contentHash } from './hash.ts';
import { currentLease, leaseJson, releaseLease, takeLease } from './leases.ts';
import { readLiveSources } from './live-sources.ts';
import { readVersion } from './store.ts';

/** Previews kept made, by resolved content and variants; each is about 0.3 MB. */
const PREVIEWS_KEPT = 50;
const VARIANT_KEY = /^[a-z0-9-]+(?:\+[a-z0-9-]+)*$/;

export interface StudioRoutesOptions {
  db: Database;
  formsDir: string;
  /** The staff guard as an onRequest hook, for a role or any. */
  staff: (role?: StaffRole) => onRequestAsyncHookHandler;
  /** Is the key an item (in forms/ or with a version)? */
  known: (item: string) => Promise<boolean>;
}

type ItemParams = { item: string };
type PreviewParams = ItemParams & { number: string; document: string; variants: string };
// `?revision=` is the studio's, for the browser's module map (see the contract); the module is the version's current content either way.

const unknownItem = (reply: FastifyReply) => reply.code(404).send({ type: 'NOT_FOUND', message: contentVersionTexts.unknownItem });
const staffId = (request: FastifyRequest) => Number(staffOf(request).id);

export function studioRoutes(app: FastifyInstance, { db, formsDir, staff, known }: StudioRoutesOptions): void {
  // Leases: for those who write drafts (editor, admin); an approver only reads, and takes none.
  app.post<{ Params: ItemParams }>('/api/content/items/:item/lease', { onRequest: staff('editor') }, async (request, reply) => {
    const { item } = request.params;
    if (!(await known(item))) return unknownItem(reply);
    const outcome = await takeLease(db, item, staffId(request));
    if (outcome.ok) return { lease: leaseJson(outcome.lease) };
    return reply.code(409).send({ type: 'LEASE_HELD', message: studioTexts.leaseHeld.replace('{name}', outcome.lease.holder.name), lease: leaseJson(outcome.lease) });
  });

  app.delete<{ Params: ItemParams }>('/api/content/items/:item/lease', { onRequest: staff('editor') }, async (request, reply) => {
    const { item } = request.params;
    if (!(await known(item))) return unknownItem(reply);
    if (await releaseLease(db, item, staffId(request))) return reply.code(204).send();
    const held = await currentLease(db, item);
    if (held) return reply.code(409).send({ type: 'LEASE_HELD', message: studioTexts.leaseHeld.replace('{name}', held.holder.name), lease: leaseJson(held) });
    return reply.code(409).send({ type: 'LEASE_NOT_HELD', message: studioTexts.leaseNotHeld });
  });

  app.get<{ Params: ItemParams & { number: string } }>('/api/content/preview/:item/:number/documents', { onRequest: staff() }, async (request, reply) => {
    const { item } = request.params;
    if (!(await known(item))) return unknownItem(reply);
    if (!(await readVersion(db, item, Number(request.params.number)))) return reply.code(404).send({ type: 'NOT_FOUND', message: contentVersionTexts.notFound });
    return { documents: (await readLiveSources(db, formsDir)).affected(item) };
  });

  const made = new Map<string, string>();
  function moduleOf(doc: FormDocument, key: string): string {
    const declared = variantNames(doc);
    // As for a release: variants the document does not declare do not apply.
    const variants = key === 'base' ? [] : key.split('+').filter((name) => declared.includes(name));
    const cacheKey = `${contentHash(doc)}/${variantKey(doc, variants)}`;
    const known = made.get(cacheKey);
    if (known !== undefined) {
      // Most recently used last, so the oldest unused goes first.
      made.delete(cacheKey);
      made.set(cacheKey, known);
      return known;
    }
    const text = generateReleaseModule(resolveVariants(doc, variants));
    if (made.size >= PREVIEWS_KEPT) made.delete(made.keys().next().value!);
    made.set(cacheKey, text);
    return text;
  }

  app.get<{ Params: PreviewParams }>('/api/content/preview/:item/:number/:document/:variants.js', { onRequest: staff() }, async (request, reply) => {
    const { item, document, variants } = request.params;
    if (!(await known(item))) return unknownItem(reply);
    const version = await readVersion(db, item, Number(request.params.number));
    if (!version) return reply.code(404).send({ type: 'NOT_FOUND', message: contentVersionTexts.notFound });
    const sources = await readLiveSources(db, formsDir);
    if (!VARIANT_KEY.test(variants) || !sources.affected(item).includes(document)) {
      return reply.code(404).send({ type: 'NOT_FOUND', message: studioTexts.previewDocumentUnknown });
    }
    let findings: readonly Finding[];
    let text: string | undefined;
    try {
      const checked = sources.resolve(document, new Map([[item, version.source]]));
      findings = checked.findings;
      if (!findings.length) text = moduleOf(checked.document, variants);
    } catch (error) {
      // A source that is no form at all (a missing include, a broken patch) throws with a Finnish reason.
      findings = [{ path: '', message: (error as Error).message }];
    }
    if (text === undefined) return reply.code(422).send({ type: 'NOT_A_FORM', message: studioTexts.previewUnresolved, findings });
    return reply.type('text/javascript; charset=utf-8').send(text);
  });
}
