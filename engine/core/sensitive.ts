// Personal and secret data, marked in the form documents rather than listed in code:
// `"sensitive": true` on a section's field or on a list's row property
// (forms/sections/*.json), or an entry in a document's own `sensitive` map. Resolution
// (sections.ts) gives every party's copy of a marked section field its entry in the
// flat document's map. The server derives its log redaction from this
// (src/server/logging.ts), so a new product's fields stay out of the logs with no
// code change.
import { resolveVariants, variantNames } from './document.ts';
import type { FormDocument } from './types.ts';

const marked = (doc: FormDocument): string[] =>
  Object.entries(doc.sensitive ?? {})
    .filter(([, value]) => value === true)
    .map(([id]) => id);

/**
 * The flat ids of a resolved document's sensitive fields, in the document's order:
 * `primaryApplicantEmail`, and `list.*.prop` for a list's row property; a field a
 * variant marks is included too.
 */
export function sensitiveFields(doc: FormDocument): string[] {
  const ids = new Set(marked(doc));
  for (const name of variantNames(doc)) for (const id of marked(resolveVariants(doc, [name]))) ids.add(id);
  return [...ids];
}
