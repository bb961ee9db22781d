// The readable diff between two versions of a content item (issue 29 item 8), for the approver
// who decides on a draft. A document's versions are resolved to flat documents first, with the
// sections that are live now (live-sources.ts, as the live forms and the publish gate have them),
// so the diff reads what an applicant would see. A section's versions are shown by their
// effect: every live document that includes the section, resolved once with each version.
// Only resolving can stand in the way: a draft the gate would refuse still shows its changes.
import { checkSource, type Finding } from '../../../engine/core/check.ts';
import { diffFormDocuments, formatFormDiff, type FormChange } from '../../../engine/core/form-diff.ts';
import type { LoadSection } from '../../../engine/core/sections.ts';
import type { FormDocument } from '../../../engine/core/types.ts';
import type { Queryable } from '../db/index.ts';
import { readLiveSources } from './live-sources.ts';

export interface ItemChange extends FormChange {
  /** For a section item: the document the change shows in. */
  document?: string;
}

export type ContentDiff =
  | { ok: true; changes: ItemChange[]; lines: string[]; documents?: string[] }
  /** A version that does not resolve to a form document; what stands in the way. */
  | { ok: false; findings: Finding[] };

const NO_CHECKS = { checkShape: () => [], checkFlat: () => [], checkOneSection: () => [] };

/** Whether the item's versions can be diffed as forms (documents and sections can). */
export const isDiffable = (item: string) => item.startsWith('document:') || item.startsWith('section:');

function resolve(raw: unknown, loadSection: LoadSection): { document: FormDocument } | { findings: Finding[] } {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return { findings: [{ path: '/', message: 'ei ole JSON-olio' }] };
  try {
    const result = checkSource(raw, loadSection, NO_CHECKS);
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
  const sources = await readLiveSources(db, formsDir);
  const loadSection: LoadSection = (id) => sources.source(`section:${id}`);
  if (item.startsWith('document:')) {
    const from = resolve(before, loadSection);
    const to = resolve(after, loadSection);
    if ('findings' in from) return { ok: false, findings: from.findings };
    if ('findings' in to) return { ok: false, findings: to.findings };
    const diffed = diffOrFindings(from.document, to.document);
    if ('findings' in diffed) return { ok: false, findings: diffed.findings };
    return { ok: true, changes: diffed.changes, lines: formatFormDiff(diffed.changes) };
  }

  const sectionId = item.slice('section:'.length);
  const withSection = (source: unknown): LoadSection => (id) => (id === sectionId ? structuredClone(source) : loadSection(id));
  const changes: ItemChange[] = [];
  const lines: string[] = [];
  const including: string[] = [];
  // A document forms/ has no file of is not served, so not shown.
  for (const id of sources.including(sectionId)) {
    const raw = sources.source(`document:${id}`);
    including.push(id);
    const from = resolve(raw, withSection(before));
    const to = resolve(raw, withSection(after));
    if ('findings' in from) return { ok: false, findings: from.findings.map((finding) => ({ ...finding, path: `${id}: ${finding.path}` })) };
    if ('findings' in to) return { ok: false, findings: to.findings.map((finding) => ({ ...finding, path: `${id}: ${finding.path}` })) };
    const diffed = diffOrFindings(from.document, to.document);
    if ('findings' in diffed) return { ok: false, findings: diffed.findings };
    for (const change of diffed.changes) {
      changes.push({ ...change, document: id });
      lines.push(`Lomake ${id} – ${change.text}`);
    }
  }
  return { ok: true, changes, lines: lines.length ? lines : formatFormDiff([]), documents: including };
}
