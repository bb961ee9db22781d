// A check's findings (the publish gate's refusal, a diff or a preview that cannot resolve the
// draft): each with its path and Finnish message, and where the path names a field, a link to
// the draft editor with that field selected.
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { fieldOfFindingPath } from './finding-field.ts';
import { fill, studioTexts as t } from './messages.fi.ts';
import { studioPaths } from './paths.ts';

export interface Finding {
  path?: string;
  message: string;
}

/** Reads what a server answer's findings are; anything else is shown as text. */
export const findingOf = (raw: unknown): Finding => {
  const { path, message } = (raw ?? {}) as { path?: unknown; message?: unknown };
  return { ...(typeof path === 'string' ? { path } : {}), message: typeof message === 'string' ? message : String(raw) };
};

/**
 * `version`: the version the findings are about, whose editor the links open (none: no links). Only a
 * form document's: a section's findings name paths in the section or in a form including it, not
 * fields of the section's own outline.
 */
export function FindingList({ findings, version }: { findings: readonly Finding[]; version?: { item: string; number: number } }): ReactNode {
  return (
    <ul className="studio-findings">
      {findings.map((finding, index) => {
        const field = finding.path === undefined ? undefined : fieldOfFindingPath(finding.path);
        return (
          <li key={index}>
            {finding.path !== undefined && <code>{finding.path}</code>} {finding.message}
            {field && version?.item.startsWith('document:') && (
              <>
                {' '}
                <Link to={studioPaths.draftField(version.item, version.number, field)}>{fill(t.findings.showField, { field })}</Link>
              </>
            )}
          </li>
        );
      })}
    </ul>
  );
}
