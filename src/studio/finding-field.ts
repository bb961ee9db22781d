// Which field a check's finding concerns, read from its path, so the studio can take the editor
// straight to it. A format-2 document's findings name the path the editor wrote
// (`/fields/<id>/…`, engine/core/check.ts); a flat document's name the field under one of the
// maps keyed by field (`/schema/properties/<id>/…`, `/rules/visible/<id>/…`, …). Other paths (a step, a
// rule list, a section's own path prefixed with its name) name no one field.

/** The flat document's maps whose keys are field ids, by their JSON Pointer prefix. */
const FIELD_MAPS = ['/fields/', '/schema/properties/', '/labels/', '/ui/', '/normalize/', '/fieldMessages/', '/sensitive/', '/rules/visible/', '/rules/required/', '/rules/derived/'];

/** A field id as the documents write them; a `list.*.prop` key names a list's row, not a field of the outline. */
const FIELD_ID = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** RFC 6901: `~1` is `/`, `~0` is `~` (in that order). */
const unescapePointer = (segment: string) => segment.replace(/~1/g, '/').replace(/~0/g, '~');

export function fieldOfFindingPath(path: string): string | undefined {
  const prefix = FIELD_MAPS.find((map) => path.startsWith(map));
  if (!prefix) return undefined;
  const id = unescapePointer(path.slice(prefix.length).split('/')[0]);
  return FIELD_ID.test(id) ? id : undefined;
}
