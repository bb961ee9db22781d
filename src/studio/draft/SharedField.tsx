// A field that comes from a shared section, in a document's inspector: which forms share
// the section (the preview's list of the documents a section item shows in, for its live
// version), a way to the section itself, and what this document alone may change: the
// field's short name, through the include's override (ADR 0006), kept in this document.
import { useEffect, useState, type ReactNode } from 'react';
import { includeLabelOf, sectionNameOf, type Edit } from '../../../engine/core/studio/edits.ts';
import type { TreeField } from '../../../engine/core/studio/tree.ts';
import { studioPaths } from '../paths.ts';
import { CommitInput } from './CommitInput.tsx';
import { loadSharingDocuments } from './sharing.ts';
import { draftTexts as t } from './messages.fi.ts';

type Json = Record<string, any>;

interface Props {
  node: TreeField & { from: { section: string; party: string } };
  source: Json;
  /** The live source of the section, when loaded: its own label for the field. */
  section?: Json;
  readOnly: boolean;
  edit(edit: Edit): string | undefined;
}

export function SharedField({ node, source, section, readOnly, edit }: Props): ReactNode {
  const sectionId = node.from.section;
  const [documents, setDocuments] = useState<string[] | null | undefined>(undefined);
  useEffect(() => {
    let live = true;
    setDocuments(undefined);
    void loadSharingDocuments(sectionId).then((found) => {
      if (live) setDocuments(found);
    });
    return () => {
      live = false;
    };
  }, [sectionId]);

  // The override names the field as the section writes it, before this document's rename.
  const name = sectionNameOf(source, sectionId, node.id);
  const own = includeLabelOf(source, sectionId, name) ?? '';
  const sectionLabel = String(section?.fields?.[name]?.label ?? section?.fields?.[name]?.schema?.title ?? name);
  const item = `section:${sectionId}`;
  return (
    <>
      <p>{t.sectionField(sectionId, node.from.party)}</p>
      <h3>{t.sharedIn}</h3>
      {documents === undefined ? (
        <p role="status">{t.sharedInLoading}</p>
      ) : documents === null ? (
        <p>{t.sharedInUnknown}</p>
      ) : (
        <ul className="sd-shared-in" aria-label={t.sharedIn}>
          {documents.map((document) => (
            <li key={document}>{document}</li>
          ))}
        </ul>
      )}
      <p>
        <a href={studioPaths.item(item)}>{t.editSection(sectionId)}</a>
      </p>
      <fieldset className="sd-group">
        <legend>{t.overrideHeading}</legend>
        <CommitInput
          label={t.overrideLabel}
          hint={t.overrideLabelHint(sectionLabel)}
          value={own}
          readOnly={readOnly}
          onCommit={(value) => edit({ type: 'include-label', section: sectionId, name, label: value.trim() ? value : undefined })}
        />
      </fieldset>
    </>
  );
}
