// The readable diff between two versions of a content item (issue 29 item 8), for the approver
// who decides on a draft. A document's versions are resolved to flat documents first, with the
// sections that are live now (live-sources.ts, as the live forms and the publish gate have them),
// so the diff reads what an applicant would see. A section's versions are shown by their
// effect: every live document that includes the section, resolved once with each version; the
// shared messages' versions likewise in every document.
// Only resolving can stand in the way: a draft the gate would refuse still shows its changes.
// The banners and a legal page are not forms: their versions are compared as JSON, text by
// text (engine/core/content-diff.ts).
import { diffContent, formatContentDiff } from '../../../engine/core/content-diff.ts';
import { checkSource, type Finding } from '../../../engine/core/check.ts';
import { diffFormDocuments, formatFormDiff, type FormChange } from '../../../engine/core/form-diff.ts';
import type { LoadSection } from '../../../engine/core/sections.ts';
import type { FormDocument } from '../../../engine/core/types.ts';
import type { Queryable } from '../db/index.ts';
import { BANNERS_ITEM, pageOfItem } from './items.ts';
import { readLiveSources } from './live-sources.ts';

export interface ItemChange extends FormChange {
  /** For a section item: the document the change shows in. */
  document?: string;
}

/** A change of content that is not a form: its JSON path. */
export interface ContentItemChange {
  kind: 'content';
  text: string;
  path: string;
}

export type ContentDiff =
  | { ok: true; changes: Array<ItemChange | ContentItemChange>; lines: string[]; documents?: string[] }
  /** A version that does not resolve to a form document; what stands in the way. */
  | { ok: false; findings: Finding[] };

const NO_CHECKS = { checkShape: () => [], checkFlat: () => [], checkOneSection: () => [] };

/** Whether the item's versions are compared as JSON texts (the banners, a legal page). */
const isTextContent = (item: string) => item === BANNERS_ITEM || pageOfItem(item) !== undefined;

/** Whether the item's versions can be diffed: as forms (documents, sections and the shared messages), or as texts (the banners, the legal pages). */
export const isDiffable = (item: string) => item === 'messages' || item.startsWith('document:') || item.startsWith('section:') || isTextContent(item);

function resolve(raw: unknown, loadSection: LoadSection, sharedMessages: Record<string, string>): { document: FormDocument } | { findings: Finding[] } {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return { findings: [{ path: '/', message: 'ei ole JSON-olio' }] };
  try {
    const result = checkSource(raw, loadSection, { ...NO_CHECKS, sharedMessages });
    return result.findings.length ? { findings: result.findings } : { document: result.document };
  } catch (error) {
    return { findings: [{ path: '/', message: (error as Error).message }] };
  }
}

/** diffFormDocuments on documents nobody has checked yet: a draft may be any object. */
function diffOrFindings(before: FormDocument, after: FormDocument): { changes: FormChange[] } | { findings: Finding[] } {
  try {
    return { changes: diffFormDocuments(before, after) };
  } catch (error) {
    return { findings: [{ path: '/', message: `muutoksia ei voi lukea: ${(error as Error).message}` }] };
  }
}

export async function diffVersions(db: Queryable, formsDir: string, item: string, before: unknown, after: unknown): Promise<ContentDiff> {
  if (isTextContent(item)) {
    const changes = diffContent(before, after);
    return { ok: true, changes: changes.map(({ text, path }) => ({ kind: 'content', text, path })), lines: formatContentDiff(changes) };
  }
  const sources = await readLiveSources(db, formsDir);
  /** A document as it reads with this version of the item in place of the live one. */
  const resolveWith = (documentId: string, version: unknown) => {
    const replace = new Map([[item, version]]);
    let sharedMessages: Record<string, string>;
    try {
      sharedMessages = sources.sharedMessages(replace);
    } catch (error) {
      return { findings: [{ path: '/', message: (error as Error).message }] };
    }
    return resolve(sources.source(`document:${documentId}`, replace), (id) => sources.source(`section:${id}`, replace), sharedMessages);
  };
  const diffOne = (documentId: string) => {
    const from = resolveWith(documentId, before);
    const to = resolveWith(documentId, after);
    if ('findings' in from) return from;
    if ('findings' in to) return to;
    return diffOrFindings(from.document, to.document);
  };
  if (item.startsWith('document:')) {
    const diffed = diffOne(item.slice('document:'.length));
    if ('findings' in diffed) return { ok: false, findings: diffed.findings };
    return { ok: true, changes: diffed.changes, lines: formatFormDiff(diffed.changes) };
  }

  const changes: ItemChange[] = [];
  const lines: string[] = [];
  // A document forms/ has no file of is not served, so not shown.
  const documents = sources.affected(item);
  for (const id of documents) {
    const diffed = diffOne(id);
    if ('findings' in diffed) return { ok: false, findings: diffed.findings.map((finding) => ({ ...finding, path: `${id}: ${finding.path}` })) };
    for (const change of diffed.changes) {
      changes.push({ ...change, document: id });
      lines.push(`Lomake ${id} – ${change.text}`);
    }
  }
  return { ok: true, changes, lines: lines.length ? lines : formatFormDiff([]), documents };
}
