// A written document of any format to the flat one, for code that wants the resolution
// itself (where each flat path came from) rather than forms:check's findings.
import { resolveDocument, type LoadSection, type Resolution } from '../sections.ts';
import { fieldsToMaps } from './fields-to-maps.ts';
import { CURRENT_FORMAT, migrateDocument } from './migrate.ts';
import { FORMAT_2_SHARED_MESSAGES } from './v1-to-v2.ts';

/**
 * Migrates, puts the fields back in their maps and resolves the sections. `origin` names
 * the path as written: in a format-2 document `/fields/<id>/…`, in a section its own path.
 * A format newer than this program is a finding at `/version`.
 */
export function resolveWritten(raw: unknown, loadSection: LoadSection, sharedMessages: Readonly<Record<string, string>> = FORMAT_2_SHARED_MESSAGES): Resolution {
  const migration = migrateDocument(raw);
  if (migration.findings.length) return { document: raw as Resolution['document'], findings: migration.findings, sections: [], origin: (path) => ({ path }) };
  const maps = fieldsToMaps(migration.document, sharedMessages);
  const written = migration.from < CURRENT_FORMAT ? (path: string) => path : maps.origin;
  const resolution = resolveDocument(maps.document, loadSection);
  return {
    ...resolution,
    findings: resolution.findings.map((finding) => (finding.section === undefined ? { ...finding, path: written(finding.path) } : finding)),
    origin(path) {
      const origin = resolution.origin(path);
      return origin.section ? origin : { ...origin, path: written(origin.path) };
    },
  };
}
